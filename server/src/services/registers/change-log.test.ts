// The registers' change version grows exactly when a write that a register count can see commits, on
// every door that writes (rows, wards, districts, the bulk rebuild), and never makes writers wait.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../db/client.ts";
import { registerChanges } from "../../db/schema/register-changes.ts";
import { registers } from "../../db/schema/registers.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { createPostgresDatabase } from "../../../test/private-postgres.ts";
import { rebuildRollups } from "../figures/rollups.ts";
import { foldRegisterChanges, readRegisterChangeVersion } from "./change-log.ts";

const t = useTestApp();

describe("the registers' change version", () => {
  test("moves with every committed write to registers, wards and districts; not with a read or a rollback", async () => {
    const version = () => readRegisterChangeVersion(t.db);
    const before = await version();
    const family = await createFamilyRegister(t.db);
    const created = await version();
    expect(created).toBeGreaterThan(before);

    await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(await version()).toBe(created);

    await t.db.update(registers).set({ rw: "002" }).where(eq(registers.id, family.id));
    const edited = await version();
    expect(edited).toBeGreaterThan(created);

    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, family.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await version()).toBe(edited);

    // Several statements in one transaction are one change.
    await t.db.transaction(async (tx) => {
      await tx.update(registers).set({ rt: "003" }).where(eq(registers.id, family.id));
      await tx.update(registers).set({ rt: "004" }).where(eq(registers.id, family.id));
    });
    const twice = await version();
    expect(twice).toBe(edited + 1);

    const [ward] = await t.db.select().from(desaKelurahan).limit(1);
    if (!ward) throw new Error("no ward seeded");
    await t.db
      .update(desaKelurahan)
      .set({ nama: `${ward.nama} ` })
      .where(eq(desaKelurahan.id, ward.id));
    const wardRenamed = await version();
    expect(wardRenamed).toBeGreaterThan(twice);

    await t.db
      .update(kecamatan)
      .set({ kode: sql`${kecamatan.kode}` })
      .where(eq(kecamatan.id, ward.kecamatanId));
    const districtTouched = await version();
    expect(districtTouched).toBeGreaterThan(wardRenamed);

    await t.db.delete(registers).where(eq(registers.id, family.id));
    expect(await version()).toBeGreaterThan(districtTouched);
  });

  test("a bulk load's rebuild (written with triggers off) moves it", async () => {
    const before = await readRegisterChangeVersion(t.db);
    await rebuildRollups(t.db);
    expect(await readRegisterChangeVersion(t.db)).toBeGreaterThan(before);
  });

  test("folding keeps the version and leaves one row", async () => {
    for (let index = 0; index < 3; index += 1) await createFamilyRegister(t.db, { wardIndex: index });
    const before = await readRegisterChangeVersion(t.db);
    const rows = (await t.db.select().from(registerChanges)).length;
    expect(rows).toBeGreaterThan(3);
    expect(await foldRegisterChanges(t.db)).toBe(rows - 1);
    expect(await readRegisterChangeVersion(t.db)).toBe(before);
    expect(await t.db.select().from(registerChanges)).toEqual([{ transactionId: 0, changes: before }]);
    expect(await foldRegisterChanges(t.db)).toBe(0);
    expect(await readRegisterChangeVersion(t.db)).toBe(before);
  });
});

// Two connections at once: PostgreSQL only (PGlite has one), on a database of its own.
describe("two writers at once (PostgreSQL)", () => {
  let handle: DatabaseHandle | undefined;
  let drop = async () => {};

  beforeAll(async () => {
    const database = await createPostgresDatabase("pkk_changes");
    drop = database.drop;
    handle = await openDatabase({ url: database.url });
    await handle.migrate();
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await drop();
  });

  test("never wait on each other for the log, and each commit counts once", async () => {
    if (!handle) throw new Error("no database");
    const db = handle.db;
    const [first, second] = await db
      .insert(kecamatan)
      .values([
        { nama: "Uji Satu", kode: "99.01.01" },
        { nama: "Uji Dua", kode: "99.01.02" },
      ])
      .returning({ id: kecamatan.id });
    if (!first || !second) throw new Error("no districts");
    const before = await readRegisterChangeVersion(db);
    let releaseFirst = () => {};
    const firstMayCommit = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstWrote = () => {};
    const firstHasWritten = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    const writer = db.transaction(async (tx) => {
      await tx.update(kecamatan).set({ nama: "Uji Satu A" }).where(eq(kecamatan.id, first.id));
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    // The second writer would wait on the first if they shared a row of the log; it must not.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '1s'`);
      await tx.update(kecamatan).set({ nama: "Uji Dua A" }).where(eq(kecamatan.id, second.id));
    });
    // The uncommitted first write is not in the version yet.
    expect(await readRegisterChangeVersion(db)).toBe(before + 1);
    releaseFirst();
    await writer;
    expect(await readRegisterChangeVersion(db)).toBe(before + 2);
  }, 30_000);
});
