import { describe, expect, test } from "bun:test";
import { passwordResets } from "../../db/schema/auth-tokens.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { captchaNonces, rateLimits } from "../../db/schema/support.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import { pruneExpired } from "./prune.ts";

describe("housekeeping", () => {
  const t = useTestApp({ seed: false });

  test("removes expired sessions, nonces, idempotency keys, rate-limit windows and reset codes; keeps live ones", async () => {
    const user = await createUser(t.db);
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60 * 60_000);
    await t.db.insert(sessions).values([
      { id: "session-old", userId: user.id, expiresAt: past },
      { id: "session-live", userId: user.id, expiresAt: future },
    ]);
    await t.db.insert(captchaNonces).values([
      { nonce: "nonce-old", expiresAt: past },
      { nonce: "nonce-live", expiresAt: future },
    ]);
    await t.db.insert(idempotencyKeys).values([
      { key: "family:old", requestHash: "a", expiresAt: past },
      { key: "family:live", requestHash: "b", expiresAt: future },
    ]);
    await t.db.insert(rateLimits).values([
      { key: "login:ip:old", count: 3, windowEndsAt: past },
      { key: "login:ip:live", count: 1, windowEndsAt: future },
    ]);
    await t.db.insert(passwordResets).values([
      { id: "reset-old", userId: user.id, expiresAt: past },
      { id: "reset-live", userId: user.id, expiresAt: future },
    ]);

    const counts = await pruneExpired(t.db, now);

    expect(counts).toEqual({
      sessions: 1,
      captchaNonces: 1,
      idempotencyKeys: 1,
      rateLimits: 1,
      passwordResets: 1,
      mail: 0,
    });
    expect((await t.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id)).toEqual(["session-live"]);
    expect((await t.db.select({ n: captchaNonces.nonce }).from(captchaNonces)).map((row) => row.n)).toEqual([
      "nonce-live",
    ]);
    expect((await t.db.select({ k: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.k)).toEqual([
      "family:live",
    ]);
    expect((await t.db.select({ k: rateLimits.key }).from(rateLimits)).map((row) => row.k)).toEqual(["login:ip:live"]);
    expect((await t.db.select({ id: passwordResets.id }).from(passwordResets)).map((row) => row.id)).toEqual([
      "reset-live",
    ]);
    // A second round finds nothing left to do.
    expect(Object.values(await pruneExpired(t.db, now)).every((count) => count === 0)).toBe(true);
  });
});
