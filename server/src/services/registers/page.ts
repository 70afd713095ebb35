import { count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers, type RegisterRow } from "../../db/schema/registers.ts";

export interface RegisterPageRow {
  register: RegisterRow;
  ward: string | null;
  district: string | null;
}

/**
 * One page of registers with their ward and district names, and the total matching `where`
 * (which may name the ward and district tables: the count joins them as the page does).
 */
export async function pageOfRegisters(
  db: Db,
  options: { where: SQL | undefined; order?: SQL[]; page: number; pageSize: number },
): Promise<{ rows: RegisterPageRow[]; total: number }> {
  const [counted] = await db
    .select({ total: count() })
    .from(registers)
    .leftJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
    .leftJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(options.where);
  const rows = await db
    .select({ register: registers, ward: desaKelurahan.nama, district: kecamatan.nama })
    .from(registers)
    .leftJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
    .leftJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(options.where)
    .orderBy(...(options.order ?? [desc(registers.createdAt)]), desc(registers.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { rows, total: counted?.total ?? 0 };
}
