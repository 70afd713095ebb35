import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import {
  getDistricts,
  getRegencies,
  getVillages,
  type DistrictCsv,
  type RegencyCsv,
  type VillageCsv,
} from "idn-area-data";
import type { Db, DbOrTx } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { dasawisma, recapSignoffs } from "../../db/schema/recaps.ts";
import { registers } from "../../db/schema/registers.ts";
import { violatedConstraint } from "../../db/sql-state.ts";
import { lockWards } from "../../db/ward-lock.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import { isWardInKecamatanViolation } from "../common/ward-in-kecamatan.ts";
import { users } from "../../db/schema/users.ts";
import {
  desaKelurahanFormSchema,
  desaKelurahanPageInput,
  kecamatanFormSchema,
  kodeKecamatanOf,
  type DesaKelurahanForm,
  type DesaKelurahanOption,
  type DesaKelurahanPage,
  type DesaKelurahanPageInput,
  type DesaKelurahanRow,
  type DistrictOption,
  type JenisWilayah,
  type KecamatanForm,
  type KecamatanOption,
  type KecamatanSummary,
  type RegencyOption,
} from "@shared/schemas/regions.ts";
import type { Actor } from "../accounts/actor.ts";
import { DomainError } from "../common/errors.ts";
import { escapeLike } from "../common/like.ts";
import { isUniqueViolation } from "../common/unique-violation.ts";
import { requireAdmin } from "../common/access.ts";
import { parseInput } from "../common/input.ts";
import { audit } from "../audit/audit-log.ts";

// The regency/city list of the cadre form (SPEC §3), by official code; names come from the data.
const spotlightRegencyCodes = [
  "32.73",
  "32.04",
  "32.75",
  "32.16",
  "32.71",
  "32.01",
  "32.76",
  "31.73",
  "31.75",
  "31.74",
  "31.72",
  "31.71",
  "36.71",
  "36.03",
  "36.74",
];

export class UnknownCityError extends Error {}

// The package parses its CSV files on every call; the data never changes while we run.
let areaData:
  | Promise<{
      regencies: RegencyCsv[];
      districts: DistrictCsv[];
      villages: () => Promise<VillageCsv[]>;
    }>
  | undefined;
let villageData: Promise<VillageCsv[]> | undefined;

function loadAreas() {
  areaData ??= Promise.all([getRegencies(), getDistricts()]).then(([regencies, districts]) => ({
    regencies,
    districts,
    villages: () => (villageData ??= getVillages()),
  }));
  return areaData;
}

function titleCase(value: string): string {
  return value
    .toLowerCase()
    .replace(/(^|[\s(/-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** "KOTA ADMINISTRASI JAKARTA BARAT" → { jenis: Kota, nama: Jakarta Barat }. */
function splitRegencyName(name: string): { jenis: RegencyOption["jenis"]; nama: string } {
  const jenis = name.startsWith("KABUPATEN") ? "Kabupaten" : "Kota";
  const nama = name.replace(/^(KABUPATEN|KOTA)( ADMINISTRASI)? /, "");
  return { jenis, nama: titleCase(nama) };
}

/** The official code's village part starts with 1 for a kelurahan and 2 for a desa. */
export function jenisFromKode(kode: string): JenisWilayah {
  return kode.split(".")[3]?.startsWith("2") ? "desa" : "kelurahan";
}

export async function cityName(cityCode: string): Promise<string> {
  const regency = (await loadAreas()).regencies.find((row) => row.code === cityCode);
  if (!regency) throw new UnknownCityError(`CITY_CODE ${cityCode} is not a regency/city code in idn-area-data`);
  const { jenis, nama } = splitRegencyName(regency.name);
  return `${jenis} ${nama}`;
}

export async function listRegencies(): Promise<RegencyOption[]> {
  const { regencies } = await loadAreas();
  return spotlightRegencyCodes.flatMap((code) => {
    const regency = regencies.find((row) => row.code === code);
    return regency ? [{ id: code, ...splitRegencyName(regency.name) }] : [];
  });
}

export async function listDistrictsOfRegency(regencyCode: string): Promise<DistrictOption[]> {
  const { districts } = await loadAreas();
  return districts
    .filter((row) => row.regency_code === regencyCode)
    .map((row) => ({ kode: row.code, nama: row.name }))
    .sort((a, b) => a.nama.localeCompare(b.nama, "id"));
}

/** Seeds the configured city's kecamatan and kelurahan from idn-area-data; safe to run again. */
export async function seedRegions(db: Db, cityCode: string): Promise<{ kecamatan: number; desaKelurahan: number }> {
  await cityName(cityCode);
  const areas = await loadAreas();
  const districts = areas.districts.filter((row) => row.regency_code === cityCode);
  const districtCodes = new Set(districts.map((row) => row.code));
  const villages = (await areas.villages()).filter((row) => districtCodes.has(row.district_code));

  await db.transaction(async (tx) => {
    if (districts.length > 0) {
      await tx
        .insert(kecamatan)
        .values(districts.map((row) => ({ kode: row.code, nama: row.name })))
        .onConflictDoNothing({ target: kecamatan.kode });
    }
    const ids = new Map(
      (await tx.select({ id: kecamatan.id, kode: kecamatan.kode }).from(kecamatan)).map((row) => [row.kode, row.id]),
    );
    const rows = villages.flatMap((row) => {
      const kecamatanId = ids.get(row.district_code);
      return kecamatanId === undefined
        ? []
        : [{ kecamatanId, kode: row.code, nama: row.name, jenis: jenisFromKode(row.code) }];
    });
    if (rows.length > 0) {
      await tx.insert(desaKelurahan).values(rows).onConflictDoNothing({ target: desaKelurahan.kode });
    }
  });
  return { kecamatan: districts.length, desaKelurahan: villages.length };
}

export async function regionsAreEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(kecamatan);
  return (row?.count ?? 0) === 0;
}

export async function listKecamatan(db: Db): Promise<KecamatanOption[]> {
  return db
    .select({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama })
    .from(kecamatan)
    .orderBy(asc(kecamatan.nama));
}

export async function listDesaKelurahan(db: Db, kecamatanId: number): Promise<DesaKelurahanOption[]> {
  return db
    .select({
      id: desaKelurahan.id,
      kode: desaKelurahan.kode,
      nama: desaKelurahan.nama,
      jenis: desaKelurahan.jenis,
      kecamatanId: desaKelurahan.kecamatanId,
    })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.kecamatanId, kecamatanId))
    .orderBy(asc(desaKelurahan.nama));
}

export async function requireKecamatan(db: DbOrTx, id: number): Promise<KecamatanOption> {
  const [row] = await db
    .select({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama })
    .from(kecamatan)
    .where(eq(kecamatan.id, id));
  if (!row) throw new DomainError("NOT_FOUND", "Kecamatan tidak ditemukan");
  return row;
}

// ─── Administration: admins create, edit and delete districts and villages/wards ─────────────

const unknownKecamatanMessage = "Kecamatan tidak ditemukan";

function invalid(path: string, message: string): DomainError {
  return new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: [path], message }] });
}

const rowColumns = {
  id: desaKelurahan.id,
  nama: desaKelurahan.nama,
  kode: desaKelurahan.kode,
  jenis: desaKelurahan.jenis,
  kodePos: desaKelurahan.kodePos,
  luasWilayah: desaKelurahan.luasWilayah,
  jumlahPenduduk: desaKelurahan.jumlahPenduduk,
  kecamatanId: desaKelurahan.kecamatanId,
  kecamatanNama: kecamatan.nama,
  version: desaKelurahan.version,
};

/** The admin table: search by name or code, filter by type and district, paged on the server. */
export async function pageDesaKelurahan(
  db: Db,
  actor: Actor,
  input: DesaKelurahanPageInput,
): Promise<DesaKelurahanPage> {
  requireAdmin(actor);
  const { search, jenis, kecamatanId, page, pageSize } = parseInput(desaKelurahanPageInput, input);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const match = or(ilike(desaKelurahan.nama, pattern), ilike(desaKelurahan.kode, pattern));
    if (match) conditions.push(match);
  }
  if (jenis !== "all") conditions.push(eq(desaKelurahan.jenis, jenis));
  if (kecamatanId !== undefined) conditions.push(eq(desaKelurahan.kecamatanId, kecamatanId));
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(desaKelurahan).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select(rowColumns)
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(where)
    .orderBy(asc(desaKelurahan.nama), asc(desaKelurahan.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, page, pageSize, pageCount: Math.ceil(total / pageSize), total };
}

/** Every village/ward of one district with its figures (the Browse tab; a district has dozens at most). */
export async function browseDesaKelurahan(db: Db, actor: Actor, kecamatanId: number): Promise<DesaKelurahanRow[]> {
  requireAdmin(actor);
  return db
    .select(rowColumns)
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(eq(desaKelurahan.kecamatanId, kecamatanId))
    .orderBy(asc(desaKelurahan.nama));
}

export async function getDesaKelurahan(db: DbOrTx, id: number): Promise<DesaKelurahanRow> {
  const [row] = await db
    .select(rowColumns)
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(eq(desaKelurahan.id, id));
  if (!row) throw new DomainError("NOT_FOUND", "Desa/kelurahan tidak ditemukan");
  return row;
}

/** Districts with how many villages/wards each has (the Management tab's summary and pickers). */
export async function listKecamatanSummary(db: Db, actor: Actor): Promise<KecamatanSummary[]> {
  requireAdmin(actor);
  return db
    .select({
      id: kecamatan.id,
      kode: kecamatan.kode,
      nama: kecamatan.nama,
      desaKelurahanCount: count(desaKelurahan.id),
      version: kecamatan.version,
    })
    .from(kecamatan)
    .leftJoin(desaKelurahan, eq(desaKelurahan.kecamatanId, kecamatan.id))
    .groupBy(kecamatan.id)
    .orderBy(asc(kecamatan.nama));
}

async function checkDesaKelurahan(tx: DbOrTx, form: DesaKelurahanForm, selfId?: number): Promise<void> {
  const [district] = await tx
    .select({ kode: kecamatan.kode })
    .from(kecamatan)
    .where(eq(kecamatan.id, form.kecamatanId));
  if (!district) throw invalid("kecamatanId", unknownKecamatanMessage);
  if (kodeKecamatanOf(form.kode) !== district.kode) {
    throw invalid("kode", `Kode harus berada di dalam kode kecamatan ${district.kode}, contoh ${district.kode}.1001`);
  }
  const [taken] = await tx
    .select({ id: desaKelurahan.id })
    .from(desaKelurahan)
    .where(and(eq(desaKelurahan.kode, form.kode), selfId === undefined ? undefined : ne(desaKelurahan.id, selfId)));
  if (taken) throw invalid("kode", `Kode ${form.kode} sudah digunakan`);
}

function columnsOf(form: DesaKelurahanForm) {
  return {
    nama: form.nama,
    kode: form.kode,
    jenis: form.jenis,
    kodePos: form.kodePos,
    luasWilayah: form.luasWilayah,
    jumlahPenduduk: form.jumlahPenduduk,
    kecamatanId: form.kecamatanId,
  };
}

const KECAMATAN_KEY = new Set(["desa_kelurahan_kecamatan_id_kecamatan_id_fk"]);
const FOREIGN_KEY_VIOLATION = new Set(["23503"]);

/** Answers a region write statement that lost a race as the check before it would have. */
async function raceGuard<T>(kode: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // Two admins saving the same code at once: the unique index decides.
    if (isUniqueViolation(error)) throw invalid("kode", `Kode ${kode} sudah digunakan`);
    // The kecamatan was deleted after the check read it (the delete waits for a ward already written).
    const key = violatedConstraint(error, FOREIGN_KEY_VIOLATION);
    if (key !== undefined && KECAMATAN_KEY.has(key)) throw invalid("kecamatanId", unknownKecamatanMessage);
    throw error;
  }
}

export async function createDesaKelurahan(db: Db, actor: Actor, input: unknown): Promise<DesaKelurahanRow> {
  requireAdmin(actor);
  const form = parseInput(desaKelurahanFormSchema, input);
  return db.transaction(async (tx) => {
    await checkDesaKelurahan(tx, form);
    const [created] = await raceGuard(form.kode, () =>
      tx.insert(desaKelurahan).values(columnsOf(form)).returning({ id: desaKelurahan.id }),
    );
    if (!created) throw new Error("insert returned nothing");
    const row = await getDesaKelurahan(tx, created.id);
    await auditRegion(tx, actor, "region.create", "desa_kelurahan", row.id, { after: formOf(row) });
    return row;
  });
}

/**
 * A change to the map of districts and wards, on the record with what it was and what it became:
 * every family, cadre and figure is filed under these areas.
 */
function auditRegion(
  tx: DbOrTx,
  actor: Actor,
  action: "region.create" | "region.update" | "region.delete",
  entity: "kecamatan" | "desa_kelurahan",
  id: number,
  details: { before?: Record<string, unknown>; after?: Record<string, unknown> },
): Promise<void> {
  return audit(tx, actor, { action, entity, entityId: id, details });
}

/** The fields an edit changed, before and after (unchanged ones left out). */
function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = Object.keys(after).filter((key) => String(before[key]) !== String(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

export const staleRegionMessage =
  "Data ini sudah diubah oleh pengguna lain sejak Anda membukanya. Tutup formulir ini dan buka kembali untuk melihat data terbaru, lalu simpan ulang perubahan Anda.";

/**
 * The row as it is now, held until the edit commits, so a second edit of it reads it only after this
 * one. "No key update": a family or user written into the area meanwhile (a key-share lock) does
 * not wait for it.
 */
async function holdRow(tx: DbOrTx, table: typeof desaKelurahan | typeof kecamatan, id: number): Promise<void> {
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("no key update");
}

/** The stored ward as its form's fields (what a partial change is laid over). */
function formOf(row: DesaKelurahanRow): Record<string, unknown> {
  const { nama, kode, jenis, kodePos, luasWilayah, jumlahPenduduk, kecamatanId } = row;
  return { nama, kode, jenis, kodePos, luasWilayah, jumlahPenduduk, kecamatanId };
}

/** The admin's form: every field, saved only if nobody changed the ward since the form read `version`. */
export async function updateDesaKelurahan(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  input: unknown,
): Promise<DesaKelurahanRow> {
  requireAdmin(actor);
  const form = parseInput(desaKelurahanFormSchema, input);
  return editDesaKelurahan(db, actor, id, (current) => {
    if (current.version !== version) throw new DomainError("CONFLICT", staleRegionMessage);
    return form;
  });
}

/** REST's PUT: only the given fields change, laid over the ward as it is once the edit holds it. */
export async function patchDesaKelurahan(
  db: Db,
  actor: Actor,
  id: number,
  change: Record<string, unknown>,
): Promise<DesaKelurahanRow> {
  requireAdmin(actor);
  return editDesaKelurahan(db, actor, id, (current) =>
    parseInput(desaKelurahanFormSchema, { ...formOf(current), ...change }),
  );
}

/** One edit of a ward: `formFor` turns the held row into the form to save (or refuses). */
async function editDesaKelurahan(
  db: Db,
  actor: Actor,
  id: number,
  formFor: (current: DesaKelurahanRow) => DesaKelurahanForm,
): Promise<DesaKelurahanRow> {
  // A move takes the ward's rollup lock, then needs its row; a cadre's sign-up into the ward holds
  // a key lock on that row, then wants the rollup lock for its register. PostgreSQL ends one of the
  // two (deadlock_detected): run again (writeTransaction), the move counts the new cadre and says so.
  return moveGuard(db, id, () =>
    writeTransaction(db, async (tx) => {
      await holdRow(tx, desaKelurahan, id);
      const current = await getDesaKelurahan(tx, id);
      const form = formFor(current);
      await checkDesaKelurahan(tx, form, id);
      if (form.kecamatanId !== current.kecamatanId) await assertMovable(tx, current);
      await raceGuard(form.kode, () =>
        tx
          .update(desaKelurahan)
          .set({ ...columnsOf(form), version: sql`${desaKelurahan.version} + 1`, updatedAt: new Date() })
          .where(eq(desaKelurahan.id, id)),
      );
      const saved = await getDesaKelurahan(tx, id);
      await auditRegion(
        tx,
        actor,
        "region.update",
        "desa_kelurahan",
        id,
        changedFields(formOf(current), formOf(saved)),
      );
      return saved;
    }),
  );
}

/**
 * A user (cadres take no ward lock) written into the ward between the move's count and its update:
 * the ward-in-kecamatan key refuses the update, answered as the count would have.
 */
async function moveGuard<T>(db: Db, id: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isWardInKecamatanViolation(error)) throw error;
    throw (await moveRefusal(db, await getDesaKelurahan(db, id))) ?? error;
  }
}

async function countWhere(
  tx: DbOrTx,
  table: typeof registers | typeof users | typeof desaKelurahan | typeof dasawisma | typeof recapSignoffs,
  where: SQL,
): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

/** Why an area cannot go yet ("masih memiliki 3 data keluarga dan 1 kader"), or null. */
function blockers(parts: Array<[number, string]>): string | null {
  const named = parts
    .filter(([total]) => total > 0)
    .map(([total, noun]) => `${new Intl.NumberFormat("id-ID").format(total)} ${noun}`);
  if (named.length === 0) return null;
  return named.length === 1 ? (named[0] ?? null) : `${named.slice(0, -1).join(", ")} dan ${named.at(-1)}`;
}

/**
 * A ward goes to another kecamatan only while it holds no family and no user: both store their
 * kecamatan beside the ward (the per-kecamatan statistics, the status card and REST's kecamatan
 * relation read it; migration issue12_ward_in_kecamatan makes the pair a key), and a city ward's
 * ~10,000 families are more rows than a request may rewrite. The ward's rollup lock is taken
 * first, so a family written into the ward meanwhile is either counted here or waits for the move.
 */
async function assertMovable(tx: DbOrTx, ward: DesaKelurahanRow): Promise<void> {
  await lockWards(tx, ward.id);
  const refusal = await moveRefusal(tx, ward);
  if (refusal) throw refusal;
}

/** Why the ward cannot change kecamatan now, or null. */
async function moveRefusal(db: DbOrTx, ward: DesaKelurahanRow): Promise<DomainError | null> {
  const reason = blockers([
    [await countWhere(db, registers, eq(registers.desaKelurahanId, ward.id)), "data keluarga"],
    [await countWhere(db, users, eq(users.desaKelurahanId, ward.id)), "kader/pengguna"],
  ]);
  if (!reason) return null;
  return invalid("kecamatanId", `Kecamatan tidak dapat diubah karena ${ward.nama} masih memiliki ${reason}`);
}

/**
 * Takes the area's row lock before counting what it still holds. Every row written into the area
 * (a family, a user, a ward, a dasawisma: each names it by a foreign key) holds a key-share lock on
 * it until it commits: so the count waits for a write already under way and sees it, and a write
 * that comes later waits for the delete and fails on its key (answered by its own door as an area
 * that is no longer there). Not the wards' rollup lock: a cadre's sign-up places its account, then
 * its family record (which takes that lock), so holding both would deadlock with it.
 */
async function lockAreaRow(tx: DbOrTx, table: typeof desaKelurahan | typeof kecamatan, id: number): Promise<void> {
  await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
}

/** Why the ward cannot be deleted now ("… masih memiliki …"), or null. */
async function wardDeleteRefusal(tx: DbOrTx, ward: DesaKelurahanRow): Promise<DomainError | null> {
  const reason = blockers([
    [await countWhere(tx, registers, eq(registers.desaKelurahanId, ward.id)), "data keluarga"],
    [await countWhere(tx, users, eq(users.desaKelurahanId, ward.id)), "kader/pengguna"],
    [await countWhere(tx, dasawisma, eq(dasawisma.desaKelurahanId, ward.id)), "kelompok dasawisma"],
    [await countWhere(tx, recapSignoffs, eq(recapSignoffs.desaKelurahanId, ward.id)), "tanda tangan rekap"],
  ]);
  return reason
    ? new DomainError("CONFLICT", `${ward.nama} tidak dapat dihapus karena masih memiliki ${reason}`)
    : null;
}

export async function deleteDesaKelurahan(db: Db, actor: Actor, id: number): Promise<DesaKelurahanRow> {
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    await lockAreaRow(tx, desaKelurahan, id);
    const row = await getDesaKelurahan(tx, id);
    const refusal = await wardDeleteRefusal(tx, row);
    if (refusal) throw refusal;
    await tx.delete(desaKelurahan).where(eq(desaKelurahan.id, id));
    await auditRegion(tx, actor, "region.delete", "desa_kelurahan", id, { before: formOf(row) });
    return row;
  });
}

async function checkKecamatan(tx: DbOrTx, form: KecamatanForm, selfId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: kecamatan.id })
    .from(kecamatan)
    .where(and(eq(kecamatan.kode, form.kode), selfId === undefined ? undefined : ne(kecamatan.id, selfId)));
  if (taken) throw invalid("kode", `Kode ${form.kode} sudah digunakan`);
}

export async function createKecamatan(db: Db, actor: Actor, input: unknown): Promise<KecamatanOption> {
  requireAdmin(actor);
  const form = parseInput(kecamatanFormSchema, input);
  return db.transaction(async (tx) => {
    await checkKecamatan(tx, form);
    const [created] = await raceGuard(form.kode, () =>
      tx.insert(kecamatan).values(form).returning({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama }),
    );
    if (!created) throw new Error("insert returned nothing");
    await auditRegion(tx, actor, "region.create", "kecamatan", created.id, {
      after: { kode: created.kode, nama: created.nama },
    });
    return created;
  });
}

/** The admin's form: saved only if nobody changed the district since the form read `version`. */
export async function updateKecamatan(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  input: unknown,
): Promise<KecamatanOption> {
  requireAdmin(actor);
  const form = parseInput(kecamatanFormSchema, input);
  return editKecamatan(db, actor, id, (current) => {
    if (current.version !== version) throw new DomainError("CONFLICT", staleRegionMessage);
    return form;
  });
}

/** REST's PUT: only the given fields change, laid over the district as it is once the edit holds it. */
export async function patchKecamatan(
  db: Db,
  actor: Actor,
  id: number,
  change: Record<string, unknown>,
): Promise<KecamatanOption> {
  requireAdmin(actor);
  return editKecamatan(db, actor, id, ({ nama, kode }) => parseInput(kecamatanFormSchema, { nama, kode, ...change }));
}

/** One edit of a district: `formFor` turns the held row into the form to save (or refuses). */
async function editKecamatan(
  db: Db,
  actor: Actor,
  id: number,
  formFor: (current: KecamatanOption & { version: number }) => KecamatanForm,
): Promise<KecamatanOption> {
  return db.transaction(async (tx) => {
    await holdRow(tx, kecamatan, id);
    const [current] = await tx
      .select({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama, version: kecamatan.version })
      .from(kecamatan)
      .where(eq(kecamatan.id, id));
    if (!current) throw new DomainError("NOT_FOUND", unknownKecamatanMessage);
    const form = formFor(current);
    await checkKecamatan(tx, form, id);
    // Ward codes contain their district's code, so a district with wards keeps its code.
    if (form.kode !== current.kode && (await countWhere(tx, desaKelurahan, eq(desaKelurahan.kecamatanId, id))) > 0) {
      throw invalid("kode", "Kode kecamatan tidak dapat diubah selama masih memiliki desa/kelurahan");
    }
    const [updated] = await raceGuard(form.kode, () =>
      tx
        .update(kecamatan)
        .set({ ...form, version: sql`${kecamatan.version} + 1`, updatedAt: new Date() })
        .where(eq(kecamatan.id, id))
        .returning({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama }),
    );
    if (!updated) throw new DomainError("NOT_FOUND", unknownKecamatanMessage);
    const fields = ({ kode, nama }: KecamatanOption) => ({ kode, nama });
    await auditRegion(tx, actor, "region.update", "kecamatan", id, changedFields(fields(current), fields(updated)));
    return updated;
  });
}

export async function deleteKecamatan(db: Db, actor: Actor, id: number): Promise<KecamatanOption> {
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    await lockAreaRow(tx, kecamatan, id);
    const row = await requireKecamatan(tx, id);
    const reason = blockers([
      [await countWhere(tx, desaKelurahan, eq(desaKelurahan.kecamatanId, id)), "desa/kelurahan"],
      [await countWhere(tx, registers, eq(registers.kecamatanId, id)), "data keluarga"],
      [await countWhere(tx, users, eq(users.kecamatanId, id)), "kader/pengguna"],
    ]);
    if (reason)
      throw new DomainError("CONFLICT", `Kecamatan ${row.nama} tidak dapat dihapus karena masih memiliki ${reason}`);
    await tx.delete(kecamatan).where(eq(kecamatan.id, id));
    await auditRegion(tx, actor, "region.delete", "kecamatan", id, { before: { kode: row.kode, nama: row.nama } });
    return row;
  });
}
