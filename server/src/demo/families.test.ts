import { describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { useTestApp } from "../../test/helpers.ts";
import { seedDemoAccounts } from "./accounts.ts";
import {
  buildDemoFamily,
  demoFamily,
  householdSize,
  nikFromBirth,
  nikFromSerial,
  seedDemoFamilies,
  seededRandom,
} from "./families.ts";
import { todayIso } from "@shared/dates.ts";
import { familyRegistrationSchema } from "@shared/schemas/family.ts";
import { familyMembers, registerEvents, registers } from "../db/schema/registers.ts";

describe("demo families", () => {
  const t = useTestApp();

  test("seed 40 families in the demo ward plus 2 per other ward, with members and history, once", async () => {
    await seedDemoAccounts(t.db);
    const created = await seedDemoFamilies(t.db);
    expect(created).toBe(40 + 55 * 2);
    expect(await seedDemoFamilies(t.db)).toBe(0);
    const [families] = await t.db.select({ total: count() }).from(registers);
    expect(families?.total).toBe(created);
    const [members] = await t.db.select({ total: count() }).from(familyMembers);
    expect(members?.total).toBeGreaterThanOrEqual(created * 2);
    const approved = await t.db.select({ id: registers.id }).from(registers).where(eq(registers.status, "APPROVED"));
    expect(approved.length).toBeGreaterThan(0);
    const history = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, approved[0]?.id ?? 0));
    expect(history.map((event) => event.toStatus)).toEqual(["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
  });

  test("a seeded family is numbered and dated the WIB day it was received, and surveyed no later", async () => {
    const rows = await t.db.select().from(registers);
    const receivedEarlier = rows.filter((row) => row.createdAt.getTime() < Date.now() - 2 * 24 * 3_600_000);
    // Every fifth family of the demo ward arrived 3 days ago.
    expect(receivedEarlier).toHaveLength(8);
    for (const row of receivedEarlier) {
      expect(row.dataRegister.registrationDate).toBe(row.createdAt.toISOString());
      expect(row.registrationNumber).toStartWith(`REG-${todayIso(row.createdAt).replaceAll("-", "")}-`);
    }
    for (const row of rows) expect(row.tanggalPendataan <= todayIso(row.createdAt)).toBe(true);
  });

  test("indexed columns agree with data_register", async () => {
    const rows = await t.db.select().from(registers).limit(50);
    for (const row of rows) {
      const data = row.dataRegister;
      const members = Array.isArray(data.members) ? data.members.length : -1;
      expect(row.memberCount).toBe(members);
      expect(row.nikKepalaKeluarga).toMatch(/^\d{16}$/);
      expect(row.rw).toMatch(/^\d{3}$/);
    }
  });
});

test("a generated survey date is never in the future", () => {
  const random = seededRandom(3);
  const today = new Date("2026-03-15T00:00:00Z");
  const area = { kecamatanId: 1, desaKelurahanId: 1, kode: "32.75.01.1001", rw: "001", rt: "001" };
  for (let serial = 1; serial <= 200; serial += 1) {
    expect(buildDemoFamily(random, serial, area, today).tanggalPendataan <= "2026-03-15").toBe(true);
  }
});

test("a family drawn at 01:00 WIB on 1 January is surveyed on that day, everyone born before its survey", () => {
  // 2025-12-31T18:00Z: still 31 December in UTC, already 1 January 2026 in Indonesia.
  const today = new Date("2025-12-31T18:00:00Z");
  const area = { kecamatanId: 1, desaKelurahanId: 1, kode: "32.75.01.1001", rw: "001", rt: "001" };
  const random = seededRandom(7);
  for (let serial = 1; serial <= 50; serial += 1) {
    const drawn = buildDemoFamily(random, serial, area, today);
    const surveyedToday = demoFamily(random, serial, area, today, { surveyedToday: true });
    expect(drawn.tanggalPendataan).toBe("2026-01-01");
    expect(surveyedToday.tanggalPendataan).toBe("2026-01-01");
    for (const member of [...drawn.members, ...surveyedToday.members]) {
      expect(member.birthDate < "2026-01-01").toBe(true);
    }
  }
});

test("a bulk-generated NIK never equals a seeded one, however many families are generated", () => {
  // A 1,000,000-family load once failed on a unique NIK: the serial 0107861050 of family 786,105
  // read as the birth-style NIK of a man born 1986-07-01 in the seeded demo.
  const region = "327508";
  expect(nikFromSerial(region, 107_861_050)).not.toBe(nikFromBirth(region, "1986-07-01", false, 1050));
  const random = seededRandom(11);
  for (let index = 0; index < 2000; index += 1) {
    const year = 1930 + Math.floor(random() * 97);
    const month = String(1 + Math.floor(random() * 12)).padStart(2, "0");
    const day = String(1 + Math.floor(random() * 31)).padStart(2, "0");
    const birth = nikFromBirth(region, `${year}-${month}-${day}`, random() < 0.5, Math.floor(random() * 1e6));
    const serial = nikFromSerial(region, Math.floor(random() * 999_999_999));
    // Digits 7–8 are the birth day (41–71 for women) in one style and 90–99 in the other.
    expect(Number(birth.slice(6, 8))).toBeLessThanOrEqual(71);
    expect(Number(serial.slice(6, 8))).toBeGreaterThanOrEqual(90);
    expect(serial).toMatch(/^\d{16}$/);
  }
  expect(() => nikFromSerial(region, 1_000_000_000)).toThrow();
});

test("generated households have 1 to 8 members in realistic shares, and every one is a valid form", () => {
  const random = seededRandom(5);
  const area = { kecamatanId: 1, desaKelurahanId: 1, kode: "32.75.08.1001", rw: "001", rt: "001" };
  const sizes = new Map<number, number>();
  let people = 0;
  const families = 4000;
  for (let serial = 1; serial <= families; serial += 1) {
    const family = demoFamily(random, serial, area, new Date("2026-11-23T03:00:00Z"), { nikStyle: "serial" });
    familyRegistrationSchema.parse(family);
    sizes.set(family.members.length, (sizes.get(family.members.length) ?? 0) + 1);
    people += family.members.length;
  }
  expect([...sizes.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expect(people / families).toBeGreaterThan(3.4);
  expect(people / families).toBeLessThan(4.2);
  expect(householdSize(0)).toBe(1);
  expect(householdSize(0.9999)).toBe(8);
});
