// One question, one guess, at every form that asks one (DESIGN §6: single use): a wrong answer uses
// the captcha up, so the same question answered right afterwards is refused. Through the Hono app,
// with the question fetched as the browser fetches it.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { CaptchaKind } from "@shared/schemas/captcha.ts";
import { registers } from "../db/schema/registers.ts";
import { sessions } from "../db/schema/sessions.ts";
import { users } from "../db/schema/users.ts";
import { hashPassword } from "../services/accounts/passwords.ts";
import { createFamilyRegister, familyForm } from "../../test/factories.ts";
import { createUser, solveCaptcha, TEST_ORIGIN, useTestApp } from "../../test/helpers.ts";
import { kaderInput } from "../../test/kader-input.ts";

const headers = { "content-type": "application/json", origin: TEST_ORIGIN };

describe("a wrong captcha answer uses the question up at every form", () => {
  const t = useTestApp();

  async function question(kind: CaptchaKind): Promise<{ token: string; answer: number }> {
    const response = await t.app.request("/trpc/captcha.issue", {
      method: "POST",
      headers,
      body: JSON.stringify({ kind }),
    });
    const challenge: { token: string; question: string } = (await response.json()).result.data;
    return { token: challenge.token, answer: solveCaptcha(challenge.question) };
  }

  async function send(procedure: string, body: object): Promise<{ status: number; captchaMessage: string }> {
    const response = await t.app.request(`/trpc/${procedure}`, { method: "POST", headers, body: JSON.stringify(body) });
    const answer = await response.json();
    const fields: Array<{ path: string[]; message: string }> = answer.error?.data?.fieldErrors ?? [];
    return {
      status: response.status,
      captchaMessage: fields.find((field) => field.path[0] === "captcha")?.message ?? "",
    };
  }

  /** A wrong answer, then the right one to the same question: both refused on the captcha field. */
  async function expectOneGuess(kind: CaptchaKind, procedure: string, body: object, wrongMessage: string) {
    const { token, answer } = await question(kind);
    const wrong = await send(procedure, { ...body, captcha: { token, answer: answer + 1 } });
    expect(wrong).toEqual({ status: 400, captchaMessage: wrongMessage });
    const again = await send(procedure, { ...body, captcha: { token, answer } });
    expect(again).toEqual({ status: 400, captchaMessage: "Captcha sudah dipakai, silakan muat soal baru" });
  }

  test("the cadre's login: nobody signs in on the question a wrong answer spent", async () => {
    const cadre = await createUser(t.db, { passwordHash: await hashPassword("Rahasia2026!") });
    await expectOneGuess(
      "sum",
      "auth.login",
      { email: cadre.email, password: "Rahasia2026!", rememberMe: false },
      "Jawaban penjumlahan salah",
    );
    expect(await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, cadre.id))).toEqual([]);
  });

  test("the cadre's sign-up: no account is created on the spent question", async () => {
    const input = await kaderInput(t.db, t.env.APP_SECRET);
    await expectOneGuess("sum", "kader.register", input, "Jawaban penjumlahan salah");
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))).toEqual([]);
  });

  test("the family registration: no family is stored on the spent question", async () => {
    const form = await familyForm(t.db);
    await expectOneGuess(
      "family",
      "registers.registerFamily",
      { form, idempotencyKey: crypto.randomUUID() },
      "Jawaban captcha salah",
    );
    const stored = await t.db
      .select({ id: registers.id })
      .from(registers)
      .where(eq(registers.nikKepalaKeluarga, form.nikKepalaKeluarga));
    expect(stored).toEqual([]);
  });

  test("the status search and 'Perbaiki Data' alike", async () => {
    const family = await createFamilyRegister(t.db, { status: "NEEDS_REVISION" });
    await expectOneGuess(
      "search",
      "registers.searchStatus",
      { query: family.form.nikKepalaKeluarga },
      "Captcha belum benar",
    );
    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    await expectOneGuess(
      "search",
      "registers.openCorrection",
      {
        registrationNumber: row?.registrationNumber ?? "",
        nikKepalaKeluarga: family.form.nikKepalaKeluarga,
        nomorHp: family.form.nomorHp,
      },
      "Jawaban captcha salah",
    );
  });
});
