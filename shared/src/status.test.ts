import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  allowedActions,
  canReopen,
  isLocked,
  reopenRefusal,
  decideTransition,
  nextStatus,
  registerStatuses,
  reviewBadge,
  statusesWaitingFor,
  statusLabel,
  waitingLevel,
  workflowActions,
  workflowActorOf,
  type RegisterStatus,
  type WorkflowActor,
} from "./status.ts";

const actors: WorkflowActor[] = ["rt", "rw", "kelurahan", "admin"];

describe("workflow rules (DESIGN §4)", () => {
  test("each level verifies its own step only: RT → RW → kelurahan", () => {
    expect(decideTransition("SUBMITTED", "verify", "rt")).toEqual({
      allowed: true,
      to: "RT_VERIFIED",
      override: false,
    });
    expect(decideTransition("RT_VERIFIED", "verify", "rw")).toEqual({
      allowed: true,
      to: "RW_VERIFIED",
      override: false,
    });
    expect(decideTransition("RW_VERIFIED", "verify", "kelurahan")).toEqual({
      allowed: true,
      to: "APPROVED",
      override: false,
    });
    expect(decideTransition("SUBMITTED", "verify", "rw")).toEqual({ allowed: false, reason: "wrong-level" });
    expect(decideTransition("SUBMITTED", "verify", "kelurahan")).toEqual({ allowed: false, reason: "wrong-level" });
    expect(decideTransition("RT_VERIFIED", "verify", "rt")).toEqual({ allowed: false, reason: "wrong-level" });
    expect(decideTransition("RW_VERIFIED", "verify", "rw")).toEqual({ allowed: false, reason: "wrong-level" });
  });

  test("revision and rejection happen at each level's own step; a corrected record returns to SUBMITTED", () => {
    for (const [status, level] of [
      ["SUBMITTED", "rt"],
      ["RT_VERIFIED", "rw"],
      ["RW_VERIFIED", "kelurahan"],
    ] as const) {
      expect(allowedActions(status, level)).toEqual(["verify", "requestRevision", "reject"]);
      expect(nextStatus(status, "requestRevision")).toBe("NEEDS_REVISION");
      expect(nextStatus(status, "reject")).toBe("REJECTED");
    }
    expect(waitingLevel.NEEDS_REVISION).toBe("rt");
    expect(allowedActions("NEEDS_REVISION", "rt")).toEqual(["resubmit"]);
    expect(allowedActions("NEEDS_REVISION", "rw")).toEqual([]);
    expect(nextStatus("NEEDS_REVISION", "resubmit")).toBe("SUBMITTED");
  });

  test("APPROVED waits for nobody and moves no further (it is reopened instead)", () => {
    expect(waitingLevel.APPROVED).toBeNull();
    for (const actor of actors) expect(allowedActions("APPROVED", actor)).toEqual([]);
  });

  test("REJECTED waits for nobody; corrected, the RT level (or an admin) resubmits it", () => {
    expect(waitingLevel.REJECTED).toBeNull();
    expect(statusesWaitingFor("rt")).not.toContain("REJECTED");
    expect(allowedActions("REJECTED", "rt")).toEqual(["resubmit"]);
    expect(allowedActions("REJECTED", "rw")).toEqual([]);
    expect(allowedActions("REJECTED", "kelurahan")).toEqual([]);
    expect(decideTransition("REJECTED", "resubmit", "admin")).toEqual({
      allowed: true,
      to: "SUBMITTED",
      override: true,
    });
    expect(decideTransition("REJECTED", "verify", "admin")).toEqual({ allowed: false, reason: "no-such-move" });
  });

  test("an admin makes the same moves at any level, as an override", () => {
    expect(decideTransition("RT_VERIFIED", "verify", "admin")).toEqual({
      allowed: true,
      to: "RW_VERIFIED",
      override: true,
    });
    expect(allowedActions("SUBMITTED", "admin")).toEqual(["verify", "requestRevision", "reject"]);
    expect(decideTransition("SUBMITTED", "resubmit", "admin")).toEqual({ allowed: false, reason: "no-such-move" });
  });

  test("queues: RT sees new and returned records, RW and kelurahan their step", () => {
    expect(statusesWaitingFor("rt")).toEqual(["SUBMITTED", "NEEDS_REVISION"]);
    expect(statusesWaitingFor("rw")).toEqual(["RT_VERIFIED"]);
    expect(statusesWaitingFor("kelurahan")).toEqual(["RW_VERIFIED"]);
  });

  test("only admins and RT/RW/kelurahan cadres act; officials and higher cadres watch", () => {
    expect(workflowActorOf({ role: "admin", level: "kota" })).toBe("admin");
    expect(workflowActorOf({ role: "kader", level: "rw" })).toBe("rw");
    expect(workflowActorOf({ role: "kader", level: "kecamatan" })).toBeNull();
    expect(workflowActorOf({ role: "kader", level: null })).toBeNull();
    expect(workflowActorOf({ role: "aparat", level: "kelurahan" })).toBeNull();
    expect(workflowActorOf(null)).toBeNull();
  });

  test("labels of DESIGN §4", () => {
    expect(registerStatuses.map((status) => statusLabel(status))).toEqual([
      "Menunggu Persetujuan",
      "Diverifikasi RT",
      "Diverifikasi RW",
      "Disetujui",
      "Perlu Revisi",
      "Ditolak",
    ]);
    expect(statusLabel("SUBMITTED", "kader_registration")).toBe("Menunggu Verifikasi");
    expect(statusLabel("LAINNYA")).toBe("LAINNYA");
    expect(registerStatuses.map((status) => reviewBadge(status).label)).toEqual([
      "Pending",
      "Pending",
      "Pending",
      "Verified",
      "Pending",
      "Pending",
    ]);
  });

  test("any sequence of accepted moves climbs one level at a time and approves only after RT and RW", () => {
    const step = fc.record({ action: fc.constantFrom(...workflowActions), actor: fc.constantFrom(...actors) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let status: RegisterStatus = "SUBMITTED";
        let verifiedSinceSubmit: RegisterStatus[] = [];
        for (const { action, actor } of steps) {
          const decision = decideTransition(status, action, actor);
          if (!decision.allowed) continue;
          if (decision.to === "SUBMITTED") verifiedSinceSubmit = [];
          if (action === "verify") verifiedSinceSubmit.push(decision.to);
          if (decision.to === "APPROVED")
            expect(verifiedSinceSubmit).toEqual(["RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
          status = decision.to;
        }
      }),
    );
  });
});

describe("lock after verification (DESIGN §4)", () => {
  const cadre = (level: "rt" | "rw" | "kelurahan" | "kecamatan" | "kota") => ({ role: "kader" as const, level });
  test("verified statuses are locked; the others are not", () => {
    expect(registerStatuses.filter(isLocked)).toEqual(["RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
  });
  test("a cadre at or above the verifying level, or an admin, may reopen; officials never", () => {
    const table = registerStatuses.map((status) => [
      status,
      (["rt", "rw", "kelurahan", "kecamatan"] as const).filter((level) => canReopen(status, cadre(level))),
      canReopen(status, { role: "admin", level: null }),
      canReopen(status, { role: "aparat", level: "kelurahan" }),
    ]);
    expect(table).toEqual([
      ["SUBMITTED", [], false, false],
      ["RT_VERIFIED", ["rt", "rw", "kelurahan", "kecamatan"], true, false],
      ["RW_VERIFIED", ["rw", "kelurahan", "kecamatan"], true, false],
      ["APPROVED", ["kelurahan", "kecamatan"], true, false],
      ["NEEDS_REVISION", [], false, false],
      ["REJECTED", [], false, false],
    ]);
    expect(reopenRefusal("RW_VERIFIED", cadre("rt"))).toBe(
      "Hanya kader RW ke atas atau admin yang dapat membuka kembali data ini",
    );
  });
});
