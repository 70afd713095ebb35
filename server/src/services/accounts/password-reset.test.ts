import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { emailOutbox, passwordResets } from "../../db/schema/auth-tokens.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_ORIGIN, createUser, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";
import { resetCodeIn, startMailbox } from "../../../test/mailbox.ts";

const mailbox = await startMailbox();
afterAll(() => mailbox.close());

const json = { "content-type": "application/json", origin: TEST_ORIGIN };

describe("forgot and reset password (mail through a real SMTP server)", () => {
  const t = useTestApp({ seed: false, env: { SMTP_URL: mailbox.url } });

  const forgot = (email: string) =>
    t.app.request("/trpc/auth.forgotPassword", { method: "POST", headers: json, body: JSON.stringify({ email }) });
  const reset = (body: Record<string, unknown>) =>
    t.app.request("/trpc/auth.resetPassword", { method: "POST", headers: json, body: JSON.stringify(body) });

  test("the same answer whether or not the email exists; only a real account gets mail", async () => {
    await createUser(t.db, { email: "ada@contoh.id", passwordHash: await hashPassword("Lama12345") });
    const before = mailbox.mails.length;
    const known = await forgot("ADA@contoh.id");
    const unknown = await forgot("tidakada@contoh.id");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    expect(mailbox.mails.length).toBe(before + 1);
    expect(mailbox.mails.at(-1)?.to).toEqual(["ada@contoh.id"]);
  });

  test("the code is stored hashed, works once, sets the password and ends every session", async () => {
    const user = await createUser(t.db, { email: "reset@contoh.id", passwordHash: await hashPassword("Lama12345") });
    const cookie = await sessionCookieFor(t.db, user.id);
    const response = await forgot("reset@contoh.id");
    expect(await response.text()).not.toContain("code");
    const code = resetCodeIn(mailbox.mails.at(-1)?.raw ?? "");
    expect(code).not.toBeNull();
    const stored = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).not.toBe(code);
    expect(stored[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600 * 1000);

    const ok = await reset({ code, password: "Baru12345", passwordConfirmation: "Baru12345" });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword("Baru12345", row?.passwordHash ?? "")).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect((await me.json()).result.data).toBeNull();

    const again = await reset({ code, password: "Lagi12345", passwordConfirmation: "Lagi12345" });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe("Kode reset tidak valid atau sudah kedaluwarsa");
  });

  test("an expired code is refused", async () => {
    const user = await createUser(t.db, {
      email: "kedaluwarsa@contoh.id",
      passwordHash: await hashPassword("Lama12345"),
    });
    await forgot("kedaluwarsa@contoh.id");
    const code = resetCodeIn(mailbox.mails.at(-1)?.raw ?? "");
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const response = await reset({ code, password: "Baru12345", passwordConfirmation: "Baru12345" });
    expect(response.status).toBe(400);
  });

  test("password rules and confirmation are checked", async () => {
    const weak = await reset({ code: "x", password: "lemah", passwordConfirmation: "lemah" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Password minimal 8 karakter");
    const mismatch = await reset({ code: "x", password: "Baru12345", passwordConfirmation: "Beda12345" });
    expect(await mismatch.text()).toContain("Password tidak cocok");
  });

  test("forgot-password is rate limited per address with 429 and Retry-After", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12; i += 1) last = await forgot(`x${i}@contoh.id`);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("without SMTP_URL the mail stays in the outbox", () => {
  const t = useTestApp({ seed: false });

  test("an email_outbox row holds the reset link", async () => {
    await createUser(t.db, { email: "outbox@contoh.id", passwordHash: await hashPassword("Lama12345") });
    await t.app.request("/trpc/auth.forgotPassword", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "outbox@contoh.id" }),
    });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "outbox@contoh.id"));
    expect(mail?.body).toContain(`${TEST_ORIGIN}/kader-pkk/reset-password?code=`);
    expect(mail?.sentAt).toBeNull();
  });
});
