import { describe, expect, test } from "bun:test";
import { parseDraft } from "./draft.ts";
import { emptyFamilyForm, type FamilyFormValues } from "./form-values.ts";

const key = "0123456789abcdef-key";

/** The draft as sessionStorage holds it: JSON, where NaN (an emptied number field) becomes null. */
function stored(values: FamilyFormValues): string {
  return JSON.stringify({ values, idempotencyKey: key });
}

describe("parseDraft", () => {
  test("an emptied count keeps every other toggle and count", () => {
    const values = emptyFamilyForm();
    values.specialConditions = {
      ...values.specialConditions,
      pregnant: true,
      pregnantCount: Number.NaN,
      nursing: true,
      nursingCount: 2,
    };
    const draft = parseDraft(stored(values));
    expect(draft?.values.specialConditions.pregnant).toBe(true);
    expect(draft?.values.specialConditions.pregnantCount).toBeNaN();
    expect(draft?.values.specialConditions.nursing).toBe(true);
    expect(draft?.values.specialConditions.nursingCount).toBe(2);
    expect(draft?.idempotencyKey).toBe(key);
  });

  test("a count out of range is kept as typed, so the form shows its message again", () => {
    const values = emptyFamilyForm();
    values.specialConditions = { ...values.specialConditions, blind: true, blindCount: 25, newBirth: true };
    values.specialConditions.newBirthCount = 1;
    values.mckFacility = true;
    values.mckCount = 11;
    const draft = parseDraft(stored(values));
    expect(draft?.values.specialConditions.blindCount).toBe(25);
    expect(draft?.values.specialConditions.newBirth).toBe(true);
    expect(draft?.values.specialConditions.newBirthCount).toBe(1);
    expect(draft?.values.mckCount).toBe(11);
  });

  test("an emptied MCK count comes back empty, not as 0", () => {
    const values = emptyFamilyForm();
    values.mckFacility = true;
    values.mckCount = Number.NaN;
    values.houseCriteria.healthy = true;
    const draft = parseDraft(stored(values));
    expect(draft?.values.mckFacility).toBe(true);
    expect(draft?.values.mckCount).toBeNaN();
    expect(draft?.values.houseCriteria.healthy).toBe(true);
  });

  test("a broken flag or count falls back alone; a hidden count is 0", () => {
    const values = emptyFamilyForm();
    const raw = JSON.parse(stored(values));
    raw.values.specialConditions = { nursing: true, nursingCount: 3, pregnant: "ya", blindCount: 7 };
    raw.values.mckCount = null;
    const draft = parseDraft(JSON.stringify(raw));
    expect(draft?.values.specialConditions.nursing).toBe(true);
    expect(draft?.values.specialConditions.nursingCount).toBe(3);
    expect(draft?.values.specialConditions.pregnant).toBe(false);
    expect(draft?.values.specialConditions.pregnantCount).toBe(0);
    expect(draft?.values.specialConditions.blindCount).toBe(0);
    expect(draft?.values.mckCount).toBe(0);
  });

  test("no draft at all gives null", () => {
    expect(parseDraft("not json")).toBeNull();
    expect(parseDraft(JSON.stringify({ values: emptyFamilyForm(), idempotencyKey: "short" }))).toBeNull();
  });
});
