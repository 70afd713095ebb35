import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { communityActivityKeys, communityActivityLabels } from "@shared/enums.ts";
import { indicators, type IndicatorDefinition } from "@shared/statistics.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { breakdown, publicBreakdown, publicTrend, trend, type Breakdown } from "./statistics.ts";
import { suppress } from "./suppression.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

// Wards 0–2 lie in the first kecamatan (32.75.01); ward 3 has exactly 3 pregnant families.
const pregnantIn =
  (index: number) =>
  (form: FamilyRegistration): FamilyRegistration => ({
    ...form,
    specialConditions: { ...form.specialConditions, pregnant: index < 3, pregnantCount: index < 3 ? 1 : 0 },
  });

beforeAll(async () => {
  for (let index = 0; index < 12; index++)
    await createFamilyRegister(t.db, { wardIndex: 0, rw: index % 2 ? "001" : "002" });
  for (let index = 0; index < 7; index++) await createFamilyRegister(t.db, { wardIndex: 1 });
  for (let index = 0; index < 2; index++) await createFamilyRegister(t.db, { wardIndex: 2 });
  for (let index = 0; index < 9; index++)
    await createFamilyRegister(t.db, { wardIndex: 3, change: pregnantIn(index), status: "APPROVED" });
  for (let index = 0; index < 6; index++) await createFamilyRegister(t.db, { wardIndex: 10 });
}, 120_000);

const live = (desaKelurahanId: number) =>
  and(
    eq(registers.desaKelurahanId, desaKelurahanId),
    eq(registers.formType, "family_registration"),
    isNull(registers.deletedAt),
  );

async function recount(desaKelurahanId: number) {
  const [row] = await t.db
    .select({
      families: sql<number>`count(*)`.mapWith(Number),
      pregnant: sql<number>`count(*) filter (where ${gt(registers.pregnantCount, 0)})`.mapWith(Number),
      pdam: sql<number>`count(*) filter (where ${eq(registers.waterSource, "PDAM")})`.mapWith(Number),
    })
    .from(registers)
    .where(live(desaKelurahanId));
  return row ?? { families: 0, pregnant: 0, pdam: 0 };
}

describe("signed-in statistics equal a recount from the rows", () => {
  test("an admin's kelurahan figures per kecamatan", async () => {
    const admin = await createCadre(t.db, "kota", {}, { role: "admin" });
    const first = await ward(t.db, 0);
    for (const key of ["kondisi-pregnant", "sumber-air"]) {
      const answer = await breakdown(t.db, as(admin), { indicator: key, kecamatanId: first.kecamatanId });
      for (const row of answer.rows) {
        const expected = await recount(Number(row.id));
        expect({ id: row.id, families: row.families, count: row.count }).toEqual({
          id: row.id,
          families: expected.families,
          count: key === "sumber-air" ? expected.pdam : expected.pregnant,
        });
        expect(row.categories.reduce((sum, category) => sum + (category.value ?? 0), 0)).toBe(expected.families);
      }
      expect(answer.parent.families).toBe(answer.rows.reduce((sum, row) => sum + (row.families ?? 0), 0));
    }
  });

  test("a kelurahan cadre sees its ward's RWs and nothing outside its area", async () => {
    const cadre = await createCadre(t.db, "kelurahan", { wardIndex: 0 });
    const first = await ward(t.db, 0);
    const rws = await breakdown(t.db, as(cadre), { indicator: "mck", desaKelurahanId: first.id });
    expect(rws.rows.map((row) => row.nama)).toEqual(["RW 001", "RW 002"]);
    expect(rws.parent.families).toBe((await recount(first.id)).families);
    const other = await ward(t.db, 10);
    expect((await refusal(breakdown(t.db, as(cadre), { indicator: "mck", desaKelurahanId: other.id }))).code).toBe(
      "NOT_FOUND",
    );
    const city = await breakdown(t.db, as(cadre), { indicator: "mck" });
    expect(city.parent.families).toBe((await recount(first.id)).families);
  });

  test("Kegiatan PKK per kelurahan equals a recount of the families' stored activities", async () => {
    const admin = await createCadre(t.db, "kota", {}, { role: "admin" });
    const first = await ward(t.db, 0);
    for (const key of communityActivityKeys) {
      const answer = await breakdown(t.db, as(admin), { indicator: `kegiatan-${key}`, kecamatanId: first.kecamatanId });
      expect(answer.indicator.label).toBe(communityActivityLabels[key]);
      expect(answer.indicator.categories.map((category) => category.label)).toEqual([
        `Mengikuti ${communityActivityLabels[key]}`,
        "Tidak mengikuti",
      ]);
      for (const row of answer.rows) {
        const [truth] = await t.db
          .select({
            families: sql<number>`count(*)`.mapWith(Number),
            taking:
              sql<number>`count(*) filter (where (${registers.dataRegister} -> 'communityActivities' ->> ${key})::boolean)`.mapWith(
                Number,
              ),
          })
          .from(registers)
          .where(live(Number(row.id)));
        expect({ id: row.id, families: row.families, count: row.count }).toEqual({
          id: row.id,
          families: truth?.families ?? -1,
          count: truth?.taking ?? -1,
        });
      }
    }
  });

  test("an RW and an RT reader get their own monthly trend and month figures from the month rollups", async () => {
    const first = await ward(t.db, 0);
    const place = (rw: string, rt?: string) =>
      and(live(first.id), eq(registers.rw, rw), rt === undefined ? undefined : eq(registers.rt, rt));
    const countIn = async (where: ReturnType<typeof place>, upTo?: string) => {
      const [row] = await t.db
        .select({
          families: sql<number>`count(*)`.mapWith(Number),
          mck: sql<number>`count(*) filter (where ${registers.mckFacility})`.mapWith(Number),
        })
        .from(registers)
        .where(
          and(
            where,
            upTo === undefined
              ? undefined
              : sql`to_char((${registers.createdAt} at time zone 'UTC') + interval '7 hours', 'YYYY-MM') <= ${upTo}`,
          ),
        );
      return row ?? { families: -1, mck: -1 };
    };
    // An older family in RW 001 (registered three months ago): the trend has a point before now.
    const old = await createFamilyRegister(t.db, { wardIndex: 0, rw: "001", rt: "001" });
    const earlier = new Date(Date.now() - 92 * 24 * 60 * 60 * 1000);
    await t.db.update(registers).set({ createdAt: earlier }).where(eq(registers.id, old.id));
    const earlierMonth = new Date(earlier.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 7);

    const rwCadre = await createCadre(t.db, "rw", { wardIndex: 0, rw: "001" });
    const rtCadre = await createCadre(t.db, "rt", { wardIndex: 0, rw: "001", rt: "001" });
    for (const [cadre, where] of [
      [rwCadre, place("001")],
      [rtCadre, place("001", "001")],
    ] as const) {
      const answer = await trend(t.db, as(cadre), { indicator: "mck" });
      const now = await countIn(where);
      expect(answer.points.at(-1)?.families).toBe(now.families);
      expect(answer.points.at(-1)?.categories[0]?.value).toBe(now.mck);
      const before = answer.points.find((point) => point.month === earlierMonth);
      expect(before?.families).toBe((await countIn(where, earlierMonth)).families);
      const monthly = await breakdown(t.db, as(cadre), { indicator: "mck", month: earlierMonth });
      expect(monthly.parent.families).toBe((await countIn(where, earlierMonth)).families);
    }
    // A kelurahan reader's RW breakdown for a month comes from the same rollups.
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 0 });
    const rws = await breakdown(t.db, as(kelurahan), {
      indicator: "mck",
      desaKelurahanId: first.id,
      month: earlierMonth,
    });
    expect(rws.month).toBe(earlierMonth);
    expect(rws.rows.find((row) => row.id === "001")?.families).toBe(
      (await countIn(place("001"), earlierMonth)).families,
    );
  });

  test("anonymous readers are refused the signed-in figures", async () => {
    expect((await refusal(breakdown(t.db, as(null), { indicator: "mck" }))).code).toBe("UNAUTHORIZED");
  });

  test("the trend counts families registered up to each month's end; the last point is now", async () => {
    const admin = await createCadre(t.db, "kota", {}, { role: "admin" });
    const answer = await trend(t.db, as(admin), { indicator: "mck" });
    const [row] = await t.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(registers)
      .where(and(eq(registers.formType, "family_registration"), isNull(registers.deletedAt)));
    expect(answer.points.at(-1)?.families).toBe(row?.total ?? -1);
  });
});

/** Every additive equation of a public answer: a row (families = categories) and parent = children. */
function equations(answer: Breakdown): Array<Array<number | null>> {
  const rows = [answer.parent, ...answer.rows];
  const result: Array<Array<number | null>> = rows
    .filter((row) => row.families !== null)
    .map((row) => row.categories.map((category) => category.value));
  result.push([answer.parent.families, ...answer.rows.map((row) => row.families)]);
  answer.indicator.categories.forEach((_, index) => {
    result.push([
      answer.parent.categories[index]?.value ?? null,
      ...answer.rows.map((row) => row.categories[index]?.value ?? null),
    ]);
  });
  return result;
}

async function allPublicAnswers(indicator: IndicatorDefinition): Promise<Breakdown[]> {
  const city = await publicBreakdown(t.db, { indicator: indicator.key });
  const kecamatan = await Promise.all(
    city.rows.map((row) => publicBreakdown(t.db, { indicator: indicator.key, kecamatanId: Number(row.id) })),
  );
  return [city, ...kecamatan];
}

describe("public statistics suppress small counts", () => {
  test("no shown cell is 1–4 families, and shown cells equal the exact figures", async () => {
    const admin = await createCadre(t.db, "kota", {}, { role: "admin" });
    for (const indicator of indicators) {
      for (const answer of await allPublicAnswers(indicator)) {
        const kecamatanId = answer.parent.level === "kecamatan" ? Number(answer.parent.id) : undefined;
        const exact = await breakdown(t.db, as(admin), {
          indicator: indicator.key,
          ...(kecamatanId === undefined ? {} : { kecamatanId }),
        });
        for (const row of [answer.parent, ...answer.rows]) {
          const truth = row === answer.parent ? exact.parent : exact.rows.find((candidate) => candidate.id === row.id);
          for (const value of [row.families, ...row.categories.map((category) => category.value)]) {
            if (value !== null) expect(value === 0 || value >= 5).toBe(true);
          }
          row.categories.forEach((category, index) => {
            if (category.value !== null) expect(category.value).toBe(truth?.categories[index]?.value ?? -1);
          });
        }
      }
    }
  });

  test("the ward with 3 pregnant families shows '<5', and differencing cannot recover it", async () => {
    const third = await ward(t.db, 3);
    const answer = await publicBreakdown(t.db, { indicator: "kondisi-pregnant", kecamatanId: third.kecamatanId });
    const row = answer.rows.find((candidate) => candidate.id === String(third.id));
    expect(row?.count).toBeNull();
    expect(row?.suppressed).toBe(true);
    // The attack: kecamatan total minus the other kelurahan, and the ward's families minus "others".
    for (const equation of equations(answer)) expect(equation.filter((value) => value === null).length).not.toBe(1);
  });

  test("no equation across every public answer has exactly one hidden cell (for every indicator)", async () => {
    for (const indicator of indicators) {
      const answers = await allPublicAnswers(indicator);
      for (const answer of answers) {
        for (const equation of equations(answer)) {
          expect({ indicator: indicator.key, hidden: equation.filter((value) => value === null).length === 1 }).toEqual(
            { indicator: indicator.key, hidden: false },
          );
        }
      }
      // A kecamatan's row in the city answer and its own answer's parent agree, so no slice reveals more.
      const [city, ...perKecamatan] = answers;
      // The map's all-kelurahan answer is the same slice as each kecamatan's own.
      const wards = await publicBreakdown(t.db, { indicator: indicator.key, level: "kelurahan" });
      expect(wards.rows).toEqual(perKecamatan.flatMap((own) => own.rows));
      for (const own of perKecamatan) {
        const inCity = city?.rows.find((row) => row.id === own.parent.id);
        expect(inCity?.categories).toEqual(own.parent.categories);
        expect(inCity?.families).toEqual(own.parent.families);
      }
    }
  });

  test("the public trend never shows two months that differ by 1–4 families", async () => {
    for (const indicator of indicators) {
      const answer = await publicTrend(t.db, { indicator: indicator.key });
      const shown = answer.points.filter((point) => point.families !== null);
      const vector = (point: (typeof shown)[number]) => [
        point.families ?? 0,
        ...point.categories.map((c) => c.value ?? 0),
      ];
      for (let a = 0; a < shown.length; a++) {
        for (let b = a + 1; b < shown.length; b++) {
          const [first, second] = [shown[a], shown[b]];
          if (!first || !second) continue;
          const difference = vector(second).map((value, index) => Math.abs(value - (vector(first)[index] ?? 0)));
          expect(difference.every((value) => value === 0 || value >= 5)).toBe(true);
        }
      }
    }
  });
});

describe("the suppression rule", () => {
  test("a lone small cell drags a sibling and its row partner with it", () => {
    const hidden = suppress([
      { id: "p", parentId: null, families: 30, categories: [13, 17] },
      { id: "a", parentId: "p", families: 10, categories: [3, 7] },
      { id: "b", parentId: "p", families: 10, categories: [5, 5] },
      { id: "c", parentId: "p", families: 10, categories: [5, 5] },
    ]);
    expect(hidden.get("a")?.categoriesHidden).toEqual([true, true]);
    expect(hidden.get("b")?.categoriesHidden.some(Boolean)).toBe(true);
    expect(hidden.get("p")?.familiesHidden).toBe(false);
  });
});
