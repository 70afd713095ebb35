// The workflow as a property: random sequences of moves by random actors (right and wrong areas,
// every level, admin, aparat, inactive accounts, anonymous) against the real database. The model
// below restates DESIGN §4 on its own, so it checks the shared rules rather than repeating them.
import { describe, expect, test } from "bun:test";
import { asc, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import type { RegisterStatus, WorkflowAction } from "@shared/status.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import { DomainError } from "../common/errors.ts";
import { bulkVerify, transition } from "./workflow.ts";

const t = useTestApp();

type Step = "rt" | "rw" | "kelurahan";
interface Profile {
  name: string;
  user: UserRow | null;
  /** The chain step this actor holds inside the records' area; "admin" overrides; null acts on nothing. */
  acts: Step | "admin" | null;
  /** Works outside the records' area: a record there answers as a missing one. */
  outside?: true;
}

/** DESIGN §4, written out: [from, action] → [to, the level that may do it]. */
const model: Record<string, [RegisterStatus, Step]> = {
  "SUBMITTED verify": ["RT_VERIFIED", "rt"],
  "RT_VERIFIED verify": ["RW_VERIFIED", "rw"],
  "RW_VERIFIED verify": ["APPROVED", "kelurahan"],
  "SUBMITTED requestRevision": ["NEEDS_REVISION", "rt"],
  "RT_VERIFIED requestRevision": ["NEEDS_REVISION", "rw"],
  "RW_VERIFIED requestRevision": ["NEEDS_REVISION", "kelurahan"],
  "SUBMITTED reject": ["REJECTED", "rt"],
  "RT_VERIFIED reject": ["REJECTED", "rw"],
  "RW_VERIFIED reject": ["REJECTED", "kelurahan"],
  "NEEDS_REVISION resubmit": ["SUBMITTED", "rt"],
  "REJECTED resubmit": ["SUBMITTED", "rt"],
};
const allowedEdges = new Set(Object.entries(model).map(([key, [to]]) => `${key.split(" ")[0]}→${to}`));

function expectedMove(
  status: RegisterStatus,
  action: WorkflowAction,
  actor: Profile,
  note: string | undefined,
): RegisterStatus | null {
  const edge = model[`${status} ${action}`];
  if (!edge || actor.acts === null) return null;
  if (actor.acts !== "admin" && actor.acts !== edge[1]) return null;
  if ((action === "requestRevision" || action === "reject") && !note?.trim()) return null;
  return edge[0];
}

const RECORDS = 2;
/** Send no expected version, the current one, or one that is out of date. */
type VersionChoice = "none" | "current" | "stale";

describe("workflow property", () => {
  test("random moves never reach a forbidden state, never skip a level, and every accepted move has exactly one event", async () => {
    // The records sit in ward 0, RW 005, RT 001; "wrong" actors are one RT, RW or ward away.
    const actors: Profile[] = [
      { name: "RT cadre", user: await createCadre(t.db, "rt", { rw: "005", rt: "001" }), acts: "rt" },
      {
        name: "RT cadre of another RT",
        user: await createCadre(t.db, "rt", { rw: "005", rt: "002" }),
        acts: null,
        outside: true,
      },
      { name: "RW cadre", user: await createCadre(t.db, "rw", { rw: "005" }), acts: "rw" },
      { name: "RW cadre of another RW", user: await createCadre(t.db, "rw", { rw: "006" }), acts: null, outside: true },
      { name: "kelurahan cadre", user: await createCadre(t.db, "kelurahan", { wardIndex: 0 }), acts: "kelurahan" },
      {
        name: "kelurahan cadre of another ward",
        user: await createCadre(t.db, "kelurahan", { wardIndex: 1 }),
        acts: null,
        outside: true,
      },
      { name: "kecamatan cadre", user: await createCadre(t.db, "kecamatan", { wardIndex: 0 }), acts: null },
      { name: "admin", user: await createUser(t.db, { role: "admin", level: "kota" }), acts: "admin" },
      { name: "aparat", user: await createCadre(t.db, "kelurahan", { wardIndex: 0 }, { role: "aparat" }), acts: null },
      {
        name: "pending RT cadre",
        user: await createCadre(t.db, "rt", { rw: "005", rt: "001" }, { status: "pending" }),
        acts: null,
      },
      { name: "anonymous", user: null, acts: null },
    ];

    // Biased towards the actors who may act and towards verify, so runs climb deep into the chain.
    const actorIndex = fc.oneof(
      { arbitrary: fc.constantFrom(0, 2, 4, 7), weight: 3 },
      { arbitrary: fc.nat(actors.length - 1), weight: 2 },
    );
    const action = fc.oneof(
      { arbitrary: fc.constant<WorkflowAction>("verify"), weight: 4 },
      { arbitrary: fc.constantFrom<WorkflowAction>("requestRevision", "reject", "resubmit"), weight: 3 },
    );
    const reached = new Set<RegisterStatus>();
    let accepted = 0;
    const command = fc.oneof(
      fc.record({
        kind: fc.constant("transition" as const),
        actor: actorIndex,
        record: fc.nat(RECORDS - 1),
        action,
        note: fc.option(fc.constantFrom<string>("Periksa NIK anak", "   ", "Sesuai"), { nil: undefined }),
        version: fc.constantFrom<VersionChoice>("none", "current", "stale"),
      }),
      fc.record({ kind: fc.constant("bulkVerify" as const), actor: actorIndex }),
    );

    const current: VersionChoice = "current";
    const move = (actor: number, record: number, action: WorkflowAction, note?: string) => ({
      kind: "transition" as const,
      actor,
      record,
      action,
      note,
      version: current,
    });
    const wholeChain = [
      move(0, 0, "requestRevision", "Periksa NIK anak"),
      move(0, 0, "resubmit"),
      { kind: "bulkVerify" as const, actor: 0 },
      move(2, 0, "verify"),
      move(4, 0, "verify"),
      move(7, 1, "reject", "Sesuai"),
    ];

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        const ids: number[] = [];
        for (let index = 0; index < RECORDS; index += 1)
          ids.push((await createFamilyRegister(t.db, { rw: "005", rt: "001" })).id);
        const status = new Map<number, RegisterStatus>(ids.map((id) => [id, "SUBMITTED"]));
        const events = new Map<number, number>(ids.map((id) => [id, 1]));
        const versions = new Map<number, number>(ids.map((id) => [id, 1]));

        for (const cmd of commands) {
          const actor = actors[cmd.actor];
          if (!actor) throw new Error("actor index out of range");
          const who = { user: actor.user, ip: "127.0.0.1" };
          if (cmd.kind === "transition") {
            const id = ids[cmd.record] ?? 0;
            const before = status.get(id) ?? "SUBMITTED";
            const version = versions.get(id) ?? 1;
            const expected = cmd.version === "stale" ? null : expectedMove(before, cmd.action, actor, cmd.note);
            const expectedVersion =
              cmd.version === "none" ? undefined : cmd.version === "current" ? version : version + 5;
            try {
              const result = await transition(t.db, who, {
                registerId: id,
                action: cmd.action,
                note: cmd.note,
                expectedVersion,
              });
              const outcome: string = result.status;
              expect({ actor: actor.name, from: before, action: cmd.action, to: outcome }).toEqual({
                actor: actor.name,
                from: before,
                action: cmd.action,
                to: expected ?? "refused",
              });
              status.set(id, result.status);
              reached.add(result.status);
              accepted += 1;
              versions.set(id, version + 1);
              events.set(id, (events.get(id) ?? 0) + 1);
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              expect({ actor: actor.name, from: before, action: cmd.action, refused: true }).toEqual({
                actor: actor.name,
                from: before,
                action: cmd.action,
                refused: expected === null,
              });
              // A well-formed request by aparat or an inactive account is refused for want of access,
              // one by an actor outside the area finds no such record (a malformed one is a bad
              // request whoever sends it).
              const wellFormed = !((cmd.action === "requestRevision" || cmd.action === "reject") && !cmd.note?.trim());
              if (wellFormed && actor.user && actor.acts === null)
                expect(error.code).toBe(actor.outside ? "NOT_FOUND" : "FORBIDDEN");
              if (!actor.user) expect(error.code).toBe("UNAUTHORIZED");
            }
          } else {
            try {
              const result = await bulkVerify(t.db, who, { registerIds: ids });
              expect(actor.acts).not.toBeNull();
              for (const id of ids) {
                const before = status.get(id) ?? "SUBMITTED";
                const expected = expectedMove(before, "verify", actor, undefined);
                const moved = result.verified.find((item) => item.registerId === id);
                expect(moved?.status ?? null).toBe(expected);
                if (expected) {
                  status.set(id, expected);
                  reached.add(expected);
                  accepted += 1;
                  versions.set(id, (versions.get(id) ?? 1) + 1);
                  events.set(id, (events.get(id) ?? 0) + 1);
                }
              }
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              expect(actor.acts).toBeNull();
            }
          }

          // After every command the database is exactly the model: status, version, one event per move.
          const rows = await t.db
            .select({ id: registers.id, status: registers.status, version: registers.version })
            .from(registers)
            .where(inArray(registers.id, ids));
          for (const row of rows) {
            expect([row.status, row.version]).toEqual([status.get(row.id) ?? "SUBMITTED", versions.get(row.id) ?? 1]);
            const count = (
              await t.db
                .select({ id: registerEvents.id })
                .from(registerEvents)
                .where(eq(registerEvents.registerId, row.id))
            ).length;
            expect(count).toBe(events.get(row.id) ?? 0);
          }
        }

        // Replaying the history: every move is an allowed edge, and approval follows RT then RW.
        for (const id of ids) {
          const history = await t.db
            .select()
            .from(registerEvents)
            .where(eq(registerEvents.registerId, id))
            .orderBy(asc(registerEvents.id));
          let climbed: RegisterStatus[] = [];
          for (const event of history.slice(1)) {
            expect(allowedEdges.has(`${event.fromStatus}→${event.toStatus}`)).toBe(true);
            if (event.toStatus === "SUBMITTED") climbed = [];
            if (event.toStatus === "RT_VERIFIED" || event.toStatus === "RW_VERIFIED" || event.toStatus === "APPROVED")
              climbed.push(event.toStatus);
            if (event.toStatus === "APPROVED") expect(climbed).toEqual(["RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
            if (event.level === "admin") expect(event.note ?? "").toStartWith("Override admin");
          }
          expect(history.at(-1)?.toStatus).toBe(status.get(id) ?? "SUBMITTED");
        }
      }),
      // The first run walks the whole chain (revision, resubmission, approval, rejection); the rest are random.
      { numRuns: 40, examples: [[wholeChain]] },
    );
    expect([...reached].sort()).toEqual([
      "APPROVED",
      "NEEDS_REVISION",
      "REJECTED",
      "RT_VERIFIED",
      "RW_VERIFIED",
      "SUBMITTED",
    ]);
    expect(accepted).toBeGreaterThan(6);
  }, 180_000);
});
