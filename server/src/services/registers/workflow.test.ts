import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { DomainError } from "../common/errors.ts";
import { updateRecord } from "./records.ts";
import { bulkVerify, history, transition } from "./workflow.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

async function statusOf(id: number) {
  const [row] = await t.db
    .select({ status: registers.status, version: registers.version })
    .from(registers)
    .where(eq(registers.id, id));
  return row;
}
async function eventCount(id: number) {
  return (await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, id))).length;
}

describe("transition: RT → RW → kelurahan", () => {
  test("each level moves its own step; the history names who, level, from → to, note", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const rw = await createCadre(t.db, "rw");
    const kelurahan = await createCadre(t.db, "kelurahan");

    expect(await transition(t.db, as(rt), { registerId: family.id, action: "verify", expectedVersion: 1 })).toEqual({
      registerId: family.id,
      fromStatus: "SUBMITTED",
      status: "RT_VERIFIED",
      version: 2,
      override: false,
    });
    await transition(t.db, as(rw), { registerId: family.id, action: "verify", note: "Sesuai KK" });
    await transition(t.db, as(kelurahan), { registerId: family.id, action: "verify" });
    expect(await statusOf(family.id)).toEqual({ status: "APPROVED", version: 4 });

    const entries = await history(t.db, as(kelurahan), { registerId: family.id });
    expect(
      entries.map(({ actorName, level, fromStatus, toStatus, note }) => ({
        actorName,
        level,
        fromStatus,
        toStatus,
        note,
      })),
    ).toEqual([
      { actorName: null, level: null, fromStatus: null, toStatus: "SUBMITTED", note: "Registrasi diterima" },
      { actorName: rt.fullName, level: "rt", fromStatus: "SUBMITTED", toStatus: "RT_VERIFIED", note: null },
      { actorName: rw.fullName, level: "rw", fromStatus: "RT_VERIFIED", toStatus: "RW_VERIFIED", note: "Sesuai KK" },
      {
        actorName: kelurahan.fullName,
        level: "kelurahan",
        fromStatus: "RW_VERIFIED",
        toStatus: "APPROVED",
        note: null,
      },
    ]);
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.createdAt)))).toBe(true);
  });

  test("nobody acts outside their level: refused with the level it waits for, nothing changes", async () => {
    const family = await createFamilyRegister(t.db);
    const rw = await createCadre(t.db, "rw");
    const kelurahan = await createCadre(t.db, "kelurahan");
    const error = await refusal(transition(t.db, as(rw), { registerId: family.id, action: "verify" }));
    expect([error.code, error.message]).toEqual(["FORBIDDEN", "Data ini menunggu tindakan kader RT, bukan kader RW"]);
    expect(
      (await refusal(transition(t.db, as(kelurahan), { registerId: family.id, action: "reject", note: "Ganda" }))).code,
    ).toBe("FORBIDDEN");
    expect(await statusOf(family.id)).toEqual({ status: "SUBMITTED", version: 1 });
    expect(await eventCount(family.id)).toBe(1);
  });

  test("revision needs a note, rejection a reason; a corrected record returns to SUBMITTED", async () => {
    const family = await createFamilyRegister(t.db, { status: "RT_VERIFIED" });
    const rt = await createCadre(t.db, "rt");
    const rw = await createCadre(t.db, "rw");
    const noNote = await refusal(
      transition(t.db, as(rw), { registerId: family.id, action: "requestRevision", note: "   " }),
    );
    expect([noNote.code, noNote.message, noNote.options.fieldErrors]).toEqual([
      "BAD_REQUEST",
      "Catatan revisi wajib diisi",
      [{ path: ["note"], message: "Catatan revisi wajib diisi" }],
    ]);
    expect((await refusal(transition(t.db, as(rw), { registerId: family.id, action: "reject" }))).message).toBe(
      "Alasan penolakan wajib diisi",
    );

    await transition(t.db, as(rw), {
      registerId: family.id,
      action: "requestRevision",
      note: "Tanggal lahir anak salah",
    });
    expect((await statusOf(family.id))?.status).toBe("NEEDS_REVISION");
    expect((await refusal(transition(t.db, as(rw), { registerId: family.id, action: "resubmit" }))).code).toBe(
      "FORBIDDEN",
    );
    await transition(t.db, as(rt), { registerId: family.id, action: "resubmit", note: "Sudah diperbaiki" });
    expect((await statusOf(family.id))?.status).toBe("SUBMITTED");
    const last = (await history(t.db, as(rt), { registerId: family.id })).slice(-2);
    expect(last.map((entry) => [entry.fromStatus, entry.toStatus, entry.note])).toEqual([
      ["RT_VERIFIED", "NEEDS_REVISION", "Tanggal lahir anak salah"],
      ["NEEDS_REVISION", "SUBMITTED", "Sudah diperbaiki"],
    ]);
  });

  test("a rejected record moves no further up; corrected, its RT cadre resubmits it and every level verifies again", async () => {
    const rejected = await createFamilyRegister(t.db, { status: "SUBMITTED" });
    const rt = await createCadre(t.db, "rt");
    const rw = await createCadre(t.db, "rw");
    const otherRt = await createCadre(t.db, "rt", { rt: "002" });
    await transition(t.db, as(rt), {
      registerId: rejected.id,
      action: "reject",
      note: "Kartu Keluarga belum dilampirkan",
    });
    const again = await refusal(transition(t.db, as(rt), { registerId: rejected.id, action: "verify" }));
    expect([again.code, again.message]).toEqual([
      "CONFLICT",
      "Tindakan Verifikasi tidak berlaku untuk data berstatus 'Ditolak'",
    ]);
    const byRw = await refusal(transition(t.db, as(rw), { registerId: rejected.id, action: "resubmit" }));
    expect([byRw.code, byRw.message]).toEqual(["FORBIDDEN", "Data ini menunggu tindakan kader RT, bukan kader RW"]);
    const outside = await refusal(transition(t.db, as(otherRt), { registerId: rejected.id, action: "resubmit" }));
    expect([outside.code, outside.message]).toEqual(["NOT_FOUND", "Data tidak ditemukan"]);
    expect((await statusOf(rejected.id))?.status).toBe("REJECTED");

    await transition(t.db, as(rt), { registerId: rejected.id, action: "resubmit", note: "KK sudah dilampirkan" });
    expect((await statusOf(rejected.id))?.status).toBe("SUBMITTED");
    const last = (await history(t.db, as(rt), { registerId: rejected.id })).slice(-2);
    expect(last.map((entry) => [entry.fromStatus, entry.toStatus, entry.note])).toEqual([
      ["SUBMITTED", "REJECTED", "Kartu Keluarga belum dilampirkan"],
      ["REJECTED", "SUBMITTED", "KK sudah dilampirkan"],
    ]);
    expect((await transition(t.db, as(rt), { registerId: rejected.id, action: "verify" })).status).toBe("RT_VERIFIED");
  });

  test("an approved record moves no further, not even by an admin (it is reopened instead)", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const approved = await createFamilyRegister(t.db, { status: "APPROVED" });
    expect(
      (await refusal(transition(t.db, as(admin), { registerId: approved.id, action: "requestRevision", note: "x" })))
        .code,
    ).toBe("CONFLICT");
  });

  test("an admin override is recorded as such, with the step it replaced", async () => {
    const family = await createFamilyRegister(t.db, { status: "RT_VERIFIED" });
    const admin = await createUser(t.db, { role: "admin", level: "kota", fullName: "Admin Kota" });
    const result = await transition(t.db, as(admin), {
      registerId: family.id,
      action: "verify",
      note: "RW berhalangan",
    });
    expect([result.status, result.override]).toEqual(["RW_VERIFIED", true]);
    const [entry] = (await history(t.db, as(admin), { registerId: family.id })).slice(-1);
    expect(entry).toMatchObject({
      actorName: "Admin Kota",
      level: "admin",
      fromStatus: "RT_VERIFIED",
      toStatus: "RW_VERIFIED",
      note: "Override admin pada tahap RW: RW berhalangan",
    });
  });

  test("a record changed since it was read, or deleted, is refused", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const stale = await refusal(
      transition(t.db, as(rt), { registerId: family.id, action: "verify", expectedVersion: 7 }),
    );
    expect([stale.code, stale.message]).toEqual([
      "CONFLICT",
      "Data ini sudah diubah oleh pengguna lain. Muat ulang data lalu coba lagi.",
    ]);
    await t.db
      .update(registers)
      .set({ deletedAt: new Date(), deleteReason: "Data ganda" })
      .where(eq(registers.id, family.id));
    const deleted = await refusal(transition(t.db, as(rt), { registerId: family.id, action: "verify" }));
    expect([deleted.code, deleted.message]).toEqual([
      "CONFLICT",
      "Data ini sudah dihapus sehingga statusnya tidak dapat diubah",
    ]);
    expect(await statusOf(family.id)).toEqual({ status: "SUBMITTED", version: 1 });
  });

  test("two cadres verifying the same version at once: one succeeds, the other conflicts, one event", async () => {
    const family = await createFamilyRegister(t.db);
    const first = await createCadre(t.db, "rt");
    const second = await createCadre(t.db, "rt");
    const outcomes = await Promise.allSettled([
      transition(t.db, as(first), { registerId: family.id, action: "verify", expectedVersion: 1 }),
      transition(t.db, as(second), { registerId: family.id, action: "verify", expectedVersion: 1 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    // The loser is told the record changed (reload), not that it now waits for the RW level.
    const lost = outcomes.find((outcome) => outcome.status === "rejected");
    const reason: unknown = lost?.status === "rejected" ? lost.reason : null;
    expect(reason instanceof DomainError ? [reason.code, reason.message] : reason).toEqual([
      "CONFLICT",
      "Data ini sudah diubah oleh pengguna lain. Muat ulang data lalu coba lagi.",
    ]);
    expect(await statusOf(family.id)).toEqual({ status: "RT_VERIFIED", version: 2 });
    expect(await eventCount(family.id)).toBe(2);
    // The winner's own retry after a lost answer (same version) is the same 409.
    const retried = await refusal(
      transition(t.db, as(first), { registerId: family.id, action: "verify", expectedVersion: 1 }),
    );
    expect([retried.code, retried.message]).toEqual([
      "CONFLICT",
      "Data ini sudah diubah oleh pengguna lain. Muat ulang data lalu coba lagi.",
    ]);
  });

  test("aparat, kecamatan cadres and anonymous visitors cannot act", async () => {
    const family = await createFamilyRegister(t.db);
    const aparat = await createCadre(t.db, "kelurahan", {}, { role: "aparat" });
    const kecamatan = await createCadre(t.db, "kecamatan");
    const byAparat = await refusal(transition(t.db, as(aparat), { registerId: family.id, action: "verify" }));
    expect([byAparat.code, byAparat.message]).toEqual([
      "FORBIDDEN",
      "Akun aparat hanya dapat melihat data, tidak dapat mengubahnya",
    ]);
    const byKecamatan = await refusal(transition(t.db, as(kecamatan), { registerId: family.id, action: "verify" }));
    expect([byKecamatan.code, byKecamatan.message]).toEqual([
      "FORBIDDEN",
      "Hanya kader RT, RW, atau kelurahan yang dapat memvalidasi data",
    ]);
    expect((await refusal(transition(t.db, as(null), { registerId: family.id, action: "verify" }))).code).toBe(
      "UNAUTHORIZED",
    );
    expect((await history(t.db, as(aparat), { registerId: family.id })).length).toBe(1);
    expect(await eventCount(family.id)).toBe(1);
  });
});

describe("bulkVerify", () => {
  test("verifies what waits for the level, skips what no longer does, in one call", async () => {
    const rt = await createCadre(t.db, "rt", { rw: "007", rt: "003" });
    const place = { rw: "007", rt: "003" };
    const waiting = [await createFamilyRegister(t.db, place), await createFamilyRegister(t.db, place)];
    const moved = await createFamilyRegister(t.db, { ...place, status: "RT_VERIFIED" });
    const result = await bulkVerify(t.db, as(rt), {
      registerIds: [waiting[0]?.id ?? 0, moved.id, waiting[1]?.id ?? 0, waiting[0]?.id ?? 0],
    });
    expect(result.verified.map((item) => [item.registerId, item.status])).toEqual(
      waiting.map((item) => [item.id, "RT_VERIFIED"]),
    );
    expect(result.skipped).toEqual([
      { registerId: moved.id, message: "Data ini menunggu tindakan kader RW, bukan kader RT" },
    ]);
    for (const item of waiting) expect(await eventCount(item.id)).toBe(2);
  });

  test("a record changed since the cadre saw it is skipped as stale, as a single move refuses it; the others are verified", async () => {
    const place = { rw: "009", rt: "004" };
    const rt = await createCadre(t.db, "rt", place);
    const admin = await createUser(t.db, { role: "admin" });
    const unchanged = await createFamilyRegister(t.db, place);
    const edited = await createFamilyRegister(t.db, place);
    // The queue showed both at version 1; the second is edited (still SUBMITTED) before the click.
    const seen = { [unchanged.id]: 1, [edited.id]: 1 };
    const data = { ...edited.form, nomorHp: "081299990010" };
    await updateRecord(t.db, as(admin), { registerId: edited.id, version: 1, data });

    const result = await bulkVerify(t.db, as(rt), { registerIds: [unchanged.id, edited.id], expectedVersions: seen });
    expect(result.verified.map((item) => [item.registerId, item.status])).toEqual([[unchanged.id, "RT_VERIFIED"]]);
    const stale = await refusal(
      transition(t.db, as(rt), { registerId: edited.id, action: "verify", expectedVersion: 1 }),
    );
    expect(result.skipped).toEqual([{ registerId: edited.id, message: stale.message }]);
    expect(await statusOf(edited.id)).toEqual({ status: "SUBMITTED", version: 2 });
    expect(await eventCount(edited.id)).toBe(1);

    // Verified by another RT cadre since the queue showed it: stale too, not "waits for the RW level".
    const movedMeanwhile = await createFamilyRegister(t.db, place);
    const colleague = await createCadre(t.db, "rt", place);
    await transition(t.db, as(colleague), { registerId: movedMeanwhile.id, action: "verify", expectedVersion: 1 });
    const again = await bulkVerify(t.db, as(rt), {
      registerIds: [movedMeanwhile.id],
      expectedVersions: { [movedMeanwhile.id]: 1 },
    });
    expect(again).toEqual({ verified: [], skipped: [{ registerId: movedMeanwhile.id, message: stale.message }] });
  });

  test("one record outside the area refuses the whole call and changes nothing", async () => {
    const rt = await createCadre(t.db, "rt", { rw: "008", rt: "001" });
    const mine = await createFamilyRegister(t.db, { rw: "008", rt: "001" });
    const neighbour = await createFamilyRegister(t.db, { rw: "008", rt: "002" });
    const error = await refusal(bulkVerify(t.db, as(rt), { registerIds: [mine.id, neighbour.id] }));
    expect([error.code, error.message]).toEqual(["NOT_FOUND", "Data tidak ditemukan"]);
    expect((await statusOf(mine.id))?.status).toBe("SUBMITTED");
    expect((await refusal(bulkVerify(t.db, as(rt), { registerIds: [] }))).message).toBe("Pilih minimal satu data");
  });
});
