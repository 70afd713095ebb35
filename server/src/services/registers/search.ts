// Public registration-status search (SPEC §2, §5 "Search"; DESIGN §6): a NIK (head or member) or a
// head-of-family name, behind a captcha and a per-IP limit, answered with masked fields only.
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  isNikQuery,
  isRegistrationNumberQuery,
  SEARCH_RESULT_LIMIT,
  searchStatusInput,
  type SearchStatusInput,
  type StatusSearchAnswer,
} from "@shared/schemas/search.ts";
import { maskNik, maskPhone } from "@shared/mask.ts";
import { formTypeLabel, statusLabel } from "@shared/status.ts";
import { addressKey, consumeRateLimit } from "../common/rate-limit.ts";
import type { Db } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { familyMembers, registers } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { verifyCaptcha } from "../public/captcha.ts";
import { parseInput } from "../common/input.ts";
import { registrationNumberMatch, reviewNotes, wardNameMatch } from "./status-lookup.ts";

export const SEARCH_RATE_LIMIT = {
  limit: 20,
  windowSeconds: 60,
  message: "Terlalu banyak pencarian. Silakan coba lagi nanti",
};

export async function searchStatus(
  db: Db,
  secret: string,
  actor: Actor,
  rawInput: SearchStatusInput,
): Promise<StatusSearchAnswer> {
  await consumeRateLimit(db, addressKey("search", actor.ip), SEARCH_RATE_LIMIT);
  const input = parseInput(searchStatusInput, rawInput);
  await verifyCaptcha(db, secret, {
    token: input.captcha.token,
    answer: input.captcha.answer,
    expectedKind: "search",
    wrongMessage: "Jawaban captcha salah",
  });

  return findStatus(db, input.query, input.desaKelurahanId);
}

/**
 * The lookup behind the public search, without its captcha and rate limit (the benchmark times it).
 * A NIK matches the head or any member; both sides are index lookups (a UNION, never an OR that
 * would make the planner scan every family).
 */
export async function findStatus(db: Db, rawQuery: string, desaKelurahanId?: number): Promise<StatusSearchAnswer> {
  const query = rawQuery.trim();
  const kind = isNikQuery(query) ? "nik" : isRegistrationNumberQuery(query) ? "registrationNumber" : "name";
  // A name is looked up whole, within one kelurahan (issue 15); without a kelurahan nothing matches.
  const match =
    kind === "registrationNumber"
      ? registrationNumberMatch(query)
      : kind === "name"
        ? desaKelurahanId === undefined
          ? sql`false`
          : wardNameMatch(query, desaKelurahanId)
        : inArray(
            registers.id,
            db
              .select({ id: registers.id })
              .from(registers)
              .where(eq(registers.nikKepalaKeluarga, query))
              .union(
                db.select({ id: familyMembers.registerId }).from(familyMembers).where(eq(familyMembers.nik, query)),
              ),
          );
  const order = [desc(registers.createdAt)];

  const rows = await db
    .select({
      id: registers.id,
      registrationNumber: registers.registrationNumber,
      namaKepalaKeluarga: registers.namaKepalaKeluarga,
      nik: registers.nikKepalaKeluarga,
      nomorHp: registers.nomorHp,
      tanggalPendataan: registers.tanggalPendataan,
      status: registers.status,
      formType: registers.formType,
      rt: registers.rt,
      rw: registers.rw,
      desaKelurahanNama: desaKelurahan.nama,
      kecamatanNama: kecamatan.nama,
      memberCount: registers.memberCount,
      createdAt: registers.createdAt,
      updatedAt: registers.updatedAt,
    })
    .from(registers)
    .leftJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
    .leftJoin(kecamatan, eq(kecamatan.id, registers.kecamatanId))
    .where(and(isNull(registers.deletedAt), match))
    .orderBy(...order)
    .limit(SEARCH_RESULT_LIMIT);

  const notes = await reviewNotes(db, rows);
  return {
    kind,
    results: rows.map(({ nik, nomorHp, ...row }) => ({
      ...row,
      nikMasked: maskNik(nik),
      nomorHpMasked: maskPhone(nomorHp),
      statusLabel: statusLabel(row.status, row.formType),
      formTypeLabel: formTypeLabel(row.formType),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      review: notes.get(row.id) ?? null,
    })),
  };
}
