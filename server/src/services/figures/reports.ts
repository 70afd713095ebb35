// The monthly report of an area (/kader-pkk/laporan): registrations received in the month by status,
// status moves made in the month, and the area's figures at the month's end; exported as a
// spreadsheet (xlsx) or CSV. Exports are audited.
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { startOfWibDay } from "@shared/dates.ts";
import { houseCriteriaLabels, specialConditionLabels } from "@shared/enums.ts";
import { reportExportInput, reportInput, type ReportInput } from "@shared/schemas/register-records.ts";
import { registerStatuses, statusLabel, type RegisterStatus } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { compiledQuery } from "../../db/compiled.ts";
import {
  figureMonthRollups,
  reportMonthEnd,
  reportMonthEndWards,
  statusMonthRollups,
} from "../../db/schema/figures.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import {
  monthEndFigures,
  monthHasSnapshot,
  selectionFiguresBefore,
  snapshotFigures,
  type AreaFigures,
} from "./area-figures.ts";
import { placeCondition, placeShape, type PlaceShape } from "../common/place-condition.ts";
import { newWorkbook } from "../common/workbook.ts";
import { audit } from "../audit/audit-log.ts";
import {
  readPolicyOf,
  selectionShapeKey,
  selectionCondition,
  visibleSelection,
  type RegisterSelection,
} from "../registers/policy.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { parseInput } from "../common/input.ts";
import { signedInUser } from "../common/access.ts";

export interface MonthlyReport {
  month: string;
  /**
   * Registrations received in the month, by status: once the month is closed and written after, as
   * they stood at its end (report_month_end); else the live records by their current status.
   */
  newRegistrations: { total: number; byStatus: Array<{ status: RegisterStatus; count: number }> };
  /** Validation moves made in the month, by the status reached (closed months: as at their end). */
  moves: Array<{ status: RegisterStatus; count: number }>;
  /**
   * The area's figures at the month's end: its snapshot (figure_month_end) once the month is over and
   * written after, else the families registered up to the month's end that are live now.
   */
  figures: AreaFigures;
}

/** [start, end) of a month in WIB. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split("-").map(Number);
  const next =
    monthNumber === 12 ? `${(year ?? 0) + 1}-01` : `${year}-${String((monthNumber ?? 0) + 1).padStart(2, "0")}`;
  return { start: startOfWibDay(`${month}-01`), end: startOfWibDay(`${next}-01`) };
}

export async function monthlyReport(db: Db, actor: Actor, raw: ReportInput): Promise<MonthlyReport> {
  const { month } = parseInput(reportInput, raw);
  signedInUser(actor);
  // Figures per area only (no family, no NIK): every reader of the area gets the same report.
  const { scope } = readPolicyOf(actor);
  const place = placeShape(scope.area);
  const [received, moved, figures] = place.wardOrWider
    ? await wardOrWiderReport(db, place, month)
    : await smallAreaReport(db, visibleSelection(actor, { forms: "families" }), month);
  const countOf = (rows: Array<{ status: string; count: number }>, status: RegisterStatus) =>
    rows.find((row) => row.status === status)?.count ?? 0;
  const byStatus = registerStatuses.map((status) => ({ status, count: countOf(received, status) }));
  return {
    month,
    newRegistrations: { total: byStatus.reduce((sum, item) => sum + item.count, 0), byStatus },
    moves: registerStatuses.map((status) => ({ status, count: countOf(moved, status) })),
    figures,
  };
}

const total = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

type StatusCounts = Array<{ status: string; count: number }>;

/** A closed month's received and moved counts of a place (kept per ward, and per RT for an RW or RT). */
const closedMonthQuery = compiledQuery(
  "report_month_end_counts",
  (place: PlaceShape) => place.key,
  (db, place) => {
    const table = place.wardOrWider ? reportMonthEndWards : reportMonthEnd;
    return db
      .select({ kind: table.kind, status: table.status, count: total(table.families) })
      .from(table)
      .where(and(placeCondition(table, place), eq(table.month, sql.placeholder("month"))))
      .groupBy(table.kind, table.status);
  },
);

/**
 * The month's received and moved counts as they stood at its end, or null while the month has no
 * snapshot (the current month, or one no write has followed yet): the caller counts the live records.
 */
async function closedMonthCounts(
  db: Db,
  place: PlaceShape,
  month: string,
): Promise<{ received: StatusCounts; moved: StatusCounts } | null> {
  if (!(await monthHasSnapshot(db, month))) return null;
  const rows = await closedMonthQuery(db, place, { ...place.values, month });
  const ofKind = (kind: "received" | "move") =>
    rows.filter((row) => row.kind === kind).map(({ status, count }) => ({ status, count }));
  return { received: ofKind("received"), moved: ofKind("move") };
}

/** A ward or wider: its closed month's counts, else the month rollups; the figures at the month's end. */
async function wardOrWiderReport(db: Db, place: PlaceShape, month: string) {
  const values = { ...place.values, month };
  const [closed, figures] = await Promise.all([closedMonthCounts(db, place, month), monthEndFigures(db, place, month)]);
  if (closed) return [closed.received, closed.moved, figures] as const;
  const [received, moved] = await Promise.all([receivedQuery(db, place, values), movesQuery(db, place, values)]);
  return [received, moved, figures] as const;
}

/** Registrations received in the month (live now) by status, of a ward-or-wider place. */
const receivedQuery = compiledQuery(
  "report_received",
  (place: PlaceShape) => place.key,
  (db, place) =>
    db
      .select({ status: figureMonthRollups.status, count: total(figureMonthRollups.families) })
      .from(figureMonthRollups)
      .where(
        and(placeCondition(figureMonthRollups, place), eq(figureMonthRollups.createdMonth, sql.placeholder("month"))),
      )
      .groupBy(figureMonthRollups.status),
);

/** Status moves made in the month by the status reached (the 'move' marks, kept per ward). */
const movesQuery = compiledQuery(
  "report_moves",
  (place: PlaceShape) => place.key,
  (db, place) =>
    db
      .select({ status: statusMonthRollups.status, count: total(statusMonthRollups.families) })
      .from(statusMonthRollups)
      .where(
        and(
          placeCondition(statusMonthRollups, place),
          eq(statusMonthRollups.kind, "move"),
          eq(statusMonthRollups.month, sql.placeholder("month")),
        ),
      )
      .groupBy(statusMonthRollups.status),
);

/** Registrations received in [start, end) (live now) by status, counted from the rows of a selection. */
const smallAreaReceived = compiledQuery("report_small_received", selectionShapeKey, (db, selection) =>
  db
    .select({ status: registers.status, count: count() })
    .from(registers)
    .where(
      and(
        selectionCondition(selection, "placeholders"),
        gte(registers.createdAt, sql.placeholder("start")),
        lt(registers.createdAt, sql.placeholder("end")),
      ),
    )
    .groupBy(registers.status),
);

/** Status moves made in [start, end) by the status reached, of a selection's records. */
const smallAreaMoves = compiledQuery("report_small_moves", selectionShapeKey, (db, selection) =>
  db
    .select({ status: registerEvents.toStatus, count: count() })
    .from(registerEvents)
    .innerJoin(registers, eq(registers.id, registerEvents.registerId))
    .where(
      and(
        selectionCondition(selection, "placeholders"),
        gte(registerEvents.createdAt, sql.placeholder("start")),
        lt(registerEvents.createdAt, sql.placeholder("end")),
      ),
    )
    .groupBy(registerEvents.toStatus),
);

/**
 * An RW or RT (a few hundred families at most): the month's registrations, moves and figures
 * straight from its rows through the (ward, RW, RT) index.
 */
async function smallAreaReport(db: Db, selection: RegisterSelection, month: string) {
  const { start, end } = monthBounds(month);
  const values = { ...selection.place.values, start: start.toISOString(), end: end.toISOString() };
  // The snapshots are kept per RT: they answer an RW or RT read whole, not a narrower selection.
  const plain = !selection.deleted && selection.familiesOnly && !selection.statuses && !selection.condition;
  const [closed, snapshot] = plain
    ? await Promise.all([closedMonthCounts(db, selection.place, month), snapshotFigures(db, selection.place, month)])
    : [null, null];
  return Promise.all([
    closed?.received ?? smallAreaReceived(db, selection, values),
    closed?.moved ?? smallAreaMoves(db, selection, values),
    snapshot ?? selectionFiguresBefore(db, selection, end),
  ] as const);
}

/** The report as rows of (section, item, value): the same content in both export formats. */
export function reportRows(report: MonthlyReport): Array<[string, string, number]> {
  const { figures } = report;
  return [
    ["Registrasi baru", "Total", report.newRegistrations.total],
    ...report.newRegistrations.byStatus.map((item): [string, string, number] => [
      "Registrasi baru",
      statusLabel(item.status),
      item.count,
    ]),
    ...report.moves.map((item): [string, string, number] => [
      "Perubahan status bulan ini",
      statusLabel(item.status),
      item.count,
    ]),
    ["Keluarga terdaftar s.d. akhir bulan", "Total keluarga", figures.families],
    ["Sumber air & MCK", "PDAM", figures.water.pdam],
    ["Sumber air & MCK", "Sumur (bor/gali)", figures.water.well],
    ["Sumber air & MCK", "Memiliki MCK", figures.water.mck],
    ["Kriteria rumah", houseCriteriaLabels.healthy, figures.house.healthy],
    ["Kriteria rumah", houseCriteriaLabels.lessHealthy, figures.house.lessHealthy],
    [
      "Kriteria rumah",
      "Perlu bantuan (kurang sehat tanpa tempat sampah atau saluran air limbah)",
      figures.house.needsHelp,
    ],
    ["Kondisi khusus", "Keluarga dengan kondisi khusus", figures.anyCondition],
    ...figures.conditions.flatMap(
      (item): Array<[string, string, number]> => [
        ["Kondisi khusus (keluarga)", specialConditionLabels[item.key], item.families],
        ["Kondisi khusus (jiwa)", specialConditionLabels[item.key], item.people],
      ],
    ),
  ];
}

/** What the file is about, printed above the figures in both formats (area, period, when, by whom). */
export interface ReportTitle {
  area: string;
  month: string;
  generatedAt: Date;
  generatedBy: string;
}

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("id-ID", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const wibStamp = (at: Date) =>
  `${new Intl.DateTimeFormat("id-ID", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Asia/Jakarta",
  }).format(at)} WIB`;

/** The title block as label/value lines, the same in CSV and XLSX. */
export function titleLines(title: ReportTitle): Array<[string, string]> {
  return [
    ["Laporan Bulanan Data Keluarga PKK", ""],
    ["Wilayah", title.area],
    ["Periode", monthLabel(title.month)],
    ["Dibuat pada", wibStamp(title.generatedAt)],
    ["Dibuat oleh", title.generatedBy],
  ];
}

// Excel with Indonesian regional settings splits CSV on ';' (',' is the decimal separator there).
// A text cell Excel would run as a formula (starting with = + - @, TAB or CR: the author's name, the
// city's) gets a leading ' and quotes (OWASP "CSV Injection"). Figures are numbers (counts, never
// negative) and are written as they are.
const csvCell = (value: string | number) => {
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return text !== value || /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function reportCsv(report: MonthlyReport, title: ReportTitle): string {
  const lines = [
    ...titleLines(title).map(([label, value]) => [label, value]),
    [],
    ["Bagian", "Uraian", "Jumlah"],
    ...reportRows(report),
  ].map((row) => row.map(csvCell).join(";"));
  return `${lines.join("\r\n")}\r\n`;
}

export async function reportXlsx(report: MonthlyReport, title: ReportTitle): Promise<Uint8Array> {
  const workbook = await newWorkbook();
  const sheet = workbook.addWorksheet(`Laporan ${report.month}`);
  sheet.columns = [{ width: 36 }, { width: 60 }, { width: 12 }];
  const [heading, ...details] = titleLines(title);
  const first = sheet.addRow([heading?.[0] ?? ""]);
  first.font = { bold: true, size: 14 };
  for (const [label, value] of details) sheet.addRow([label, value]).getCell(1).font = { bold: true };
  sheet.addRow([]);
  sheet.addRow(["Bagian", "Uraian", "Jumlah"]).font = { bold: true };
  for (const row of reportRows(report)) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer);
}

export interface ReportFile {
  filename: string;
  mimeType: string;
  /** The file's bytes, base64 (tRPC carries JSON). */
  base64: string;
}

/** "Kelurahan Margahayu" → "kelurahan-margahayu": safe in a file name on every system. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** The area a report covers, in words ("RT 001/RW 005, Kelurahan X", "Kecamatan Y", the city). */
export async function areaName(db: Db, actor: Actor, cityName: string): Promise<string> {
  const { scope } = readPolicyOf(actor);
  const area = scope.area;
  if (area.kind === "all" || area.kind === "none") return cityName;
  if (area.kind === "kecamatan") {
    const [district] = await db
      .select({ nama: kecamatan.nama })
      .from(kecamatan)
      .where(eq(kecamatan.id, area.kecamatanId));
    return `Kecamatan ${district?.nama ?? area.kecamatanId}`;
  }
  const [ward] = await db
    .select({ nama: desaKelurahan.nama, jenis: desaKelurahan.jenis })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, area.desaKelurahanId));
  const wardName = `${ward?.jenis === "desa" ? "Desa" : "Kelurahan"} ${ward?.nama ?? area.desaKelurahanId}`;
  if (area.kind === "kelurahan") return wardName;
  if (area.kind === "rw") return `RW ${area.rw}, ${wardName}`;
  return `RT ${area.rt}/RW ${area.rw}, ${wardName}`;
}

function generatorOf(actor: Actor): string {
  if (actor.user) return actor.user.fullName;
  return actor.apiToken ? `Token API #${actor.apiToken.id}` : "-";
}

export async function exportReport(
  db: Db,
  actor: Actor,
  raw: { month: string; format: "xlsx" | "csv" },
  cityName = "Kota",
): Promise<ReportFile> {
  const input = parseInput(reportExportInput, raw);
  const report = await monthlyReport(db, actor, { month: input.month });
  const area = await areaName(db, actor, cityName);
  const title: ReportTitle = { area, month: input.month, generatedAt: new Date(), generatedBy: generatorOf(actor) };
  await audit(db, actor, {
    action: "register.export",
    entity: "reports",
    details: { month: input.month, format: input.format },
  });
  const base = `laporan-pkk-${slug(area)}-${input.month}`;
  if (input.format === "csv") {
    return {
      filename: `${base}.csv`,
      mimeType: "text/csv;charset=utf-8",
      base64: Buffer.from(`\uFEFF${reportCsv(report, title)}`).toString("base64"),
    };
  }
  return {
    filename: `${base}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    base64: Buffer.from(await reportXlsx(report, title)).toString("base64"),
  };
}
