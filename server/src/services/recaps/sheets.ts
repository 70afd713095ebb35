// A recap sheet (4.16a–d, 4.18a–d) of a place and month, built from figures.ts: rows named as on
// paper, a JUMLAH row, the title block, and where each row drills down to.
import { and, asc, eq, inArray } from "drizzle-orm";
import { deathCategoryLabels, storedEvents } from "@shared/schemas/family-events.ts";
import {
  eventFigureColumns,
  eventReportDate,
  householdFigureColumns,
  periodEnd,
  periodLabel,
  sheetCode,
  sheetColumns,
  sheetOfPlace,
  sheetTitle,
  type RecapCell,
  type RecapForm,
  type RecapPlace,
  type RecapSheet,
} from "@shared/recaps.ts";
import type { DbOrTx } from "../../db/client.ts";
import { dasawisma, dasawismaHouseholds } from "../../db/schema/recaps.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { familyMembers, registers } from "../../db/schema/registers.ts";
import { notFound } from "../common/errors.ts";
import { emptyFigures, figureRows, recapHouseholds, type FigureKey, type Figures } from "./figures.ts";

export interface PlaceNames {
  kelurahan: string;
  /** desa or kelurahan. */
  jenis: string;
  kecamatan: string;
  dasawisma: string | null;
}

export async function placeNames(db: DbOrTx, place: RecapPlace): Promise<PlaceNames> {
  const [ward] = await db
    .select({ kelurahan: desaKelurahan.nama, jenis: desaKelurahan.jenis, kecamatan: kecamatan.nama })
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(eq(desaKelurahan.id, place.desaKelurahanId))
    .limit(1);
  if (!ward) throw notFound("Kelurahan tidak ditemukan");
  let group: string | null = null;
  if (place.dasawismaId !== undefined) {
    const [row] = await db.select({ name: dasawisma.name }).from(dasawisma).where(eq(dasawisma.id, place.dasawismaId));
    group = row?.name ?? null;
  }
  return { ...ward, dasawisma: group };
}

/** "RT 001/RW 005, Kel. Bekasijaya" and the like: the area of a place in words. */
export function areaLabel(place: RecapPlace, names: PlaceNames): string {
  const parts: string[] = [];
  if (names.dasawisma) parts.push(`Dasawisma ${names.dasawisma}`);
  if (place.rt !== undefined) parts.push(`RT ${place.rt}`);
  if (place.rw !== undefined) parts.push(`RW ${place.rw}`);
  parts.push(`Kel. ${names.kelurahan}`);
  parts.push(`Kec. ${names.kecamatan}`);
  return parts.join(", ");
}

function header(place: RecapPlace, names: PlaceNames, period: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  if (names.dasawisma) fields.push(["Dasa Wisma", names.dasawisma]);
  if (place.rt !== undefined) fields.push(["RT/RW", `${place.rt}/${place.rw ?? ""}`]);
  else if (place.rw !== undefined) fields.push(["RW", place.rw]);
  fields.push(["Desa/Kelurahan", names.kelurahan], ["Kecamatan", names.kecamatan], ["Bulan", periodLabel(period)]);
  return fields;
}

const figureKeys = (form: RecapForm, perHousehold: boolean): FigureKey[] => {
  const lead: FigureKey[] = form === "4.16" ? (perHousehold ? ["kk"] : ["krt", "kk"]) : ["krt"];
  const columns = form === "4.16" ? householdFigureColumns : eventFigureColumns;
  return [...lead, ...columns.map((column) => column.key).filter(isFigureKey)];
};

function isFigureKey(key: string): key is FigureKey {
  return key in emptyFigures();
}

function sumFigures(rows: Figures[]): Figures {
  const total = emptyFigures();
  for (const row of rows) for (const key of Object.keys(total).filter(isFigureKey)) total[key] += row[key];
  return total;
}

/** A sheet's header lines (its place by name, and the month), without its figures. */
export async function sheetHeader(db: DbOrTx, place: RecapPlace, period: string): Promise<Array<[string, string]>> {
  return header(place, await placeNames(db, place), period);
}

/** Computes one sheet; `place` decides which (dasawisma → a, RT → b, RW → c, ward → d). */
export async function buildSheet(db: DbOrTx, form: RecapForm, place: RecapPlace, period: string): Promise<RecapSheet> {
  const sheet = sheetOfPlace(place);
  const base = {
    form,
    sheet,
    code: sheetCode(form, sheet),
    title: sheetTitle(form, sheet),
    period,
    header: await sheetHeader(db, place, period),
    columns: sheetColumns(form, sheet),
  };
  if (form === "4.18" && sheet === "a") return { ...base, rows: await eventList(db, place, period), totals: null };

  const keys = figureKeys(form, sheet === "a");
  const line = (no: RecapCell, name: string, figures: Figures): RecapCell[] => [
    no,
    name,
    ...keys.map((key) => figures[key]),
    "",
  ];
  const rows: RecapSheet["rows"] = [];
  // Every counted household sits in exactly one row, so JUMLAH is the sum of the rows.
  let counted: Figures[] = [];
  if (sheet === "a") {
    const found = await figureRows(db, place, period, "register");
    counted = found.map((row) => row.figures);
    for (const [index, row] of found.entries()) rows.push({ cells: line(index + 1, row.name ?? "", row.figures) });
  } else if (sheet === "b") {
    const found = await figureRows(db, place, period, "dasawisma");
    counted = found.map((row) => row.figures);
    const groups = await db
      .select({ id: dasawisma.id, name: dasawisma.name })
      .from(dasawisma)
      .where(
        and(
          eq(dasawisma.desaKelurahanId, place.desaKelurahanId),
          eq(dasawisma.rw, place.rw ?? ""),
          eq(dasawisma.rt, place.rt ?? ""),
        ),
      )
      .orderBy(asc(dasawisma.name));
    groups.forEach((group, index) => {
      const figures = found.find((row) => row.key === String(group.id))?.figures ?? emptyFigures();
      rows.push({ cells: line(index + 1, group.name, figures), drill: { ...place, dasawismaId: group.id } });
    });
    const loose = found.find((row) => row.key === null);
    if (loose) rows.push({ cells: line(groups.length + 1, "Belum masuk dasawisma", loose.figures) });
  } else {
    const by = sheet === "c" ? "rt" : "rw";
    const found = await figureRows(db, place, period, by);
    counted = found.map((row) => row.figures);
    found.forEach((row, index) => {
      const code = row.key ?? "";
      const drill = by === "rt" ? { ...place, rt: code } : { ...place, rw: code };
      rows.push({ cells: line(index + 1, `${by.toUpperCase()} ${code}`, row.figures), drill });
    });
  }
  return { ...base, rows, totals: line(null, "JUMLAH", sumFigures(counted)) };
}

/** "2026-11-05" → "05-11-2026", as dates are written on the paper forms. */
const dmy = (iso: string) => iso.split("-").reverse().join("-");

/** 4.18a: pregnancies and postpartum mothers (current), births and deaths reported in the month (event details). */
async function eventList(db: DbOrTx, place: RecapPlace, period: string): Promise<RecapSheet["rows"]> {
  const start = `${period}-01`;
  const end = periodEnd(period);
  const households = await db
    .select({
      id: registers.id,
      head: registers.namaKepalaKeluarga,
      pregnant: registers.pregnantCount,
      postpartum: registers.postpartumCount,
      // The form's births and deaths (null: none), not the whole form.
      events: registers.lifeEvents,
      surveyDate: registers.tanggalPendataan,
    })
    .from(registers)
    .leftJoin(dasawismaHouseholds, eq(dasawismaHouseholds.registerId, registers.id))
    .where(recapHouseholds(place, period))
    .orderBy(asc(registers.namaKepalaKeluarga), asc(registers.id));
  const ids = households.map((household) => household.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            registerId: familyMembers.registerId,
            fullName: familyMembers.fullName,
            relationship: familyMembers.relationship,
            gender: familyMembers.gender,
          })
          .from(familyMembers)
          .where(inArray(familyMembers.registerId, ids))
          .orderBy(asc(familyMembers.position));
  const rows: RecapCell[][] = [];
  const blankBirth: RecapCell[] = ["", "", "", "", null, null, "", null, null];
  const blankDeath: RecapCell[] = ["", "", null, null, "", ""];
  for (const household of households) {
    const own = members.filter((member) => member.registerId === household.id);
    // The mother is the wife, else a female head; the husband the head or a member named Suami.
    const mother =
      own.find((m) => m.relationship === "Istri") ??
      own.find((m) => m.gender === "Perempuan" && m.relationship === "Kepala Keluarga");
    const husband =
      own.find((m) => m.relationship === "Suami") ??
      own.find((m) => m.gender === "Laki-laki" && m.relationship === "Kepala Keluarga");
    const mum = mother?.fullName ?? "";
    const dad = husband?.fullName ?? "";
    for (let n = 0; n < household.pregnant; n += 1)
      rows.push([mum, dad, "Hamil", "", null, null, "", null, null, ...blankDeath, household.head]);
    for (let n = 0; n < household.postpartum; n += 1)
      rows.push([mum, dad, "Nifas", "", null, null, "", null, null, ...blankDeath, household.head]);
    const events = storedEvents(household.events);
    const reported = (date: string) => {
      const day = eventReportDate(date, household.surveyDate);
      return day >= start && day <= end;
    };
    for (const birth of events.births.filter((b) => reported(b.birthDate))) {
      const male = birth.sex === "Laki-laki";
      rows.push([
        birth.motherName,
        dad,
        "Melahirkan",
        birth.babyName,
        male ? 1 : null,
        male ? null : 1,
        dmy(birth.birthDate),
        birth.hasBirthCertificate ? 1 : null,
        birth.hasBirthCertificate ? null : 1,
        ...blankDeath,
        household.head,
      ]);
    }
    for (const death of events.deaths.filter((d) => reported(d.deathDate))) {
      const male = death.sex === "Laki-laki";
      rows.push([
        ...blankBirth,
        death.name,
        deathCategoryLabels[death.category],
        male ? 1 : null,
        male ? null : 1,
        dmy(death.deathDate),
        death.cause,
        household.head,
      ]);
    }
  }
  return rows.map((cells, index) => ({ cells: [index + 1, ...cells] }));
}
