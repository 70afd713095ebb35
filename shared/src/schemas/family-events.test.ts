import { describe, expect, test } from "bun:test";
import { eventDetailsGaps, eventDetailsRefusalMessage, familyEventsSchema } from "./family-events.ts";
import { familyRegistrationSchema } from "./family.ts";

const counts = { newBirth: 1, motherDeath: 0, babyDeath: 1, toddlerDeath: 0 };
const birth = {
  motherName: "Siti",
  babyName: "Rizky",
  sex: "Laki-laki",
  birthDate: "2026-01-05",
  hasBirthCertificate: false,
};
const death = { name: "Bayi Rizky", category: "bayi", sex: "Perempuan", deathDate: "2026-01-09", cause: "Demam" };

describe("family events", () => {
  test("the details must match the counts of births and of each kind of death", () => {
    const events = familyEventsSchema.parse({ births: [birth], deaths: [death] });
    expect(eventDetailsGaps(counts, events)).toEqual([]);
    expect(eventDetailsRefusalMessage(counts, events)).toBeNull();
    const missing = familyEventsSchema.parse({ births: [birth] });
    expect(eventDetailsGaps(counts, missing)).toEqual(["Bayi meninggal: tercatat 1, rincian 0"]);
  });

  test("future dates, missing names and unknown categories are refused with Indonesian messages", () => {
    const bad = familyEventsSchema.safeParse({
      births: [{ ...birth, birthDate: "2999-01-01", motherName: "" }],
      deaths: [{ ...death, category: "kakek" }],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain("Tanggal tidak boleh di masa depan");
    expect(messages).toContain("Nama ibu wajib diisi");
    expect(messages).toContain("Pilih ibu, bayi, atau balita");
  });

  test("optional in the family form", () => {
    const shape = familyRegistrationSchema.safeParse({});
    const paths = shape.error?.issues.map((issue) => issue.path.join(".")) ?? [];
    expect(paths).not.toContain("events");
  });
});
