// The PKK recap forms (Rakernas X, Lampiran 4.16 and 4.18): their columns as on paper, one list for
// the screen, the XLSX and the PDF. See shared/RECAP-FORMS.md for the source.

export const recapForms = ["4.16", "4.18"] as const;
export type RecapForm = (typeof recapForms)[number];
export const recapSheets = ["a", "b", "c", "d"] as const;
export type RecapSheetKey = (typeof recapSheets)[number];

/** The level that signs each sheet (4.16a/4.18a are the dasawisma's own and are signed within the RT's b). */
export const signLevels = ["rt", "rw", "kelurahan"] as const;
export type SignLevel = (typeof signLevels)[number];
export const signLevelLabels: Record<SignLevel, string> = { rt: "RT", rw: "RW", kelurahan: "Kelurahan" };
export const sheetOfLevel: Record<SignLevel, RecapSheetKey> = { rt: "b", rw: "c", kelurahan: "d" };

/** A column of a form. `group` spans the first header row, `sub` is the third (L/P, ADA/TIDAK). */
export interface RecapColumn {
  key: string;
  label: string;
  group?: string;
  sub?: string;
  numeric: boolean;
}

export type RecapCell = string | number | null;

const num = (key: string, label: string, group?: string, sub?: string): RecapColumn => ({
  key,
  label,
  numeric: true,
  ...(group ? { group } : {}),
  ...(sub ? { sub } : {}),
});
const text = (key: string, label: string, group?: string): RecapColumn => ({
  key,
  label,
  numeric: false,
  ...(group ? { group } : {}),
});

const members = "JUMLAH ANGGOTA KELUARGA";
const house = "KRITERIA RUMAH";
const water = "SUMBER AIR KELUARGA";
const food = "MAKANAN POKOK";
const activities = "WARGA MENGIKUTI KEGIATAN";

/** The 4.16 figures of a household or a group of them, in the form's order. */
export const householdFigureColumns: RecapColumn[] = [
  num("totalL", "TOTAL", members, "L"),
  num("totalP", "TOTAL", members, "P"),
  num("balitaL", "BALITA", members, "L"),
  num("balitaP", "BALITA", members, "P"),
  num("pus", "PUS", members),
  num("wus", "WUS", members),
  num("hamil", "IBU HAMIL", members),
  num("menyusui", "IBU MENYUSUI", members),
  num("lansia", "LANSIA", members),
  num("butaTiga", "3 BUTA", members),
  num("berkebutuhanKhusus", "BERKEBUTUHAN KHUSUS", house),
  num("sehat", "SEHAT LAYAK HUNI", house),
  num("tidakSehat", "TIDAK SEHAT LAYAK HUNI", house),
  num("sampah", "MEMILIKI TEMPAT PEMBUANGAN SAMPAH", house),
  num("spal", "MEMILIKI SPAL", house),
  num("mck", "MEMILIKI MCK + SEPTIC TANK", house),
  num("pdam", "PDAM", water),
  num("sumur", "SUMUR", water),
  num("airLain", "DLL", water),
  num("beras", "BERAS", food),
  num("nonBeras", "NON BERAS", food),
  num("up2k", "UP2K", activities),
  num("pekarangan", "PEMANFAATAN TANAH PEKARANGAN", activities),
  num("industri", "INDUSTRI RUMAH TANGGA", activities),
  num("kesling", "KESEHATAN LINGKUNGAN", activities),
];
export type HouseholdFigureKey =
  | "totalL"
  | "totalP"
  | "balitaL"
  | "balitaP"
  | "pus"
  | "wus"
  | "hamil"
  | "menyusui"
  | "lansia"
  | "butaTiga"
  | "berkebutuhanKhusus"
  | "sehat"
  | "tidakSehat"
  | "sampah"
  | "spal"
  | "mck"
  | "pdam"
  | "sumur"
  | "airLain"
  | "beras"
  | "nonBeras"
  | "up2k"
  | "pekarangan"
  | "industri"
  | "kesling";

const mothers = "JUMLAH IBU";
const babies = "JUMLAH BAYI";
const toddlers = "JUMLAH BALITA";

/** The 4.18 counts of a group of households (4.18b–d). */
export const eventFigureColumns: RecapColumn[] = [
  num("ibuHamil", "HAMIL", mothers),
  num("ibuMelahirkan", "MELAHIRKAN", mothers),
  num("ibuNifas", "NIFAS", mothers),
  num("ibuMeninggal", "MENINGGAL", mothers),
  num("bayiLahirL", "LAHIR", babies, "L"),
  num("bayiLahirP", "LAHIR", babies, "P"),
  num("akteAda", "AKTE KELAHIRAN", babies, "ADA"),
  num("akteTidak", "AKTE KELAHIRAN", babies, "TIDAK"),
  num("bayiMeninggalL", "MENINGGAL", babies, "L"),
  num("bayiMeninggalP", "MENINGGAL", babies, "P"),
  num("balitaMeninggalL", "MENINGGAL", toddlers, "L"),
  num("balitaMeninggalP", "MENINGGAL", toddlers, "P"),
];
export type EventFigureKey =
  | "ibuHamil"
  | "ibuMelahirkan"
  | "ibuNifas"
  | "ibuMeninggal"
  | "bayiLahirL"
  | "bayiLahirP"
  | "akteAda"
  | "akteTidak"
  | "bayiMeninggalL"
  | "bayiMeninggalP"
  | "balitaMeninggalL"
  | "balitaMeninggalP";

const births = "CATATAN KELAHIRAN";
const deaths = "CATATAN KEMATIAN";

/** 4.18a: one row per event (17 columns as on paper). */
export const eventListColumns: RecapColumn[] = [
  num("no", "NO"),
  text("namaIbu", "NAMA IBU", births),
  text("namaSuami", "NAMA SUAMI", births),
  text("statusIbu", "STATUS (HAMIL/ MELAHIRKAN/ NIFAS)", births),
  text("namaBayi", "NAMA BAYI", births),
  num("bayiL", "JENIS KELAMIN", births, "L"),
  num("bayiP", "JENIS KELAMIN", births, "P"),
  text("tglLahir", "TGL. LAHIR", births),
  num("akteAda", "AKTE KELAHIRAN", births, "ADA"),
  num("akteTidak", "AKTE KELAHIRAN", births, "TIDAK"),
  text("namaMeninggal", "NAMA IBU/ BALITA/ BAYI", deaths),
  text("statusMeninggal", "STATUS (IBU/ BALITA/ BAYI)", deaths),
  num("meninggalL", "JENIS KELAMIN", deaths, "L"),
  num("meninggalP", "JENIS KELAMIN", deaths, "P"),
  text("tglMeninggal", "TGL. MENINGGAL", deaths),
  text("sebab", "SEBAB MENINGGAL", deaths),
  text("ket", "KETERANGAN"),
];

/** The columns of a sheet: the row's number and name, its figures, and KET. */
export function sheetColumns(form: RecapForm, sheet: RecapSheetKey): RecapColumn[] {
  if (form === "4.18" && sheet === "a") return eventListColumns;
  const nameLabel: Record<RecapSheetKey, string> = {
    a: "NAMA KEPALA RUMAH TANGGA",
    b: "NAMA DASAWISMA",
    c: "NOMOR RT",
    d: "NOMOR RW",
  };
  const lead: RecapColumn[] = [num("no", "NO"), text("nama", nameLabel[sheet])];
  const counts: RecapColumn[] =
    form === "4.16"
      ? sheet === "a"
        ? [num("kk", "JML KK"), ...householdFigureColumns]
        : [num("krt", "JML KRT"), num("kk", "JML KK"), ...householdFigureColumns]
      : [num("krt", "JML KRT"), ...eventFigureColumns];
  return [...lead, ...counts, text("ket", "KET")];
}

const unitNames: Record<RecapSheetKey, string> = {
  a: "KELOMPOK DASA WISMA",
  b: "KELOMPOK PKK RT",
  c: "KELOMPOK PKK RW",
  d: "TP PKK DESA/KELURAHAN",
};

/** The form's title as printed. */
export function sheetTitle(form: RecapForm, sheet: RecapSheetKey): string {
  if (form === "4.16") return `REKAPITULASI CATATAN DATA DAN KEGIATAN WARGA ${unitNames[sheet]}`;
  // The 4.18 titles say "DALAM"; 4.18a writes its unit "KELOMPOK DASAWISMA" (Rakernas X).
  const unit = sheet === "a" ? "KELOMPOK DASAWISMA" : unitNames[sheet];
  return `REKAPITULASI DATA/BUKU CATATAN IBU HAMIL, MELAHIRKAN, NIFAS, IBU MENINGGAL, KELAHIRAN BAYI, BAYI MENINGGAL DAN KEMATIAN BALITA DALAM ${unit}`;
}

export const sheetCode = (form: RecapForm, sheet: RecapSheetKey): string => `LAMPIRAN ${form}${sheet}`;

/** A computed sheet: what the screen shows, the exports print and a signature freezes. */
export interface RecapSheet {
  form: RecapForm;
  sheet: RecapSheetKey;
  code: string;
  title: string;
  period: string;
  /** The title block's fields, e.g. [["RT/RW", "001/005"], ["Desa/Kelurahan", "Bekasijaya"]]. */
  header: Array<[string, string]>;
  columns: RecapColumn[];
  rows: Array<{ cells: RecapCell[]; drill?: RecapPlace }>;
  /** The JUMLAH row (null for 4.18a, a list of events). */
  totals: RecapCell[] | null;
}

/** Where a sheet is drawn: a ward, optionally narrowed to an RW, an RT, a dasawisma. */
export interface RecapPlace {
  desaKelurahanId: number;
  rw?: string;
  rt?: string;
  dasawismaId?: number;
}

export function sheetOfPlace(place: RecapPlace): RecapSheetKey {
  if (place.dasawismaId !== undefined) return "a";
  if (place.rt !== undefined) return "b";
  if (place.rw !== undefined) return "c";
  return "d";
}

/** "2026-11" → "November 2026". */
export function periodLabel(period: string): string {
  return new Intl.DateTimeFormat("id-ID", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${period}-01T00:00:00Z`),
  );
}

/**
 * The day a birth or death of a household is reported on (4.18): its own date, or the household's
 * survey date (tanggal pendataan) when it happened before the household entered the record. A
 * month's 4.18 counts the events reported in it. Without this, a birth on 15 November of a household
 * surveyed on 1 December fell in November, whose recap does not count that household yet, and in no
 * recap at all. ISO dates compare as text.
 */
export function eventReportDate(eventDate: string, surveyDate: string): string {
  return eventDate > surveyDate ? eventDate : surveyDate;
}

/** The last day of a YYYY-MM period. */
export function periodEnd(period: string): string {
  const [year, month] = period.split("-").map(Number);
  const last = new Date(Date.UTC(year ?? 1970, month ?? 1, 0));
  return last.toISOString().slice(0, 10);
}
