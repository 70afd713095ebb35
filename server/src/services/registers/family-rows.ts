// How a validated family form becomes rows: the one mapping used by registration, the cadre's
// Maker Checker edits and the demo-data generator, so indexed columns never drift from data_register.
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { padRtRw } from "@shared/schemas/common.ts";
import { specialConditionKeys } from "@shared/enums.ts";
import { sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { type familyMembers, type registerEvents, registers } from "../../db/schema/registers.ts";

type RegisterInsert = typeof registers.$inferInsert;
type MemberInsert = typeof familyMembers.$inferInsert;

export type FamilyColumns = Pick<
  RegisterInsert,
  | "namaKepalaKeluarga"
  | "nikKepalaKeluarga"
  | "nomorHp"
  | "alamatEmail"
  | "nomorKk"
  | "tanggalPendataan"
  | "kecamatanId"
  | "desaKelurahanId"
  | "rw"
  | "rt"
  | "memberCount"
  | "pregnantCount"
  | "blindCount"
  | "nursingCount"
  | "motherDeathCount"
  | "babyDeathCount"
  | "toddlerDeathCount"
  | "newBirthCount"
  | "birthCertificateCount"
  | "postpartumCount"
  | "hasSpecialCondition"
  | "waterSource"
  | "mckFacility"
  | "mckCount"
  | "houseHealthy"
  | "houseLessHealthy"
  | "hasTrashBin"
  | "hasDrainage"
  | "hasWaterAbsorption"
  | "foodType"
  | "activityUp2k"
  | "activityYardUtilization"
  | "activityHomeIndustry"
  | "activityEnvironmentalHealth"
>;

/** A condition's count, or 0 when its toggle is off (a leftover count of an unticked toggle is ignored). */
function conditionCount(data: FamilyRegistration, key: (typeof specialConditionKeys)[number]): number {
  const conditions = data.specialConditions;
  return conditions[key] ? conditions[`${key}Count`] : 0;
}

export function familyColumns(data: FamilyRegistration): FamilyColumns {
  const counts = Object.fromEntries(specialConditionKeys.map((key) => [key, conditionCount(data, key)]));
  return {
    namaKepalaKeluarga: data.namaKepalaKeluarga.trim(),
    nikKepalaKeluarga: data.nikKepalaKeluarga,
    nomorHp: data.nomorHp,
    alamatEmail: data.alamatEmail || null,
    nomorKk: data.nomorKk || null,
    tanggalPendataan: data.tanggalPendataan,
    kecamatanId: data.address.kecamatanId,
    desaKelurahanId: data.address.desaKelurahanId,
    rw: padRtRw(data.address.rw),
    rt: padRtRw(data.address.rt),
    memberCount: data.members.length,
    pregnantCount: counts.pregnant ?? 0,
    blindCount: counts.blind ?? 0,
    nursingCount: counts.nursing ?? 0,
    motherDeathCount: counts.motherDeath ?? 0,
    babyDeathCount: counts.babyDeath ?? 0,
    toddlerDeathCount: counts.toddlerDeath ?? 0,
    newBirthCount: counts.newBirth ?? 0,
    birthCertificateCount: counts.birthCertificate ?? 0,
    postpartumCount: counts.postpartum ?? 0,
    hasSpecialCondition: specialConditionKeys.some((key) => data.specialConditions[key]),
    waterSource: data.waterSource,
    mckFacility: data.mckFacility,
    mckCount: data.mckFacility ? data.mckCount : 0,
    houseHealthy: data.houseCriteria.healthy,
    houseLessHealthy: data.houseCriteria.lessHealthy,
    hasTrashBin: data.houseCriteria.hasTrashBin,
    hasDrainage: data.houseCriteria.hasDrainage,
    hasWaterAbsorption: data.houseCriteria.hasWaterAbsorption,
    foodType: data.foodType,
    activityUp2k: data.communityActivities.up2k,
    activityYardUtilization: data.communityActivities.yardUtilization,
    activityHomeIndustry: data.communityActivities.homeIndustry,
    activityEnvironmentalHealth: data.communityActivities.environmentalHealth,
  };
}

export function familyMemberRows(registerId: number, data: FamilyRegistration): MemberInsert[] {
  return data.members.map((member, position) => ({
    registerId,
    position,
    ...member,
    fullName: member.fullName.trim(),
  }));
}

/**
 * A new family's first event (into SUBMITTED), dated at its register's creation rather than at its
 * own statement: the register's waiting_since (when it reached SUBMITTED) is then right from the
 * insert, and the event's trigger (migration 0034) does not write the register, and every index of
 * it, a second time. Read in the statement: the column holds microseconds, a JS Date milliseconds.
 */
export function firstEventRow(
  registerId: number,
  by: Pick<typeof registerEvents.$inferInsert, "actorId" | "level" | "note">,
): PgInsertValue<typeof registerEvents> {
  return {
    registerId,
    createdAt: sql`(select ${registers.createdAt} from ${registers} where ${registers.id} = ${registerId})`,
    toStatus: "SUBMITTED",
    ...by,
  };
}

/**
 * data_register as stored: the validated family plus the parts the server sets (form type and the
 * registration date of the first submission), which an edit keeps whatever the client sends.
 */
export function storedForm(family: FamilyRegistration, previous: unknown = null, now = new Date()) {
  const earlier =
    typeof previous === "object" && previous !== null && "registrationDate" in previous
      ? previous.registrationDate
      : undefined;
  // A first submission is dated now; an edit keeps the stored date (or its absence) untouched.
  const registrationDate = previous === null ? now.toISOString() : typeof earlier === "string" ? earlier : undefined;
  return {
    ...family,
    ...(registrationDate === undefined ? {} : { registrationDate }),
    formType: "family_registration" as const,
  };
}
