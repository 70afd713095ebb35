// A cadre's note is written for the family, and cadres type NIKs, phone numbers and e-mail addresses
// into it ("NIK istri … tidak sesuai KK"). Every door that shows it to a masked reader (the public
// status search, officials' dialog, list and history, the form's own note and its revisions) masks
// those as the record's fields are; the cadres of the area read it whole.
import { describe, expect, test } from "bun:test";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { callerFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { issueCaptcha } from "../public/captcha.ts";

describe("numbers written into a cadre's note", () => {
  const t = useTestApp();
  const note = "NIK istri 3275016111000291 tidak sesuai KK; HP 081355556666; email ibu.sri@contoh.id";
  const masked = "NIK istri 327501******0291 tidak sesuai KK; HP 0813*****666; email i***@contoh.id";

  test("are masked for the public search and officials at every door, whole for the area's cadres", async () => {
    const family = await createFamilyRegister(t.db, { status: "SUBMITTED" });
    const rt = callerFor(t, await createCadre(t.db, "rt")).registers;
    const aparat = callerFor(t, await createCadre(t.db, "kelurahan", {}, { role: "aparat" })).registers;
    // The family's own note on its form, then the cadre's note sending it back.
    const opened = await rt.open({ registerId: family.id });
    await rt.update({
      registerId: family.id,
      version: opened.version,
      data: { ...family.form, notes: `Telepon lain 0812 3456 7890 (${note.slice(10, 26)})` },
      confirmNik: true,
    });
    await rt.transition({
      registerId: family.id,
      action: "requestRevision",
      note,
      expectedVersion: opened.version + 1,
    });

    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    const answer = await callerFor(t, null, "10.0.9.1").registers.searchStatus({
      query: family.form.nikKepalaKeluarga,
      captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
    });
    expect(answer.results[0]?.review?.note).toBe(masked);

    const search = family.form.namaKepalaKeluarga;
    const seen = await aparat.open({ registerId: family.id });
    expect(seen.familyNote).toBe(masked);
    expect(seen.data.notes).toBe("Telepon lain 0812*****890 (327501******0291)");
    expect((await aparat.list({ search })).items.find((item) => item.id === family.id)?.familyNote).toBe(masked);
    expect((await aparat.history({ registerId: family.id })).at(-1)?.note).toBe(masked);
    const revisions = JSON.stringify(await aparat.revisions({ registerId: family.id }));
    expect(revisions).toContain("0812*****890");
    expect(revisions).not.toMatch(/\d{16}|0812 3456 7890/);

    expect((await rt.open({ registerId: family.id })).familyNote).toBe(note);
    expect((await rt.history({ registerId: family.id })).at(-1)?.note).toBe(note);
  });
});
