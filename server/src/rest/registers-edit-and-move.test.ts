// REST PUT /registers/:id with family fields and `status` in one body: the edit and the move are one
// write. A refused move must leave the edit unsaved too, or the caller, told its request failed,
// finds its own half-write when it retries (409 for the version it read).
import { describe, expect, test } from "bun:test";
import { and, asc, eq, ne } from "drizzle-orm";
import { auditLog, registerRevisions } from "../db/schema/audit.ts";
import { registerEvents, registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { cookieOf, restCall, type RestAuth } from "../../test/rest.ts";

const t = useTestApp();

const put = (id: number, auth: RestAuth, data: Record<string, unknown>) =>
  restCall(t, "PUT", `/registers/${id}`, auth, { data });

/** Everything a combined PUT writes: the row, its revisions, events and audit rows of writes. */
async function stateOf(id: number) {
  const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
  const byId = { revisions: registerRevisions.id, events: registerEvents.id, audit: auditLog.id };
  return {
    row,
    revisions: await t.db
      .select()
      .from(registerRevisions)
      .where(eq(registerRevisions.registerId, id))
      .orderBy(asc(byId.revisions)),
    events: await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, id)).orderBy(asc(byId.events)),
    // The PUT's own read of the record is audited whatever happens to the write.
    audit: await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), ne(auditLog.action, "register.read")))
      .orderBy(asc(byId.audit)),
  };
}

const toStatuses = (events: Array<{ toStatus: string }>) => events.map((event) => event.toStatus);

describe("PUT /registers/:id with family fields and status", () => {
  test("a refused move saves nothing: data, version, revisions, events and audit stay as they were", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await cookieOf(t, await createCadre(t.db, "rt"));
    const rw = await cookieOf(t, await createCadre(t.db, "rw"));
    const before = await stateOf(family.id);
    const version = before.row?.version;

    const refusals = [
      { auth: rt, data: { nomor_hp: "081299990001", status: "APPROVED", version }, code: 400 },
      { auth: rt, data: { nomor_hp: "081299990002", status: "NEEDS_REVISION", version }, code: 400 },
      { auth: rw, data: { nomor_hp: "081299990003", status: "RT_VERIFIED", version }, code: 403 },
      { auth: rt, data: { nomor_hp: "081299990004", status: "SELESAI", version }, code: 400 },
    ];
    const answers = [];
    for (const { auth, data } of refusals) answers.push(await put(family.id, auth, data));
    expect(answers.map((answer) => [answer.status, answer.json.error.message])).toEqual([
      [400, expect.stringContaining("tidak dapat diubah langsung")],
      [400, "Catatan revisi wajib diisi"],
      [403, "Data ini menunggu tindakan kader RT, bukan kader RW"],
      [400, expect.stringContaining("Status tidak dikenal")],
    ]);
    expect(await stateOf(family.id)).toEqual(before);

    // The caller's retry with the version it read is not refused as stale by its own failed request.
    const retried = await put(family.id, rt, { nomor_hp: "081299990005", version });
    expect(retried.status).toBe(200);
    expect(retried.json.data.attributes).toMatchObject({ nomor_hp: "081299990005", status: "SUBMITTED" });
  });

  test("an allowed move saves the edit and moves the record, the edit first", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await cookieOf(t, await createCadre(t.db, "rt"));
    const before = await stateOf(family.id);
    const version = before.row?.version ?? 0;

    const answer = await put(family.id, rt, { nomor_hp: "081299990006", status: "RT_VERIFIED", version });
    expect(answer.status).toBe(200);
    expect(answer.json.data.attributes).toMatchObject({
      nomor_hp: "081299990006",
      status: "RT_VERIFIED",
      version: version + 2,
    });
    const after = await stateOf(family.id);
    expect(after.revisions.map((revision) => [revision.version, revision.changes])).toEqual([
      [version + 1, [{ path: "nomorHp", before: family.form.nomorHp, after: "081299990006" }]],
    ]);
    expect(toStatuses(after.events)).toEqual([...toStatuses(before.events), "RT_VERIFIED"]);
    expect(after.audit.slice(before.audit.length).map((row) => row.action)).toEqual([
      "register.update",
      "register.status",
    ]);
  });

  test("a family sent back for revision is corrected and resubmitted in one PUT", async () => {
    const family = await createFamilyRegister(t.db, { status: "NEEDS_REVISION" });
    const rt = await cookieOf(t, await createCadre(t.db, "rt"));
    const answer = await put(family.id, rt, { nomor_hp: "081299990007", status: "SUBMITTED" });
    expect(answer.status).toBe(200);
    expect(answer.json.data.attributes).toMatchObject({ nomor_hp: "081299990007", status: "SUBMITTED" });
  });
});
