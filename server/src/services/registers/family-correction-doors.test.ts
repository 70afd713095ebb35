// 'Perbaiki Data' try limits (issue 15) through the Hono app as a browser reaches it behind a proxy
// (TRUST_PROXY=1, the address the proxy appended to X-Forwarded-For): 5 tries an hour per record from
// any address, 5 per address whatever the client writes on the left of the header, and per /64
// for IPv6, so that rotating addresses a real attacker controls resets nothing.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ownershipMismatchMessage } from "@shared/schemas/correction.ts";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { solveCaptcha, TEST_ORIGIN, useTestApp } from "../../../test/helpers.ts";
import { issueCaptcha } from "../public/captcha.ts";

describe("ownership check try limits through the app behind one trusted proxy", () => {
  const t = useTestApp({ env: { TRUST_PROXY: "1" } });

  async function family() {
    const created = await createFamilyRegister(t.db, { status: "NEEDS_REVISION", rw: "005", rt: "001" });
    const [row] = await t.db.select().from(registers).where(eq(registers.id, created.id));
    const facts = {
      registrationNumber: row?.registrationNumber ?? "",
      nikKepalaKeluarga: created.form.nikKepalaKeluarga,
      nomorHp: created.form.nomorHp,
    };
    return { facts, wrong: { ...facts, nomorHp: "081100000000" } };
  }

  async function open(facts: object, forwardedFor: string) {
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    const response = await t.app.request("/trpc/registers.openCorrection", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ ...facts, captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) } }),
    });
    const body = await response.json();
    return { status: response.status, message: String(body.error?.message ?? ""), body };
  }

  test("five wrong tries on a record from five addresses: the right facts from a sixth wait an hour", async () => {
    const { facts, wrong } = await family();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const refused = await open(wrong, `198.51.100.${attempt}`);
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(ownershipMismatchMessage);
    }
    const blocked = await open(facts, "198.51.100.99");
    expect(blocked.status).toBe(429);
    expect(blocked.message).toContain("Terlalu banyak percobaan");
    expect(JSON.stringify(blocked.body)).not.toContain(facts.nikKepalaKeluarga);
  });

  test("the record's limit also holds when the number is typed in lower case or with spaces", async () => {
    const { facts, wrong } = await family();
    const variants = [
      wrong.registrationNumber.toLowerCase(),
      ` ${wrong.registrationNumber} `,
      wrong.registrationNumber,
      wrong.registrationNumber.toLowerCase(),
      wrong.registrationNumber,
    ];
    for (const [index, registrationNumber] of variants.entries()) {
      expect((await open({ ...wrong, registrationNumber }, `198.51.101.${index + 1}`)).status).toBe(400);
    }
    expect((await open(facts, "198.51.101.99")).status).toBe(429);
  });

  test("five tries from one address, whatever the client writes on the left of X-Forwarded-For", async () => {
    const { facts } = await family();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const other = { ...facts, registrationNumber: `REG-20260101-AAAA-000${attempt}` };
      expect((await open(other, `10.9.${attempt}.1, 203.0.113.7`)).status).toBe(400);
    }
    const blocked = await open(facts, "10.200.0.1, 203.0.113.7");
    expect(blocked.status).toBe(429);
    expect(blocked.message).toContain("Terlalu banyak percobaan");
    // Another address is counted on its own: the right facts open the record.
    const opened = await open(facts, "203.0.113.8");
    expect(opened.status).toBe(200);
    expect(opened.body.result.data.record.registrationNumber).toBe(facts.registrationNumber);
  });

  test("IPv6: the addresses of one /64 share one counter", async () => {
    const { facts } = await family();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const other = { ...facts, registrationNumber: `REG-20260101-BBBB-000${attempt}` };
      expect((await open(other, `2001:db8:15:1::${attempt.toString(16)}`)).status).toBe(400);
    }
    expect((await open(facts, "2001:db8:15:1:abcd::99")).status).toBe(429);
    expect((await open(facts, "2001:db8:15:2::1")).status).toBe(200);
  });
});
