// 'Kabari lewat WhatsApp' on the queue card, the registration list and the Maker Checker dialog
// (issue 15): the family's phone and the note it reads reach cadres who act on the record; officials
// (aparat) get neither.
import { describe, expect, test } from "bun:test";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { callerFor, useTestApp } from "../../../test/helpers.ts";

describe("the family's phone and note for the WhatsApp message", () => {
  const t = useTestApp();

  test("a cadre gets them on the queue, the list and the dialog; an official gets none", async () => {
    const family = await createFamilyRegister(t.db, { status: "SUBMITTED" });
    const rt = callerFor(t, await createCadre(t.db, "rt")).registers;
    const aparat = callerFor(t, await createCadre(t.db, "kelurahan", {}, { role: "aparat" })).registers;
    const note = "Foto KK belum jelas";
    await rt.transition({ registerId: family.id, action: "requestRevision", note, expectedVersion: 1 });

    const queued = (await rt.queue({ status: "all", pageSize: 50 })).items.find((item) => item.id === family.id);
    expect([queued?.contactPhone, queued?.familyNote]).toEqual([family.form.nomorHp, note]);
    const search = family.form.namaKepalaKeluarga;
    const listed = (await rt.list({ search })).items.find((item) => item.id === family.id);
    expect([listed?.contactPhone, listed?.familyNote]).toEqual([family.form.nomorHp, note]);
    const opened = await rt.open({ registerId: family.id });
    expect([opened.contactPhone, opened.familyNote]).toEqual([family.form.nomorHp, note]);

    const seenByOfficial = (await aparat.list({ search })).items.find((item) => item.id === family.id);
    expect(seenByOfficial?.contactPhone).toBeNull();
    expect((await aparat.open({ registerId: family.id })).contactPhone).toBeNull();
  });

  test("a kecamatan cadre, who may edit without a validation step, gets the same phone and note on every screen", async () => {
    const family = await createFamilyRegister(t.db, { status: "SUBMITTED" });
    const rt = callerFor(t, await createCadre(t.db, "rt")).registers;
    const kecamatan = callerFor(t, await createCadre(t.db, "kecamatan")).registers;
    const note = "Nomor KK belum diisi";
    await rt.transition({ registerId: family.id, action: "requestRevision", note, expectedVersion: 1 });

    const queued = (await kecamatan.queue({ status: "all", pageSize: 50 })).items.find((item) => item.id === family.id);
    const search = family.form.namaKepalaKeluarga;
    const listed = (await kecamatan.list({ search })).items.find((item) => item.id === family.id);
    const opened = await kecamatan.open({ registerId: family.id });
    expect(opened.canEdit).toBe(true);
    for (const seen of [queued, listed, opened]) {
      expect([seen?.contactPhone, seen?.familyNote]).toEqual([family.form.nomorHp, note]);
    }
  });
});
