import { describe, expect, test } from "bun:test";
import { and, count, eq, gt, inArray, isNull } from "drizzle-orm";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { liveFamilyCount, liveRegisterCount } from "./family-count.ts";

const t = useTestApp();

describe("live family counts from the rollups", () => {
  test("equal a count of the rows for every place, status and condition filter", async () => {
    const statuses = ["SUBMITTED", "APPROVED", "RT_VERIFIED", "SUBMITTED", "REJECTED"] as const;
    for (const [index, status] of statuses.entries()) {
      const made = await createFamilyRegister(t.db, {
        wardIndex: 7 + (index % 2),
        rw: index < 3 ? "001" : "002",
        status,
        change: (form) => ({
          ...form,
          specialConditions: {
            ...form.specialConditions,
            pregnant: index % 2 === 0,
            pregnantCount: index % 2 === 0 ? 1 : 0,
          },
        }),
      });
      if (index === 4) await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, made.id));
    }
    const area = await ward(t.db, 7);
    const live = and(eq(registers.formType, "family_registration"), isNull(registers.deletedAt));
    const rows = async (...conditions: Parameters<typeof and>) => {
      const [row] = await t.db
        .select({ total: count() })
        .from(registers)
        .where(and(live, ...conditions));
      return row?.total ?? 0;
    };
    expect(await liveFamilyCount(t.db, { kind: "all" })).toBe(await rows());
    expect(await liveFamilyCount(t.db, { kind: "kecamatan", kecamatanId: area.kecamatanId })).toBe(
      await rows(eq(registers.kecamatanId, area.kecamatanId)),
    );
    const inWard = eq(registers.desaKelurahanId, area.id);
    expect(await liveFamilyCount(t.db, { kind: "kelurahan", desaKelurahanId: area.id })).toBe(await rows(inWard));
    expect(await liveFamilyCount(t.db, { kind: "all" }, { desaKelurahanId: area.id, rw: "001" })).toBe(
      await rows(inWard, eq(registers.rw, "001")),
    );
    expect(await liveFamilyCount(t.db, { kind: "all" }, { statuses: ["SUBMITTED", "RT_VERIFIED"] })).toBe(
      await rows(inArray(registers.status, ["SUBMITTED", "RT_VERIFIED"])),
    );
    expect(await liveFamilyCount(t.db, { kind: "all" }, { condition: "pregnant" })).toBe(
      await rows(gt(registers.pregnantCount, 0)),
    );
    expect(await liveFamilyCount(t.db, { kind: "rw", desaKelurahanId: area.id, rw: "001" }, { condition: "any" })).toBe(
      await rows(inWard, eq(registers.rw, "001"), eq(registers.hasSpecialCondition, true)),
    );
  });

  test("registers of an area: families from the rollups plus the cadres' own registrations when seen", async () => {
    const cadre = await createFamilyRegister(t.db, { wardIndex: 11 });
    await t.db.update(registers).set({ formType: "kader_registration" }).where(eq(registers.id, cadre.id));
    await createFamilyRegister(t.db, { wardIndex: 11 });
    const area = await ward(t.db, 11);
    const inWard = { kind: "kelurahan" as const, desaKelurahanId: area.id };
    const [all] = await t.db
      .select({ total: count() })
      .from(registers)
      .where(and(eq(registers.desaKelurahanId, area.id), isNull(registers.deletedAt)));
    expect(await liveRegisterCount(t.db, inWard, { cadreForms: true })).toBe(all?.total ?? -1);
    expect(await liveRegisterCount(t.db, inWard, { cadreForms: false })).toBe((all?.total ?? 0) - 1);
  });
});
