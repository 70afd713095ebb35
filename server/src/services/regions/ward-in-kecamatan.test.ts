// A family's and a user's kecamatan is their ward's (migration issue12_ward_in_kecamatan): the
// database refuses a pair that disagrees, and a family written while its ward moves to another
// kecamatan is answered as the address check would have answered it.
import { expect, test } from "bun:test";
import { eq, ne } from "drizzle-orm";
import { TRPCError } from "@trpc/server";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import { lockWards } from "../../db/ward-lock.ts";
import { createFamilyRegister, familyForm, ward } from "../../../test/factories.ts";
import { heldOpen, lockWaiters, outcome, type Tx } from "../../../test/held-locks.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";
import { kaderInput } from "../../../test/kader-input.ts";
import { isWardInKecamatanViolation } from "../common/ward-in-kecamatan.ts";

const t = useTestApp();

async function otherDistrictThan(kecamatanId: number) {
  const [other] = await t.db.select().from(kecamatan).where(ne(kecamatan.id, kecamatanId)).limit(1);
  if (!other) throw new Error("no other district");
  return other;
}

async function failure(write: Promise<unknown>): Promise<unknown> {
  try {
    await write;
  } catch (error) {
    return error;
  }
  throw new Error("expected the write to fail");
}

/**
 * Runs `write` while a ward's move to `other` is held open after its update (with the ward's lock
 * first when `lockWard`, as the admin screen moves it), lets the move commit once the write waits
 * on it, and answers the write's error (null when it succeeded). PostgreSQL only.
 */
async function duringMove(
  moving: { id: number },
  other: { id: number; kode: string },
  kodeSuffix: string,
  lockWard: boolean,
  write: () => Promise<unknown>,
): Promise<unknown> {
  const move = await heldOpen(t, async (tx) => {
    if (lockWard) await lockWards(tx, moving.id);
    await tx
      .update(desaKelurahan)
      .set({ kecamatanId: other.id, kode: `${other.kode}.${kodeSuffix}` })
      .where(eq(desaKelurahan.id, moving.id));
  });
  const result = outcome(write());
  await lockWaiters(t, 1);
  await move.release();
  return result;
}

test("the database refuses a family or user whose kecamatan is not its ward's, and a ward moved under them", async () => {
  const home = await ward(t.db, 12);
  const other = await otherDistrictThan(home.kecamatanId);
  const family = await createFamilyRegister(t.db, { wardIndex: 12 });
  expect(
    isWardInKecamatanViolation(
      await failure(t.db.update(registers).set({ kecamatanId: other.id }).where(eq(registers.id, family.id))),
    ),
  ).toBe(true);
  const cadre = await createUser(t.db, { role: "kader", kecamatanId: home.kecamatanId, desaKelurahanId: home.id });
  expect(
    isWardInKecamatanViolation(
      await failure(t.db.update(users).set({ kecamatanId: other.id }).where(eq(users.id, cadre.id))),
    ),
  ).toBe(true);
  expect(
    isWardInKecamatanViolation(
      await failure(
        t.db
          .update(desaKelurahan)
          .set({ kecamatanId: other.id, kode: `${other.kode}.1960` })
          .where(eq(desaKelurahan.id, home.id)),
      ),
    ),
  ).toBe(true);
  const [kept] = await t.db.select().from(registers).where(eq(registers.id, family.id));
  expect(kept?.kecamatanId).toBe(home.kecamatanId);
});

test("a family entered while its empty ward moves to another kecamatan is refused on its address (PostgreSQL)", async () => {
  if (t.handle.kind !== "postgres") return;
  const moving = await ward(t.db, 13);
  const other = await otherDistrictThan(moving.kecamatanId);
  const admin = await createUser(t.db, { role: "admin" });
  const form = await familyForm(t.db, { wardIndex: 13 });

  // The cadre's write reads the old pair, then waits for the ward's lock the move holds.
  const error = await duringMove(moving, other, "1970", true, () =>
    callerFor(t, admin).registers.create({ data: form, confirmNik: true }),
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect(error instanceof TRPCError ? [error.code, error.message] : []).toEqual([
    "BAD_REQUEST",
    "Kelurahan tidak berada di kecamatan yang dipilih",
  ]);
  expect(await t.db.select().from(registers).where(eq(registers.desaKelurahanId, moving.id))).toEqual([]);
});

test("a cadre placed in a ward while it moves to another kecamatan is refused on the ward (PostgreSQL)", async () => {
  if (t.handle.kind !== "postgres") return;
  const moving = await ward(t.db, 14);
  const home = await ward(t.db, 15);
  const other = await otherDistrictThan(moving.kecamatanId);
  const admin = await createUser(t.db, { role: "admin" });
  const cadre = await createUser(t.db, {
    role: "kader",
    level: "kelurahan",
    kecamatanId: home.kecamatanId,
    desaKelurahanId: home.id,
  });

  // The admin's change reads the ward's old kecamatan, then its key check waits for the move.
  const error = await duringMove(moving, other, "1980", false, () =>
    callerFor(t, admin).users.updateAccess({
      userId: cadre.id,
      role: "kader",
      level: "kelurahan",
      kecamatanId: null,
      desaKelurahanId: moving.id,
      rw: "",
      rt: "",
    }),
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect(error instanceof TRPCError ? [error.code, error.message] : []).toEqual([
    "BAD_REQUEST",
    "Pilih kelurahan/desa",
  ]);
  const [kept] = await t.db.select().from(users).where(eq(users.id, cadre.id));
  expect(kept).toMatchObject({ kecamatanId: home.kecamatanId, desaKelurahanId: home.id });
});

test("a cadre signing up in a ward while it moves to another kecamatan is refused on the ward (PostgreSQL)", async () => {
  if (t.handle.kind !== "postgres") return;
  const moving = await ward(t.db, 16);
  const other = await otherDistrictThan(moving.kecamatanId);
  const [district] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, moving.kecamatanId));
  const input = await kaderInput(t.db, t.env.APP_SECRET, {
    kecamatanKode: district?.kode ?? "",
    desaKelurahanId: moving.id,
  });

  // The sign-up finds the ward in its old kecamatan, then its account's key check waits for the move.
  const error = await duringMove(moving, other, "1990", false, () =>
    callerFor(t, null, "10.9.9.9").kader.register(input),
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect(error instanceof TRPCError ? [error.code, error.message] : []).toEqual([
    "BAD_REQUEST",
    "Pilih kelurahan/desa",
  ]);
  // Nothing of it stays: no account, no registration waiting for review.
  expect(await t.db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
  expect(await t.db.select().from(registers).where(eq(registers.nikKepalaKeluarga, input.nik))).toEqual([]);
});

test("a ward's move and a cadre's sign-up into it, locking in the other order, end in an answer, not a 500 (PostgreSQL)", async () => {
  if (t.handle.kind !== "postgres") return;
  const moving = await ward(t.db, 20);
  const other = await otherDistrictThan(moving.kecamatanId);
  const admin = await createUser(t.db, { role: "admin" });
  // A sign-up places its account first (a key lock on the ward's row), then its own register, whose
  // trigger takes the ward's rollup lock. The move takes the rollup lock first, then updates the row.
  let signUpTx: Tx | undefined;
  const signUp = await heldOpen(t, async (tx) => {
    signUpTx = tx;
    await tx.insert(users).values({
      email: `pindah${Date.now()}@contoh.id`,
      username: `pindah_${Date.now()}`,
      role: "kader",
      fullName: "Kader Baru",
      kecamatanId: moving.kecamatanId,
      desaKelurahanId: moving.id,
    });
  });
  const move = outcome(
    callerFor(t, admin).regions.updateDesaKelurahan({
      id: moving.id,
      version: moving.version,
      data: {
        nama: moving.nama,
        kode: `${other.kode}.1995`,
        jenis: moving.jenis,
        kodePos: moving.kodePos,
        luasWilayah: moving.luasWilayah,
        jumlahPenduduk: moving.jumlahPenduduk,
        kecamatanId: other.id,
      },
    }),
  );
  await lockWaiters(t, 1);
  if (!signUpTx) throw new Error("the sign-up never started");
  // Each now waits for the other: PostgreSQL ends one of them (deadlock_detected).
  const signUpLocked = await outcome(lockWards(signUpTx, moving.id));
  await outcome(signUp.release());
  const error = await move;
  if (signUpLocked === null) {
    // The move was ended and ran again after the sign-up: it counts the new cadre and says so.
    expect(error instanceof TRPCError ? [error.code, error.message] : error).toEqual([
      "BAD_REQUEST",
      `Kecamatan tidak dapat diubah karena ${moving.nama} masih memiliki 1 kader/pengguna`,
    ]);
  } else {
    // The sign-up was ended (its own door runs it again: writeTransaction); the move went through.
    expect(error).toBeNull();
  }
});
