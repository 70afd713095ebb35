// Public registration-status search (SPEC §2, §5 "Search"; DESIGN §6): a NIK (head or member) or a
// head-of-family name, behind a captcha and a per-IP limit, answered with masked fields only.
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  nikOfQuery,
  isRegistrationNumberQuery,
  SEARCH_RESULT_LIMIT,
  searchStatusInput,
  type SearchStatusInput,
  type StatusSearchAnswer,
} from "@shared/schemas/search.ts";
import { maskContactsInText, maskNik, maskPhone } from "@shared/mask.ts";
import { foldName } from "@shared/name-match.ts";
import { familyReadsNoteStatuses } from "@shared/status-guidance.ts";
import {
  formTypeLabel,
  formTypes,
  registerStatuses,
  statusLabel,
  type FormType,
  type RegisterStatus,
} from "@shared/status.ts";
import { addressKey, assertWithinLimit, consumeRateLimit, countAttemptStatement } from "../common/rate-limit.ts";
import type { Db } from "../../db/client.ts";
import { plannedOnce } from "../../db/statement-plans.ts";
import { compiledStatement, type StatementValues } from "../../db/compiled.ts";
import { aliasedSelection, rowDecoder, resultRows } from "../../db/raw-rows.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { familyMembers, registerEvents, registers } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import {
  CAPTCHA_USED_MESSAGE,
  captchaRefusal,
  checkCaptcha,
  nonceBurnCtes,
  spendWrongAnswer,
} from "../public/captcha.ts";
import { parseInput } from "../common/input.ts";
import { registrationNumberMatch, registrationNumberOf, wardNameMatch, type ReviewNote } from "./status-lookup.ts";

export const SEARCH_RATE_LIMIT = {
  limit: 20,
  windowSeconds: 60,
  message: "Terlalu banyak pencarian. Silakan coba lagi nanti",
};

/** The columns of a card (one column may be read under two names: the ward's and kecamatan's names). */
const cardColumns = {
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
};

/** What a card is read from in the search's one statement: its columns and the family's review note. */
const cardFields = {
  ...cardColumns,
  reviewNote: registerEvents.note,
  reviewAt: registerEvents.createdAt,
} as const;
const decodeCard = rowDecoder(cardFields);

/** A found record before masking (names of a ward or kecamatan and the note come from left joins). */
interface Card {
  id: number;
  registrationNumber: string;
  namaKepalaKeluarga: string;
  nik: string;
  nomorHp: string;
  tanggalPendataan: string;
  status: RegisterStatus;
  formType: FormType;
  rt: string | null;
  rw: string | null;
  desaKelurahanNama: string | null;
  kecamatanNama: string | null;
  memberCount: number;
  createdAt: Date;
  updatedAt: Date;
  reviewNote: string | null;
  reviewAt: Date | null;
}

/**
 * The public search in ONE statement (one round trip, one commit): the per-IP rate limit is counted,
 * then (within the limit) the captcha's nonce is burned and expired nonces swept, then (nonce fresh)
 * the lookup runs, with the cadre's latest note for records the family must act on. A request whose
 * input or captcha answer is already wrong only counts against the limit (one statement too).
 */
export async function searchStatus(
  db: Db,
  secret: string,
  actor: Actor,
  rawInput: SearchStatusInput,
): Promise<StatusSearchAnswer> {
  const key = addressKey("search", actor.ip);
  let input: ReturnType<typeof parseSearch>;
  try {
    input = parseSearch(secret, rawInput);
  } catch (error) {
    // The limit counts every attempt, and its 429 comes before any other answer; a wrong answer
    // uses its captcha up.
    await Promise.all([consumeRateLimit(db, key, SEARCH_RATE_LIMIT), spendWrongAnswer(db, error)]);
    throw error;
  }
  const { kind, values } = lookupOf(input.query, input.desaKelurahanId);
  const result = await searchStatements[kind](db, {
    ...values,
    key,
    nonce: input.captcha.nonce,
    expiresAt: input.captcha.expiresAt.toISOString(),
  });
  const rows = resultRows(result);
  const [first] = rows;
  if (!first) throw new Error("status search: the statement answered no row");
  assertWithinLimit({ count: first.__count, retry_after: first.__retry_after }, SEARCH_RATE_LIMIT);
  if (first.__burned !== true) throw captchaRefusal(CAPTCHA_USED_MESSAGE);
  const cards: Card[] = [];
  for (const raw of rows) {
    if (raw.id === null || raw.id === undefined) continue;
    const decoded = decodeCard(raw);
    cards.push({
      id: Number(decoded.id),
      registrationNumber: String(decoded.registrationNumber),
      namaKepalaKeluarga: String(decoded.namaKepalaKeluarga),
      nik: String(decoded.nik),
      nomorHp: String(decoded.nomorHp),
      tanggalPendataan: String(decoded.tanggalPendataan),
      status: registerStatusOf(decoded.status),
      formType: formTypeOf(decoded.formType),
      rt: textOrNull(decoded.rt),
      rw: textOrNull(decoded.rw),
      desaKelurahanNama: textOrNull(decoded.desaKelurahanNama),
      kecamatanNama: textOrNull(decoded.kecamatanNama),
      memberCount: Number(decoded.memberCount),
      createdAt: dateOf(decoded.createdAt),
      updatedAt: dateOf(decoded.updatedAt),
      reviewNote: textOrNull(decoded.reviewNote),
      reviewAt: decoded.reviewAt instanceof Date ? decoded.reviewAt : null,
    });
  }
  const notes = new Map<number, ReviewNote>();
  for (const card of cards) {
    if (card.reviewAt) notes.set(card.id, { note: card.reviewNote, at: card.reviewAt.toISOString() });
  }
  return { kind, results: cards.map((card) => presentCard(card, notes)) };
}

/**
 * The search statement of one kind of lookup, every value a placeholder (key, nonce, expiresAt and
 * the lookup's own): its text is made once per database (compiledStatement) and planned once per
 * connection (plannedOnce). The constants are part of the text: they decide the plan.
 */
function searchStatement(db: Db, kind: LookupKind): SQL {
  const noteStatuses = sql.join(
    familyReadsNoteStatuses.map((status) => sql`${status}`.inlineParams()),
    sql`, `,
  );
  return plannedOnce(sql`with limited as (${countAttemptStatement(sql.placeholder("key"), SEARCH_RATE_LIMIT)}), ${nonceBurnCtes(sql`exists (select 1 from limited where limited.count <= ${SEARCH_RATE_LIMIT.limit})`)}, found as (
      select ${aliasedSelection(cardFields)}
      from ${registers}
      left join ${desaKelurahan} on ${desaKelurahan.id} = ${registers.desaKelurahanId}
      left join ${kecamatan} on ${kecamatan.id} = ${registers.kecamatanId}
      left join lateral (
        select ${registerEvents.note}, ${registerEvents.createdAt} from ${registerEvents}
        where ${registerEvents.registerId} = ${registers.id} and ${registerEvents.toStatus} = ${registers.status}
          and ${registers.status} in (${noteStatuses})
        order by ${registerEvents.createdAt} desc, ${registerEvents.id} desc limit 1
      ) ${registerEvents} on true
      where exists (select 1 from burned) and ${and(isNull(registers.deletedAt), lookupMatch(db, kind))}
      order by ${registers.createdAt} desc limit ${sql.raw(String(SEARCH_RESULT_LIMIT))}
    )
    select limited.count as "__count", limited.retry_after as "__retry_after",
      exists (select 1 from burned) as "__burned", found.*
    from limited left join found on true
    order by found."createdAt" desc`);
}

const searchStatements: Record<LookupKind, ReturnType<typeof compiledStatement>> = {
  nik: compiledStatement((db) => searchStatement(db, "nik")),
  registrationNumber: compiledStatement((db) => searchStatement(db, "registrationNumber")),
  name: compiledStatement((db) => searchStatement(db, "name")),
};

/** The input checks that need no database: the schema, then the captcha's signature and expiry. */
function parseSearch(secret: string, rawInput: SearchStatusInput) {
  const input = parseInput(searchStatusInput, rawInput);
  const captcha = checkCaptcha(secret, {
    token: input.captcha.token,
    answer: input.captcha.answer,
    expectedKind: "search",
    wrongMessage: "Captcha belum benar",
  });
  return { query: input.query, desaKelurahanId: input.desaKelurahanId, captcha };
}

const textOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);
function dateOf(value: unknown): Date {
  if (value instanceof Date) return value;
  throw new Error("status search: a timestamp did not decode to a date");
}
function registerStatusOf(value: unknown): RegisterStatus {
  const status = registerStatuses.find((item) => item === value);
  if (!status) throw new Error("status search: unknown status");
  return status;
}
function formTypeOf(value: unknown): FormType {
  const formType = formTypes.find((item) => item === value);
  if (!formType) throw new Error("status search: unknown form type");
  return formType;
}

type LookupKind = StatusSearchAnswer["kind"];

/** What a query looks up, and the values of its condition (lookupMatch's placeholders). */
function lookupOf(rawQuery: string, desaKelurahanId?: number): { kind: LookupKind; values: StatementValues } {
  const query = rawQuery.trim();
  const nik = nikOfQuery(query);
  if (nik !== null) return { kind: "nik", values: { nik } };
  if (isRegistrationNumberQuery(query)) {
    return { kind: "registrationNumber", values: { number: registrationNumberOf(query) } };
  }
  // Ward ids start at 1: without a kelurahan (the input schema refuses that already) nothing matches.
  return { kind: "name", values: { ward: desaKelurahanId ?? 0, name: foldName(query) } };
}

/**
 * The lookup's condition, its values as placeholders: a NIK matches the head or any member; both
 * sides are index lookups (a UNION, never an OR that would make the planner scan every family). A
 * name is looked up whole, within one kelurahan (issue 15).
 */
function lookupMatch(db: Db, kind: LookupKind): SQL {
  if (kind === "registrationNumber") return registrationNumberMatch(sql.placeholder("number"));
  if (kind === "name") return wardNameMatch(sql.placeholder("name"), sql.placeholder("ward")) ?? sql`false`;
  const nik = sql.placeholder("nik");
  return inArray(
    registers.id,
    db
      .select({ id: registers.id })
      .from(registers)
      .where(eq(registers.nikKepalaKeluarga, nik))
      .union(db.select({ id: familyMembers.registerId }).from(familyMembers).where(eq(familyMembers.nik, nik))),
  );
}

/**
 * The cadre's note as anyone who knows a member's NIK reads it: the words the family needs, the
 * numbers and addresses written into it masked like the card's own (an NIK typed into "NIK istri
 * … tidak sesuai KK" was shown whole beside the masked one).
 */
function publicReview(review: ReviewNote | undefined): ReviewNote | null {
  if (!review) return null;
  return { ...review, note: review.note === null ? null : maskContactsInText(review.note) };
}

function presentCard(
  { nik, nomorHp, reviewNote: _note, reviewAt: _at, ...row }: Card,
  notes: Map<number, ReviewNote>,
): StatusSearchAnswer["results"][number] {
  return {
    ...row,
    nikMasked: maskNik(nik),
    nomorHpMasked: maskPhone(nomorHp),
    statusLabel: statusLabel(row.status, row.formType),
    formTypeLabel: formTypeLabel(row.formType),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    review: publicReview(notes.get(row.id)),
  };
}
