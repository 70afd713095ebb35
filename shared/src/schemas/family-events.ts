// Per-event details of births and deaths (Lampiran 4.18a needs names and dates, which the counts of
// the special conditions do not carry). Optional in the public form; the cadre completes them before
// RW verification (eventDetailsGaps below is the one rule for that, used by the workflow service).
import { z } from "./zod.ts";
import { genders } from "../enums.ts";
import { todayIso } from "../dates.ts";
import { ADDRESS_MAX_LENGTH, lineText, personName } from "./common.ts";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const pastDate = (message: string) =>
  z
    .string()
    .regex(isoDate, message)
    .refine(isRealDate, message)
    .refine((value) => value <= todayIso(), "Tanggal tidak boleh di masa depan");

export const deathCategories = ["ibu", "bayi", "balita"] as const;
export type DeathCategory = (typeof deathCategories)[number];
export const deathCategoryLabels: Record<DeathCategory, string> = { ibu: "Ibu", bayi: "Bayi", balita: "Balita" };

export const birthEventSchema = z.object({
  motherName: personName("Nama ibu wajib diisi"),
  babyName: personName("Nama bayi wajib diisi"),
  sex: z.enum(genders, { error: "Pilih jenis kelamin bayi" }),
  birthDate: pastDate("Pilih tanggal lahir bayi"),
  hasBirthCertificate: z.boolean(),
});
export type BirthEvent = z.infer<typeof birthEventSchema>;

export const deathEventSchema = z.object({
  name: personName("Nama yang meninggal wajib diisi"),
  category: z.enum(deathCategories, { error: "Pilih ibu, bayi, atau balita" }),
  sex: z.enum(genders, { error: "Pilih jenis kelamin" }),
  deathDate: pastDate("Pilih tanggal meninggal"),
  cause: lineText({
    min: 2,
    minMessage: "Sebab meninggal wajib diisi",
    max: ADDRESS_MAX_LENGTH,
    maxMessage: "Sebab meninggal maksimal 200 karakter",
  }),
});
export type DeathEvent = z.infer<typeof deathEventSchema>;

export const familyEventsSchema = z.object({
  births: z.array(birthEventSchema).max(20, "Maksimal 20 kelahiran").default([]),
  deaths: z.array(deathEventSchema).max(20, "Maksimal 20 kematian").default([]),
});
export type FamilyEvents = z.infer<typeof familyEventsSchema>;

/** The counts of the special conditions that need one event detail each (0 when the toggle is off). */
export interface EventCounts {
  newBirth: number;
  motherDeath: number;
  babyDeath: number;
  toddlerDeath: number;
}

/** Reads stored events leniently: anything unparseable counts as no details at all. */
export function storedEvents(raw: unknown): FamilyEvents {
  const parsed = familyEventsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : { births: [], deaths: [] };
}

/**
 * What is missing before RW verification: one message per special condition whose count has no
 * matching number of event details. Empty when everything matches.
 */
export function eventDetailsGaps(counts: EventCounts, events: FamilyEvents): string[] {
  const gaps: string[] = [];
  const check = (label: string, expected: number, actual: number) => {
    if (expected !== actual) gaps.push(`${label}: tercatat ${expected}, rincian ${actual}`);
  };
  check("Kelahiran baru", counts.newBirth, events.births.length);
  const deaths = (category: DeathCategory) => events.deaths.filter((death) => death.category === category).length;
  check("Ibu meninggal", counts.motherDeath, deaths("ibu"));
  check("Bayi meninggal", counts.babyDeath, deaths("bayi"));
  check("Balita meninggal", counts.toddlerDeath, deaths("balita"));
  return gaps;
}

/** The message the RW verification shows when details are missing (null when complete). */
export function eventDetailsRefusalMessage(counts: EventCounts, events: FamilyEvents): string | null {
  const gaps = eventDetailsGaps(counts, events);
  if (gaps.length === 0) return null;
  return `Rincian kelahiran/kematian belum lengkap (${gaps.join("; ")}). Lengkapi rinciannya di Maker Checker (data yang sudah terkunci dibuka dulu dengan 'Buka Kembali') sebelum verifikasi RW.`;
}
