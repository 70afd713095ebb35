import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import type { RegisterStatus } from "@shared/status.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { queue } from "./workflow.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

// Everything here lives in ward 3 (32.75.01.1004), so the figures are known exactly.
const WARD = 3;

/** Exactly the given special conditions (the demo generator picks some at random). */
function withConditions(counts: Partial<Record<SpecialConditionKey, number>>) {
  return (form: FamilyRegistration): FamilyRegistration => {
    const conditions = { ...form.specialConditions };
    for (const key of specialConditionKeys) {
      const value = counts[key] ?? 0;
      conditions[key] = value > 0;
      conditions[`${key}Count`] = value;
    }
    return { ...form, specialConditions: conditions };
  };
}

interface Seeded {
  id: number;
  rw: string;
  rt: string;
  status: RegisterStatus;
}

async function seed(): Promise<Seeded[]> {
  const plan: Array<[string, string, RegisterStatus, Partial<Record<SpecialConditionKey, number>>]> = [
    ["001", "001", "SUBMITTED", { pregnant: 1 }],
    ["001", "001", "SUBMITTED", {}],
    ["001", "001", "NEEDS_REVISION", { blind: 2 }],
    ["001", "001", "RT_VERIFIED", {}],
    ["001", "002", "SUBMITTED", { nursing: 1, pregnant: 2 }],
    ["001", "002", "RT_VERIFIED", { pregnant: 1 }],
    ["002", "001", "SUBMITTED", {}],
    ["002", "001", "RT_VERIFIED", {}],
    ["002", "001", "RW_VERIFIED", { postpartum: 1 }],
    ["001", "001", "RW_VERIFIED", {}],
    ["001", "002", "APPROVED", {}],
    ["002", "002", "REJECTED", {}],
  ];
  const seeded: Seeded[] = [];
  for (const [rw, rt, status, counts] of plan) {
    const { id } = await createFamilyRegister(t.db, {
      wardIndex: WARD,
      rw,
      rt,
      status,
      change: withConditions(counts),
    });
    seeded.push({ id, rw, rt, status });
  }
  return seeded;
}

const newestFirst = (rows: Seeded[]) => rows.map((row) => row.id).sort((a, b) => b - a);

describe("queue: what waits for the cadre's level in its area", () => {
  test("each level's default queue, newest first, with the moves it may make", async () => {
    const rows = await seed();
    const deleted = await createFamilyRegister(t.db, { wardIndex: WARD, rw: "001", rt: "001" });
    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, deleted.id));
    const home = await ward(t.db, WARD);

    const rt = await createCadre(t.db, "rt", { wardIndex: WARD, rw: "001", rt: "001" });
    const rtQueue = await queue(t.db, as(rt), {});
    const expectedRt = rows.filter(
      (row) => row.rw === "001" && row.rt === "001" && (row.status === "SUBMITTED" || row.status === "NEEDS_REVISION"),
    );
    expect(rtQueue.items.map((item) => item.id)).toEqual(newestFirst(expectedRt));
    expect(rtQueue.waitingStatuses).toEqual(["SUBMITTED", "NEEDS_REVISION"]);
    expect(rtQueue.items.map((item) => item.actions)).toEqual([
      ["resubmit"],
      ["verify", "requestRevision", "reject"],
      ["verify", "requestRevision", "reject"],
    ]);
    const first = rtQueue.items.at(-1);
    expect(first).toMatchObject({
      desaKelurahanId: home.id,
      desaKelurahanNama: home.nama,
      rw: "001",
      rt: "001",
      status: "SUBMITTED",
      version: 1,
      conditions: [{ key: "pregnant", count: 1 }],
    });

    const rw = await createCadre(t.db, "rw", { wardIndex: WARD, rw: "001" });
    expect((await queue(t.db, as(rw), {})).items.map((item) => item.id)).toEqual(
      newestFirst(rows.filter((row) => row.rw === "001" && row.status === "RT_VERIFIED")),
    );
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: WARD });
    expect((await queue(t.db, as(kelurahan), {})).items.map((item) => item.id)).toEqual(
      newestFirst(rows.filter((row) => row.status === "RW_VERIFIED")),
    );
  });

  test("filters: RW, RT (padded), status, all statuses, special condition, any condition", async () => {
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: WARD });
    const home = await ward(t.db, WARD);
    const ids = async (filters: Parameters<typeof queue>[2]) =>
      (await queue(t.db, as(kelurahan), { pageSize: 50, ...filters })).items.map((item) => item.id);
    const all = await ids({ status: "all" });
    expect(all).toHaveLength(12);
    const byRow = async (
      predicate: (row: { rw: string | null; rt: string | null; status: RegisterStatus; id: number }) => boolean,
    ) => {
      const rows = await t.db.select().from(registers).where(eq(registers.desaKelurahanId, home.id));
      return rows
        .filter((row) => row.deletedAt === null)
        .filter(predicate)
        .map((row) => row.id)
        .sort((a, b) => b - a);
    };
    expect(await ids({ status: "all", rw: "2" })).toEqual(await byRow((row) => row.rw === "002"));
    expect(await ids({ status: "all", rw: "001", rt: "2" })).toEqual(
      await byRow((row) => row.rw === "001" && row.rt === "002"),
    );
    expect(await ids({ status: "SUBMITTED" })).toEqual(await byRow((row) => row.status === "SUBMITTED"));
    expect(await ids({ status: "all", desaKelurahanId: home.id, condition: "pregnant" })).toHaveLength(3);
    expect(await ids({ status: "SUBMITTED", condition: "pregnant" })).toHaveLength(2);
    expect(await ids({ status: "all", condition: "any" })).toHaveLength(5);
    expect(await ids({ status: "all", condition: "motherDeath" })).toEqual([]);
  });

  test("pages on the server: page size, total, page count, past the end", async () => {
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: WARD });
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await queue(t.db, as(kelurahan), { status: "all", page, pageSize: 5 }));
    expect(pages.map((page) => page.items.length)).toEqual([5, 5, 2]);
    expect(pages.map((page) => [page.total, page.pageCount])).toEqual([
      [12, 3],
      [12, 3],
      [12, 3],
    ]);
    const everyId = pages.flatMap((page) => page.items.map((item) => item.id));
    expect(everyId).toEqual([...everyId].sort((a, b) => b - a));
    const beyond = await queue(t.db, as(kelurahan), { status: "all", page: 9, pageSize: 5 });
    expect([beyond.items, beyond.total]).toEqual([[], 12]);
  });

  test("scope: filters outside the area are refused; aparat reads without moves; admin sees every open record", async () => {
    const rt = await createCadre(t.db, "rt", { wardIndex: WARD, rw: "001", rt: "001" });
    const neighbourRt = await refusal(queue(t.db, as(rt), { rt: "002" }));
    expect([neighbourRt.code, neighbourRt.message]).toEqual([
      "FORBIDDEN",
      "Data ini berada di luar wilayah kerja Anda",
    ]);
    const otherWard = await ward(t.db, 0);
    expect((await refusal(queue(t.db, as(rt), { desaKelurahanId: otherWard.id }))).code).toBe("FORBIDDEN");

    const aparat = await createCadre(t.db, "kelurahan", { wardIndex: WARD }, { role: "aparat" });
    const seen = await queue(t.db, as(aparat), { status: "all", pageSize: 50 });
    expect(seen.total).toBe(12);
    expect(seen.items.every((item) => item.actions.length === 0)).toBe(true);

    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const open = await queue(t.db, as(admin), { desaKelurahanId: (await ward(t.db, WARD)).id, pageSize: 50 });
    expect(open.total).toBe(10);
    // Ward 3 is the only ward of its kecamatan with families in this file.
    const byKecamatan = await queue(t.db, as(admin), {
      kecamatanId: (await ward(t.db, WARD)).kecamatanId,
      status: "all",
      pageSize: 50,
    });
    expect(byKecamatan.total).toBe(12);
    const farKecamatan = await queue(t.db, as(admin), {
      kecamatanId: (await ward(t.db, 20)).kecamatanId,
      status: "all",
    });
    expect(farKecamatan.total).toBe(0);
    expect((await refusal(queue(t.db, as(await createCadre(t.db, "rt", {}, { status: "pending" })), {}))).code).toBe(
      "FORBIDDEN",
    );
    expect((await refusal(queue(t.db, as(null), {}))).code).toBe("UNAUTHORIZED");
  });
});
