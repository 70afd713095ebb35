// Viewing and exporting recap sheets: the live figures, or the frozen ones of a standing signature;
// XLSX and signed PDF, each export audited and marked with who made it and when; and the public
// verification of a PDF by its id (the QR code) and SHA-256.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { periodLabel, sheetOfPlace, type RecapPlace, type RecapSheet } from "@shared/recaps.ts";
import {
  recapExportInput,
  recapInput,
  recapSheetSchema,
  verifyDocumentInput,
  type RecapExportInput,
  type RecapInput,
} from "@shared/schemas/recaps.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { dasawisma, recapDocuments, type RecapSignoffRow } from "../../db/schema/recaps.ts";
import type { Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError, notFound } from "../common/errors.ts";
import { signedInUser } from "../common/access.ts";
import { parseInput } from "../common/input.ts";
import { viewOf as registerView } from "../registers/policy.ts";
import { sheetToPdf } from "./export-pdf.ts";
import { sheetToXlsx, type ExportMarks } from "./export-xlsx.ts";
import { wibDateTime } from "./layout.ts";
import { slug } from "../figures/reports.ts";
import { buildSheet, areaLabel, placeNames, type PlaceNames } from "./sheets.ts";
import { signingCertificate, type SigningConfig } from "./signing-certificate.ts";
import { assertPlaceReadable, levelOfPlace, sha256Hex, standingFor } from "./signoffs.ts";

export const perHouseholdRefusal =
  "Rekap per rumah tangga (Lampiran 4.16a dan 4.18a) memuat data kesehatan keluarga dan hanya dapat dilihat kader dan admin";

/** A dasawisma place takes its RT and RW from the dasawisma itself. */
async function resolvePlace(db: DbOrTx, place: RecapPlace): Promise<RecapPlace> {
  if (place.dasawismaId === undefined) return place;
  const [group] = await db.select().from(dasawisma).where(eq(dasawisma.id, place.dasawismaId)).limit(1);
  if (!group || group.desaKelurahanId !== place.desaKelurahanId) throw notFound("Dasawisma tidak ditemukan");
  return { desaKelurahanId: group.desaKelurahanId, rw: group.rw, rt: group.rt, dasawismaId: group.id };
}

export interface RecapView {
  sheet: RecapSheet;
  /** The standing signature the sheet shows (its frozen figures), or null for live figures. */
  signed: { id: number; signerName: string; signerPosition: string; signedAt: string } | null;
}

function frozenSheet(signoff: RecapSignoffRow, form: RecapSheet["form"]): RecapSheet {
  const parsed = recapSheetSchema.safeParse(signoff.figures[form]);
  if (!parsed.success) throw new Error("stored recap figures do not match the sheet shape");
  return parsed.data;
}

async function viewOf(db: DbOrTx, actor: Actor, raw: RecapInput): Promise<RecapView & { place: RecapPlace }> {
  signedInUser(actor);
  const input = parseInput(recapInput, raw);
  const place = await resolvePlace(db, input.place);
  await assertPlaceReadable(db, actor, place);
  // 4.16a/4.18a list households with their pregnancies, births and deaths: health data per family,
  // which the register policy shows to the full view only (officials see masked data, DESIGN §6).
  if (sheetOfPlace(place) === "a" && registerView(actor) !== "full")
    throw new DomainError("FORBIDDEN", perHouseholdRefusal);
  const signoff = await standingFor(db, place, input.period);
  const sheet = signoff ? frozenSheet(signoff, input.form) : await buildSheet(db, input.form, place, input.period);
  return {
    place,
    sheet,
    signed: signoff
      ? {
          id: signoff.id,
          signerName: signoff.signerName,
          signerPosition: signoff.signerPosition,
          signedAt: signoff.signedAt.toISOString(),
        }
      : null,
  };
}

/**
 * A recap sheet for the screen: frozen when signed, live otherwise. A per-household sheet (4.16a,
 * 4.18a) names families with their pregnancies, births and deaths: read on screen it is audited like
 * any other read of a family's health data (its export is, as recap.export).
 */
export async function viewRecap(db: Db, actor: Actor, raw: RecapInput): Promise<RecapView> {
  const { sheet, signed, place } = await viewOf(db, actor, raw);
  if (sheetOfPlace(place) === "a") {
    await audit(db, actor, {
      action: "register.read",
      entity: "recap",
      details: { surface: "recap-sheet", form: sheet.form, period: sheet.period, place, signoffId: signed?.id ?? null },
    });
  }
  return { sheet, signed };
}

/**
 * A file's name without its extension: form, month and area, e.g.
 * "lampiran-4_16b-2026-11-rt-001-rw-005-kelurahan-medansatria" (a dasawisma by its number, as its name
 * may be a person's): downloads of several areas never overwrite one another. No personal data.
 */
export function recapFileBase(sheet: RecapSheet, place: RecapPlace, names: PlaceNames): string {
  const parts = [sheet.code.replace("LAMPIRAN ", "lampiran-").replaceAll(".", "_"), sheet.period];
  if (place.dasawismaId !== undefined) parts.push(`dasawisma-${place.dasawismaId}`);
  if (place.rt !== undefined) parts.push(`rt-${place.rt}`);
  if (place.rw !== undefined) parts.push(`rw-${place.rw}`);
  parts.push(slug(`${names.jenis === "desa" ? "Desa" : "Kelurahan"} ${names.kelurahan}`));
  return parts.join("-");
}

export interface ExportOptions {
  origin: string;
  cityName: string;
  signing: SigningConfig;
}

export interface ExportFile {
  filename: string;
  mimeType: string;
  base64: string;
  documentId: string | null;
}

/** Exports a sheet as XLSX or signed PDF; audited, and marked with who made it and when. */
export async function exportRecap(
  db: Db,
  actor: Actor,
  raw: RecapExportInput,
  options: ExportOptions,
): Promise<ExportFile> {
  const user = signedInUser(actor);
  const input = parseInput(recapExportInput, raw);
  const { sheet, signed, place } = await viewOf(db, actor, input);
  const names = await placeNames(db, place);
  const now = new Date();
  const marks: ExportMarks = {
    madeBy: user.fullName,
    madeAt: wibDateTime(now),
    signature: signed
      ? { name: signed.signerName, position: signed.signerPosition, signedAt: wibDateTime(new Date(signed.signedAt)) }
      : null,
    place: names.kelurahan,
  };
  const base = recapFileBase(sheet, place, names);
  const details = {
    form: input.form,
    sheet: sheetOfPlace(place),
    period: input.period,
    place,
    format: input.format,
    signoffId: signed?.id ?? null,
  };
  if (input.format === "xlsx") {
    const buffer = await sheetToXlsx(sheet, marks);
    await audit(db, actor, { action: "recap.export", entity: "recap", details });
    return {
      filename: `${base}.xlsx`,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      base64: buffer.toString("base64"),
      documentId: null,
    };
  }
  const certificate = signingCertificate(options.signing);
  const documentId = randomBytes(12).toString("base64url");
  const verifyUrl = `${options.origin}/verifikasi/${documentId}`;
  const pdf = await sheetToPdf(sheet, { marks, verifyUrl, documentId, certificate, cityName: options.cityName });
  await db.transaction(async (tx) => {
    await tx.insert(recapDocuments).values({
      id: documentId,
      form: input.form,
      sheet: sheet.sheet,
      level: levelOfPlace(place) ?? "dasawisma",
      period: input.period,
      areaLabel: areaLabel(place, names),
      signoffId: signed?.id ?? null,
      signerName: signed?.signerName ?? null,
      signerPosition: signed?.signerPosition ?? null,
      signedAt: signed ? new Date(signed.signedAt) : null,
      sha256: sha256Hex(pdf),
      certificateSubject: certificate.subject,
      selfSigned: certificate.selfSigned,
      createdBy: user.id,
      createdByName: user.fullName,
      createdAt: now,
    });
    await audit(tx, actor, { action: "recap.export", entity: "recap", details: { ...details, documentId } });
  });
  return { filename: `${base}.pdf`, mimeType: "application/pdf", base64: pdf.toString("base64"), documentId };
}

export interface DocumentInfo {
  id: string;
  code: string;
  level: string;
  areaLabel: string;
  period: string;
  periodLabel: string;
  sha256: string;
  signerName: string | null;
  signerPosition: string | null;
  signedAt: string | null;
  createdAt: string;
  createdByName: string;
  certificateSubject: string;
  selfSigned: boolean;
}

/** Public: what a PDF's QR code points at (no personal data beyond the signing cadre's name). */
export async function documentInfo(db: Db, raw: { id: string }): Promise<DocumentInfo> {
  const input = parseInput(verifyDocumentInput, raw);
  const [row] = await db.select().from(recapDocuments).where(eq(recapDocuments.id, input.id)).limit(1);
  if (!row) throw new DomainError("NOT_FOUND", "Dokumen tidak ditemukan. Periksa kembali kode pada QR.");
  return {
    id: row.id,
    code: `LAMPIRAN ${row.form}${row.sheet}`,
    level: row.level,
    areaLabel: row.areaLabel,
    period: row.period,
    periodLabel: periodLabel(row.period),
    sha256: row.sha256,
    signerName: row.signerName,
    signerPosition: row.signerPosition,
    signedAt: row.signedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    certificateSubject: row.certificateSubject,
    selfSigned: row.selfSigned,
  };
}
