// An area (a ward or a kecamatan) deleted while something is being written into it. The delete
// waits for a write already in the area and then refuses with what the area holds (409 "… masih
// memiliki …"); a write that reaches the area after the delete is answered as its own check answers
// an area that is not there (400 on the area's field). Never a 500 at either end. The interleavings
// are forced with a transaction held open, so these run on PostgreSQL only.
import { expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { TRPCError } from "@trpc/server";
import { dasawisma } from "../../db/schema/recaps.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import { issueCaptcha } from "../public/captcha.ts";
import { familyForm, ward } from "../../../test/factories.ts";
import { callerFor, createUser, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { heldOpen as heldOpenIn, lockWaiters as lockWaitersIn, outcome, type Tx } from "../../../test/held-locks.ts";
import { kaderInput } from "../../../test/kader-input.ts";
import { cookieOf, restBody, restCall } from "../../../test/rest.ts";

const t = useTestApp();
const onPostgres = () => t.handle.kind === "postgres";
const heldOpen = (work: (tx: Tx) => Promise<unknown>) => heldOpenIn(t, work);
const lockWaiters = (count: number) => lockWaitersIn(t, count);

interface Answer {
  code: string;
  message: string;
  fieldErrors?: unknown;
}

/** What a tRPC refusal says: code, message and the field messages of its DomainError. */
function answer(error: unknown): Answer {
  if (!(error instanceof TRPCError)) return { code: "none", message: String(error) };
  const cause = error.cause;
  const fieldErrors =
    cause && "options" in cause && typeof cause.options === "object" && cause.options && "fieldErrors" in cause.options
      ? cause.options.fieldErrors
      : undefined;
  return { code: error.code, message: error.message, fieldErrors };
}

async function newKecamatan(admin: Awaited<ReturnType<typeof createUser>>, kode: string) {
  return callerFor(t, admin).regions.createKecamatan({ nama: `Uji Hapus ${kode}`, kode });
}

const deleteWardRaw = (id: number) => (tx: Tx) => tx.delete(desaKelurahan).where(eq(desaKelurahan.id, id));
// A write held at its audit row: it has written (and locked its key to) the area already.
const holdAudit = (tx: Tx) => tx.execute(sql`lock table audit_log in exclusive mode`);

const unknownWard: Answer = {
  code: "BAD_REQUEST",
  message: "Pilih kelurahan",
  fieldErrors: [{ path: ["address", "desaKelurahanId"], message: "Pilih kelurahan" }],
};
const userWardGone: Answer = {
  code: "BAD_REQUEST",
  message: "Pilih kelurahan/desa",
  fieldErrors: [{ path: ["desaKelurahanId"], message: "Pilih kelurahan/desa" }],
};

test("a family written into a ward while it is deleted is refused on its address at every door (PostgreSQL)", async () => {
  if (!onPostgres()) return;
  const admin = await createUser(t.db, { role: "admin" });
  const doors = [
    async (form: Awaited<ReturnType<typeof familyForm>>) =>
      answer(await outcome(callerFor(t, admin).registers.create({ data: form, confirmNik: true }))),
    async (form: Awaited<ReturnType<typeof familyForm>>) => {
      const captcha = issueCaptcha(t.env.APP_SECRET, "family");
      return answer(
        await outcome(
          callerFor(t, null, "10.9.8.7").registers.registerFamily({
            form,
            captcha: { token: captcha.token, answer: solveCaptcha(captcha.question) },
            idempotencyKey: crypto.randomUUID(),
          }),
        ),
      );
    },
    async (form: Awaited<ReturnType<typeof familyForm>>) => {
      const response = await restCall(t, "POST", "/registers", await cookieOf(t, admin), restBody(form));
      return { status: response.status, message: response.json.error?.message };
    },
  ];
  const answers = [];
  for (const [index, door] of doors.entries()) {
    const wardIndex = 30 + index;
    const doomed = await ward(t.db, wardIndex);
    const form = await familyForm(t.db, { wardIndex });
    // The write checks the ward (still there for it), then its key waits for the delete.
    const deletion = await heldOpen(deleteWardRaw(doomed.id));
    const written = door(form);
    await lockWaiters(1);
    await deletion.release();
    answers.push(await written);
    expect(await t.db.select().from(registers).where(eq(registers.desaKelurahanId, doomed.id))).toEqual([]);
  }
  expect(answers).toEqual([unknownWard, unknownWard, { status: 400, message: "Pilih kelurahan" }]);
});

test("a ward's delete waits for a family or a cadre being written into it, then says what it holds (PostgreSQL)", async () => {
  if (!onPostgres()) return;
  const admin = await createUser(t.db, { role: "admin" });
  const adminCaller = callerFor(t, admin);

  const familyWard = await ward(t.db, 33);
  const form = await familyForm(t.db, { wardIndex: 33 });
  const audits = await heldOpen(holdAudit);
  const family = outcome(adminCaller.registers.create({ data: form, confirmNik: true }));
  await lockWaiters(1);
  const familyDelete = outcome(adminCaller.regions.deleteDesaKelurahan({ id: familyWard.id }));
  await lockWaiters(2);
  await audits.release();
  expect(await family).toBeNull();
  expect(answer(await familyDelete)).toMatchObject({
    code: "CONFLICT",
    message: `${familyWard.nama} tidak dapat dihapus karena masih memiliki 1 data keluarga`,
  });

  // A user takes no ward lock: its key to the ward is what the delete waits for.
  const cadreWard = await ward(t.db, 34);
  const cadre = await createUser(t.db, { role: "kader", status: "active" });
  const held = await heldOpen(holdAudit);
  const placed = outcome(
    adminCaller.users.updateAccess({
      userId: cadre.id,
      role: "kader",
      level: "kelurahan",
      kecamatanId: null,
      desaKelurahanId: cadreWard.id,
      rw: "",
      rt: "",
    }),
  );
  await lockWaiters(1);
  const cadreDelete = outcome(adminCaller.regions.deleteDesaKelurahan({ id: cadreWard.id }));
  await lockWaiters(2);
  await held.release();
  expect(await placed).toBeNull();
  expect(answer(await cadreDelete)).toMatchObject({
    code: "CONFLICT",
    message: `${cadreWard.nama} tidak dapat dihapus karena masih memiliki 1 kader/pengguna`,
  });
  expect(await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, cadreWard.id))).toHaveLength(1);
});

test("a cadre approved, moved or signing up into a ward while it is deleted is refused on the ward (PostgreSQL)", async () => {
  if (!onPostgres()) return;
  const admin = await createUser(t.db, { role: "admin" });
  const home = await ward(t.db, 35);

  const approvedInto = await ward(t.db, 36);
  const pending = await createUser(t.db, {
    role: "kader",
    status: "pending",
    kecamatanId: home.kecamatanId,
    desaKelurahanId: home.id,
  });
  let deletion = await heldOpen(deleteWardRaw(approvedInto.id));
  const approval = outcome(
    callerFor(t, admin).users.approveKader({
      userId: pending.id,
      level: "kelurahan",
      desaKelurahanId: approvedInto.id,
      rw: "",
      rt: "",
    }),
  );
  await lockWaiters(1);
  await deletion.release();
  expect(answer(await approval)).toEqual(userWardGone);
  const [stillPending] = await t.db.select().from(users).where(eq(users.id, pending.id));
  expect(stillPending).toMatchObject({ status: "pending", desaKelurahanId: home.id });

  const movedInto = await ward(t.db, 37);
  const cadre = await createUser(t.db, {
    role: "kader",
    level: "kelurahan",
    kecamatanId: home.kecamatanId,
    desaKelurahanId: home.id,
  });
  deletion = await heldOpen(deleteWardRaw(movedInto.id));
  const moved = outcome(
    callerFor(t, admin).users.updateAccess({
      userId: cadre.id,
      role: "kader",
      level: "kelurahan",
      kecamatanId: null,
      desaKelurahanId: movedInto.id,
      rw: "",
      rt: "",
    }),
  );
  await lockWaiters(1);
  await deletion.release();
  expect(answer(await moved)).toEqual(userWardGone);

  const signedUpInto = await ward(t.db, 38);
  const [district] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, signedUpInto.kecamatanId));
  const input = await kaderInput(t.db, t.env.APP_SECRET, {
    kecamatanKode: district?.kode ?? "",
    desaKelurahanId: signedUpInto.id,
  });
  deletion = await heldOpen(deleteWardRaw(signedUpInto.id));
  const signUp = outcome(callerFor(t, null, "10.9.8.6").kader.register(input));
  await lockWaiters(1);
  await deletion.release();
  expect(answer(await signUp)).toEqual(userWardGone);
  expect(await t.db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
});

test("a kecamatan's delete waits for a ward or a cadre being written into it; writes after it are refused on the kecamatan (PostgreSQL)", async () => {
  if (!onPostgres()) return;
  const admin = await createUser(t.db, { role: "admin" });
  const adminCaller = callerFor(t, admin);

  // A ward being created in the kecamatan: the delete counts it once it is there.
  const withWard = await newKecamatan(admin, "32.75.91");
  const creation = await heldOpen((tx) =>
    tx
      .insert(desaKelurahan)
      .values({ kecamatanId: withWard.id, kode: "32.75.91.1001", nama: "Baru Dibuat", jenis: "kelurahan" }),
  );
  const wardDelete = outcome(adminCaller.regions.deleteKecamatan({ id: withWard.id }));
  await lockWaiters(1);
  await creation.release();
  expect(answer(await wardDelete)).toMatchObject({
    code: "CONFLICT",
    message: `Kecamatan ${withWard.nama} tidak dapat dihapus karena masih memiliki 1 desa/kelurahan`,
  });

  // A cadre being placed at the kecamatan's level.
  const withCadre = await newKecamatan(admin, "32.75.92");
  const cadre = await createUser(t.db, { role: "kader", status: "active" });
  const access = {
    userId: cadre.id,
    role: "kader" as const,
    level: "kecamatan" as const,
    kecamatanId: withCadre.id,
    desaKelurahanId: null,
    rw: "",
    rt: "",
  };
  const audits = await heldOpen(holdAudit);
  const placed = outcome(adminCaller.users.updateAccess(access));
  await lockWaiters(1);
  const cadreDelete = outcome(adminCaller.regions.deleteKecamatan({ id: withCadre.id }));
  await lockWaiters(2);
  await audits.release();
  expect(await placed).toBeNull();
  expect(answer(await cadreDelete)).toMatchObject({
    code: "CONFLICT",
    message: `Kecamatan ${withCadre.nama} tidak dapat dihapus karena masih memiliki 1 kader/pengguna`,
  });

  // A ward created, and a cadre placed, in a kecamatan deleted after they read it.
  const doomed = await newKecamatan(admin, "32.75.93");
  let deletion = await heldOpen((tx) => tx.delete(kecamatan).where(eq(kecamatan.id, doomed.id)));
  const created = outcome(
    adminCaller.regions.createDesaKelurahan({
      nama: "Terlambat",
      kode: "32.75.93.1001",
      jenis: "kelurahan",
      kodePos: "",
      luasWilayah: "",
      jumlahPenduduk: "",
      kecamatanId: doomed.id,
    }),
  );
  await lockWaiters(1);
  await deletion.release();
  expect(answer(await created)).toEqual({
    code: "BAD_REQUEST",
    message: "Kecamatan tidak ditemukan",
    fieldErrors: [{ path: ["kecamatanId"], message: "Kecamatan tidak ditemukan" }],
  });

  const doomedToo = await newKecamatan(admin, "32.75.94");
  deletion = await heldOpen((tx) => tx.delete(kecamatan).where(eq(kecamatan.id, doomedToo.id)));
  const moved = outcome(adminCaller.users.updateAccess({ ...access, kecamatanId: doomedToo.id }));
  await lockWaiters(1);
  await deletion.release();
  expect(answer(await moved)).toEqual({
    code: "BAD_REQUEST",
    message: "Pilih kecamatan",
    fieldErrors: [{ path: ["kecamatanId"], message: "Pilih kecamatan" }],
  });
});

test("a ward whose families and cadres are gone but which still has a dasawisma group is not deleted, and says why", async () => {
  const admin = await createUser(t.db, { role: "admin" });
  const grouped = await ward(t.db, 39);
  await t.db.insert(dasawisma).values({
    desaKelurahanId: grouped.id,
    rw: "001",
    rt: "001",
    name: "Dasawisma Melati",
    leaderName: "Ibu Ani",
  });
  expect(answer(await outcome(callerFor(t, admin).regions.deleteDesaKelurahan({ id: grouped.id })))).toMatchObject({
    code: "CONFLICT",
    message: `${grouped.nama} tidak dapat dihapus karena masih memiliki 1 kelompok dasawisma`,
  });
});
