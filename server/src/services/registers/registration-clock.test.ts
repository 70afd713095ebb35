// A new family's registration number, its registration date and consent, and its created_at (which
// dates it in the queue, the rollups and the monthly report) are one instant. From two clocks (the
// number from JS time, created_at from the transaction's start) they could name different days at
// midnight WIB: REG-<1 Nov> for a family the report counts in October.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { familyForm } from "../../../test/factories.ts";
import { callerFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { issueCaptcha } from "../public/captcha.ts";
import { createRecord } from "./records.ts";

const t = useTestApp();

/** The stored instants of one new family, and the day its number names. */
async function clocksOf(id: number) {
  const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
  const [event] = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, id));
  if (!row || !event) throw new Error(`register ${id} not stored`);
  const registrationDate = row.dataRegister.registrationDate;
  return {
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    consentAt: row.consentAt?.toISOString(),
    registrationDate,
    firstEvent: event.createdAt.toISOString(),
    numberDay: row.registrationNumber.slice(4, 12),
    createdDay: todayIso(row.createdAt).replaceAll("-", ""),
  };
}

/** Every instant is the one created_at holds, and the number names its day in WIB. */
function expectOneInstant(clocks: Awaited<ReturnType<typeof clocksOf>>) {
  const at = clocks.createdAt;
  expect(clocks).toEqual({
    createdAt: at,
    updatedAt: at,
    consentAt: at,
    registrationDate: at,
    firstEvent: at,
    numberDay: clocks.createdDay,
    createdDay: clocks.createdDay,
  });
}

describe("a new family is dated by one clock", () => {
  test("the public form: created_at is the instant the number and the registration date were taken from", async () => {
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    const result = await callerFor(t, null, "10.0.9.1").registers.registerFamily({
      form: await familyForm(t.db),
      captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      idempotencyKey: crypto.randomUUID(),
    });
    expectOneInstant(await clocksOf(result.id));
  });

  test("a cadre's input: the same", async () => {
    const rt = await createCadre(t.db, "rt");
    const created = await createRecord(t.db, { user: rt, ip: "127.0.0.1" }, { data: await familyForm(t.db) });
    expectOneInstant(await clocksOf(created.registerId));
  });
});
