// The house location of a family (issue 19): recorded by a cadre through the register write path
// (one transaction: version, revision, audit), shown to cadres and admins only, never to officials,
// never in an export, and drawn on the cadre's own household map.
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { latitudeRangeMessage, longitudeRangeMessage } from "@shared/schemas/register-records.ts";
import { todayIso } from "@shared/dates.ts";
import { auditLog, registerRevisions } from "../../db/schema/audit.ts";
import { householdLocations, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { householdMap, householdMapRefusal } from "./household-map.ts";
import { openRecord, recordRevisions, setRecordLocation, staleRecordMessage } from "./records.ts";
import { noSpecialConditions } from "@shared/empty-family.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });
const house = { latitude: -6.238417, longitude: 106.975321, source: "map" as const, accuracyM: null };
const mentionsHouse = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.includes("106.975321") || text.includes("-6.238417");
};

describe("recording a location", () => {
  test("a cadre's tap is stored with who and when, the version moves on, a revision and an audit row are written", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const saved = await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: house });
    expect(saved).toEqual({ registerId: family.id, version: 2 });

    const [stored] = await t.db.select().from(householdLocations).where(eq(householdLocations.registerId, family.id));
    expect(stored).toMatchObject({
      latitude: house.latitude,
      longitude: house.longitude,
      source: "map",
      recordedBy: rt.id,
    });
    const [row] = await t.db.select({ version: registers.version }).from(registers).where(eq(registers.id, family.id));
    expect(row?.version).toBe(2);

    const revisions = await t.db.select().from(registerRevisions).where(eq(registerRevisions.registerId, family.id));
    expect(revisions.map((revision) => [revision.version, revision.actorId, revision.changes])).toEqual([
      [
        2,
        rt.id,
        [{ path: "lokasiRumah", before: null, after: { latitude: house.latitude, longitude: house.longitude } }],
      ],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, family.id), eq(auditLog.action, "register.location")));
    expect(audits.map((entry) => [entry.actorId, entry.details])).toEqual([[rt.id, { version: 2, source: "map" }]]);
    // The audit trail says that it happened, never where the house is.
    expect(mentionsHouse(audits)).toBe(false);

    const opened = await openRecord(t.db, as(rt), { registerId: family.id });
    expect(opened.location).toMatchObject({ latitude: house.latitude, longitude: house.longitude, source: "map" });
    expect(opened.location?.recordedByName).toBe(rt.fullName);
    expect(opened.canSetLocation).toBe(true);
    const readAudit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, family.id), eq(auditLog.action, "register.read")));
    expect(readAudit.at(-1)?.details).toEqual({ surface: "open", view: "full", location: true });
  });

  test("GPS replaces the tap, and removing it leaves a revision too", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: house });
    const gps = { latitude: -6.2401, longitude: 106.9802, source: "gps" as const, accuracyM: 12 };
    await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 2, location: gps });
    const opened = await openRecord(t.db, as(rt), { registerId: family.id });
    expect(opened.location).toMatchObject({ latitude: gps.latitude, longitude: gps.longitude, accuracyM: 12 });

    await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 3, location: null });
    expect((await openRecord(t.db, as(rt), { registerId: family.id })).location).toBeNull();
    const revisions = await recordRevisions(t.db, as(rt), { registerId: family.id });
    expect(revisions.map((revision) => revision.changes[0]?.after)).toEqual([
      null,
      { latitude: gps.latitude, longitude: gps.longitude },
      { latitude: house.latitude, longitude: house.longitude },
    ]);
  });

  test("out-of-range coordinates are refused in Indonesian and nothing is stored", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const north = await refusal(
      setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: { ...house, latitude: 91 } }),
    );
    expect(north.code).toBe("BAD_REQUEST");
    expect(north.message).toBe(latitudeRangeMessage);
    const east = await refusal(
      setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: { ...house, longitude: -181 } }),
    );
    expect(east.message).toBe(longitudeRangeMessage);
    const notANumber = await refusal(
      setRecordLocation(t.db, as(rt), {
        registerId: family.id,
        version: 1,
        location: { ...house, latitude: Number.NaN },
      }),
    );
    expect(notANumber.code).toBe("BAD_REQUEST");
    expect(await t.db.select().from(householdLocations).where(eq(householdLocations.registerId, family.id))).toEqual(
      [],
    );
  });

  test("a stale version, an official and a cadre of another area are refused", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: house });
    const stale = await refusal(setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: null }));
    expect([stale.code, stale.message]).toEqual(["CONFLICT", staleRecordMessage]);

    const aparat = await createCadre(t.db, "kelurahan", {}, { role: "aparat" });
    const byOfficial = await refusal(
      setRecordLocation(t.db, as(aparat), { registerId: family.id, version: 2, location: house }),
    );
    expect(byOfficial.code).toBe("FORBIDDEN");
    const elsewhere = await createCadre(t.db, "rt", { rt: "009" });
    const byOther = await refusal(
      setRecordLocation(t.db, as(elsewhere), { registerId: family.id, version: 2, location: house }),
    );
    // Outside the cadre's area the record answers as a missing one.
    expect(byOther.code).toBe("NOT_FOUND");
  });
});

describe("who sees the location", () => {
  test("an official gets no location in the record, the revisions or the map", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: house });
    const aparat = await createCadre(t.db, "kelurahan", {}, { role: "aparat" });

    const opened = await openRecord(t.db, as(aparat), { registerId: family.id });
    expect(opened.location).toBeNull();
    expect(opened.canSetLocation).toBe(false);
    expect(mentionsHouse(opened)).toBe(false);
    const revisions = await recordRevisions(t.db, as(aparat), { registerId: family.id });
    expect(mentionsHouse(revisions)).toBe(false);
    expect(revisions.flatMap((revision) => revision.changes)).toEqual([]);

    const map = await refusal(householdMap(t.db, as(aparat)));
    expect([map.code, map.message]).toEqual(["FORBIDDEN", householdMapRefusal]);
  });

  test("exports carry no location: the monthly report and its CSV, the PKK recap sheet", async () => {
    const family = await createFamilyRegister(t.db, { status: "APPROVED" });
    const rt = await createCadre(t.db, "rt");
    await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: house });
    const kelurahan = await createCadre(t.db, "kelurahan");
    const month = todayIso().slice(0, 7);
    for (const user of [rt, kelurahan]) {
      const caller = callerFor(t, user);
      const csv = await caller.reports.export({ month, format: "csv" });
      expect(mentionsHouse(Buffer.from(csv.base64, "base64").toString("utf8"))).toBe(false);
      const report = await caller.reports.monthly({ month });
      expect(mentionsHouse(report)).toBe(false);
    }
    const place = { desaKelurahanId: family.form.address.desaKelurahanId, rw: "005", rt: "001" };
    const sheet = await callerFor(t, rt).recaps.sheet({ form: "4.16", period: month, place });
    expect(mentionsHouse(sheet)).toBe(false);
  });

  test("the cadre's map shows the located families of its own area only, with status and conditions", async () => {
    const own = await createFamilyRegister(t.db, {
      change: (form) => ({
        ...form,
        specialConditions: {
          ...noSpecialConditions,
          pregnant: true,
          pregnantCount: 1,
          postpartum: true,
          postpartumCount: 2,
        },
      }),
    });
    const unlocated = await createFamilyRegister(t.db);
    const other = await createFamilyRegister(t.db, {
      rt: "009",
      change: (form) => ({ ...form, specialConditions: noSpecialConditions }),
    });
    const rt = await createCadre(t.db, "rt");
    const otherRt = await createCadre(t.db, "rt", { rt: "009" });
    await setRecordLocation(t.db, as(rt), { registerId: own.id, version: 1, location: house });
    await setRecordLocation(t.db, as(otherRt), {
      registerId: other.id,
      version: 1,
      location: { ...house, latitude: -6.25 },
    });

    const map = await householdMap(t.db, as(rt));
    const ids = map.points.map((point) => point.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
    expect(ids).not.toContain(unlocated.id);
    const point = map.points.find((item) => item.id === own.id);
    expect(point).toMatchObject({ status: "SUBMITTED", latitude: house.latitude, longitude: house.longitude });
    expect(point?.conditions).toEqual(["pregnant", "postpartum"]);
    expect(map.families).toBeGreaterThanOrEqual(2);
    const reads = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, rt.id), eq(auditLog.action, "register.location-read")));
    expect(reads.map((entry) => entry.details)).toEqual([{ surface: "household-map", points: ids.length }]);

    const admin = await createUser(t.db, { role: "admin" });
    const all = await householdMap(t.db, as(admin));
    expect(all.points.map((point) => point.id)).toEqual(expect.arrayContaining([own.id, other.id]));
    // A family without a condition is a point with none (its counts are zero).
    expect(all.points.find((item) => item.id === other.id)?.conditions).toEqual([]);
  });

  test("a deleted family leaves the map and refuses a new location", async () => {
    const family = await createFamilyRegister(t.db, { rt: "011" });
    const rt = await createCadre(t.db, "rt", { rt: "011" });
    await setRecordLocation(t.db, as(rt), { registerId: family.id, version: 1, location: house });
    await callerFor(t, rt).registers.delete({ registerId: family.id, version: 2, reason: "Pindah domisili" });
    const map = await householdMap(t.db, as(rt));
    expect(map.points.map((point) => point.id)).not.toContain(family.id);
    const refused = await refusal(
      setRecordLocation(t.db, as(rt), { registerId: family.id, version: 3, location: null }),
    );
    expect(refused.code).toBe("CONFLICT");
  });
});
