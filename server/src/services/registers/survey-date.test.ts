// A survey dated after today (WIB) is refused at every door that writes a family: the resident's
// form, the cadre's create and edit on tRPC, and REST create and update. Such a household would sit
// outside every month's recap until that day came.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import { noSpecialConditions } from "@shared/empty-family.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { trpcRefusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, familyForm } from "../../../test/factories.ts";
import { callerFor, solveCaptcha, TEST_ORIGIN, useTestApp } from "../../../test/helpers.ts";
import { cookieOf, restBody, restCall } from "../../../test/rest.ts";
import { issueCaptcha } from "../public/captcha.ts";

const t = useTestApp();
const message = "Tanggal pendataan tidak boleh di masa depan";
/** Tomorrow in Indonesia (WIB), whatever this machine's zone. */
const tomorrow = () => todayIso(new Date(Date.now() + 24 * 60 * 60 * 1000));
/**
 * A drawn family surveyed on `day` instead of its own date. Its special conditions are dropped: they
 * were drawn for the members' ages on its own date (a newborn then is over a year old today).
 */
const surveyedOn = (form: FamilyRegistration, day: string): FamilyRegistration => ({
  ...form,
  tanggalPendataan: day,
  specialConditions: noSpecialConditions,
});

const storedWithHead = (nik: string) => t.db.$count(registers, eq(registers.nikKepalaKeluarga, nik));

describe("the survey date is never after today (WIB)", () => {
  test("the resident's form is refused beside the date and stores nothing", async () => {
    const form = surveyedOn(await familyForm(t.db), tomorrow());
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    const response = await t.app.request("/trpc/registers.registerFamily", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({
        form,
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
        idempotencyKey: crypto.randomUUID(),
      }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(message);
    expect(await storedWithHead(form.nikKepalaKeluarga)).toBe(0);
  });

  test("a cadre's create and edit on tRPC are refused; today is accepted", async () => {
    const rt = await createCadre(t.db, "rt");
    const cadre = callerFor(t, rt);
    const form = await familyForm(t.db);
    const created = await trpcRefusal(cadre.registers.create({ data: surveyedOn(form, tomorrow()) }));
    expect([created.code, created.message]).toEqual(["BAD_REQUEST", expect.stringContaining(message)]);
    expect(await storedWithHead(form.nikKepalaKeluarga)).toBe(0);

    const family = await createFamilyRegister(t.db);
    const edited = await trpcRefusal(
      cadre.registers.update({
        registerId: family.id,
        version: 1,
        data: surveyedOn(family.form, tomorrow()),
      }),
    );
    expect([edited.code, edited.message]).toEqual(["BAD_REQUEST", expect.stringContaining(message)]);
    await cadre.registers.update({
      registerId: family.id,
      version: 1,
      data: surveyedOn(family.form, todayIso()),
    });
    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect([row?.tanggalPendataan, row?.version]).toEqual([todayIso(), 2]);
  });

  test("REST create and update answer 400 naming tanggal_pendataan", async () => {
    const auth = await cookieOf(t, await createCadre(t.db, "rt"));
    const form = await familyForm(t.db);
    const created = await restCall(t, "POST", "/registers", auth, restBody(surveyedOn(form, tomorrow())));
    expect(created.status).toBe(400);
    expect(created.json.error.details.errors).toEqual([
      { path: ["tanggal_pendataan"], message, name: "ValidationError" },
    ]);
    expect(await storedWithHead(form.nikKepalaKeluarga)).toBe(0);

    const family = await createFamilyRegister(t.db, { change: (drawn) => surveyedOn(drawn, todayIso()) });
    const updated = await restCall(t, "PUT", `/registers/${family.id}`, auth, {
      data: { tanggal_pendataan: tomorrow(), version: 1 },
    });
    expect(updated.status).toBe(400);
    expect(updated.json.error.details.errors).toEqual([
      { path: ["tanggal_pendataan"], message, name: "ValidationError" },
    ]);
    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect([row?.tanggalPendataan, row?.version]).toEqual([family.form.tanggalPendataan, 1]);
  });

  test("a record stored with a later date before this rule still opens; saving it asks for the date", async () => {
    const rt = callerFor(t, await createCadre(t.db, "rt"));
    const later = tomorrow();
    const family = await createFamilyRegister(t.db, { change: (form) => surveyedOn(form, later) });
    const opened = await rt.registers.open({ registerId: family.id });
    expect(opened.data.tanggalPendataan).toBe(later);
    const kept = await trpcRefusal(rt.registers.update({ registerId: family.id, version: 1, data: family.form }));
    expect([kept.code, kept.message]).toEqual(["BAD_REQUEST", expect.stringContaining(message)]);
  });
});
