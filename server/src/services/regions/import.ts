// Population import: an admin uploads a CSV (kode, kode_pos, luas_wilayah, jumlah_penduduk) to fill the
// figures of many villages/wards at once. The whole file is checked first; nothing is written unless
// every row is valid, so a half-applied file never leaves the figures inconsistent.
import { eq, inArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import {
  jumlahPendudukSchema,
  kodeDesaKelurahanPattern,
  kodePosSchema,
  luasWilayahSchema,
  type PopulationImportReport,
  type PopulationImportRowError,
} from "@shared/schemas/regions.ts";
import type { Db } from "../../db/client.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
import type { Actor } from "../accounts/actor.ts";
import { DomainError } from "../common/errors.ts";
import { requireAdmin } from "../common/access.ts";
import { audit } from "../audit/audit-log.ts";

export const importColumns = ["kode", "kode_pos", "luas_wilayah", "jumlah_penduduk"] as const;

interface ValidRow {
  kode: string;
  kodePos: string | null;
  luasWilayah: number | null;
  jumlahPenduduk: number;
}

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? "Nilai tidak valid");
}

export async function importPopulation(db: Db, actor: Actor, csv: string): Promise<PopulationImportReport> {
  requireAdmin(actor);
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    // Spreadsheets in Indonesia often save with ";"; let the parser detect it.
    delimiter: "",
    transformHeader: (header) => header.trim().toLowerCase(),
    skipEmptyLines: false,
  });
  const headers = parsed.meta.fields ?? [];
  const missing = importColumns.filter((column) => !headers.includes(column));
  if (missing.length > 0) {
    throw new DomainError(
      "BAD_REQUEST",
      `Kolom wajib tidak ada: ${missing.join(", ")}. Baris pertama harus berisi ${importColumns.join(", ")}`,
    );
  }

  // Line numbers as a spreadsheet shows them: the header is line 1.
  const lines = parsed.data
    .map((record, index) => ({ record, line: index + 2 }))
    .filter(({ record }) => Object.values(record).some((value) => typeof value === "string" && value.trim() !== ""));
  if (lines.length === 0) throw new DomainError("BAD_REQUEST", "Berkas CSV tidak berisi data");

  const kodes = lines.map(({ record }) => (record.kode ?? "").trim());
  const known = new Set(
    (
      await db
        .select({ kode: desaKelurahan.kode })
        .from(desaKelurahan)
        .where(inArray(desaKelurahan.kode, kodes.filter(Boolean)))
    ).map((row) => row.kode),
  );
  const seen = new Map<string, number>();
  const errors: PopulationImportRowError[] = [];
  const valid: ValidRow[] = [];

  for (const { record, line } of lines) {
    const kode = (record.kode ?? "").trim();
    const messages: string[] = [];
    if (!kode) messages.push("Kode wajib diisi");
    else if (!kodeDesaKelurahanPattern.test(kode))
      messages.push("Kode harus berformat kode resmi, contoh 32.75.01.1001");
    else if (!known.has(kode)) messages.push(`Kode ${kode} tidak terdaftar`);
    else if (seen.has(kode)) messages.push(`Kode ${kode} sudah ada di baris ${seen.get(kode)}`);
    if (kode) seen.set(kode, seen.get(kode) ?? line);

    const kodePos = kodePosSchema.safeParse(record.kode_pos ?? "");
    const luasWilayah = luasWilayahSchema.safeParse(record.luas_wilayah ?? "");
    const jumlahPenduduk = jumlahPendudukSchema.safeParse(record.jumlah_penduduk ?? "");
    for (const message of [firstMessage(kodePos), firstMessage(luasWilayah), firstMessage(jumlahPenduduk)]) {
      if (message) messages.push(message);
    }
    if (jumlahPenduduk.success && jumlahPenduduk.data === null) messages.push("Jumlah penduduk wajib diisi");

    if (
      messages.length > 0 ||
      !kodePos.success ||
      !luasWilayah.success ||
      !jumlahPenduduk.success ||
      jumlahPenduduk.data === null
    ) {
      errors.push({ row: line, kode, messages });
    } else {
      valid.push({ kode, kodePos: kodePos.data, luasWilayah: luasWilayah.data, jumlahPenduduk: jumlahPenduduk.data });
    }
  }

  if (errors.length > 0) return { applied: false, rowCount: lines.length, errors };

  await db.transaction(async (tx) => {
    const now = new Date();
    for (const row of valid) {
      // An empty kode_pos or luas_wilayah cell leaves the stored value as it is.
      await tx
        .update(desaKelurahan)
        .set({
          jumlahPenduduk: row.jumlahPenduduk,
          ...(row.kodePos === null ? {} : { kodePos: row.kodePos }),
          ...(row.luasWilayah === null ? {} : { luasWilayah: row.luasWilayah }),
          // An edit form opened before the import is then refused instead of restoring the old figures.
          version: sql`${desaKelurahan.version} + 1`,
          updatedAt: now,
        })
        .where(eq(desaKelurahan.kode, row.kode));
    }
    await audit(tx, actor, {
      action: "region.import",
      entity: "desa_kelurahan",
      details: { rows: valid.length, kode: valid.map((row) => row.kode) },
    });
  });
  return { applied: true, rowCount: lines.length, errors: [] };
}
