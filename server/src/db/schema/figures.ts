// Figure rollups (DESIGN §3, issue 12): sums over live family registrations kept by PostgreSQL
// triggers in the same transaction as every write to registers, family_members and register_events
// (migration issue12_rollups_custom), so every write path keeps them right without knowing they exist.
// Keys are NOT NULL: a register without a ward or RT is filed under 0 / '' so ON CONFLICT can find it.
import { boolean, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/** The sums every figure needs, per key: families and, per condition, families and people. */
function figureSums() {
  return {
    families: integer().notNull().default(0),
    members: integer().notNull().default(0),
    specialFamilies: integer().notNull().default(0),
    waterPdam: integer().notNull().default(0),
    waterWell: integer().notNull().default(0),
    mck: integer().notNull().default(0),
    houseHealthy: integer().notNull().default(0),
    houseLessHealthy: integer().notNull().default(0),
    needsHelp: integer().notNull().default(0),
    trashBin: integer().notNull().default(0),
    drainage: integer().notNull().default(0),
    waterAbsorption: integer().notNull().default(0),
    foodRice: integer().notNull().default(0),
    foodNonRice: integer().notNull().default(0),
    activityUp2k: integer().notNull().default(0),
    activityYardUtilization: integer().notNull().default(0),
    activityHomeIndustry: integer().notNull().default(0),
    activityEnvironmentalHealth: integer().notNull().default(0),
    pregnantFamilies: integer().notNull().default(0),
    pregnantPeople: integer().notNull().default(0),
    blindFamilies: integer().notNull().default(0),
    blindPeople: integer().notNull().default(0),
    nursingFamilies: integer().notNull().default(0),
    nursingPeople: integer().notNull().default(0),
    motherDeathFamilies: integer().notNull().default(0),
    motherDeathPeople: integer().notNull().default(0),
    babyDeathFamilies: integer().notNull().default(0),
    babyDeathPeople: integer().notNull().default(0),
    toddlerDeathFamilies: integer().notNull().default(0),
    toddlerDeathPeople: integer().notNull().default(0),
    newBirthFamilies: integer().notNull().default(0),
    newBirthPeople: integer().notNull().default(0),
    birthCertificateFamilies: integer().notNull().default(0),
    birthCertificatePeople: integer().notNull().default(0),
    postpartumFamilies: integer().notNull().default(0),
    postpartumPeople: integer().notNull().default(0),
  };
}

/** Live families now, by place and current status: dashboards, landing statistics, monitors. */
export const figureRollups = pgTable(
  "figure_rollups",
  {
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    rw: text().notNull(),
    rt: text().notNull(),
    status: text().notNull(),
    ...figureSums(),
  },
  (table) => [primaryKey({ columns: [table.desaKelurahanId, table.rw, table.rt, table.status, table.kecamatanId] })],
);

/**
 * Live families by ward and current status: the figures of a ward or wider now (dashboard, special
 * conditions, landing statistics). The city is a few hundred rows here, against thousands in
 * figure_month_rollups (every month of every ward).
 */
export const figureWardRollups = pgTable(
  "figure_ward_rollups",
  {
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    status: text().notNull(),
    ...figureSums(),
  },
  (table) => [primaryKey({ columns: [table.desaKelurahanId, table.status, table.kecamatanId] })],
);

/**
 * Live families by ward, month of registration (WIB, 'YYYY-MM') and current status: the monthly
 * report ("received in the month", "registered up to the month's end") for a ward or wider.
 */
export const figureMonthRollups = pgTable(
  "figure_month_rollups",
  {
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    createdMonth: text().notNull(),
    status: text().notNull(),
    ...figureSums(),
  },
  (table) => [primaryKey({ columns: [table.desaKelurahanId, table.createdMonth, table.status, table.kecamatanId] })],
);

/**
 * The same month sums per RW and RT (issue 19): the monthly trend of an RW or RT reader. Kept apart
 * from figure_month_rollups so the city-wide and ward reads stay as small as they are.
 */
export const figureMonthPlaceRollups = pgTable(
  "figure_month_place_rollups",
  {
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    rw: text().notNull(),
    rt: text().notNull(),
    createdMonth: text().notNull(),
    status: text().notNull(),
    ...figureSums(),
  },
  (table) => [
    primaryKey({
      columns: [table.desaKelurahanId, table.rw, table.rt, table.createdMonth, table.status, table.kecamatanId],
    }),
  ],
);

/**
 * One family registration's history as net monthly deltas (DESIGN §3 month-end snapshots): +1/-1
 * (kind 'state') when its status at a month's end (WIB) differs from the month before ('' =
 * registered without an event yet). Kept per register so a trigger can take back exactly what it
 * added when an event, a date, the place or the deletion changes.
 */
export const registerMonthMarks = pgTable(
  "register_month_marks",
  {
    registerId: integer().notNull(),
    kind: text({ enum: ["state", "move"] }).notNull(),
    month: text().notNull(),
    status: text().notNull(),
    delta: integer().notNull(),
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    rw: text().notNull(),
    rt: text().notNull(),
    special: boolean().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.registerId, table.kind, table.month, table.status] }),
    // RW and RT dashboards sum the marks of their place directly.
    index().on(table.desaKelurahanId, table.rw, table.rt, table.kind, table.month),
  ],
);

/**
 * Per ward and month: kind 'state', the marks summed (a month-end count is the sum of the deltas of
 * the months before it); kind 'move', the live families' status moves by status reached.
 */
export const statusMonthRollups = pgTable(
  "status_month_rollups",
  {
    kind: text({ enum: ["state", "move"] }).notNull(),
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    month: text().notNull(),
    status: text().notNull(),
    special: boolean().notNull(),
    families: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.desaKelurahanId, table.kind, table.month, table.status, table.special, table.kecamatanId],
    }),
    // The current month's deltas of the whole city (dashboard: end of last month from the totals).
    index().on(table.kind, table.month),
  ],
);

/**
 * Per ward, status and special condition: status_month_rollups' 'state' deltas summed over every
 * month, which is each ward's state now. Kept by statement triggers on status_month_rollups
 * (migration issue12_status_state_totals_custom), whatever writes it: "end of last month" for a
 * ward or wider is these totals less the current month's deltas, a few hundred rows for the city
 * instead of summing every month since the first registration.
 */
export const statusStateTotals = pgTable(
  "status_state_totals",
  {
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    status: text().notNull(),
    special: boolean().notNull(),
    families: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.desaKelurahanId, table.status, table.special, table.kecamatanId] })],
);

/** Members of live families by place, status, sex and birth year (age bands are computed when read). */
export const memberRollups = pgTable(
  "member_rollups",
  {
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    rw: text().notNull(),
    rt: text().notNull(),
    status: text().notNull(),
    gender: text().notNull(),
    birthYear: smallint().notNull(),
    members: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [
        table.desaKelurahanId,
        table.rw,
        table.rt,
        table.status,
        table.gender,
        table.birthYear,
        table.kecamatanId,
      ],
    }),
  ],
);

/**
 * The figures of every place as they stood at a month's end (WIB): figure_month_place_rollups'
 * families registered up to the month, copied once by the first write after the month
 * (migration issue12_month_end_custom), so a past month's report no longer moves when a family is
 * later edited or deleted. Keys as figure_rollups, plus the month ('YYYY-MM').
 */
export const figureMonthEnd = pgTable(
  "figure_month_end",
  {
    month: text().notNull(),
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    rw: text().notNull(),
    rt: text().notNull(),
    status: text().notNull(),
    ...figureSums(),
  },
  (table) => [
    // Place first: an RW's or RT's trend reads its months, a closed month's report its one month.
    primaryKey({ columns: [table.desaKelurahanId, table.rw, table.rt, table.month, table.status, table.kecamatanId] }),
  ],
);

/**
 * figure_month_end summed per ward (taken with it): what a ward or wider reads for a closed month
 * (monthly report, /statistik, the trend), a few hundred rows a month for the whole city instead of
 * every RT's (about 100,000 at 1,000,000 families).
 */
export const figureMonthEndWards = pgTable(
  "figure_month_end_wards",
  {
    month: text().notNull(),
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    status: text().notNull(),
    ...figureSums(),
  },
  (table) => [primaryKey({ columns: [table.month, table.desaKelurahanId, table.status, table.kecamatanId] })],
);

/**
 * The monthly report's counts as they stood at a month's end, taken with figure_month_end (migration
 * issue12_month_end_report_custom): kind 'received', the families registered in the month by
 * their status at its end; kind 'move', the status moves made in the month by the status reached.
 * Per RT, so an RW's or RT's report is frozen as a ward's is; a later delete or move no longer
 * changes a closed month's report.
 */
export const reportMonthEnd = pgTable(
  "report_month_end",
  {
    month: text().notNull(),
    kind: text({ enum: ["received", "move"] }).notNull(),
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    rw: text().notNull(),
    rt: text().notNull(),
    status: text().notNull(),
    families: integer().notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.desaKelurahanId, table.rw, table.rt, table.month, table.kind, table.status, table.kecamatanId],
    }),
  ],
);

/** report_month_end summed per ward (taken with it), for a ward-or-wider report. */
export const reportMonthEndWards = pgTable(
  "report_month_end_wards",
  {
    month: text().notNull(),
    kind: text({ enum: ["received", "move"] }).notNull(),
    kecamatanId: integer().notNull(),
    desaKelurahanId: integer().notNull(),
    status: text().notNull(),
    families: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.kind, table.desaKelurahanId, table.status, table.kecamatanId] }),
  ],
);

/** The months figure_month_end holds (a month without a row here reads the live rollups). */
export const figureMonthEndMarks = pgTable("figure_month_end_marks", {
  month: text().primaryKey(),
});
