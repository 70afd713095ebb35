import { describe, expect, test } from "bun:test";
import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import type { RegisterStatus } from "@shared/status.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { dashboardSummary, startOfMonthWib } from "./dashboard.ts";
import { monthBounds, monthlyReport, reportCsv, reportXlsx } from "./reports.ts";
import { areaFiguresFromRows } from "./area-figures.ts";
import { visibleRegisters } from "../registers/policy.ts";
import { scopeCondition, scopeOf } from "../registers/scope.ts";
import { specialConditions } from "../registers/special-conditions.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

// The area under test: ward 3, RW 007, RT 002 (nothing else lives there).
const place = { wardIndex: 3, rw: "007", rt: "002" };

interface Made {
  status: RegisterStatus;
  form: FamilyRegistration;
  lastMonth: boolean;
}

function variant(index: number) {
  return (form: FamilyRegistration): FamilyRegistration => ({
    ...form,
    waterSource: (["PDAM", "Sumur Bor", "Sumur Gali", "Air Hujan"] as const)[index % 4] ?? "PDAM",
    mckFacility: index % 3 !== 0,
    mckCount: index % 3 !== 0 ? 1 : 0,
    houseCriteria: {
      healthy: index % 2 === 0,
      lessHealthy: index % 2 === 1,
      hasTrashBin: index % 4 === 1,
      hasDrainage: index % 5 !== 0,
      hasWaterAbsorption: false,
    },
    specialConditions: {
      ...form.specialConditions,
      pregnant: index % 3 === 0,
      pregnantCount: index % 3 === 0 ? 1 + (index % 2) : 0,
      nursing: index % 4 === 0,
      nursingCount: index % 4 === 0 ? 2 : 0,
      newBirth: index === 5,
      newBirthCount: index === 5 ? 1 : 0,
      blind: false,
      blindCount: 0,
      motherDeath: false,
      motherDeathCount: 0,
      babyDeath: false,
      babyDeathCount: 0,
      toddlerDeath: index === 7,
      toddlerDeathCount: index === 7 ? 1 : 0,
      birthCertificate: false,
      birthCertificateCount: 0,
      postpartum: false,
      postpartumCount: 0,
    },
  });
}

describe("dashboard figures equal counts computed from the inserted families", () => {
  test("cards, trends versus last month, water/MCK, house, conditions", async () => {
    const statuses: RegisterStatus[] = [
      "SUBMITTED",
      "SUBMITTED",
      "RT_VERIFIED",
      "APPROVED",
      "APPROVED",
      "NEEDS_REVISION",
      "REJECTED",
      "RW_VERIFIED",
      "APPROVED",
      "SUBMITTED",
    ];
    const made: Made[] = [];
    const lastMonth = new Date(startOfMonthWib().getTime() - 5 * 24 * 60 * 60 * 1000);
    for (const [index, status] of statuses.entries()) {
      const family = await createFamilyRegister(t.db, { ...place, status, change: variant(index) });
      const old = index < 4;
      if (old) {
        await t.db.update(registers).set({ createdAt: lastMonth }).where(eq(registers.id, family.id));
        await t.db.update(registerEvents).set({ createdAt: lastMonth }).where(eq(registerEvents.registerId, family.id));
      }
      made.push({ status, form: family.form, lastMonth: old });
    }
    // Elsewhere: must not count.
    await createFamilyRegister(t.db, { wardIndex: 3, rw: "007", rt: "003", status: "SUBMITTED" });
    const rt = await createCadre(t.db, "rt", place);
    const summary = await dashboardSummary(t.db, as(rt));

    const rtWaiting = (status: RegisterStatus) => status === "SUBMITTED" || status === "NEEDS_REVISION";
    const special = (form: FamilyRegistration) =>
      Object.entries(form.specialConditions).some(([key, value]) => !key.endsWith("Count") && value === true);
    const old = made.filter((item) => item.lastMonth);
    const pct = (current: number, previous: number) =>
      previous === 0 ? null : ((current - previous) / previous) * 100;
    const card = (current: number, previous: number) => ({ current, previous, changePercent: pct(current, previous) });
    expect(summary.cards).toEqual({
      totalFamilies: card(made.length, old.length),
      pending: card(
        made.filter((item) => rtWaiting(item.status)).length,
        old.filter((item) => rtWaiting(item.status)).length,
      ),
      specialCondition: card(
        made.filter((item) => special(item.form)).length,
        old.filter((item) => special(item.form)).length,
      ),
      verified: card(
        made.filter((item) => item.status === "APPROVED").length,
        old.filter((item) => item.status === "APPROVED").length,
      ),
    });

    const forms = made.map((item) => item.form);
    const countOf = (predicate: (form: FamilyRegistration) => boolean) => forms.filter(predicate).length;
    expect(summary.figures.families).toBe(forms.length);
    expect(summary.figures.water).toEqual({
      pdam: countOf((form) => form.waterSource === "PDAM"),
      well: countOf((form) => form.waterSource === "Sumur Bor" || form.waterSource === "Sumur Gali"),
      mck: countOf((form) => form.mckFacility),
    });
    expect(summary.figures.house).toEqual({
      healthy: countOf((form) => form.houseCriteria.healthy),
      lessHealthy: countOf((form) => form.houseCriteria.lessHealthy),
      needsHelp: countOf(
        (form) =>
          form.houseCriteria.lessHealthy && (!form.houseCriteria.hasTrashBin || !form.houseCriteria.hasDrainage),
      ),
    });
    const figure = (key: "pregnant" | "nursing" | "newBirth") =>
      summary.figures.conditions.find((item) => item.key === key);
    expect(figure("pregnant")).toEqual({
      key: "pregnant",
      families: countOf((form) => form.specialConditions.pregnant),
      people: forms.reduce(
        (sum, form) => sum + (form.specialConditions.pregnant ? form.specialConditions.pregnantCount : 0),
        0,
      ),
    });
    expect(figure("nursing")?.people).toBe(forms.reduce((sum, form) => sum + form.specialConditions.nursingCount, 0));
    expect(figure("newBirth")?.families).toBe(1);

    // The monitor: the nine counts, a condition filter, and refusal outside the area.
    const monitor = await specialConditions(t.db, as(rt), { condition: "nursing" });
    expect(monitor.counts).toEqual(summary.figures.conditions);
    expect(monitor.total).toBe(countOf((form) => form.specialConditions.nursing));
    expect(
      monitor.families?.every((family) => family.conditions.some((item) => item.key === "nursing" && item.count === 2)),
    ).toBe(true);
    expect((await specialConditions(t.db, as(rt), {})).total).toBe(countOf(special));
    expect((await refusal(specialConditions(t.db, as(rt), { rt: "003" }))).code).toBe("FORBIDDEN");

    // The monthly report of this month: the six families received now, by status.
    const month = new Date(startOfMonthWib().getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 7);
    const report = await monthlyReport(t.db, as(rt), { month });
    const thisMonth = made.filter((item) => !item.lastMonth);
    expect(report.newRegistrations.total).toBe(thisMonth.length);
    expect(report.newRegistrations.byStatus.find((item) => item.status === "APPROVED")?.count).toBe(
      thisMonth.filter((item) => item.status === "APPROVED").length,
    );
    expect(report.figures.families).toBe(made.length);
    const lastMonthReport = await monthlyReport(t.db, as(rt), { month: lastMonth.toISOString().slice(0, 7) });
    expect(lastMonthReport.figures.families).toBe(old.length);
    const title = { area: "RT 001/RW 005", month, generatedAt: new Date(), generatedBy: "Kader" };
    expect(reportCsv(report, title)).toContain("Bagian;Uraian;Jumlah");
    expect(reportCsv(report, title)).toContain(`Registrasi baru;Total;${thisMonth.length}`);
    const xlsx = await reportXlsx(report, title);
    expect([xlsx[0], xlsx[1]]).toEqual([0x50, 0x4b]); // a zip container, as every xlsx is
  });

  test("every level's rollup figures, last-month cards and reports equal a recount from the rows", async () => {
    // Spread over two wards and back-dated, so ward-level rollups and per-family marks both matter.
    const lastMonth = new Date(startOfMonthWib().getTime() - 5 * 24 * 60 * 60 * 1000);
    const twoMonthsAgo = new Date(startOfMonthWib().getTime() - 40 * 24 * 60 * 60 * 1000);
    for (const [index, status] of (
      ["SUBMITTED", "APPROVED", "RT_VERIFIED", "APPROVED", "REJECTED"] as const
    ).entries()) {
      const family = await createFamilyRegister(t.db, {
        wardIndex: 4 + (index % 2),
        rw: index < 3 ? "001" : "002",
        rt: "001",
        status,
        change: variant(index),
      });
      const when = index % 3 === 0 ? twoMonthsAgo : index % 3 === 1 ? lastMonth : null;
      if (when) {
        await t.db.update(registers).set({ createdAt: when }).where(eq(registers.id, family.id));
        await t.db.update(registerEvents).set({ createdAt: when }).where(eq(registerEvents.registerId, family.id));
      }
      if (index === 4) await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, family.id));
    }
    const monthStart = startOfMonthWib();
    const users = [
      await createCadre(t.db, "kota"),
      await createCadre(t.db, "kecamatan", { wardIndex: 4 }),
      await createCadre(t.db, "kelurahan", { wardIndex: 4 }),
      await createCadre(t.db, "rw", { wardIndex: 4, rw: "001" }),
      await createCadre(t.db, "rt", { wardIndex: 5, rw: "002", rt: "001" }),
    ];
    for (const user of users) {
      const area = scopeOf(user).area;
      const live = visibleRegisters(as(user), { forms: "families" });
      const summary = await dashboardSummary(t.db, as(user));
      expect(summary.figures).toEqual(await areaFiguresFromRows(t.db, live));
      // Last month's cards as the rows tell it: registered before the month, not deleted by then,
      // status = its last event before the month.
      // (Written out with table names: drizzle leaves columns of a one-table select unqualified.)
      const statusThen = sql`(select e.to_status from register_events e where e.register_id = registers.id and e.created_at < ${monthStart.toISOString()}::timestamptz order by e.created_at desc, e.id desc limit 1)`;
      const rows = await t.db
        .select({ status: statusThen.mapWith(String), special: registers.hasSpecialCondition })
        .from(registers)
        .where(
          and(
            scopeCondition(area),
            eq(registers.formType, "family_registration"),
            lt(registers.createdAt, monthStart),
            or(isNull(registers.deletedAt), gte(registers.deletedAt, monthStart)),
          ),
        );
      const pending = new Set<string>(summary.pendingStatuses);
      expect([
        summary.cards.totalFamilies.previous,
        summary.cards.pending.previous,
        summary.cards.specialCondition.previous,
        summary.cards.verified.previous,
      ]).toEqual([
        rows.length,
        rows.filter((row) => pending.has(row.status)).length,
        rows.filter((row) => row.special).length,
        rows.filter((row) => row.status === "APPROVED").length,
      ]);
      for (const when of [lastMonth, twoMonthsAgo]) {
        const month = new Date(when.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 7);
        const report = await monthlyReport(t.db, as(user), { month });
        const { start, end } = monthBounds(month);
        // The figures as they stood at the month's end (its snapshot): the family deleted this
        // month still counts in the months it was live at the end of.
        const liveAtEnd =
          and(
            scopeCondition(area),
            eq(registers.formType, "family_registration"),
            lt(registers.createdAt, end),
            or(isNull(registers.deletedAt), gte(registers.deletedAt, end)),
          ) ?? sql`false`;
        expect(report.figures).toEqual(await areaFiguresFromRows(t.db, liveAtEnd));
        // So are the month's registrations and moves (the family deleted this month still counts).
        const received = await t.db
          .select({ id: registers.id })
          .from(registers)
          .where(and(liveAtEnd, gte(registers.createdAt, start)));
        expect(report.newRegistrations.total).toBe(received.length);
        const moves = await t.db
          .select({ id: registerEvents.id })
          .from(registerEvents)
          .innerJoin(registers, eq(registers.id, registerEvents.registerId))
          .where(and(liveAtEnd, gte(registerEvents.createdAt, start), lt(registerEvents.createdAt, end)));
        expect(report.moves.reduce((sum, item) => sum + item.count, 0)).toBe(moves.length);
      }
    }
  });

  test("a user without an area sees nothing", async () => {
    const orphan = await createCadre(t.db, "rt", { wardIndex: 3 }, {});
    const incomplete = { ...orphan, rt: null };
    expect((await refusal(dashboardSummary(t.db, as(incomplete)))).code).toBe("FORBIDDEN");
  });
});
