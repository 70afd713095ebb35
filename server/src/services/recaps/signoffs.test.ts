// Sign-off RT → RW → kelurahan, the lock it puts on the month's records, and reopening.
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { DomainError } from "../common/errors.ts";
import { reopenRecord } from "../registers/records.ts";
import { viewRecap } from "./documents.ts";
import { assertRecordUnlocked, recapStatus, reopenSignoff, signRecap } from "./signoffs.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });
const period = todayIso().slice(0, 7);
const thisMonth = (form: FamilyRegistration): FamilyRegistration => ({ ...form, tanggalPendataan: `${period}-01` });

async function lockSubject(id: number) {
  const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
  if (!row) throw new Error("no register");
  return row;
}

describe("sign-off by level", () => {
  test("RT, then RW, then kelurahan; the month's records are locked; reopening is recorded and needs a new signature", async () => {
    const db = t.db;
    const area = await ward(db, 3);
    const place = { wardIndex: 3 };
    const rt1 = await createCadre(db, "rt", { ...place, rw: "005", rt: "001" });
    const rt2 = await createCadre(db, "rt", { ...place, rw: "005", rt: "002" });
    const rw = await createCadre(db, "rw", { ...place, rw: "005" });
    const kel = await createCadre(db, "kelurahan", place);
    const one = await createFamilyRegister(db, {
      ...place,
      rw: "005",
      rt: "001",
      status: "APPROVED",
      change: (f) => thisMonth(f),
    });
    await createFamilyRegister(db, { ...place, rw: "005", rt: "002", status: "APPROVED", change: (f) => thisMonth(f) });
    const older = await createFamilyRegister(db, {
      ...place,
      rw: "005",
      rt: "001",
      status: "APPROVED",
      change: (f) => ({ ...f, tanggalPendataan: "2020-01-15" }),
    });

    // RW cannot sign before its RTs; it sees which are missing.
    const early = await refusal(signRecap(db, as(rw), { period }));
    expect(early.code).toBe("CONFLICT");
    expect(early.message).toContain("RT 001/RW 005");
    const rwView = await recapStatus(db, as(rw), { period });
    expect(rwView.below.map((child) => [child.label, child.signoff === null])).toEqual([
      ["RT 001/RW 005", true],
      ["RT 002/RW 005", true],
    ]);

    const signed1 = await signRecap(db, as(rt1), { period });
    expect(signed1.signerName).toBe(rt1.fullName);
    expect(signed1.figuresHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await refusal(signRecap(db, as(rt1), { period }))).code).toBe("CONFLICT");
    await signRecap(db, as(rt2), { period });
    expect((await recapStatus(db, as(rw), { period })).below.every((child) => child.signoff !== null)).toBe(true);
    const rwSigned = await signRecap(db, as(rw), { period });
    const kelSigned = await signRecap(db, as(kel), { period });
    const kelView = await recapStatus(db, as(kel), { period });
    expect(kelView.standing?.id).toBe(kelSigned.id);
    expect(kelView.standing?.changedSinceSigning).toBe(false);
    expect(kelView.below.map((child) => child.label)).toEqual(["RW 005"]);
    expect(rwView.areaText).toMatch(/^RW 005, Desa\/Kelurahan \S.*, Kecamatan \S/);

    // The month's records are locked; an older month's record is not.
    const locked = await refusal(assertRecordUnlocked(db, await lockSubject(one.id)));
    expect(locked.code).toBe("CONFLICT");
    expect(locked.message).toContain("terkunci");
    await assertRecordUnlocked(db, await lockSubject(older.id));
    // An edit moving the older record into the signed month is refused too.
    const moved = { ...(await lockSubject(older.id)), tanggalPendataan: `${period}-02` };
    expect((await refusal(assertRecordUnlocked(db, await lockSubject(older.id), moved))).code).toBe("CONFLICT");

    // Reopening: not by another RT; not the RT while the RW above stands; the level above may, with a reason.
    expect((await refusal(reopenSignoff(db, as(rt2), { signoffId: signed1.id, reason: "Ada data salah" }))).code).toBe(
      "FORBIDDEN",
    );
    const blocked = await refusal(reopenSignoff(db, as(rt1), { signoffId: signed1.id, reason: "Ada data salah" }));
    expect(blocked.code).toBe("CONFLICT");
    expect((await refusal(reopenSignoff(db, as(kel), { signoffId: kelSigned.id, reason: "x" }))).code).toBe(
      "BAD_REQUEST",
    );
    await reopenSignoff(db, as(kel), { signoffId: kelSigned.id, reason: "Koreksi data RW 005" });
    await reopenSignoff(db, as(kel), { signoffId: rwSigned.id, reason: "Koreksi data RT 001" });
    const reopened = await reopenSignoff(db, as(rw), { signoffId: signed1.id, reason: "Tanggal lahir anak salah" });
    expect(reopened.reopenedByName).toBe(rw.fullName);
    expect(reopened.reopenReason).toBe("Tanggal lahir anak salah");
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "recap_signoff"), eq(auditLog.entityId, signed1.id)));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(["recap.sign", "recap.reopen"]));
    expect(audits.find((row) => row.action === "recap.reopen")?.details?.reason).toBe("Tanggal lahir anak salah");
    await assertRecordUnlocked(db, await lockSubject(one.id));

    // The data changes; the RT signs again: a new signature with other figures; the old one stays in the history.
    await createFamilyRegister(db, { ...place, rw: "005", rt: "001", status: "APPROVED", change: (f) => thisMonth(f) });
    const again = await signRecap(db, as(rt1), { period });
    expect(again.id).not.toBe(signed1.id);
    expect(again.figuresHash).not.toBe(signed1.figuresHash);
    const rtView = await recapStatus(db, as(rt1), { period });
    expect(rtView.standing?.id).toBe(again.id);
    expect(rtView.history.map((entry) => entry.reopenReason)).toEqual(["Tanggal lahir anak salah"]);

    // Data approved after a signature shows as changed since signing.
    await createFamilyRegister(db, { ...place, rw: "005", rt: "001", status: "APPROVED", change: (f) => thisMonth(f) });
    expect((await recapStatus(db, as(rt1), { period })).standing?.changedSinceSigning).toBe(true);
    expect(area.id).toBeGreaterThan(0);
  });

  test("a household approved after its RT signed: the levels above refuse to sign until the RT signs again", async () => {
    const db = t.db;
    const place = { wardIndex: 21 };
    const rt1 = await createCadre(db, "rt", { ...place, rw: "002", rt: "001" });
    const rt2 = await createCadre(db, "rt", { ...place, rw: "002", rt: "002" });
    const rw = await createCadre(db, "rw", { ...place, rw: "002" });
    const kel = await createCadre(db, "kelurahan", place);
    const approved = { status: "APPROVED" as const, change: thisMonth };
    await createFamilyRegister(db, { ...place, rw: "002", rt: "001", ...approved });
    await createFamilyRegister(db, { ...place, rw: "002", rt: "002", ...approved });
    const rt1Signed = await signRecap(db, as(rt1), { period });
    await signRecap(db, as(rt2), { period });
    // Surveyed this month, approved after RT 001 signed (not counted, so not locked).
    await createFamilyRegister(db, { ...place, rw: "002", rt: "001", ...approved });

    const refused = await refusal(signRecap(db, as(rw), { period }));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toContain("angka rekap RT 001/RW 002 bulan ini berubah sejak ditandatangani");
    expect(refused.message).not.toContain("RT 002");
    const view = await recapStatus(db, as(rw), { period });
    expect(view.below.map((child) => [child.label, child.changedSinceSigning])).toEqual([
      ["RT 001/RW 002", true],
      ["RT 002/RW 002", false],
    ]);

    // Reopened and signed again, the RT's signature and the RW's row for it say the same.
    await reopenSignoff(db, as(rw), { signoffId: rt1Signed.id, reason: "Ada keluarga disetujui sesudahnya" });
    await signRecap(db, as(rt1), { period });
    await signRecap(db, as(rw), { period });
    const desaKelurahanId = (await ward(db, place.wardIndex)).id;
    for (const form of ["4.16", "4.18"] as const) {
      const rtSheet = (await viewRecap(db, as(rw), { form, period, place: { desaKelurahanId, rw: "002", rt: "001" } }))
        .sheet;
      const rwSheet = (await viewRecap(db, as(rw), { form, period, place: { desaKelurahanId, rw: "002" } })).sheet;
      const rt1Row = rwSheet.rows.find((row) => row.drill?.rt === "001");
      expect(rt1Row?.cells.slice(2), form).toEqual(rtSheet.totals?.slice(2));
    }

    // A renamed ward changes the sheets' header, not what a signature counted.
    await db
      .update(desaKelurahan)
      .set({ nama: "Kelurahan Berganti Nama" })
      .where(eq(desaKelurahan.id, desaKelurahanId));
    expect((await recapStatus(db, as(rt1), { period })).standing?.changedSinceSigning).toBe(false);
    expect((await recapStatus(db, as(kel), { period })).below[0]?.changedSinceSigning).toBe(false);

    // The same one level up: the RW's sheet changed after it signed, so the kelurahan waits for it.
    await createFamilyRegister(db, { ...place, rw: "002", rt: "002", ...approved });
    const above = await refusal(signRecap(db, as(kel), { period }));
    expect(above.message).toContain("angka rekap RW 002 bulan ini berubah sejak ditandatangani");
    expect((await recapStatus(db, as(kel), { period })).below[0]?.changedSinceSigning).toBe(true);
  });

  test("only cadres of a signing level sign, and not for a month still to come", async () => {
    const aparat = await createCadre(t.db, "rt", { wardIndex: 4 }, { role: "aparat" });
    expect((await refusal(signRecap(t.db, as(aparat), { period }))).code).toBe("FORBIDDEN");
    const kecamatan = await createCadre(t.db, "kecamatan", { wardIndex: 4 });
    expect((await refusal(signRecap(t.db, as(kecamatan), { period }))).code).toBe("FORBIDDEN");
    const rt = await createCadre(t.db, "rt", { wardIndex: 4 });
    const next = `${Number(period.slice(0, 4)) + 1}-01`;
    expect((await refusal(signRecap(t.db, as(rt), { period: next }))).code).toBe("BAD_REQUEST");
  });
});

describe("who may reopen a signature", () => {
  test("its signer while still a cadre of that place; not once made an official or moved away", async () => {
    const rt = await createCadre(t.db, "rt", { wardIndex: 6 });
    await createFamilyRegister(t.db, { wardIndex: 6, status: "APPROVED", change: thisMonth });
    const signed = await signRecap(t.db, as(rt), { period });
    const elsewhere = await ward(t.db, 9);
    // The session carries the account as it is now: the admin changed its role, or its area.
    const official = { ...rt, role: "aparat" as const };
    expect((await recapStatus(t.db, as(official), { period })).canReopen).toBe(false);
    for (const changed of [official, { ...rt, desaKelurahanId: elsewhere.id, kecamatanId: elsewhere.kecamatanId }]) {
      const refused = await refusal(reopenSignoff(t.db, as(changed), { signoffId: signed.id, reason: "Salah hitung" }));
      expect(refused.code).toBe("FORBIDDEN");
    }
    expect((await recapStatus(t.db, as(rt), { period })).canReopen).toBe(true);
    const reopened = await reopenSignoff(t.db, as(rt), { signoffId: signed.id, reason: "Salah hitung" });
    expect(reopened.reopenedAt).not.toBeNull();
  });
});

describe("a signature racing a change to a record it counts", () => {
  // Each round an RT cadre signs the month while the kelurahan cadre reopens ('Buka Kembali') an
  // approved family of that RT and month, at once. Either the reopen is refused as locked, or it
  // comes first and the signature counts the family as reopened: never a signature whose figures
  // the reopen changed after they were read (the page would show it "changed since signing").
  test("either the reopen is refused as locked or the signed figures already leave the family out", async () => {
    const place = { wardIndex: 6, rw: "007" };
    const kel = await createCadre(t.db, "kelurahan", place);
    for (let round = 1; round <= 12; round += 1) {
      const rt = String(round).padStart(3, "0");
      const cadre = await createCadre(t.db, "rt", { ...place, rt });
      const family = await createFamilyRegister(t.db, { ...place, rt, status: "APPROVED", change: thisMonth });
      const { version } = await lockSubject(family.id);
      const [signed, refused] = await Promise.all([
        signRecap(t.db, as(cadre), { period }),
        reopenRecord(t.db, as(kel), { registerId: family.id, version, reason: "Anggota keluarga bertambah" }).then(
          () => null,
          (error: unknown) => error,
        ),
      ]);
      expect(signed.level).toBe("rt");
      const status = (await lockSubject(family.id)).status;
      if (refused === null) {
        expect(status).toBe("SUBMITTED");
      } else {
        expect(refused instanceof DomainError && refused.code === "CONFLICT" && refused.message).toContain("terkunci");
        expect(status).toBe("APPROVED");
      }
      expect((await recapStatus(t.db, as(cadre), { period })).standing?.changedSinceSigning).toBe(false);
    }
  });
});

describe("a standing signature locks every household its sheet counted", () => {
  // The sheet of a month counts every approved household surveyed up to its end, not only that
  // month's surveys: the audit's proof A (an RT signs; a September household is reopened under it;
  // the RW then signs figures that contradict the RT's signed sheet).
  test("an earlier month's household is locked while the month is being signed up the chain; free once the kelurahan has signed", async () => {
    const place = { wardIndex: 14, rw: "005", rt: "001" };
    const rt = await createCadre(t.db, "rt", place);
    const rw = await createCadre(t.db, "rw", { wardIndex: 14, rw: "005" });
    const kel = await createCadre(t.db, "kelurahan", { wardIndex: 14 });
    const lastMonth = new Date(`${period}-01T00:00:00Z`);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const earlier = await createFamilyRegister(t.db, {
      ...place,
      status: "APPROVED",
      change: (f) => ({ ...f, tanggalPendataan: `${lastMonth.toISOString().slice(0, 7)}-10` }),
    });
    const own = await createFamilyRegister(t.db, { ...place, status: "APPROVED", change: thisMonth });
    const reopen = async (id: number) =>
      reopenRecord(t.db, as(kel), { registerId: id, version: (await lockSubject(id)).version, reason: "Data berubah" });

    const rtSigned = await signRecap(t.db, as(rt), { period });
    const rtSheet = (await recapStatus(t.db, as(rt), { period })).standing;
    expect(rtSheet?.id).toBe(rtSigned.id);
    // The RT's signed sheet counts both households; the earlier one may not be reopened under it.
    const refused = await refusal(reopen(earlier.id));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toContain("terkunci");
    expect(refused.message).toContain(`RT 001/RW 005 bulan`);
    expect((await lockSubject(earlier.id)).status).toBe("APPROVED");

    // The RW signs what the RT signed: nothing changed since.
    await signRecap(t.db, as(rw), { period });
    expect((await recapStatus(t.db, as(rw), { period })).standing?.changedSinceSigning).toBe(false);
    expect((await refusal(reopen(earlier.id))).code).toBe("CONFLICT");

    // Once the kelurahan has signed the month, its chain is complete and frozen: an earlier month's
    // household is free again for normal work (its change shows in the next month's recap); the
    // month's own households stay locked until the signatures are reopened.
    await signRecap(t.db, as(kel), { period });
    await reopen(earlier.id);
    expect((await lockSubject(earlier.id)).status).toBe("SUBMITTED");
    expect((await refusal(reopen(own.id))).code).toBe("CONFLICT");
  });
});
