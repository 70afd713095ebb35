// The cadre dashboard's figures (SPEC §2), computed for the user's area instead of the spec's fixed
// sample values. Each summary card compares today with the end of last month.
import { and, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { startOfWibDay } from "@shared/dates.ts";
import { todayIso } from "@shared/schemas/family.ts";
import { openStatuses, statusesWaitingFor, workflowActorOf, type RegisterStatus } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { compiledQuery } from "../../db/compiled.ts";
import {
  figureMonthEndMarks,
  registerMonthMarks,
  statusMonthRollups,
  statusStateTotals,
} from "../../db/schema/figures.ts";
import type { Actor, SessionUser } from "../accounts/actor.ts";
import { currentFigureTable, monthEndFigureTable, placeFigures, type AreaFigures } from "./area-figures.ts";
import { placeCondition, placeShape, type PlaceShape } from "../common/place-condition.ts";
import { readPolicyOf } from "../registers/policy.ts";
import { signedInUser } from "../common/access.ts";

export interface Trend {
  current: number;
  /** The same figure at the end of last month. */
  previous: number;
  /** Change in percent (null when last month was 0: no base to compare with). */
  changePercent: number | null;
}

export interface DashboardSummary {
  /** First day of this month (WIB), YYYY-MM-DD: the comparison point. */
  monthStart: string;
  pendingStatuses: RegisterStatus[];
  cards: { totalFamilies: Trend; pending: Trend; specialCondition: Trend; verified: Trend };
  figures: AreaFigures;
}

/** Midnight WIB of the first day of the month `now` falls in. */
export function startOfMonthWib(now = new Date()): Date {
  return startOfWibDay(`${todayIso(now).slice(0, 7)}-01`);
}

/** What "pending" means for this user: the statuses waiting for its level (all open ones otherwise). */
export function pendingStatusesFor(user: SessionUser): RegisterStatus[] {
  const actor = workflowActorOf(user);
  return actor === null || actor === "admin" ? openStatuses : statusesWaitingFor(actor);
}

function trend(current: number, previous: number): Trend {
  return { current, previous, changePercent: previous === 0 ? null : ((current - previous) / previous) * 100 };
}

const sumWhere = (column: SQLWrapper, condition: SQL) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number);
const sumAll = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** 'YYYY-MM' of the month `now` falls in (WIB). */
const monthOf = (now: Date) => todayIso(now).slice(0, 7);

/** The four card sums over rows of (status, special, families). */
function cardSums(status: SQLWrapper, special: SQLWrapper, families: SQLWrapper, pending: RegisterStatus[]) {
  return {
    total: sumAll(families),
    pending: sumWhere(families, inArray(status, pending)),
    special: sumWhere(families, sql`${special} = true`),
    verified: sumWhere(families, sql`${status} = 'APPROVED'`),
  };
}

/** The 'state' marks of a place in the months `months` selects (per family or summed per ward). */
const stateMarks = (table: typeof registerMonthMarks | typeof statusMonthRollups, place: PlaceShape, months: SQL) =>
  and(placeCondition(table, place), eq(table.kind, "state"), months);

/** A dashboard's statements differ by the shape of its place and the statuses it calls pending. */
interface CardsShape {
  place: PlaceShape;
  pending: RegisterStatus[];
}
const cardsKey = ({ place, pending }: CardsShape) => `${place.key}|${pending.join(",")}`;

/** The four card sums over figure rows (live rollups or a month's snapshot): families per status. */
function figureCards(
  table: { families: SQLWrapper; specialFamilies: SQLWrapper; status: SQLWrapper },
  pending: RegisterStatus[],
) {
  return {
    total: sumAll(table.families),
    pending: sumWhere(table.families, inArray(table.status, pending)),
    special: sumAll(table.specialFamilies),
    verified: sumWhere(table.families, sql`${table.status} = 'APPROVED'`),
  };
}

const currentCardsQuery = compiledQuery("dashboard_cards", cardsKey, (db, { place, pending }) => {
  const table = currentFigureTable(place);
  return db.select(figureCards(table, pending)).from(table).where(placeCondition(table, place));
});

/**
 * The cards at the end of last month, from the monthly marks: each family's state (registered,
 * not deleted, status = its last event) changes are kept as deltas per month, so a month-end count
 * is the sum of the deltas before the month. A ward or wider takes the sum of every month
 * (status_state_totals) less this month's deltas: a few hundred rows for the city, where summing
 * every month since the first registration read ~15,000 (6 ms at 100,000 families). An RW or RT
 * sums its families' marks directly.
 */
const previousCardsQuery = compiledQuery("dashboard_previous_cards", cardsKey, (db, { place, pending }) => {
  const month = sql.placeholder("month");
  if (!place.wardOrWider) {
    return db
      .select(cardSums(registerMonthMarks.status, registerMonthMarks.special, registerMonthMarks.delta, pending))
      .from(registerMonthMarks)
      .where(stateMarks(registerMonthMarks, place, lt(registerMonthMarks.month, month)));
  }
  const deltas = unionAll(
    db
      .select({
        status: statusStateTotals.status,
        special: statusStateTotals.special,
        families: statusStateTotals.families,
      })
      .from(statusStateTotals)
      .where(placeCondition(statusStateTotals, place)),
    db
      .select({
        status: statusMonthRollups.status,
        special: statusMonthRollups.special,
        families: sql<number>`-${statusMonthRollups.families}`.as("families"),
      })
      .from(statusMonthRollups)
      .where(stateMarks(statusMonthRollups, place, gte(statusMonthRollups.month, month))),
  ).as("deltas");
  return db.select(cardSums(deltas.status, deltas.special, deltas.families, pending)).from(deltas);
});

/**
 * The cards as last month's snapshot froze them (figure_month_end, taken before this month's first
 * write), with whether the month has one. The marks below file every month of a family under its
 * place and special condition as they are now: a family moved to another RT, or given a condition,
 * this month changed "last month" on the dashboard while the month's report, read from the
 * snapshot, kept it. The snapshot is what both read now.
 */
const snapshotCardsQuery = compiledQuery("dashboard_snapshot_cards", cardsKey, (db, { place, pending }) => {
  const table = monthEndFigureTable(place);
  const month = sql.placeholder("month");
  return db
    .select({
      ...figureCards(table, pending),
      taken: sql<boolean>`exists (select 1 from ${figureMonthEndMarks} where ${figureMonthEndMarks.month} = ${month})`,
    })
    .from(table)
    .where(and(placeCondition(table, place), eq(table.month, month)));
});

/** 'YYYY-MM' of the month before `month` ('YYYY-MM'). */
export function monthBefore(month: string): string {
  const previous = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1));
  return previous.toISOString().slice(0, 7);
}

const noCards = { total: 0, pending: 0, special: 0, verified: 0 };

/**
 * Last month's cards: its snapshot when taken; else, with nothing written since the month ended (the
 * snapshot is taken by this month's first write, or by housekeeping after midnight), the marks,
 * which then still hold every family as it stood at the month's end.
 */
async function previousCards(db: Db, shape: CardsShape, now: Date) {
  const thisMonth = monthOf(now);
  const [snapshot] = await snapshotCardsQuery(db, shape, { ...shape.place.values, month: monthBefore(thisMonth) });
  if (snapshot?.taken) return snapshot;
  const [marks] = await previousCardsQuery(db, shape, { ...shape.place.values, month: thisMonth });
  return marks ?? noCards;
}

export async function dashboardSummary(db: Db, actor: Actor, now = new Date()): Promise<DashboardSummary> {
  const user = signedInUser(actor);
  const { scope } = readPolicyOf(actor);
  const shape: CardsShape = { place: placeShape(scope.area), pending: pendingStatusesFor(user) };
  // Counts per area only: the same figures for every reader of the area, officials included.
  const [current] = await currentCardsQuery(db, shape, shape.place.values);
  const cards = { current: current ?? noCards, previous: await previousCards(db, shape, now) };
  return {
    monthStart: `${monthOf(now)}-01`,
    pendingStatuses: shape.pending,
    cards: {
      totalFamilies: trend(cards.current.total, cards.previous.total),
      pending: trend(cards.current.pending, cards.previous.pending),
      specialCondition: trend(cards.current.special, cards.previous.special),
      verified: trend(cards.current.verified, cards.previous.verified),
    },
    figures: await placeFigures(db, shape.place),
  };
}
