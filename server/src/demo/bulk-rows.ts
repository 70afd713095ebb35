// The bulk generator's rows as COPY text (tab-separated, \N for null): one family's register, members
// and history. Ids are assigned by the loader from reserved sequence ranges, so a batch never waits
// for RETURNING. Dates spread over the last 24 months so monthly figures have real history.
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import { z } from "zod";
import type { FamilyEvents } from "@shared/schemas/family-events.ts";
import { familyRegistrationSchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import { FAMILY_CONSENT_VERSION } from "@shared/schemas/registration.ts";
import { registerStatuses, type RegisterStatus } from "@shared/status.ts";
import { familyColumns, storedForm } from "../services/registers/family-rows.ts";
import { demoFamily, historyEvents, seededRandom, type DemoArea } from "./families.ts";
import { type WardOutline, wardOutlineSchema } from "./ward-outlines.ts";

export const registerCopyColumns = [
  "id",
  "registration_number",
  "form_type",
  "nama_kepala_keluarga",
  "nik_kepala_keluarga",
  "nomor_hp",
  "alamat_email",
  "tanggal_pendataan",
  "status",
  "kecamatan_id",
  "desa_kelurahan_id",
  "rw",
  "rt",
  "data_register",
  "member_count",
  "pregnant_count",
  "blind_count",
  "nursing_count",
  "mother_death_count",
  "baby_death_count",
  "toddler_death_count",
  "new_birth_count",
  "birth_certificate_count",
  "postpartum_count",
  "has_special_condition",
  "water_source",
  "mck_facility",
  "mck_count",
  "house_healthy",
  "house_less_healthy",
  "has_trash_bin",
  "has_drainage",
  "has_water_absorption",
  "food_type",
  "activity_up2k",
  "activity_yard_utilization",
  "activity_home_industry",
  "activity_environmental_health",
  "consent_at",
  "consent_version",
  "created_at",
  "updated_at",
  "deleted_at",
  "waiting_since",
  "life_events",
] as const;

/**
 * registers.life_events as the trigger pkk_life_events (migration 0035_issue12_life_events) would
 * write it: the form's events when a list has an entry, else NULL. figures:check compares the two.
 */
function lifeEventsText(events: FamilyEvents | undefined): string | null {
  return events && events.births.length + events.deaths.length > 0 ? JSON.stringify(events) : null;
}

export const memberCopyColumns = [
  "id",
  "register_id",
  "position",
  "nik",
  "full_name",
  "relationship",
  "marital_status",
  "gender",
  "birth_date",
  "occupation",
  "education",
] as const;

export const eventCopyColumns = [
  "id",
  "register_id",
  "level",
  "from_status",
  "to_status",
  "note",
  "created_at",
] as const;

export const locationCopyColumns = ["register_id", "latitude", "longitude", "source", "recorded_at"] as const;

type Cell = string | number | boolean | null | undefined | Date;

const special = /[\\\t\n\r]/;
const escapeText = (text: string) =>
  special.test(text)
    ? text.replace(/[\\\t\n\r]/g, (char) =>
        char === "\\" ? "\\\\" : char === "\t" ? "\\t" : char === "\n" ? "\\n" : "\\r",
      )
    : text;

function cell(value: Cell): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return value.toISOString();
  return escapeText(value);
}

const line = (cells: Cell[]) => `${cells.map(cell).join("\t")}\n`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Over the whole workflow; approved is the commonest end state, as in a running city. */
const statusMix: RegisterStatus[] = [...registerStatuses, "APPROVED", "APPROVED", "SUBMITTED"];

export interface BatchText {
  registers: string;
  members: string;
  events: string;
  locations: string;
  memberCount: number;
  eventCount: number;
  locationCount: number;
}

export interface FamilySlot {
  registerId: number;
  area: DemoArea;
  /** Where the house stands (WGS 84 degrees), when a cadre has recorded it, so many days after the registration. */
  house: { latitude: number; longitude: number; daysAfter: number } | null;
}

/**
 * COPY text for a batch. `firstMemberId`/`firstEventId` start the batch's member and event ids.
 * The first family of every batch is parsed by the form schema (a sample proves the generator valid).
 */
export function batchText(
  random: () => number,
  slots: FamilySlot[],
  ids: { firstMemberId: number; firstEventId: number },
  now: Date,
): BatchText {
  const registersText: string[] = [];
  const membersText: string[] = [];
  const eventsText: string[] = [];
  const locationsText: string[] = [];
  let memberId = ids.firstMemberId;
  let eventId = ids.firstEventId;
  const nowMs = now.getTime();
  for (const [index, { registerId, area, house }] of slots.entries()) {
    const serial = 10_000_000 + registerId;
    // Registered at a random moment of the last 24 months, the WIB day it was surveyed: the family is
    // drawn as of that moment, so no one is born and nothing happens after its survey date.
    const createdMs = nowMs - Math.floor(random() * 730 * DAY_MS);
    const created = new Date(createdMs);
    const drawn = demoFamily(random, serial, area, created, { nikStyle: "serial", surveyedToday: true });
    const form: FamilyRegistration = index === 0 ? familyRegistrationSchema.parse(drawn) : drawn;
    const status = statusMix[Math.floor(random() * statusMix.length)] ?? "SUBMITTED";
    // Each later step 0.5-20 days after the last.
    let at = createdMs;
    // The COPY skips the trigger that keeps registers.waiting_since: the latest event into the
    // family's status, else its registration (deadlines.ts).
    let waitingSince = createdMs;
    for (const event of historyEvents(registerId, status, {})) {
      eventsText.push(
        line([eventId, registerId, event.level, event.fromStatus, event.toStatus, event.note, new Date(at)]),
      );
      if (event.toStatus === status) waitingSince = Math.max(waitingSince, at);
      eventId += 1;
      at = Math.min(nowMs, at + DAY_MS / 2 + Math.floor(random() * 20 * DAY_MS));
    }
    // About 1% of families were deleted later (soft delete), so lists and figures must skip them.
    const deletedAt = random() < 0.01 ? new Date(Math.min(nowMs, at + Math.floor(random() * 30 * DAY_MS))) : null;
    const columns = familyColumns(form);
    registersText.push(
      line([
        registerId,
        `DEMO-${String(serial).padStart(9, "0")}`,
        "family_registration",
        columns.namaKepalaKeluarga,
        columns.nikKepalaKeluarga,
        columns.nomorHp,
        columns.alamatEmail,
        columns.tanggalPendataan,
        status,
        columns.kecamatanId,
        columns.desaKelurahanId,
        columns.rw,
        columns.rt,
        // As the registration service stores it, dated when the family registered.
        JSON.stringify(storedForm(form, null, created)),
        columns.memberCount,
        columns.pregnantCount,
        columns.blindCount,
        columns.nursingCount,
        columns.motherDeathCount,
        columns.babyDeathCount,
        columns.toddlerDeathCount,
        columns.newBirthCount,
        columns.birthCertificateCount,
        columns.postpartumCount,
        columns.hasSpecialCondition,
        columns.waterSource,
        columns.mckFacility,
        columns.mckCount,
        columns.houseHealthy,
        columns.houseLessHealthy,
        columns.hasTrashBin,
        columns.hasDrainage,
        columns.hasWaterAbsorption,
        columns.foodType,
        columns.activityUp2k,
        columns.activityYardUtilization,
        columns.activityHomeIndustry,
        columns.activityEnvironmentalHealth,
        created,
        FAMILY_CONSENT_VERSION,
        created,
        new Date(at),
        deletedAt,
        new Date(waitingSince),
        // Nor does it run the one that copies the form's births and deaths out (pkk_life_events).
        lifeEventsText(form.events),
      ]),
    );
    if (house) {
      // Tapped on the map by a cadre on a visit after the registration, and before any deletion (a
      // deleted family refuses a new location).
      const recordedAt = new Date(Math.min(nowMs, deletedAt?.getTime() ?? nowMs, createdMs + house.daysAfter * DAY_MS));
      locationsText.push(line([registerId, house.latitude.toFixed(6), house.longitude.toFixed(6), "map", recordedAt]));
    }
    for (const [position, member] of form.members.entries()) {
      membersText.push(
        line([
          memberId,
          registerId,
          position,
          member.nik,
          member.fullName.trim(),
          member.relationship,
          member.maritalStatus,
          member.gender,
          member.birthDate,
          member.occupation,
          member.education,
        ]),
      );
      memberId += 1;
    }
  }
  return {
    registers: registersText.join(""),
    members: membersText.join(""),
    events: eventsText.join(""),
    locations: locationsText.join(""),
    memberCount: memberId - ids.firstMemberId,
    eventCount: eventId - ids.firstEventId,
    locationCount: locationsText.length,
  };
}

/** What the generator needs to draw a whole load: the wards, the size, the seed and the reserved ids. */
export const batchPlanSchema = z.object({
  wards: z.array(
    z.object({ id: z.number(), kecamatanId: z.number(), kode: z.string(), outline: wardOutlineSchema.nullable() }),
  ),
  total: z.number(),
  batchSize: z.number(),
  seed: z.number(),
  /** Milliseconds since the epoch: "now" of the load (dates spread over the 24 months before it). */
  now: z.number(),
  firstRegisterId: z.number(),
  firstMemberId: z.number(),
  firstEventId: z.number(),
});
export type BatchPlan = z.infer<typeof batchPlanSchema>;

const utf8Bytes = z.custom<Uint8Array<ArrayBuffer>>(
  (value) => value instanceof Uint8Array && value.buffer instanceof ArrayBuffer,
);

/** A batch's COPY text as UTF-8, so a worker can hand it over without copying. */
export const encodedBatchSchema = z.object({
  registers: utf8Bytes,
  members: utf8Bytes,
  events: utf8Bytes,
  locations: utf8Bytes,
  families: z.number(),
  memberCount: z.number(),
  eventCount: z.number(),
  locationCount: z.number(),
});
export type EncodedBatch = z.infer<typeof encodedBatchSchema>;

/** Families with a recorded house location: cadres record them on visits, not every family yet. */
const LOCATED_SHARE = 0.6;

type House = NonNullable<FamilySlot["house"]>;

/**
 * Draws houses inside a ward's outline: uniform points of its bounding box until one falls inside
 * (null after 100 misses, which a ward's polygon never comes near).
 */
function houseDrawer(outline: WardOutline): (random: () => number) => House | null {
  const rings = outline.type === "Polygon" ? outline.coordinates : outline.coordinates.flat();
  const positions = rings.flat();
  const longitudes = positions.map(([longitude]) => longitude);
  const latitudes = positions.map(([, latitude]) => latitude);
  const west = Math.min(...longitudes);
  const east = Math.max(...longitudes);
  const south = Math.min(...latitudes);
  const north = Math.max(...latitudes);
  return (random) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const longitude = west + random() * (east - west);
      const latitude = south + random() * (north - south);
      if (booleanPointInPolygon([longitude, latitude], outline)) {
        return { latitude, longitude, daysAfter: Math.floor(random() * 60) };
      }
    }
    return null;
  };
}

/**
 * The load's batches in order. Wards are taken in turn; RW 001-020 and RT 001-015 are drawn, so even
 * a small run covers many of them. The same plan gives the same rows, wherever it runs.
 */
export function* encodedBatches(plan: BatchPlan): Generator<EncodedBatch> {
  const random = seededRandom(plan.seed);
  const placeRandom = seededRandom(plan.seed + 1);
  // A stream of its own, so the families drawn for a seed stay the same with or without outlines.
  const houseRandom = seededRandom(plan.seed + 2);
  const drawHouse = new Map(plan.wards.map((ward) => [ward.id, ward.outline ? houseDrawer(ward.outline) : null]));
  const now = new Date(plan.now);
  const encoder = new TextEncoder();
  let memberId = plan.firstMemberId;
  let eventId = plan.firstEventId;
  for (let done = 0; done < plan.total; ) {
    const size = Math.min(plan.batchSize, plan.total - done);
    const slots: FamilySlot[] = [];
    for (let index = 0; index < size; index += 1) {
      const registerId = plan.firstRegisterId + done + index;
      const ward = plan.wards[registerId % plan.wards.length] ?? plan.wards[0];
      if (!ward) throw new Error("no ward");
      slots.push({
        registerId,
        area: {
          kecamatanId: ward.kecamatanId,
          desaKelurahanId: ward.id,
          kode: ward.kode,
          rw: String(1 + Math.floor(placeRandom() * 20)).padStart(3, "0"),
          rt: String(1 + Math.floor(placeRandom() * 15)).padStart(3, "0"),
        },
        house: houseRandom() < LOCATED_SHARE ? (drawHouse.get(ward.id)?.(houseRandom) ?? null) : null,
      });
    }
    const batch = batchText(random, slots, { firstMemberId: memberId, firstEventId: eventId }, now);
    memberId += batch.memberCount;
    eventId += batch.eventCount;
    done += size;
    yield {
      registers: encoder.encode(batch.registers),
      members: encoder.encode(batch.members),
      events: encoder.encode(batch.events),
      locations: encoder.encode(batch.locations),
      families: size,
      memberCount: batch.memberCount,
      eventCount: batch.eventCount,
      locationCount: batch.locationCount,
    };
  }
}
