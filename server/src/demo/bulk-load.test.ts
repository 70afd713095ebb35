import { describe, expect, test } from "bun:test";
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import { and, count, countDistinct, eq, gt, max, min, sql } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import { familyRegistrationSchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import { openDatabase } from "../db/client.ts";
import { resultRows } from "../db/raw-rows.ts";
import { figureRollups } from "../db/schema/figures.ts";
import { familyMembers, householdLocations, registerEvents, registers } from "../db/schema/registers.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { getEnv } from "../env.ts";
import { useTestApp } from "../../test/helpers.ts";
import { checkRollups } from "../services/figures/rollups.ts";
import { dropIndexesForLoad, type IndexDefinition } from "../db/dropped-indexes.ts";
import { droppedIndexes } from "../db/schema/dropped-indexes.ts";
import { buildWorkersPerLane, isPostgresClient, loadFamilies } from "./bulk-load.ts";
import { wardOutlines } from "./ward-outlines.ts";

/** What is wrong with a generated family's dates against its survey day, the WIB day it registered. */
function surveyDayProblems(row: { createdAt: Date; tanggalPendataan: string }, form: FamilyRegistration): string[] {
  const day = row.tanggalPendataan;
  const eventDays = [
    ...(form.events?.births ?? []).map((birth) => birth.birthDate),
    ...(form.events?.deaths ?? []).map((death) => death.deathDate),
  ];
  return [
    day === todayIso(row.createdAt) ? "" : `surveyed ${day}, registered ${todayIso(row.createdAt)} WIB`,
    form.tanggalPendataan === day ? "" : `form surveyed ${form.tanggalPendataan}, column ${day}`,
    ...form.members.map((member) => (member.birthDate > day ? `${member.fullName} born ${member.birthDate}` : "")),
    ...eventDays.map((eventDay) => (eventDay > day ? `event on ${eventDay}` : "")),
  ].filter((problem) => problem !== "");
}

describe("bulk family generation", () => {
  const t = useTestApp();
  const indexes = async () =>
    JSON.stringify(
      await t.db.execute(
        sql`select indexdef from pg_indexes where tablename in ('registers', 'family_members', 'register_events') order by indexname`,
      ),
    );

  /** The indexes a large load drops: the loaded tables' non-unique ones. */
  const secondary = async (): Promise<IndexDefinition[]> =>
    resultRows(
      await t.db.execute(
        sql`select indexname as name, indexdef as definition from pg_indexes
          where tablename in ('registers', 'family_members', 'register_events', 'household_locations')
            and indexdef not like 'CREATE UNIQUE%' order by indexname`,
      ),
    ).map((row) => ({ name: String(row.name), definition: String(row.definition) }));

  const rowCounts = async () => {
    const [row] = resultRows(
      await t.db.execute(
        sql`select (select count(*) from registers)::integer as registers,
                   (select count(*) from family_members)::integer as members,
                   (select count(*) from register_events)::integer as events,
                   (select count(*) from household_locations)::integer as locations`,
      ),
    );
    return row;
  };

  test("copies families with members and history over 24 months, every ward, and rollups equal to a recount", async () => {
    const before = await indexes();
    // Into an empty table: the secondary indexes are dropped for the load and built again after it.
    const result = await loadFamilies(t.handle, { families: 300, batchSize: 70 });
    expect(await indexes()).toBe(before);
    expect(result.families).toBe(300);
    const [families] = await t.db
      .select({
        total: count(),
        wards: countDistinct(registers.desaKelurahanId),
        rws: countDistinct(registers.rw),
        first: min(registers.createdAt),
        last: max(registers.createdAt),
      })
      .from(registers);
    expect(families?.total).toBe(300);
    expect(families?.wards).toBe(56);
    expect(families?.rws).toBe(20);
    const spanDays = ((families?.last?.getTime() ?? 0) - (families?.first?.getTime() ?? 0)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(365);
    const [members] = await t.db.select({ total: count(), niks: countDistinct(familyMembers.nik) }).from(familyMembers);
    expect(members?.total).toBe(members?.niks);
    expect(members?.total).toBe(result.members);
    const rows = await t.db.select().from(registers);
    expect(members?.total).toBe(rows.reduce((sum, row) => sum + row.memberCount, 0));
    const approved = rows.find((row) => row.status === "APPROVED");
    const history = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, approved?.id ?? 0))
      .orderBy(registerEvents.id);
    expect(history.map((event) => event.toStatus)).toEqual(["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
    expect(history[0]?.createdAt.getTime()).toBe(approved?.createdAt.getTime());
    // The triggers were off for the load; the rollups were rebuilt and equal a recount.
    const [rolled] = await t.db.select({ families: count() }).from(figureRollups);
    expect(rolled?.families).toBeGreaterThan(0);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("index builds add parallel workers only where the cores outnumber the lanes", () => {
    // Three lanes on this 2-core machine: each build runs alone in its backend.
    expect([1, 2, 3, 4, 5].map((cores) => buildWorkersPerLane(cores))).toEqual([0, 0, 0, 0, 0]);
    expect([6, 8, 9, 12, 16].map((cores) => buildWorkersPerLane(cores))).toEqual([1, 1, 2, 3, 4]);
    expect(buildWorkersPerLane(8, 2)).toBe(3);
  });

  test("a large load gives every connection back to the pool with the server's settings", async () => {
    // The lanes (PostgreSQL connections reserved from the pool) change settings for their builds.
    const url = process.env.DATABASE_URL;
    if (t.handle.kind !== "postgres" || !url) return;
    // A pool of its own: an earlier test here killed backends the shared pool may still hold.
    const [current] = resultRows(await t.db.execute(sql`select current_database() as name`));
    const own = new URL(url);
    own.pathname = `/${String(current?.name)}`;
    const handle = await openDatabase({ url: own.toString() });
    try {
      const counted = await rowCounts();
      await loadFamilies(handle, { families: Number(counted?.registers ?? 0) + 50, batchSize: 100 });
      const client: unknown = Reflect.get(handle.db, "$client");
      if (!isPostgresClient(client)) throw new Error("no postgres.js client");
      // All of the pool at once, so the connections the lanes used are among them.
      const connections = await Promise.all(Array.from({ length: client.options.max }, () => client.reserve()));
      try {
        for (const connection of connections) {
          const changed = await connection`select name, setting from pg_settings
            where name in ('max_parallel_maintenance_workers', 'maintenance_work_mem', 'session_replication_role',
              'synchronous_commit') and setting is distinct from reset_val`;
          expect([...changed]).toEqual([]);
        }
      } finally {
        for (const connection of connections) connection.release();
      }
    } finally {
      await handle.close();
    }
  });

  test("each family is surveyed on the WIB day it registered and drawn as of then: no one born or event after it, and a cadre can save its form", async () => {
    const [before] = await t.db.select({ lastFamily: max(registers.id) }).from(registers);
    const loaded = gt(registers.id, before?.lastFamily ?? 0);
    await loadFamilies(t.handle, { families: 3_000, batchSize: 500 });
    const rows = await t.db
      .select({
        id: registers.id,
        createdAt: registers.createdAt,
        tanggalPendataan: registers.tanggalPendataan,
        dataRegister: registers.dataRegister,
      })
      .from(registers)
      .where(loaded);
    expect(rows).toHaveLength(3_000);
    // Spread over the 24 months, with many registered 00:00-06:59 WIB, when UTC is still on the day before.
    expect(new Set(rows.map((row) => row.tanggalPendataan.slice(0, 7))).size).toBeGreaterThanOrEqual(24);
    expect(rows.filter((row) => row.createdAt.getUTCHours() >= 17).length).toBeGreaterThan(500);
    const problems: string[] = [];
    let withEvents = 0;
    for (const row of rows) {
      // The schema a cadre's edit is checked with (household rules included), as records.ts reads the stored form.
      const form = familyRegistrationSchema.safeParse(row.dataRegister);
      if (!form.success) {
        problems.push(`${row.id}: ${form.error.issues.map((issue) => issue.message).join("; ")}`);
        continue;
      }
      if ((form.data.events?.births.length ?? 0) + (form.data.events?.deaths.length ?? 0) > 0) withEvents += 1;
      problems.push(...surveyDayProblems(row, form.data).map((problem) => `${row.id}: ${problem}`));
    }
    expect(problems).toEqual([]);
    expect(withEvents).toBeGreaterThan(100);
    // The member rows copied beside the forms agree.
    const [bornLater] = await t.db
      .select({ total: count() })
      .from(familyMembers)
      .innerJoin(registers, eq(registers.id, familyMembers.registerId))
      .where(and(loaded, gt(familyMembers.birthDate, registers.tanggalPendataan)));
    expect(bornLater?.total).toBe(0);
  });

  test("six in ten families get a house inside their own ward's polygon, recorded after they registered", async () => {
    const env = getEnv();
    const outlines = await wardOutlines(env.CITY_CODE, env.DATA_DIR);
    const wards = await t.db.select({ id: desaKelurahan.id, kode: desaKelurahan.kode }).from(desaKelurahan);
    const codeOf = new Map(wards.map((ward) => [ward.id, ward.kode]));
    const [before] = await t.db.select({ total: count(), lastFamily: max(registers.id) }).from(registers);
    const result = await loadFamilies(t.handle, { families: 500, batchSize: 90, outlines });
    const houses = await t.db
      .select({
        ward: registers.desaKelurahanId,
        createdAt: registers.createdAt,
        deletedAt: registers.deletedAt,
        latitude: householdLocations.latitude,
        longitude: householdLocations.longitude,
        source: householdLocations.source,
        recordedAt: householdLocations.recordedAt,
      })
      .from(householdLocations)
      .innerJoin(registers, eq(registers.id, householdLocations.registerId))
      .where(gt(registers.id, before?.lastFamily ?? 0));
    expect(houses).toHaveLength(result.locations);
    expect(houses.length).toBeGreaterThan(500 * 0.5);
    expect(houses.length).toBeLessThan(500 * 0.7);
    for (const house of houses) {
      const outline = outlines[codeOf.get(house.ward ?? 0) ?? ""];
      if (!outline) throw new Error(`ward ${house.ward} has no polygon`);
      expect(booleanPointInPolygon([house.longitude, house.latitude], outline)).toBe(true);
      expect(house.source).toBe("map");
      expect(house.recordedAt.getTime()).toBeGreaterThanOrEqual(house.createdAt.getTime());
      // A deleted family refuses a new location, so a location it has was recorded before the deletion.
      expect(house.recordedAt.getTime()).toBeLessThanOrEqual(house.deletedAt?.getTime() ?? Date.now());
    }
    // Without outlines (a city with no boundaries), no family gets a house.
    const plain = await loadFamilies(t.handle, { families: 30 });
    expect(plain.locations).toBe(0);
  });

  test("a second run continues without id or NIK collisions, and the triggers are on again", async () => {
    await loadFamilies(t.handle, { families: 40 });
    const [members] = await t.db.select({ total: count(), niks: countDistinct(familyMembers.nik) }).from(familyMembers);
    expect(members?.total).toBe(members?.niks);
    const [one] = await t.db.select().from(registers).limit(1);
    await t.db
      .update(registers)
      .set({ rt: "009" })
      .where(eq(registers.id, one?.id ?? 0));
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a load the database refuses keeps none of its rows in any table, ends, and leaves every index in place", async () => {
    await loadFamilies(t.handle, { families: 40 });
    const before = await indexes();
    const counted = await rowCounts();
    const refused = async (load: Promise<unknown>, reason: RegExp) => {
      await expect(load).rejects.toThrow(reason);
      expect(await rowCounts()).toEqual(counted);
      expect(await indexes()).toBe(before);
    };
    // Refused while later batches are still being written (a load large enough to drop the
    // secondary indexes): the registers' id sequence set back one, so the first family takes an id
    // already used. Its members' NIKs follow from that id, so the members' COPY is refused as well;
    // on PostgreSQL the two streams run at once and either refusal may be the one reported.
    const setBack = sql`select setval(pg_get_serial_sequence('registers', 'id'), (select max(id) - 1 from registers))`;
    await t.db.execute(setBack);
    await refused(
      loadFamilies(t.handle, { families: 2_000, batchSize: 100 }),
      /registers_pkey|family_members_live_nik_unique/,
    );
    // Refused after the last batch was sent: a statement trigger (on even with the triggers off for
    // the load) refuses the locations at the end of their COPY, when every other COPY succeeded.
    await t.db.execute(sql`create function refuse_load() returns trigger language plpgsql as $$
      begin raise exception 'refused at the end'; end $$`);
    await t.db.execute(sql`create trigger refuse_load after insert on household_locations
      for each statement execute function refuse_load()`);
    await t.db.execute(sql`alter table household_locations enable always trigger refuse_load`);
    try {
      await refused(
        loadFamilies(t.handle, { families: 20, outlines: await wardOutlines(t.env.CITY_CODE, t.env.DATA_DIR) }),
        /PostgreSQL refused the COPY into household_locations|refused at the end/,
      );
    } finally {
      await t.db.execute(sql`drop trigger refuse_load on household_locations`);
      await t.db.execute(sql`drop function refuse_load`);
    }
    expect(await checkRollups(t.db)).toEqual([]);
    // The load's sessions gave back their connections with the triggers on again.
    const [one] = await t.db.select().from(registers).limit(1);
    await t.db
      .update(registers)
      .set({ rt: "011" })
      .where(eq(registers.id, one?.id ?? 0));
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a load whose database connections die part-way ends with an error, keeps nothing and leaves every index in place", async () => {
    // PGlite runs inside this process: it has no connection to lose.
    if (t.handle.kind !== "postgres") return;
    const before = await indexes();
    const counted = await rowCounts();
    let killed = 0;
    const load = loadFamilies(t.handle, {
      families: 3_000,
      batchSize: 100,
      onProgress: (done) => {
        if (done !== 500) return;
        // The load's COPY backends terminated under it, as a database restart would.
        void t.db
          .execute(
            sql`select count(pg_terminate_backend(pid))::integer as killed from pg_stat_activity
              where datname = current_database() and query ilike 'copy %' and pid <> pg_backend_pid()`,
          )
          .then((result) => {
            killed = Number(resultRows(result)[0]?.killed ?? 0);
          });
      },
    });
    await expect(load).rejects.toThrow();
    expect(killed).toBeGreaterThan(0);
    expect(await rowCounts()).toEqual(counted);
    expect(await indexes()).toBe(before);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a load that cannot start keeps nothing, leaves every index in place and its connections usable", async () => {
    const before = await indexes();
    const counted = await rowCounts();
    // A column the load names is gone: the locations' COPY is refused when it opens (PostgreSQL),
    // after the other tables' have opened, or at the first batch with a house (PGlite).
    await t.db.execute(sql`alter table household_locations rename column source to source_moved`);
    try {
      const outlines = await wardOutlines(t.env.CITY_CODE, t.env.DATA_DIR);
      await expect(loadFamilies(t.handle, { families: 2_000, batchSize: 100, outlines })).rejects.toThrow(/source/);
    } finally {
      await t.db.execute(sql`alter table household_locations rename column source_moved to source`);
    }
    expect(await rowCounts()).toEqual(counted);
    expect(await indexes()).toBe(before);
    // Every connection the load reserved answers again.
    const loaded = await loadFamilies(t.handle, { families: 20 });
    expect(loaded.families).toBe(20);
  });

  test("a load stopped before it built its indexes again (Ctrl-C, a kill) leaves them written down, and the next start builds them", async () => {
    const before = await indexes();
    const dropped = await secondary();
    expect(dropped.length).toBeGreaterThan(10);
    // What a large load does before its first batch; the process then dies, so nothing builds them.
    await dropIndexesForLoad(t.db, dropped);
    expect(await secondary()).toEqual([]);
    expect((await t.db.select().from(droppedIndexes)).map((row) => row.name).sort()).toEqual(
      dropped.map((index) => index.name).sort(),
    );
    // Every start of the portal or of a command migrates first.
    const { rebuiltIndexes } = await t.handle.migrate();
    expect(rebuiltIndexes.sort()).toEqual(dropped.map((index) => index.name).sort());
    expect(await indexes()).toBe(before);
    expect(await t.db.select().from(droppedIndexes)).toEqual([]);
  });

  test("the next load builds what a stopped one dropped, whether it drops the indexes itself or not", async () => {
    const before = await indexes();
    const counted = await rowCounts();
    await dropIndexesForLoad(t.db, await secondary());
    // Fewer families than the tables hold: this load keeps the indexes, so it builds them first.
    await loadFamilies(t.handle, { families: 10 });
    expect(await indexes()).toBe(before);
    expect(await t.db.select().from(droppedIndexes)).toEqual([]);

    const [some, other] = await secondary();
    if (!some || !other) throw new Error("no secondary indexes");
    await dropIndexesForLoad(t.db, [some, other]);
    // One of them built again by hand: written down and present, it is built once.
    await t.db.execute(sql.raw(other.definition));
    // More families than the tables hold: the rest are dropped too, and all are built after the load.
    await loadFamilies(t.handle, { families: Number(counted?.registers ?? 0) + 10, batchSize: 500 });
    expect(await indexes()).toBe(before);
    expect(await t.db.select().from(droppedIndexes)).toEqual([]);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a load whose last batch is still on its way to the database when the streams end keeps its rows", async () => {
    // Only the PostgreSQL driver sends batches over a socket.
    if (t.handle.kind !== "postgres") return;
    const counted = await rowCounts();
    // The registers' COPY waits 2 s before it reads any data, so the one batch of 10,000 families
    // (~20 MB of forms, more than the socket holds) is still being sent when the streams end. The
    // driver refused the question asked next ("did the COPY succeed?") with COPY_IN_PROGRESS until
    // the batch had left, and the load was thrown away as refused by PostgreSQL (seen at 100,000
    // families on a database slowed by an earlier aborted load).
    await t.db.execute(sql`create function slow_load() returns trigger language plpgsql as $$
      begin perform pg_sleep(2); return null; end $$`);
    await t.db.execute(sql`create trigger slow_load before insert on registers
      for each statement execute function slow_load()`);
    await t.db.execute(sql`alter table registers enable always trigger slow_load`);
    try {
      const loaded = await loadFamilies(t.handle, { families: 10_000, batchSize: 10_000 });
      expect(loaded.families).toBe(10_000);
    } finally {
      await t.db.execute(sql`drop trigger slow_load on registers`);
      await t.db.execute(sql`drop function slow_load`);
    }
    expect((await rowCounts())?.registers).toBe(Number(counted?.registers ?? 0) + 10_000);
    expect(await checkRollups(t.db)).toEqual([]);
  }, 90_000);

  test("two loads started together take turns: both keep their rows, every index is in place and the rollups equal a recount", async () => {
    // Two demo:data commands on one PostgreSQL server (PGlite belongs to one process).
    if (t.handle.kind !== "postgres") return;
    const before = await indexes();
    const counted = await rowCounts();
    const many = Number(counted?.registers ?? 0) + 100;
    const [first, second] = await Promise.all([
      loadFamilies(t.handle, { families: many, batchSize: 200, seed: 3 }),
      loadFamilies(t.handle, { families: many, batchSize: 200, seed: 4 }),
    ]);
    expect([first.families, second.families]).toEqual([many, many]);
    expect((await rowCounts())?.registers).toBe(Number(counted?.registers ?? 0) + 2 * many);
    expect(await indexes()).toBe(before);
    expect(await t.db.select().from(droppedIndexes)).toEqual([]);
    expect(await checkRollups(t.db)).toEqual([]);
  }, 90_000);

  test("a load that fails half-way keeps none of its rows and leaves every index in place", async () => {
    const before = await indexes();
    const counted = await rowCounts();
    // More families than the tables hold, so the secondary indexes are dropped for the load.
    const load = loadFamilies(t.handle, {
      families: 1_000,
      batchSize: 100,
      onProgress: () => {
        throw new Error("stopped by the test");
      },
    });
    await expect(load).rejects.toThrow("stopped by the test");
    expect(await rowCounts()).toEqual(counted);
    expect(await indexes()).toBe(before);
  });
});
