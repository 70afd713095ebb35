import { describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit.ts";
import { registers } from "../../db/schema/registers.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";
import { refusal } from "../../../test/domain-error.ts";
import { planOf } from "../../../test/query-plan.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { createApiToken } from "../accounts/api-tokens.ts";
import { audit } from "./audit-log.ts";
import { auditListInput } from "@shared/schemas/audit.ts";
import { auditPageQueries, listAuditLog } from "./audit-list.ts";
import { eq } from "drizzle-orm";

const ip = "10.9.8.7";

describe("the admin's audit log: who, what, which family, from where, newest first", () => {
  const t = useTestApp();

  async function people() {
    const admin = await createUser(t.db, { role: "admin", fullName: "Admin Kota" });
    const siti = await createUser(t.db, { fullName: "Siti Rahma", email: `siti.${admin.id}@contoh.id` });
    const budi = await createUser(t.db, { fullName: "Budi 100%", email: `budi.${admin.id}@contoh.id` });
    return { admin, siti, budi };
  }

  async function registrationNumberOf(id: number): Promise<string> {
    const [row] = await t.db
      .select({ number: registers.registrationNumber })
      .from(registers)
      .where(eq(registers.id, id));
    if (!row) throw new Error("register missing");
    return row.number;
  }

  test("an admin reads who did what to which registration, from which IP, newest first; never a NIK", async () => {
    const { admin, siti } = await people();
    const family = await createFamilyRegister(t.db);
    const number = await registrationNumberOf(family.id);
    await audit(t.db, { user: siti, ip }, { action: "register.read", entity: "registers", entityId: family.id });
    await audit(
      t.db,
      { user: siti, ip },
      {
        action: "register.update",
        entity: "registers",
        entityId: family.id,
        details: { nik: family.form.nikKepalaKeluarga },
      },
    );
    const page = await listAuditLog(t.db, { user: admin, ip }, { user: "Siti Rahma" });
    expect(page.entries.map((entry) => entry.action)).toEqual(["register.update", "register.read"]);
    expect(page.entries[0]).toMatchObject({
      entity: "registers",
      entityId: family.id,
      registrationNumber: number,
      actor: { id: siti.id, fullName: "Siti Rahma", email: siti.email },
      apiToken: null,
      ip,
    });
    expect(Date.parse(page.entries[0]?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(page)).not.toContain(family.form.nikKepalaKeluarga);
    expect(page.total).toBe(2);
    expect(page.nextCursor).toBeNull();
  });

  test("the user filter matches part of the name or e-mail, case aside, '%' literally", async () => {
    const { admin, siti, budi } = await people();
    await audit(t.db, { user: siti, ip }, { action: "register.export", entity: "reports" });
    await audit(t.db, { user: budi, ip }, { action: "register.export", entity: "reports" });
    const actor = { user: admin, ip };
    const byName = await listAuditLog(t.db, actor, { user: "siti rah", action: "register.export" });
    expect(byName.entries.map((entry) => entry.actor?.id)).toEqual([siti.id]);
    const byEmail = await listAuditLog(t.db, actor, { user: `BUDI.${admin.id}@`, action: "register.export" });
    expect(byEmail.entries.map((entry) => entry.actor?.id)).toEqual([budi.id]);
    const percent = await listAuditLog(t.db, actor, { user: "100%", action: "register.export" });
    expect(percent.entries.map((entry) => entry.actor?.id)).toEqual([budi.id]);
    const wildcard = await listAuditLog(t.db, actor, { user: "%", action: "register.export" });
    expect(wildcard.entries.map((entry) => entry.actor?.id)).toEqual([budi.id]);
  });

  test("the registration number filter finds single reads, changes and list reads that returned it", async () => {
    const { admin, siti } = await people();
    const family = await createFamilyRegister(t.db);
    const other = await createFamilyRegister(t.db);
    const number = await registrationNumberOf(family.id);
    await audit(t.db, { user: siti, ip }, { action: "register.delete", entity: "registers", entityId: family.id });
    await audit(t.db, { user: siti, ip }, { action: "register.delete", entity: "registers", entityId: other.id });
    await audit(
      t.db,
      { user: siti, ip },
      { action: "register.read", entity: "registers", details: { ids: [other.id, family.id] } },
    );
    await audit(
      t.db,
      { user: siti, ip },
      { action: "register.read", entity: "registers", details: { ids: [other.id] } },
    );
    const page = await listAuditLog(t.db, { user: admin, ip }, { registrationNumber: number.toLowerCase() });
    expect(page.entries.map((entry) => [entry.action, entry.entityId, entry.recordCount])).toEqual([
      ["register.read", null, 2],
      ["register.delete", family.id, null],
    ]);
    const unknown = await listAuditLog(t.db, { user: admin, ip }, { registrationNumber: "REG-19990101-XXXX-XXXX" });
    expect(unknown).toEqual({ entries: [], nextCursor: null, total: 0, totalIsCapped: false });
  });

  test("the action filter and an API token named as the one who read", async () => {
    const { admin } = await people();
    const { apiToken } = await createApiToken(t.db, { user: admin, ip }, { name: "Dinas Sosial", access: "read-only" });
    await audit(
      t.db,
      { user: null, ip, apiToken: { id: apiToken.id, access: "read-only" } },
      {
        action: "register.create",
        entity: "registers",
        details: { ids: [] },
      },
    );
    const page = await listAuditLog(t.db, { user: admin, ip }, { action: "register.create" });
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({ actor: null, apiToken: { id: apiToken.id, name: "Dinas Sosial" } });
  });

  test("dates are WIB calendar days, both ends included", async () => {
    const { admin, siti } = await people();
    const at = (instant: string) => ({
      actorId: siti.id,
      action: "register.status" as const,
      entity: "registers",
      ip,
      createdAt: new Date(instant),
    });
    await t.db.insert(auditLog).values([
      at("2026-03-01T16:59:59Z"), // 1 March 23:59:59 WIB
      at("2026-03-01T17:00:00Z"), // 2 March 00:00 WIB
      at("2026-03-03T16:59:59Z"), // 3 March 23:59:59 WIB
      at("2026-03-03T17:00:00Z"), // 4 March 00:00 WIB
    ]);
    const actor = { user: admin, ip };
    const window = await listAuditLog(t.db, actor, { action: "register.status", from: "2026-03-02", to: "2026-03-03" });
    expect(window.entries.map((entry) => entry.createdAt)).toEqual([
      "2026-03-03T16:59:59.000Z",
      "2026-03-01T17:00:00.000Z",
    ]);
    const oneDay = await listAuditLog(t.db, actor, { action: "register.status", from: "2026-03-01", to: "2026-03-01" });
    expect(oneDay.entries.map((entry) => entry.createdAt)).toEqual(["2026-03-01T16:59:59.000Z"]);
    const since = await listAuditLog(t.db, actor, { action: "register.status", from: "2026-03-04" });
    expect(since.total).toBe(1);
    const reversed = await refusal(listAuditLog(t.db, actor, { from: "2026-03-04", to: "2026-03-02" }));
    expect(reversed.code).toBe("BAD_REQUEST");
    expect(reversed.message).toBe("Sampai tanggal tidak boleh sebelum Dari tanggal");
  });

  test("pages follow each other without gaps or repeats, and the last says so", async () => {
    const { admin, siti } = await people();
    for (let index = 0; index < 7; index += 1)
      await audit(
        t.db,
        { user: siti, ip },
        { action: "register.restore", entity: "registers", entityId: 1000 + index },
      );
    const actor = { user: admin, ip };
    const seen: number[] = [];
    let cursor: number | undefined;
    const sizes: number[] = [];
    do {
      const page = await listAuditLog(t.db, actor, { user: siti.email, pageSize: 3, cursor });
      expect(page.total).toBe(7);
      sizes.push(page.entries.length);
      seen.push(...page.entries.map((entry) => entry.entityId ?? 0));
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual([1006, 1005, 1004, 1003, 1002, 1001, 1000]);
  });

  test("only an active admin may read it: cadres, officials, blocked admins and visitors are refused", async () => {
    const kader = await createUser(t.db, { role: "kader", level: "kota" });
    const aparat = await createUser(t.db, { role: "aparat" });
    const blocked = await createUser(t.db, { role: "admin", status: "blocked" });
    for (const user of [kader, aparat, blocked])
      expect((await refusal(listAuditLog(t.db, { user, ip }, {}))).code).toBe("FORBIDDEN");
    expect((await refusal(listAuditLog(t.db, { user: null, ip }, {}))).code).toBe("UNAUTHORIZED");
  });

  test("the tRPC door: admins get a page, cadres and officials FORBIDDEN, visitors UNAUTHORIZED", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const page = await callerFor(t, admin).audit.list({});
    expect(page.entries.length).toBeGreaterThan(0);
    for (const [user, code] of [
      [await createUser(t.db, { role: "kader", level: "kota" }), "FORBIDDEN"],
      [await createUser(t.db, { role: "aparat" }), "FORBIDDEN"],
      [null, "UNAUTHORIZED"],
    ] as const) {
      const error = await callerFor(t, user)
        .audit.list({})
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(TRPCError);
      expect(error instanceof TRPCError ? error.code : null).toBe(code);
    }
  });
});

describe("counting stops at 10,000 matching rows", () => {
  const t = useTestApp({ seed: false });

  test("a total beyond the limit is reported as capped", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    await t.db.execute(
      sql`insert into audit_log (action, entity) select 'read', 'registers' from generate_series(1, 10005)`,
    );
    const page = await listAuditLog(t.db, { user: admin, ip }, { pageSize: 2 });
    expect(page).toMatchObject({ total: 10_000, totalIsCapped: true });
    expect(page.entries).toHaveLength(2);
    expect(page.nextCursor).toBe(page.entries[1]?.id ?? -1);
  });
});

describe("searching a log of many list reads", () => {
  const t = useTestApp();

  /** The plan of a query for its values, over 20,000 list reads of 25 families each. */
  const planOverListReads = (query: { sql: string; params: unknown[] }) =>
    planOf(t.db, query, {
      addRows: (tx) =>
        tx.execute(sql`insert into audit_log (action, entity, details)
          select 'register.read', 'registers', jsonb_build_object('via', 'rest', 'ids',
            (select jsonb_agg(g * 25 % 50000 + n) from generate_series(1, 25) n))
          from generate_series(1, 20000) g`),
    });

  test("a family's rows are found through the read-ids index, not by walking every audit row", async () => {
    const family = await createFamilyRegister(t.db);
    const [row] = await t.db
      .select({ number: registers.registrationNumber })
      .from(registers)
      .where(eq(registers.id, family.id));
    const input = auditListInput.parse({ registrationNumber: row?.number ?? "" });
    const queries = await auditPageQueries(t.db, input);
    for (const query of [queries.rows.toSQL(), queries.counted.toSQL()]) {
      const plan = await planOverListReads(query);
      expect(plan).toContain("Bitmap Index Scan on audit_log_read_ids");
      expect(plan).not.toContain("Seq Scan on audit_log");
    }
  }, 60_000);

  test("a cadre's few reads of a year ago are found through the actor index, not behind every newer row", async () => {
    const cadre = await createUser(t.db, { fullName: "Rina Marlina Audit" });
    await t.db.execute(sql`insert into audit_log (actor_id, action, entity, entity_id)
      select ${cadre.id}, 'register.read', 'registers', g from generate_series(1, 40) g`);
    const input = auditListInput.parse({ user: "marlina audit" });
    const queries = await auditPageQueries(t.db, input);
    const plan = await planOverListReads(queries.rows.toSQL());
    expect(plan).toContain("audit_log_actor_id_index");
    expect(plan).not.toContain("Index Scan Backward using audit_log_pkey");
    const admin = await createUser(t.db, { role: "admin" });
    const page = await listAuditLog(t.db, { user: admin, ip }, { user: "MARLINA AUDIT" });
    expect(page.total).toBe(40);
    expect(page.entries.every((entry) => entry.actor?.id === cadre.id)).toBe(true);
    const nobody = await listAuditLog(t.db, { user: admin, ip }, { user: "tidak ada nama ini" });
    expect(nobody).toMatchObject({ entries: [], total: 0 });
  }, 60_000);
});
