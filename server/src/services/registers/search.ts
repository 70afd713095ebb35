// Public registration-status search (SPEC §2, §5 "Search"; DESIGN §6): a NIK (head or member) or a
// head-of-family name, behind a captcha and a per-IP limit, answered with masked fields only.
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  isNikQuery,
  SEARCH_RESULT_LIMIT,
  searchStatusInput,
  type SearchStatusInput,
  type StatusSearchAnswer,
} from "@shared/schemas/search.ts";
import { maskNik, maskPhone } from "@shared/mask.ts";
import { formTypeLabel, statusLabel } from "@shared/status.ts";
import { consumeRateLimit } from "../common/rate-limit.ts";
import type { Db } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { familyMembers, registers } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { CAPTCHA_USED_MESSAGE, captchaRefusal, checkCaptcha } from "../public/captcha.ts";
import { parseInput } from "../common/input.ts";
import { DomainError } from "../common/errors.ts";
import { captchaNonces, rateLimits } from "../../db/schema/support.ts";

export const SEARCH_RATE_LIMIT = {
  limit: 20,
  windowSeconds: 60,
  message: "Terlalu banyak pencarian. Silakan coba lagi nanti",
};

/** `%` and `_` typed by a resident are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A result row as the lookup's JSON carries it (aliases below). */
const foundRow = z.object({
  id: z.number(),
  registrationNumber: z.string(),
  namaKepalaKeluarga: z.string(),
  nik: z.string(),
  nomorHp: z.string(),
  tanggalPendataan: z.string(),
  status: z.string(),
  formType: z.string(),
  rt: z.string().nullable(),
  rw: z.string().nullable(),
  desaKelurahanNama: z.string().nullable(),
  kecamatanNama: z.string().nullable(),
  memberCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  distance: z.number(),
});
const foundRows = z.array(foundRow);

/**
 * The lookup as one JSON array (so it can ride in the same statement as the captcha and the rate
 * limit). A NIK matches the head or any member: both sides are index lookups (a UNION, never an OR
 * that would make the planner scan every family). A name is matched by ILIKE and ordered by trigram
 * distance alone, so the GiST index (registers_nama_trgm_gist) walks the nearest names and stops
 * at the limit instead of ranking every "Budi" in the city.
 */
function lookupJson(db: Db, query: string, guard: SQL = sql`true`): SQL {
  const kind = isNikQuery(query) ? "nik" : "name";
  const match =
    kind === "nik"
      ? inArray(
          registers.id,
          db
            .select({ id: registers.id })
            .from(registers)
            .where(eq(registers.nikKepalaKeluarga, query))
            .union(db.select({ id: familyMembers.registerId }).from(familyMembers).where(eq(familyMembers.nik, query))),
        )
      : sql`${registers.namaKepalaKeluarga} ilike ${likePattern(query)}`;
  const distance = sql`${registers.namaKepalaKeluarga} <-> ${query}`;
  const found = db
    .select({
      id: sql`${registers.id}`.as("id"),
      registrationNumber: sql`${registers.registrationNumber}`.as("registrationNumber"),
      namaKepalaKeluarga: sql`${registers.namaKepalaKeluarga}`.as("namaKepalaKeluarga"),
      nik: sql`${registers.nikKepalaKeluarga}`.as("nik"),
      nomorHp: sql`${registers.nomorHp}`.as("nomorHp"),
      tanggalPendataan: sql`${registers.tanggalPendataan}`.as("tanggalPendataan"),
      status: sql`${registers.status}`.as("status"),
      formType: sql`${registers.formType}`.as("formType"),
      rt: sql`${registers.rt}`.as("rt"),
      rw: sql`${registers.rw}`.as("rw"),
      desaKelurahanNama: sql`${desaKelurahan.nama}`.as("desaKelurahanNama"),
      kecamatanNama: sql`${kecamatan.nama}`.as("kecamatanNama"),
      memberCount: sql`${registers.memberCount}`.as("memberCount"),
      createdAt: sql`${registers.createdAt}`.as("createdAt"),
      updatedAt: sql`${registers.updatedAt}`.as("updatedAt"),
      distance: (kind === "nik" ? sql`0::real` : distance).as("distance"),
    })
    .from(registers)
    .leftJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
    .leftJoin(kecamatan, eq(kecamatan.id, registers.kecamatanId))
    .where(and(isNull(registers.deletedAt), match, guard))
    .orderBy(kind === "nik" ? desc(registers.createdAt) : distance)
    .limit(SEARCH_RESULT_LIMIT);
  return sql`coalesce((select json_agg(found) from (${found}) found), '[]'::json)`;
}

function answerOf(query: string, json: unknown): StatusSearchAnswer {
  const rows = foundRows.parse(typeof json === "string" ? JSON.parse(json) : json);
  // Equal distances (the same name) newest first.
  rows.sort((a, b) => a.distance - b.distance || Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return {
    kind: isNikQuery(query) ? "nik" : "name",
    results: rows.map(({ nik, nomorHp, distance: _distance, ...row }) => ({
      ...row,
      nikMasked: maskNik(nik),
      nomorHpMasked: maskPhone(nomorHp),
      statusLabel: statusLabel(row.status, row.formType),
      formTypeLabel: formTypeLabel(row.formType),
      createdAt: new Date(row.createdAt).toISOString(),
      updatedAt: new Date(row.updatedAt).toISOString(),
    })),
  };
}

/** db.execute answers an array (postgres.js) or {rows} (PGlite); the first row's fields. */
function firstRow(result: unknown): Map<string, unknown> {
  const rows: unknown[] = Array.isArray(result)
    ? result
    : typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)
      ? result.rows
      : [];
  const [row] = rows;
  return new Map(typeof row === "object" && row !== null ? Object.entries(row) : []);
}

/**
 * The public search: one statement counts the attempt against the address's limit, burns the
 * captcha's nonce (only when under the limit) and looks up (only when the nonce was fresh), so a
 * search is one round trip and one commit. An answer that fails the checks needing no database
 * (wrong, expired, malformed) still counts against the limit.
 */
export async function searchStatus(
  db: Db,
  secret: string,
  actor: Actor,
  rawInput: SearchStatusInput,
): Promise<StatusSearchAnswer> {
  const key = `search:ip:${actor.ip}`;
  let input: ReturnType<typeof searchStatusInput.parse>;
  let captcha: { nonce: string; expiresAt: Date };
  try {
    input = parseInput(searchStatusInput, rawInput);
    captcha = checkCaptcha(secret, {
      token: input.captcha.token,
      answer: input.captcha.answer,
      expectedKind: "search",
      wrongMessage: "Captcha belum benar",
    });
  } catch (error) {
    await consumeRateLimit(db, key, SEARCH_RATE_LIMIT);
    throw error;
  }
  const query = input.query.trim();
  const rule = SEARCH_RATE_LIMIT;
  const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
  const row = firstRow(
    await db.execute(sql`
      with attempt as (
        insert into ${rateLimits} (key, count, window_ends_at) values (${key}, 1, ${windowEnd})
        on conflict (key) do update set
          count = case when ${rateLimits}.window_ends_at <= now() then 1 else ${rateLimits}.count + 1 end,
          window_ends_at = case when ${rateLimits}.window_ends_at <= now() then ${windowEnd} else ${rateLimits}.window_ends_at end
        returning count, greatest(1, ceil(extract(epoch from window_ends_at - now())))::int as retry_after
      ), expired as (
        delete from ${captchaNonces} where expires_at < now()
      ), burnt as (
        insert into ${captchaNonces} (nonce, expires_at)
        select ${captcha.nonce}, ${captcha.expiresAt.toISOString()}::timestamptz
        where (select count from attempt) <= ${rule.limit}
        on conflict do nothing
        returning nonce
      )
      select (select count from attempt) as attempts, (select retry_after from attempt) as retry_after,
        (select count(*) from burnt)::int as fresh,
        ${lookupJson(db, query, sql`exists (select 1 from burnt)`)} as results`),
  );
  if (Number(row.get("attempts")) > rule.limit) {
    throw new DomainError("TOO_MANY_REQUESTS", rule.message, { retryAfterSeconds: Number(row.get("retry_after")) });
  }
  if (Number(row.get("fresh")) === 0) throw captchaRefusal(CAPTCHA_USED_MESSAGE);
  return answerOf(query, row.get("results"));
}

/** The lookup behind the public search, without its captcha and rate limit (the benchmark times it). */
export async function findStatus(db: Db, rawQuery: string): Promise<StatusSearchAnswer> {
  const query = rawQuery.trim();
  const row = firstRow(await db.execute(sql`select ${lookupJson(db, query)} as results`));
  return answerOf(query, row.get("results"));
}
