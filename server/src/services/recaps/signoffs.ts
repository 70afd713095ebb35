// Sign-off by level (RT → RW → kelurahan) of a month's recaps, reopening with a reason, and the lock
// a standing signature puts on the records it counted (lockingSignoffs). A signature freezes the sheets it showed
// (4.16 and 4.18 of its level) with their SHA-256.
import { createHash } from "node:crypto";
import { and, desc, eq, gte, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { todayIso } from "@shared/dates.ts";
import {
  periodLabel,
  recapForms,
  signLevelLabels,
  type RecapPlace,
  type RecapSheet,
  type SignLevel,
} from "@shared/recaps.ts";
import {
  recapSheetSchema,
  recapStatusInput,
  reopenInput,
  signInput,
  type ReopenInput,
  type RecapStatusInput,
  type SignInput,
} from "@shared/schemas/recaps.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { recapSignoffs, type RecapSignoffRow } from "../../db/schema/recaps.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { lockWards } from "../../db/ward-lock.ts";
import { actsAsAdmin, type Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError, forbidden, notFound } from "../common/errors.ts";
import { signedInUser } from "../common/access.ts";
import { parseInput } from "../common/input.ts";
import { outsideAreaMessage, placeInScope, readOnlyMessageFor, scopeOf, type AreaScope } from "../registers/scope.ts";
import { placesWithHouseholds } from "./figures.ts";
import { buildSheet, sheetHeader } from "./sheets.ts";

export function levelOfPlace(place: RecapPlace): SignLevel | null {
  if (place.dasawismaId !== undefined) return null;
  if (place.rt !== undefined) return "rt";
  if (place.rw !== undefined) return "rw";
  return "kelurahan";
}

/** The place a cadre's area stands for (null for kecamatan/kota/admin: they pick one). */
export function placeOfArea(area: AreaScope): RecapPlace | null {
  switch (area.kind) {
    case "rt":
      return { desaKelurahanId: area.desaKelurahanId, rw: area.rw, rt: area.rt };
    case "rw":
      return { desaKelurahanId: area.desaKelurahanId, rw: area.rw };
    case "kelurahan":
      return { desaKelurahanId: area.desaKelurahanId };
    default:
      return null;
  }
}

/** Canonical JSON (sorted keys) so the same figures always hash the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export const sha256Hex = (data: string | Uint8Array): string => createHash("sha256").update(data).digest("hex");

export interface FrozenFigures {
  "4.16": RecapSheet;
  "4.18": RecapSheet;
}

export async function levelSheets(db: DbOrTx, place: RecapPlace, period: string): Promise<FrozenFigures> {
  const [form416, form418] = await Promise.all([
    buildSheet(db, "4.16", place, period),
    buildSheet(db, "4.18", place, period),
  ]);
  return { "4.16": form416, "4.18": form418 };
}

/** The row key of a place in recap_signoffs ('' where a level has no RW/RT). */
const placeColumns = (place: RecapPlace) => ({
  desaKelurahanId: place.desaKelurahanId,
  rw: place.rw ?? "",
  rt: place.rt ?? "",
});

function placeOfSignoff(row: RecapSignoffRow): RecapPlace {
  return {
    desaKelurahanId: row.desaKelurahanId,
    ...(row.rw ? { rw: row.rw } : {}),
    ...(row.rt ? { rt: row.rt } : {}),
  };
}

/** Every signature of a level's sheet for a month, standing or reopened. */
function signoffsAt(level: SignLevel, place: RecapPlace, period: string): SQL {
  const columns = placeColumns(place);
  return (
    and(
      eq(recapSignoffs.level, level),
      eq(recapSignoffs.period, period),
      eq(recapSignoffs.desaKelurahanId, columns.desaKelurahanId),
      eq(recapSignoffs.rw, columns.rw),
      eq(recapSignoffs.rt, columns.rt),
    ) ?? sql`false`
  );
}

function standingAt(level: SignLevel, place: RecapPlace, period: string): SQL {
  return and(signoffsAt(level, place, period), isNull(recapSignoffs.reopenedAt)) ?? sql`false`;
}

async function standing(db: DbOrTx, level: SignLevel, place: RecapPlace, period: string) {
  const [row] = await db
    .select()
    .from(recapSignoffs)
    .where(standingAt(level, place, period))
    .limit(1);
  return row ?? null;
}

const placeText = (level: SignLevel, place: RecapPlace): string =>
  level === "rt" ? `RT ${place.rt}/RW ${place.rw}` : level === "rw" ? `RW ${place.rw}` : "Kelurahan";

/** The areas one level below that have validated households (or a signature) in the period, with their standing signature. */
async function belowOf(db: DbOrTx, level: SignLevel, place: RecapPlace, period: string) {
  if (level === "rt") return [];
  const childLevel: SignLevel = level === "rw" ? "rt" : "rw";
  const [withHouseholds, signed] = await Promise.all([
    placesWithHouseholds(db, place, period, childLevel),
    db
      .select()
      .from(recapSignoffs)
      .where(
        and(
          eq(recapSignoffs.level, childLevel),
          eq(recapSignoffs.period, period),
          eq(recapSignoffs.desaKelurahanId, place.desaKelurahanId),
          level === "rw" ? eq(recapSignoffs.rw, place.rw ?? "") : undefined,
          isNull(recapSignoffs.reopenedAt),
        ),
      ),
  ]);
  const codes = new Set<string>(withHouseholds);
  for (const row of signed) codes.add(childLevel === "rt" ? row.rt : row.rw);
  return [...codes].sort().map((code) => {
    const childPlace: RecapPlace = childLevel === "rt" ? { ...place, rt: code } : { ...place, rw: code };
    const row = signed.find((signoff) => (childLevel === "rt" ? signoff.rt : signoff.rw) === code) ?? null;
    return { label: placeText(childLevel, childPlace), place: childPlace, signoff: row ? describe(row) : null, row };
  });
}

export interface SignoffInfo {
  id: number;
  level: SignLevel;
  period: string;
  signerName: string;
  signerPosition: string;
  signedAt: string;
  figuresHash: string;
  reopenedByName: string | null;
  reopenedAt: string | null;
  reopenReason: string | null;
}

function describe(row: RecapSignoffRow): SignoffInfo {
  return {
    id: row.id,
    level: row.level,
    period: row.period,
    signerName: row.signerName,
    signerPosition: row.signerPosition,
    signedAt: row.signedAt.toISOString(),
    figuresHash: row.figuresHash,
    reopenedByName: row.reopenedByName,
    reopenedAt: row.reopenedAt?.toISOString() ?? null,
    reopenReason: row.reopenReason,
  };
}

const hashOf = (place: RecapPlace, level: SignLevel, period: string, figures: FrozenFigures) =>
  sha256Hex(canonicalJson({ level, period, place, figures }));

/**
 * What a signature vouches for in a sheet: its rows and its JUMLAH row. Not its title, columns or
 * header: a new release's wording, or a renamed ward, is not a change of the month's figures.
 */
const countsOf = (sheet: Pick<RecapSheet, "rows" | "totals">) =>
  canonicalJson({ rows: sheet.rows.map((row) => row.cells), totals: sheet.totals });

/** Whether a standing signature's sheets would count differently today. */
async function changedSinceSigning(db: DbOrTx, row: RecapSignoffRow): Promise<boolean> {
  const live = await levelSheets(db, placeOfSignoff(row), row.period);
  return recapForms.some((form) => {
    const signed = recapSheetSchema.safeParse(row.figures[form]);
    return !signed.success || countsOf(signed.data) !== countsOf(live[form]);
  });
}

/**
 * The signed areas below whose sheets changed since they signed: a household of theirs surveyed in
 * the month and approved afterwards is counted by the live figures but not by their signature (its
 * records were not locked: it was not approved yet). Signing above them would freeze a row that
 * contradicts their signed sheet, so they must be reopened and signed again first.
 */
async function changedBelow(db: DbOrTx, below: Array<{ label: string; row: RecapSignoffRow | null }>) {
  const changed = await Promise.all(
    below.map(async (child) => (child.row && (await changedSinceSigning(db, child.row)) ? child.label : null)),
  );
  return changed.filter((label) => label !== null);
}

/** The signing cadre's level and place, or a refusal in words. */
function signerPlace(actor: Actor): { level: SignLevel; place: RecapPlace } {
  const user = signedInUser(actor);
  const scope = scopeOf(actor);
  if (user.role !== "kader") throw forbidden("Rekap ditandatangani oleh kader RT, RW, atau kelurahan");
  if (!scope.canAct) throw new DomainError("FORBIDDEN", readOnlyMessageFor(actor));
  const place = placeOfArea(scope.area);
  const level = place ? levelOfPlace(place) : null;
  if (!place || !level) throw forbidden("Rekap ditandatangani oleh kader RT, RW, atau kelurahan");
  return { level, place };
}

/** Signs the cadre's own level for a month: RW only after all its RTs, the kelurahan after all its RWs. */
export async function signRecap(db: Db, actor: Actor, raw: SignInput): Promise<SignoffInfo> {
  const { period } = parseInput(signInput, raw);
  const { level, place } = signerPlace(actor);
  const user = signedInUser(actor);
  if (period > todayIso().slice(0, 7))
    throw new DomainError("BAD_REQUEST", "Bulan yang belum berjalan tidak dapat ditandatangani");
  return db.transaction(async (tx) => {
    // Every write to this ward's records waits until the signature commits, and a change checking
    // the lock (assertRecordUnlocked) finishes first: the figures read here stay the ones signed.
    await lockWards(tx, place.desaKelurahanId);
    if (await standing(tx, level, place, period)) {
      throw new DomainError(
        "CONFLICT",
        `Rekap ${placeText(level, place)} bulan ${periodLabel(period)} sudah ditandatangani`,
      );
    }
    const below = await belowOf(tx, level, place, period);
    const missing = below.filter((child) => child.signoff === null);
    if (missing.length > 0) {
      throw new DomainError(
        "CONFLICT",
        `Belum dapat ditandatangani: rekap ${missing.map((child) => child.label).join(", ")} bulan ini belum ditandatangani`,
      );
    }
    const changed = await changedBelow(tx, below);
    if (changed.length > 0) {
      throw new DomainError(
        "CONFLICT",
        `Belum dapat ditandatangani: angka rekap ${changed.join(", ")} bulan ini berubah sejak ditandatangani ` +
          "(ada data yang disetujui sesudahnya). Buka kembali rekap itu agar ditandatangani ulang dengan angka terbaru.",
      );
    }
    const figures = await levelSheets(tx, place, period);
    const [row] = await tx
      .insert(recapSignoffs)
      .values({
        level,
        period,
        ...placeColumns(place),
        figures: { ...figures },
        figuresHash: hashOf(place, level, period, figures),
        signerId: user.id,
        signerName: user.fullName,
        signerPosition: user.jabatan ?? `Kader PKK ${signLevelLabels[level]}`,
      })
      .returning();
    if (!row) throw new Error("signoff insert returned nothing");
    await audit(tx, actor, {
      action: "recap.sign",
      entity: "recap_signoff",
      entityId: row.id,
      details: { level, period },
    });
    return describe(row);
  });
}

const aboveOf: Record<SignLevel, SignLevel | null> = { rt: "rw", rw: "kelurahan", kelurahan: null };

/** Whether the actor is the cadre one level above the signed place (or a kecamatan cadre above a kelurahan). */
async function isLevelAbove(db: DbOrTx, actor: Actor, row: RecapSignoffRow): Promise<boolean> {
  const area = scopeOf(actor).area;
  if (!scopeOf(actor).canAct) return false;
  switch (row.level) {
    case "rt":
      return area.kind === "rw" && area.desaKelurahanId === row.desaKelurahanId && area.rw === row.rw;
    case "rw":
      return area.kind === "kelurahan" && area.desaKelurahanId === row.desaKelurahanId;
    case "kelurahan": {
      if (area.kind !== "kecamatan") return false;
      const [ward] = await db
        .select({ kecamatanId: desaKelurahan.kecamatanId })
        .from(desaKelurahan)
        .where(eq(desaKelurahan.id, row.desaKelurahanId));
      return ward?.kecamatanId === area.kecamatanId;
    }
  }
}

/** Reopens a standing signature: by its signer, the level above or an admin, with a reason; both recorded. */
export async function reopenSignoff(db: Db, actor: Actor, raw: ReopenInput): Promise<SignoffInfo> {
  const user = signedInUser(actor);
  const input = parseInput(reopenInput, raw);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(recapSignoffs).where(eq(recapSignoffs.id, input.signoffId)).limit(1);
    if (!row) throw notFound("Tanda tangan rekap tidak ditemukan");
    if (row.reopenedAt !== null) throw new DomainError("CONFLICT", "Rekap ini sudah dibuka kembali");
    if (!(await mayReopen(tx, actor, row))) {
      throw forbidden("Hanya penanda tangan atau kader satu tingkat di atasnya yang dapat membuka kembali rekap ini");
    }
    const place = placeOfSignoff(row);
    for (let above = aboveOf[row.level]; above !== null; above = aboveOf[above]) {
      const abovePlace: RecapPlace =
        above === "rw"
          ? { desaKelurahanId: place.desaKelurahanId, rw: place.rw }
          : { desaKelurahanId: place.desaKelurahanId };
      if (await standing(tx, above, abovePlace, row.period)) {
        throw new DomainError(
          "CONFLICT",
          `Rekap ${placeText(above, abovePlace)} bulan ${periodLabel(row.period)} sudah ditandatangani; buka kembali rekap itu lebih dulu`,
        );
      }
    }
    const [updated] = await tx
      .update(recapSignoffs)
      .set({ reopenedAt: new Date(), reopenedBy: user.id, reopenedByName: user.fullName, reopenReason: input.reason })
      .where(and(eq(recapSignoffs.id, row.id), isNull(recapSignoffs.reopenedAt)))
      .returning();
    if (!updated) throw new DomainError("CONFLICT", "Rekap ini sudah dibuka kembali");
    await audit(tx, actor, {
      action: "recap.reopen",
      entity: "recap_signoff",
      entityId: row.id,
      details: { level: row.level, period: row.period, reason: input.reason },
    });
    return describe(updated);
  });
}

export interface RecapStatus {
  period: string;
  place: RecapPlace;
  level: SignLevel;
  areaText: string;
  standing: (SignoffInfo & { changedSinceSigning: boolean }) | null;
  history: SignoffInfo[];
  below: Array<{ label: string; place: RecapPlace; signoff: SignoffInfo | null; changedSinceSigning: boolean }>;
  canSign: boolean;
  canReopen: boolean;
}

/** Whether a place lies wholly inside the actor's area; null when its kelurahan does not exist. */
async function placeInArea(db: DbOrTx, actor: Actor, place: RecapPlace): Promise<boolean | null> {
  const [ward] = await db
    .select({ kecamatanId: desaKelurahan.kecamatanId })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, place.desaKelurahanId))
    .limit(1);
  if (!ward) return null;
  return placeInScope(scopeOf(actor).area, {
    desaKelurahanId: place.desaKelurahanId,
    wardKecamatanId: ward.kecamatanId,
    rw: place.rw ?? null,
    rt: place.rt ?? null,
  });
}

/**
 * Refuses a place not wholly inside the actor's area: a recap sums its whole place, so an RT cadre
 * may read its RT (and its dasawisma) but not the RW or kelurahan recap around it.
 */
export async function assertPlaceReadable(db: DbOrTx, actor: Actor, place: RecapPlace): Promise<void> {
  signedInUser(actor);
  const inside = await placeInArea(db, actor, place);
  if (inside === null) throw notFound("Kelurahan tidak ditemukan");
  if (!inside) throw new DomainError("FORBIDDEN", outsideAreaMessage);
}

/**
 * Who may reopen a standing signature (the button and the action alike): an admin, the cadre one
 * level above, or its signer while they still act on the signed place. A signer made an official, or
 * moved to another area, no longer may: reopening unlocks that month's records for editing.
 */
async function mayReopen(db: DbOrTx, actor: Actor, row: RecapSignoffRow): Promise<boolean> {
  if (actsAsAdmin(actor)) return true;
  if (!scopeOf(actor).canAct) return false;
  if (row.signerId === actor.user?.id && (await placeInArea(db, actor, placeOfSignoff(row)))) return true;
  return isLevelAbove(db, actor, row);
}

/** The signature state of a level for a month: its own signature, its history, and what is signed below. */
export async function recapStatus(db: Db, actor: Actor, raw: RecapStatusInput): Promise<RecapStatus> {
  const input = parseInput(recapStatusInput, raw);
  signedInUser(actor);
  const place = input.place ?? placeOfArea(scopeOf(actor).area);
  if (!place) throw new DomainError("BAD_REQUEST", "Pilih kelurahan terlebih dahulu");
  const level = levelOfPlace(place);
  if (!level) throw new DomainError("BAD_REQUEST", "Rekap dasawisma ditandatangani bersama rekap RT");
  await assertPlaceReadable(db, actor, place);
  // The page's reads do not depend on one another: asked together, a pool answers them side by side.
  const [all, names, below] = await Promise.all([
    db
      .select()
      .from(recapSignoffs)
      .where(signoffsAt(level, place, input.period))
      .orderBy(desc(recapSignoffs.signedAt), desc(recapSignoffs.id)),
    sheetHeader(db, place, input.period),
    belowOf(db, level, place, input.period),
  ]);
  const current = all.find((row) => row.reopenedAt === null) ?? null;
  const standingInfo: RecapStatus["standing"] = current
    ? { ...describe(current), changedSinceSigning: await changedSinceSigning(db, current) }
    : null;
  // Which areas below must sign again matters while this level waits for its own signature; once
  // signed, its own 'changed since signing' tells the same (each child's sheets cost a build).
  const changed = new Set(current === null ? await changedBelow(db, below) : []);
  let mine: { level: SignLevel; place: RecapPlace } | null = null;
  try {
    mine = signerPlace(actor);
  } catch {
    mine = null;
  }
  const isMine = mine !== null && mine.level === level && canonicalJson(mine.place) === canonicalJson(place);
  const reopenable = current !== null && (await mayReopen(db, actor, current));
  return {
    period: input.period,
    place,
    level,
    areaText: names
      .filter(([label]) => label !== "Bulan")
      .map(([label, value]) => `${label} ${value}`)
      .join(", "),
    standing: standingInfo,
    history: all.filter((row) => row.reopenedAt !== null).map(describe),
    below: below.map(({ label, place: childPlace, signoff }) => ({
      label,
      place: childPlace,
      signoff,
      changedSinceSigning: changed.has(label),
    })),
    canSign: isMine && current === null && input.period <= todayIso().slice(0, 7),
    canReopen: reopenable,
  };
}

/** The standing signature of a sheet's level, if the place is a signing level. */
export async function standingFor(db: DbOrTx, place: RecapPlace, period: string): Promise<RecapSignoffRow | null> {
  const level = levelOfPlace(place);
  return level ? standing(db, level, place, period) : null;
}

// ─── The lock ────────────────────────────────────────────────────────────────────────────────

export interface LockSubject {
  formType: string;
  status: string;
  desaKelurahanId: number | null;
  rw: string | null;
  rt: string | null;
  tanggalPendataan: string;
}

/**
 * The standing signatures that hold a record, most recent first: those whose area contains it and
 * whose sheet counts it (an approved record surveyed by the end of the signature's month), where
 *  - the signature's month is the record's survey month (held until the signature is reopened), or
 *  - the signature's month is later and that month's chain is still open: no standing kelurahan
 *    signature for it yet. A month's RT, RW and kelurahan sheets each count every household surveyed
 *    up to its end, so while the month is being signed up the chain an earlier month's household is
 *    frozen too (the RW or kelurahan cannot sign figures that contradict the RT's signed sheet).
 *    Once the kelurahan has signed, the month's sheets are all frozen and agree; a later change to an
 *    earlier month's household is that later month's news. Otherwise every signed month would hold
 *    every older household of its area for good, and no old record could be corrected without
 *    reopening the whole chain of the last signed month.
 * Records the recap does not count (not yet approved) stay free. `levels` narrows the signing levels.
 */
export async function lockingSignoffs(
  db: DbOrTx,
  subject: LockSubject,
  levels: readonly SignLevel[] = ["rt", "rw", "kelurahan"],
): Promise<RecapSignoffRow[]> {
  if (subject.formType !== "family_registration" || subject.desaKelurahanId === null) return [];
  if (subject.status !== "APPROVED") return [];
  const surveyMonth = subject.tanggalPendataan.slice(0, 7);
  const top = alias(recapSignoffs, "chain_top");
  const chainSigned = db
    .select({ one: sql`1` })
    .from(top)
    .where(
      and(
        eq(top.level, "kelurahan"),
        eq(top.period, recapSignoffs.period),
        eq(top.desaKelurahanId, recapSignoffs.desaKelurahanId),
        isNull(top.reopenedAt),
      ),
    );
  const byLevel: Record<SignLevel, SQL | undefined> = {
    kelurahan: eq(recapSignoffs.level, "kelurahan"),
    rw: and(eq(recapSignoffs.level, "rw"), eq(recapSignoffs.rw, subject.rw ?? "")),
    rt: and(
      eq(recapSignoffs.level, "rt"),
      eq(recapSignoffs.rw, subject.rw ?? ""),
      eq(recapSignoffs.rt, subject.rt ?? ""),
    ),
  };
  return db
    .select()
    .from(recapSignoffs)
    .where(
      and(
        eq(recapSignoffs.desaKelurahanId, subject.desaKelurahanId),
        gte(recapSignoffs.period, surveyMonth),
        isNull(recapSignoffs.reopenedAt),
        or(...levels.map((level) => byLevel[level])),
        or(eq(recapSignoffs.period, surveyMonth), notExists(chainSigned)),
      ),
    )
    .orderBy(desc(recapSignoffs.signedAt), desc(recapSignoffs.id));
}

/** The most recent standing signature holding a record (lockingSignoffs), or null when it is free. */
export async function lockingSignoff(db: DbOrTx, subject: LockSubject): Promise<RecapSignoffRow | null> {
  return (await lockingSignoffs(db, subject))[0] ?? null;
}

export function lockedMessage(row: RecapSignoffRow): string {
  const where = placeText(row.level, placeOfSignoff(row));
  return `Data ini terkunci karena rekap ${where} bulan ${periodLabel(row.period)} sudah ditandatangani oleh ${row.signerName}. Minta penanda tangan atau kader tingkat di atasnya membuka kembali rekap itu sebelum mengubah atau menghapus data ini.`;
}

/**
 * Refuses a change (edit, delete, restore, 'Buka Kembali') of a record under a standing signature,
 * before and after the change (an edit may move a record into a signed month or RT). The register
 * write path (services/registers/records.ts) calls this once per write.
 */
export async function assertRecordUnlocked(db: DbOrTx, before: LockSubject, after?: LockSubject): Promise<void> {
  // Taken before the check and held to the commit: a signature of these wards cannot come between
  // the check and the change (signRecap takes the same lock).
  await lockWards(db, before.desaKelurahanId, after?.desaKelurahanId ?? null);
  for (const subject of after ? [before, after] : [before]) {
    const row = await lockingSignoff(db, subject);
    if (row) throw new DomainError("CONFLICT", lockedMessage(row));
  }
}
