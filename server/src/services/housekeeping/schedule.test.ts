import { describe, expect, test } from "bun:test";
import { registerChanges } from "../../db/schema/register-changes.ts";
import { createLogger } from "../../log.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { readRegisterChangeVersion } from "../registers/change-log.ts";
import { startHousekeeping } from "./schedule.ts";

describe("housekeeping rounds", () => {
  const t = useTestApp();

  test("fold the registers' change log as they start, keeping its version", async () => {
    for (let index = 0; index < 3; index += 1) await createFamilyRegister(t.db, { wardIndex: index });
    const version = await readRegisterChangeVersion(t.db);
    expect((await t.db.select().from(registerChanges)).length).toBeGreaterThan(3);
    const stop = startHousekeeping(t.db, createLogger("error"), 60_000);
    await stop();
    expect(await t.db.select().from(registerChanges)).toEqual([{ transactionId: 0, changes: version }]);
    expect(await readRegisterChangeVersion(t.db)).toBe(version);
  });
});
