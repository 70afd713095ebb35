// Demo families (demo mode only) and the generator behind the test factory and the benchmark data:
// plausible households built from a seeded PRNG, so the same seed gives the same families.
import { and, asc, count, eq } from "drizzle-orm";
import { educations, foodTypes, occupations, type specialConditionKeys, waterSources } from "@shared/enums.ts";
import { familyRegistrationSchema, type FamilyRegistration, type SpecialConditions } from "@shared/schemas/family.ts";
import { FAMILY_CONSENT_VERSION } from "@shared/schemas/registration.ts";
import type { RegisterStatus } from "@shared/status.ts";
import { demoFamilyEvents } from "./family-events.ts";
import { familyColumns, familyMemberRows, storedForm } from "../services/registers/family-rows.ts";
import { newRegistrationNumber } from "../services/registers/registration-number.ts";
import type { Db } from "../db/client.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { familyMembers, registerEvents, registers } from "../db/schema/registers.ts";
import { eligibleCounts, type RuleMember } from "@shared/household-rules.ts";
import { todayIso } from "@shared/dates.ts";
import { users } from "../db/schema/users.ts";

/** mulberry32: a small deterministic PRNG for demo data (never for anything secret). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const firstNames = [
  "Ahmad",
  "Budi",
  "Joko",
  "Agus",
  "Hendra",
  "Rudi",
  "Slamet",
  "Dedi",
  "Eko",
  "Yusuf",
  "Andi",
  "Bambang",
  "Wahyu",
  "Rahmat",
  "Asep",
];
const lastNames = [
  "Santoso",
  "Wijaya",
  "Saputra",
  "Hidayat",
  "Kurniawan",
  "Setiawan",
  "Pratama",
  "Nugroho",
  "Gunawan",
  "Siregar",
  "Hakim",
  "Permana",
];
const wifeNames = ["Siti", "Dewi", "Sri", "Nur", "Rina", "Yanti", "Lina", "Wati", "Ani", "Fitri", "Ratna", "Eka"];
const childNames = [
  "Rizky",
  "Putri",
  "Dimas",
  "Aulia",
  "Fajar",
  "Nabila",
  "Bagus",
  "Salsa",
  "Raka",
  "Zahra",
  "Ilham",
  "Citra",
];

const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
};

function isoDate(year: number, random: () => number): string {
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A 16-digit NIK as Dukcapil writes it: the region's 6 digits, the birth date as DDMMYY (day + 40
 * for women), then the last 4 digits of the member serial, so the NIK agrees with the member's birth
 * date and sex (no warning for the cadre to confirm). Unique while a generator makes fewer than
 * 10,000 member serials (1,000 families) — the seeded demo and the test factories.
 */
export function nikFromBirth(regionDigits: string, birthDate: string, female: boolean, serial: number): string {
  const [year = "", month = "", day = ""] = birthDate.split("-");
  const dd = String(Number(day) + (female ? 40 : 0)).padStart(2, "0");
  return `${regionDigits}${dd}${month}${year.slice(2)}${String(serial % 10_000).padStart(4, "0")}`;
}

/** Member serials a serial-style NIK can hold (its last 9 digits). */
const SERIAL_NIKS = 1_000_000_000;

/**
 * The bulk generator's NIK: the region's 6 digits, a 9, then a 9-digit serial, so millions of
 * generated NIKs never collide. Digits 7–8 (90–99) are no day for either sex (a birth-style NIK has
 * 01–31, or 41–71 for women), so none can equal a seeded family's NIK; digits 7–12 are no date, and
 * a cadre editing such a family confirms it.
 */
export function nikFromSerial(regionDigits: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial >= SERIAL_NIKS) {
    throw new Error(`nikFromSerial: serial ${serial} does not fit 9 digits`);
  }
  return `${regionDigits}9${String(serial).padStart(9, "0")}`;
}

export interface DemoArea {
  kecamatanId: number;
  desaKelurahanId: number;
  /** The ward's official code, e.g. 32.75.01.1001; its first six digits start every NIK. */
  kode: string;
  rw: string;
  rt: string;
}

/**
 * A valid family form for `area`. `serial` makes NIKs unique: family n uses NIK serials 10n..10n+9.
 * Parsed by the form's schema, which proves the generator only makes what the real form accepts.
 */
export function buildDemoFamily(
  random: () => number,
  serial: number,
  area: DemoArea,
  today = new Date(),
): FamilyRegistration {
  return familyRegistrationSchema.parse(demoFamily(random, serial, area, today));
}

/**
 * Each condition on for about 8% of families, with 1-2 people, never more than the members who could
 * have it (the shared household rules). Drawn in specialConditionKeys order.
 */
function demoConditions(random: () => number, members: RuleMember[], surveyDate: string): SpecialConditions {
  const eligible = eligibleCounts(members, surveyDate);
  const draw = (key: (typeof specialConditionKeys)[number]): [boolean, number] => {
    const count = Math.min(1 + Math.floor(random() * 2), eligible(key));
    const on = random() < 0.08 && count > 0;
    return [on, on ? count : 0];
  };
  const [pregnant, pregnantCount] = draw("pregnant");
  const [blind, blindCount] = draw("blind");
  const [nursing, nursingCount] = draw("nursing");
  const [motherDeath, motherDeathCount] = draw("motherDeath");
  const [babyDeath, babyDeathCount] = draw("babyDeath");
  const [toddlerDeath, toddlerDeathCount] = draw("toddlerDeath");
  const [newBirth, newBirthCount] = draw("newBirth");
  const [birthCertificate, birthCertificateCount] = draw("birthCertificate");
  const [postpartum, postpartumCount] = draw("postpartum");
  return {
    pregnant,
    pregnantCount,
    blind,
    blindCount,
    nursing,
    nursingCount,
    motherDeath,
    motherDeathCount,
    babyDeath,
    babyDeathCount,
    toddlerDeath,
    toddlerDeathCount,
    newBirth,
    newBirthCount,
    birthCertificate,
    birthCertificateCount,
    postpartum,
    postpartumCount,
  };
}

/** A day of `year` up to `todayText`: a survey date is never in the future. */
function drawnSurveyDate(year: number, todayText: string, random: () => number): string {
  const drawn = isoDate(year, random);
  return drawn < todayText ? drawn : todayText;
}

/**
 * Household sizes 1-8 in the shares of an Indonesian city (about 3.8 people on average): a draw in
 * [0, 1) to a size.
 */
const householdShares: ReadonlyArray<readonly [size: number, share: number]> = [
  [1, 0.06],
  [2, 0.15],
  [3, 0.22],
  [4, 0.25],
  [5, 0.17],
  [6, 0.09],
  [7, 0.04],
  [8, 0.02],
];

export function householdSize(draw: number): number {
  let cumulative = 0;
  for (const [size, share] of householdShares) {
    cumulative += share;
    if (draw < cumulative) return size;
  }
  return 8;
}

export interface DemoFamilyOptions {
  /** "birth" NIKs agree with the birth date (seeded demo, factories); "serial" ones never collide (bulk). */
  nikStyle?: "birth" | "serial";
  /**
   * Surveyed on `today` itself rather than on a drawn day of its year: the bulk generator registers
   * each family the day it was surveyed, and the conditions are counted against that day.
   */
  surveyedToday?: boolean;
}

/**
 * The same family without the schema parse (a parse costs ~90 µs, most of the bulk generator's time):
 * the bulk loader parses a sample of each batch instead (bulk-rows.ts). Drawn as of `today`: births,
 * the survey date and the events lie on or before its day in WIB, the calendar the portal counts in.
 */
export function demoFamily(
  random: () => number,
  serial: number,
  area: DemoArea,
  today = new Date(),
  { nikStyle = "birth", surveyedToday = false }: DemoFamilyOptions = {},
): FamilyRegistration {
  const region = area.kode.replaceAll(".", "").slice(0, 6);
  // The WIB day and year: from 00:00 to 06:59 WIB the UTC calendar is still on the day before.
  const todayText = todayIso(today);
  const year = Number(todayText.slice(0, 4));
  const lastName = pick(random, lastNames);
  // Everyone is born in a year before today's, so never after a survey in today's year.
  const headBirth = isoDate(year - 25 - Math.floor(random() * 35), random);
  const wifeBirth = isoDate(year - 22 - Math.floor(random() * 30), random);
  const base = serial * 10;
  const nikFor = (memberSerial: number, birthDate: string, female: boolean) =>
    nikStyle === "birth" ? nikFromBirth(region, birthDate, female, memberSerial) : nikFromSerial(region, memberSerial);
  const head = `${pick(random, firstNames)} ${lastName}`;
  const size = householdSize(random());
  const members: FamilyRegistration["members"] = [
    {
      nik: nikFor(base, headBirth, false),
      fullName: head,
      relationship: "Kepala Keluarga",
      // Someone living alone is single or widowed; otherwise the head lives with his wife.
      maritalStatus: size === 1 ? pick(random, ["Belum Kawin", "Cerai Mati"] as const) : "Kawin",
      gender: "Laki-laki",
      birthDate: headBirth,
      occupation: pick(random, ["Karyawan Swasta", "Wiraswasta", "PNS", "Pedagang"] as const),
      education: pick(random, educations),
    },
  ];
  if (size > 1) {
    members.push({
      nik: nikFor(base + 1, wifeBirth, true),
      fullName: `${pick(random, wifeNames)} ${pick(random, lastNames)}`,
      relationship: "Istri",
      maritalStatus: "Kawin",
      gender: "Perempuan",
      birthDate: wifeBirth,
      occupation: pick(random, occupations),
      education: pick(random, educations),
    });
  }
  // Up to four children; a household larger than that also has a parent of the couple living in.
  const children = Math.min(Math.max(size - 2, 0), 4);
  for (let child = 0; child < children; child += 1) {
    const female = random() < 0.5;
    const birth = isoDate(year - 1 - Math.floor(random() * 17), random);
    members.push({
      nik: nikFor(base + members.length, birth, female),
      fullName: `${pick(random, childNames)} ${lastName}`,
      relationship: "Anak",
      maritalStatus: "Belum Kawin",
      gender: female ? "Perempuan" : "Laki-laki",
      birthDate: birth,
      occupation: "Pelajar",
      education: pick(random, ["Tidak/Belum Sekolah", "SD/MI", "SMP/MTs", "SMA/SMK"] as const),
    });
  }
  while (members.length < size) {
    const female = random() < 0.6;
    const birth = isoDate(year - 60 - Math.floor(random() * 25), random);
    members.push({
      nik: nikFor(base + members.length, birth, female),
      fullName: `${pick(random, female ? wifeNames : firstNames)} ${lastName}`,
      relationship: "Orang Tua",
      maritalStatus: "Cerai Mati",
      gender: female ? "Perempuan" : "Laki-laki",
      birthDate: birth,
      occupation: pick(random, occupations),
      education: pick(random, ["Tidak/Belum Sekolah", "SD/MI", "SMP/MTs"] as const),
    });
  }
  const surveyDate = surveyedToday ? todayText : drawnSurveyDate(year, todayText, random);
  const conditions = demoConditions(random, members, surveyDate);
  const healthy = random() < 0.75;
  const mck = random() < 0.85;
  return {
    namaKepalaKeluarga: head,
    nikKepalaKeluarga: members[0]?.nik ?? "",
    nomorHp: `08${String(1000000000 + Math.floor(random() * 8999999999)).slice(0, 10)}`,
    alamatEmail: random() < 0.4 ? `${head.toLowerCase().replaceAll(" ", ".")}${serial}@contoh.id` : "",
    nomorKk: "",
    tanggalPendataan: surveyDate,
    address: { kecamatanId: area.kecamatanId, desaKelurahanId: area.desaKelurahanId, rw: area.rw, rt: area.rt },
    members,
    specialConditions: conditions,
    waterSource: pick(random, waterSources),
    mckFacility: mck,
    mckCount: mck ? 1 + Math.floor(random() * 2) : 0,
    houseCriteria: {
      healthy,
      lessHealthy: !healthy,
      hasTrashBin: random() < 0.7,
      hasDrainage: random() < 0.6,
      hasWaterAbsorption: random() < 0.3,
    },
    foodType: pick(random, foodTypes),
    communityActivities: {
      up2k: random() < 0.3,
      yardUtilization: random() < 0.4,
      homeIndustry: random() < 0.2,
      environmentalHealth: random() < 0.5,
    },
    notes: "",
    events: demoFamilyEvents(conditions, members, surveyDate, serial),
    agreement: true,
  };
}

const statusPath: RegisterStatus[] = ["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED"];
const levelFor: Record<string, string> = { RT_VERIFIED: "rt", RW_VERIFIED: "rw", APPROVED: "kelurahan" };

/** The events that lead a new register to `status`, one per level, as the workflow would write them. */
export function historyEvents(
  registerId: number,
  status: RegisterStatus,
  actorIds: Partial<Record<string, number>>,
): Array<typeof registerEvents.$inferInsert> {
  const events: Array<typeof registerEvents.$inferInsert> = [
    { registerId, toStatus: "SUBMITTED", note: "Registrasi diterima" },
  ];
  const reached = statusPath.indexOf(status);
  for (let step = 1; step <= reached; step += 1) {
    const to = statusPath[step] ?? "SUBMITTED";
    const level = levelFor[to] ?? null;
    events.push({
      registerId,
      fromStatus: statusPath[step - 1],
      toStatus: to,
      level,
      actorId: level ? (actorIds[level] ?? null) : null,
    });
  }
  if (status === "NEEDS_REVISION" || status === "REJECTED") {
    events.push({
      registerId,
      fromStatus: "SUBMITTED",
      toStatus: status,
      level: "rt",
      actorId: actorIds.rt ?? null,
      note: status === "REJECTED" ? "Data ganda" : "Tanggal lahir anak perlu diperiksa",
    });
  }
  return events;
}

/** Inserts one family with its members (and, for a status past SUBMITTED, the events that led there). */
export async function insertFamily(
  db: Db,
  data: FamilyRegistration,
  options: {
    status?: RegisterStatus;
    createdBy?: number | null;
    actorIds?: Partial<Record<string, number>>;
    /** When the family was received (and moved to its status): the demo has records past their deadline. */
    receivedAt?: Date;
  } = {},
): Promise<number> {
  const status = options.status ?? "SUBMITTED";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registers)
      .values({
        ...familyColumns(data),
        // Numbered and dated on the day it was received, as the registration service does.
        registrationNumber: newRegistrationNumber(options.receivedAt),
        formType: "family_registration",
        status,
        dataRegister: storedForm(data, null, options.receivedAt),
        consentAt: options.receivedAt ?? new Date(),
        consentVersion: FAMILY_CONSENT_VERSION,
        createdBy: options.createdBy ?? null,
        ...(options.receivedAt ? { createdAt: options.receivedAt, updatedAt: options.receivedAt } : {}),
      })
      .returning({ id: registers.id });
    if (!row) throw new Error("register insert returned nothing");
    await tx.insert(familyMembers).values(familyMemberRows(row.id, data));
    const events = historyEvents(row.id, status, options.actorIds ?? {}).map((event) =>
      options.receivedAt ? { ...event, createdAt: options.receivedAt } : event,
    );
    await tx.insert(registerEvents).values(events);
    return row.id;
  });
}

/** Demo mode: 40 families in the demo kelurahan (RW 005, RT 001-004) and 2 in each other ward. */
export async function seedDemoFamilies(db: Db): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(registers);
  if ((existing?.total ?? 0) > 0) return 0;
  const wards = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode));
  const cadres = await db
    .select({ id: users.id, level: users.level })
    .from(users)
    .where(and(eq(users.role, "kader"), eq(users.status, "active")));
  const actorIds = Object.fromEntries(cadres.flatMap((cadre) => (cadre.level ? [[cadre.level, cadre.id]] : [])));
  const random = seededRandom(20261122);
  const statuses: RegisterStatus[] = [
    "SUBMITTED",
    "SUBMITTED",
    "RT_VERIFIED",
    "RW_VERIFIED",
    "APPROVED",
    "APPROVED",
    "APPROVED",
    "NEEDS_REVISION",
  ];
  let serial = 1;
  const [home, ...others] = wards;
  if (!home) return 0;
  for (let index = 0; index < 40; index += 1) {
    const area = {
      kecamatanId: home.kecamatanId,
      desaKelurahanId: home.id,
      kode: home.kode,
      rw: "005",
      rt: String(1 + (index % 4)).padStart(3, "0"),
    };
    // Every fifth family arrived 3 days ago: past the 2×24-hour promise, so the queue shows 'Terlambat'.
    // It is drawn as of then, so its survey and events are not dated after it arrived.
    const receivedAt = index % 5 === 0 ? new Date(Date.now() - 3 * 24 * 3_600_000) : undefined;
    await insertFamily(db, buildDemoFamily(random, serial, area, receivedAt), {
      status: index === 39 ? "REJECTED" : pick(random, statuses),
      actorIds,
      receivedAt,
    });
    serial += 1;
  }
  for (const ward of others) {
    for (let index = 0; index < 2; index += 1) {
      const area = {
        kecamatanId: ward.kecamatanId,
        desaKelurahanId: ward.id,
        kode: ward.kode,
        rw: "001",
        rt: String(1 + index).padStart(3, "0"),
      };
      await insertFamily(db, buildDemoFamily(random, serial, area), { status: pick(random, statuses) });
      serial += 1;
    }
  }
  return serial - 1;
}
