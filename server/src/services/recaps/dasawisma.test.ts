// Dasawisma: an RT cadre groups its RT's households; one household in at most one group; at most 20.
import { describe, expect, test } from "bun:test";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { eq } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { registers } from "../../db/schema/registers.ts";
import { updateRecord } from "../registers/records.ts";
import { assignHouseholds, deleteDasawisma, myDasawisma, saveDasawisma, unassignHousehold } from "./dasawisma.ts";
import { buildSheet } from "./sheets.ts";
import { reopenSignoff, signRecap } from "./signoffs.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

describe("dasawisma", () => {
  test("group, list unassigned, one group per household, at most 20, only the own RT", async () => {
    const db = t.db;
    const rt = await createCadre(db, "rt", { wardIndex: 9, rw: "002", rt: "004" });
    const ids: number[] = [];
    for (let n = 0; n < 22; n += 1) {
      ids.push((await createFamilyRegister(db, { wardIndex: 9, rw: "002", rt: "004", status: "APPROVED" })).id);
    }
    const rejected = await createFamilyRegister(db, { wardIndex: 9, rw: "002", rt: "004", status: "REJECTED" });
    const elsewhere = await createFamilyRegister(db, { wardIndex: 9, rw: "002", rt: "005", status: "APPROVED" });

    const mawar = await saveDasawisma(db, as(rt), { name: "Mawar", leaderName: "Ibu Sri" });
    const melati = await saveDasawisma(db, as(rt), { name: "Melati", leaderName: "Ibu Ani" });
    expect((await refusal(saveDasawisma(db, as(rt), { name: "mawar", leaderName: "Ibu Lain" }))).code).toBe("CONFLICT");

    const before = await myDasawisma(db, as(rt));
    expect(before.unassigned.map((row) => row.registerId).sort()).toEqual([...ids].sort());
    expect(before.unassigned.some((row) => row.registerId === rejected.id)).toBe(false);

    const first = ids.slice(0, 12);
    expect((await assignHouseholds(db, as(rt), { dasawismaId: mawar.id, registerIds: first })).count).toBe(12);
    // Already in Mawar: Melati may not take it.
    const taken = await refusal(assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [ids[0] ?? 0] }));
    expect(taken.code).toBe("CONFLICT");
    // More than 20 in one group is refused.
    const tooMany = await refusal(
      assignHouseholds(db, as(rt), { dasawismaId: mawar.id, registerIds: ids.slice(12, 21) }),
    );
    expect(tooMany.message).toContain("20");
    // A household of another RT is refused.
    expect(
      (await refusal(assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [elsewhere.id] }))).code,
    ).toBe("FORBIDDEN");

    const after = await myDasawisma(db, as(rt));
    expect(after.groups.find((group) => group.id === mawar.id)?.households).toHaveLength(12);
    expect(after.unassigned).toHaveLength(10);

    await unassignHousehold(db, as(rt), { registerId: ids[0] ?? 0 });
    await assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [ids[0] ?? 0] });
    await deleteDasawisma(db, as(rt), { id: melati.id });
    expect((await myDasawisma(db, as(rt))).unassigned).toHaveLength(11);

    // Another RT's cadre, an RW cadre and an official cannot manage this RT's groups.
    const other = await createCadre(db, "rt", { wardIndex: 9, rw: "002", rt: "005" });
    expect(
      (await refusal(assignHouseholds(db, as(other), { dasawismaId: mawar.id, registerIds: [elsewhere.id] }))).code,
    ).toBe("FORBIDDEN");
    const rw = await createCadre(db, "rw", { wardIndex: 9, rw: "002" });
    expect((await refusal(myDasawisma(db, as(rw)))).code).toBe("FORBIDDEN");
    const aparat = await createCadre(db, "rt", { wardIndex: 9, rw: "002", rt: "004" }, { role: "aparat" });
    expect((await refusal(saveDasawisma(db, as(aparat), { name: "Anggrek", leaderName: "Ibu X" }))).code).toBe(
      "FORBIDDEN",
    );
  });

  // The audit's proof B: after the RT signed, moving households between dasawisma made the signed
  // 4.16b row disagree with its 4.16a drill-down.
  test("a household moved to another RT leaves its dasawisma: the new RT's 4.16b rows add up to JUMLAH", async () => {
    const db = t.db;
    const from = { wardIndex: 11, rw: "004", rt: "001" };
    const to = { wardIndex: 11, rw: "004", rt: "002" };
    const period = todayIso().slice(0, 7);
    const oldRt = await createCadre(db, "rt", from);
    const newRt = await createCadre(db, "rt", to);
    const kelurahan = await createCadre(db, "kelurahan", { wardIndex: 11 });
    const surveyed = (f: FamilyRegistration) => ({ ...f, tanggalPendataan: `${period}-01` });
    // Not approved yet (so no signature counts it and it may move); approved after the move.
    const moving = await createFamilyRegister(db, { ...from, status: "SUBMITTED", change: surveyed });
    const staying = await createFamilyRegister(db, { ...to, status: "APPROVED", change: surveyed });
    const mawar = await saveDasawisma(db, as(oldRt), { name: "Mawar", leaderName: "Ibu Sri" });
    const kenanga = await saveDasawisma(db, as(newRt), { name: "Kenanga", leaderName: "Ibu Tuti" });
    await assignHouseholds(db, as(oldRt), { dasawismaId: mawar.id, registerIds: [moving.id] });
    await assignHouseholds(db, as(newRt), { dasawismaId: kenanga.id, registerIds: [staying.id] });

    const data = surveyed({ ...moving.form, address: { ...moving.form.address, rt: to.rt } });
    await updateRecord(db, as(kelurahan), { registerId: moving.id, version: 1, data });
    await db.update(registers).set({ status: "APPROVED" }).where(eq(registers.id, moving.id));

    // The old RT's group no longer holds it; the new RT's cadre sees it ungrouped and may group it.
    const oldView = await myDasawisma(db, as(oldRt));
    expect(oldView.groups.find((group) => group.id === mawar.id)?.households ?? []).toHaveLength(0);
    const newView = await myDasawisma(db, as(newRt));
    expect(newView.unassigned.map((row) => row.registerId)).toContain(moving.id);

    const sheet = await buildSheet(db, "4.16", { desaKelurahanId: newView.place.desaKelurahanId, ...to }, period);
    const krt = sheet.columns.findIndex((column) => column.key === "krt");
    const rowsTotal = sheet.rows.reduce((sum, row) => sum + Number(row.cells[krt] ?? 0), 0);
    expect(sheet.totals?.[krt]).toBe(2);
    expect(rowsTotal).toBe(2);
    expect(sheet.rows.find((row) => row.cells[1] === "Belum masuk dasawisma")?.cells[krt]).toBe(1);

    await assignHouseholds(db, as(newRt), { dasawismaId: kenanga.id, registerIds: [moving.id] });
    const grouped = await myDasawisma(db, as(newRt));
    expect(grouped.groups.find((group) => group.id === kenanga.id)?.households).toHaveLength(2);
  });

  test("households counted by a standing RT signature keep their dasawisma until it is reopened", async () => {
    const db = t.db;
    const place = { wardIndex: 15, rw: "003", rt: "002" };
    const period = todayIso().slice(0, 7);
    const rt = await createCadre(db, "rt", place);
    const counted: Array<{ id: number; name: string }> = [];
    for (let n = 0; n < 3; n += 1) {
      const { id, form } = await createFamilyRegister(db, {
        ...place,
        status: "APPROVED",
        change: (f) => ({ ...f, tanggalPendataan: `${period}-01` }),
      });
      counted.push({ id, name: form.namaKepalaKeluarga });
    }
    // Not approved: no recap counts it, so it may move freely.
    const pending = await createFamilyRegister(db, { ...place, status: "SUBMITTED" });
    const mawar = await saveDasawisma(db, as(rt), { name: "Mawar", leaderName: "Ibu Sri" });
    const melati = await saveDasawisma(db, as(rt), { name: "Melati", leaderName: "Ibu Ani" });
    await assignHouseholds(db, as(rt), {
      dasawismaId: mawar.id,
      registerIds: [...counted.map((c) => c.id), pending.id],
    });
    const loose = await createFamilyRegister(db, {
      ...place,
      status: "APPROVED",
      change: (f) => ({ ...f, tanggalPendataan: `${period}-01` }),
    });
    const signed = await signRecap(db, as(rt), { period });

    const first = counted[0] ?? { id: 0, name: "" };
    const moved = await refusal(unassignHousehold(db, as(rt), { registerId: first.id }));
    expect(moved.code).toBe("CONFLICT");
    expect(moved.message).toContain(first.name);
    expect(moved.message).toContain("sudah ditandatangani");
    expect(moved.message).toContain("membuka kembali");
    expect((await refusal(deleteDasawisma(db, as(rt), { id: mawar.id }))).code).toBe("CONFLICT");
    // A counted household not yet in any dasawisma (the sheet's "Belum masuk dasawisma" row) stays out.
    expect(
      (await refusal(assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [loose.id] }))).code,
    ).toBe("CONFLICT");
    // The signed 4.16b's Mawar row and the 4.16a drill-down still agree.
    const a = await buildSheet(
      db,
      "4.16",
      { desaKelurahanId: (await myDasawisma(db, as(rt))).place.desaKelurahanId, dasawismaId: mawar.id },
      period,
    );
    expect(a.rows).toHaveLength(3);
    // The pending household is not counted: it moves.
    await unassignHousehold(db, as(rt), { registerId: pending.id });
    await assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [pending.id] });

    // Reopened, the RT may regroup them (and signs again afterwards).
    await reopenSignoff(db, as(rt), { signoffId: signed.id, reason: "Dasawisma ditata ulang" });
    await unassignHousehold(db, as(rt), { registerId: first.id });
    await assignHouseholds(db, as(rt), { dasawismaId: melati.id, registerIds: [first.id, loose.id] });
    expect((await myDasawisma(db, as(rt))).groups.find((g) => g.id === melati.id)?.households).toHaveLength(3);
  });
});
