import { afterAll, describe, expect, test } from "bun:test";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { weakPasswordMessage } from "./password-strength.ts";
import { emailOutbox, passwordResets } from "../../db/schema/auth-tokens.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { rateLimits } from "../../db/schema/support.ts";
import { users } from "../../db/schema/users.ts";
import { issueCaptcha } from "../public/captcha.ts";
import { openMail } from "../mail/outbox-seal.ts";
import { TEST_ORIGIN, createUser, sessionCookieFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { flushOutbox, queuedResetCode, resetCodeIn, startMailbox } from "../../../test/mailbox.ts";

const mailbox = await startMailbox();
afterAll(() => mailbox.close());

const json = { "content-type": "application/json", origin: TEST_ORIGIN };
const strong = "Kenanga-Biru-73";
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

describe("forgot and reset password (mail through a real SMTP server)", () => {
  const t = useTestApp({ seed: false, env: { SMTP_URL: mailbox.url } });

  const forgot = (email: string) =>
    t.app.request("/trpc/auth.forgotPassword", { method: "POST", headers: json, body: JSON.stringify({ email }) });
  const reset = (body: Record<string, unknown>) =>
    t.app.request("/trpc/auth.resetPassword", { method: "POST", headers: json, body: JSON.stringify(body) });

  test("the same answer whether or not the email exists; mail leaves through the outbox, only to a real account", async () => {
    await createUser(t.db, { email: "ada@contoh.id", passwordHash: await hashPassword("Lama12345") });
    const before = mailbox.mails.length;
    const known = await forgot("ADA@contoh.id");
    const unknown = await forgot("tidakada@contoh.id");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    // Nothing was sent inside the request; the worker sends it.
    expect(mailbox.mails.length).toBe(before);
    expect(await flushOutbox(t.db, t.env)).toBe(1);
    expect(mailbox.mails.length).toBe(before + 1);
    expect(mailbox.mails.at(-1)?.to).toEqual(["ada@contoh.id"]);
  });

  test("the code is stored hashed, works once, sets the password and ends every session", async () => {
    const user = await createUser(t.db, { email: "reset@contoh.id", passwordHash: await hashPassword("Lama12345") });
    const cookie = await sessionCookieFor(t.db, user.id);
    const response = await forgot("reset@contoh.id");
    expect(await response.text()).not.toContain("code");
    await flushOutbox(t.db, t.env);
    const code = resetCodeIn(mailbox.mails.at(-1)?.raw ?? "");
    expect(code).not.toBeNull();
    const stored = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).not.toBe(code);
    expect(stored[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600 * 1000);

    const ok = await reset({ code, password: strong, passwordConfirmation: strong });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(strong, row?.passwordHash ?? "")).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect((await me.json()).result.data).toBeNull();

    const again = await reset({ code, password: "Melati.Senja.2026", passwordConfirmation: "Melati.Senja.2026" });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe("Kode reset tidak valid atau sudah kedaluwarsa");
  });

  test("an expired code is refused", async () => {
    const user = await createUser(t.db, {
      email: "kedaluwarsa@contoh.id",
      passwordHash: await hashPassword("Lama12345"),
    });
    await forgot("kedaluwarsa@contoh.id");
    const code = await queuedResetCode(t.db, t.env.APP_SECRET, "kedaluwarsa@contoh.id");
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const response = await reset({ code, password: strong, passwordConfirmation: strong });
    expect(response.status).toBe(400);
  });

  test("a common password is refused with a valid code, which stays usable", async () => {
    await createUser(t.db, { email: "umum@contoh.id", fullName: "Siti Aminah" });
    await forgot("umum@contoh.id");
    const code = await queuedResetCode(t.db, t.env.APP_SECRET, "umum@contoh.id");
    for (const password of ["Password1", "Bismillah1", "SitiAminah2024"]) {
      const weak = await reset({ code, password, passwordConfirmation: password });
      expect(weak.status).toBe(400);
      expect((await weak.json()).error.message).toBe(weakPasswordMessage);
    }
    expect((await reset({ code, password: strong, passwordConfirmation: strong })).status).toBe(200);
  });

  test("password rules and confirmation are checked", async () => {
    const weak = await reset({ code: "x", password: "lemah", passwordConfirmation: "lemah" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Password minimal 8 karakter");
    const mismatch = await reset({ code: "x", password: strong, passwordConfirmation: "Beda12345" });
    expect(await mismatch.text()).toContain("Password tidak cocok");
  });

  test("the per-account counters name no e-mail address", async () => {
    await forgot("penghitung@contoh.id");
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith("forgot:account:"))).toBe(true);
    expect(keys.join(" ")).not.toContain("@");
  });

  test("forgot-password is rate limited per address with 429 and Retry-After", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 12; i += 1) last = await forgot(`x${i}@contoh.id`);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("reset-password is rate limited per address: wrong codes end in 429", async () => {
    const statuses: number[] = [];
    let last = new Response();
    for (let i = 0; i < 21; i += 1) {
      last = await reset({ code: `salah${i}`, password: strong, passwordConfirmation: strong });
      statuses.push(last.status);
    }
    // Earlier tests in this file spent part of the same address's budget; wrong codes are 400 until it runs out.
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(last.status).toBe(429);
    expect((await last.json()).error.message).toBe("Terlalu banyak permintaan reset password. Silakan coba lagi nanti");
  });
});

describe("reset-password is limited per account too", () => {
  const t = useTestApp({ seed: false, env: { TRUST_PROXY: "1" } });

  test("a valid code tried from many addresses is refused with 429 after 5 attempts on the account", async () => {
    await createUser(t.db, { email: "akun@contoh.id" });
    await t.app.request("/trpc/auth.forgotPassword", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "akun@contoh.id" }),
    });
    const code = await queuedResetCode(t.db, t.env.APP_SECRET, "akun@contoh.id");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await t.app.request("/trpc/auth.resetPassword", {
        method: "POST",
        headers: { ...json, "x-forwarded-for": `203.0.113.${i + 1}` },
        body: JSON.stringify({ code, password: "Password1", passwordConfirmation: "Password1" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe("the outbox never holds a usable reset code (no SMTP_URL)", () => {
  const t = useTestApp({ seed: false, env: { NODE_ENV: "production" } });

  test("the row is sealed: no link in the body, yet the server can open it and its code matches the stored hash", async () => {
    await createUser(t.db, { email: "outbox@contoh.id", passwordHash: await hashPassword("Lama12345") });
    const response = await t.app.request("/trpc/auth.forgotPassword", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: "outbox@contoh.id" }),
    });
    expect(response.status).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "outbox@contoh.id"));
    expect(mail?.sentAt).toBeNull();
    expect(mail?.body).not.toContain("reset-password");
    expect(mail?.body).not.toContain("code=");
    const opened = openMail(t.env.APP_SECRET, mail?.body ?? "");
    const code = /code=([a-z0-9]+)/.exec(opened?.link ?? "")?.[1] ?? "";
    expect(code.length).toBeGreaterThanOrEqual(32);
    expect(mail?.body).not.toContain(code);
    const [reset] = await t.db.select().from(passwordResets);
    expect(reset?.id).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(code))));
  });
});

describe("forgot-password timing does not tell who is registered (local SMTP server)", () => {
  const t = useTestApp({ seed: false, env: { SMTP_URL: mailbox.url, TRUST_PROXY: "1" } });

  test("medians of 20 interleaved calls for existing and unknown emails are within 10 ms, on tRPC and REST", async () => {
    const accounts = await Promise.all(
      Array.from({ length: 40 }, (_, index) => createUser(t.db, { email: `waktu${index}@contoh.id` })),
    );
    let address = 0;
    const call = async (door: "trpc" | "rest", email: string) => {
      address += 1;
      const started = performance.now();
      const response = await t.app.request(
        door === "trpc" ? "/trpc/auth.forgotPassword" : "/api/auth/forgot-password",
        {
          method: "POST",
          headers: { ...json, "x-forwarded-for": `198.51.${Math.floor(address / 250)}.${address % 250}` },
          body: JSON.stringify({ email }),
        },
      );
      const elapsed = performance.now() - started;
      expect(response.status).toBe(200);
      return elapsed;
    };
    for (const door of ["trpc", "rest"] as const) {
      // Warm-up (first-query planning, JIT) is not measured.
      for (let i = 0; i < 3; i += 1) await call(door, `pemanasan-${door}-${i}@contoh.id`);
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const account = accounts[door === "trpc" ? i : 20 + i];
        const stranger = `tidak-terdaftar-${door}-${i}@contoh.id`;
        // Alternating which goes first cancels any drift of the machine's load.
        if (i % 2 === 0) {
          known.push(await call(door, account?.email ?? ""));
          unknown.push(await call(door, stranger));
        } else {
          unknown.push(await call(door, stranger));
          known.push(await call(door, account?.email ?? ""));
        }
      }
      const difference = Math.abs(median(known) - median(unknown));
      console.log(
        `forgot-password ${door}: median existing ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`,
      );
      expect(difference).toBeLessThan(10);
    }
    // Every existing account got its mail, through the worker.
    const before = mailbox.mails.length;
    await flushOutbox(t.db, t.env);
    expect(mailbox.mails.length - before).toBe(40);
  });
});

describe("a burst of reset-password calls", () => {
  const t = useTestApp({ seed: false, env: { TRUST_PROXY: "1" } });

  test("a tRPC batch over the cap is refused whole", async () => {
    const paths = Array.from({ length: 11 }, () => "auth.resetPassword").join(",");
    const input = Object.fromEntries(
      Array.from({ length: 11 }, (_, index) => [index, { code: "x", password: strong, passwordConfirmation: strong }]),
    );
    const response = await t.app.request(`/trpc/${paths}?batch=1`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(input),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Batch call exceeds maximum size");
  });

  test("wrong codes cost no argon2 work: sign-in during a burst of 100 (reported, not asserted)", async () => {
    await createUser(t.db, { email: "masuk@contoh.id", passwordHash: await hashPassword("Lama12345") });
    let address = 0;
    const login = async () => {
      address += 1;
      const challenge = issueCaptcha(t.env.APP_SECRET, "sum");
      const started = performance.now();
      const response = await t.app.request("/trpc/auth.login", {
        method: "POST",
        headers: { ...json, "x-forwarded-for": `192.0.2.${address}` },
        body: JSON.stringify({
          email: "masuk@contoh.id",
          password: "Lama12345",
          rememberMe: false,
          captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
        }),
      });
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    // Ten batches of ten (the cap), each from its own address, all with well-formed wrong codes.
    const burst = (round: number) =>
      Array.from({ length: 10 }, (_, batch) => {
        const paths = Array.from({ length: 10 }, () => "auth.resetPassword").join(",");
        const input = Object.fromEntries(
          Array.from({ length: 10 }, (_, index) => [
            index,
            { code: `${"a".repeat(60)}${round}${batch}${index}`, password: strong, passwordConfirmation: strong },
          ]),
        );
        return t.app.request(`/trpc/${paths}?batch=1`, {
          method: "POST",
          headers: { ...json, "x-forwarded-for": `198.18.${round}.${batch + 1}` },
          body: JSON.stringify(input),
        });
      });
    const quiet: number[] = [];
    const during: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      quiet.push(await login());
      const calls = burst(round);
      during.push(await login());
      for (const answer of await Promise.all(calls)) expect(answer.status).toBe(400);
    }
    console.log(
      `sign-in: median ${median(quiet).toFixed(0)} ms quiet, ${median(during).toFixed(0)} ms during a burst of 100 reset-password calls (${(median(during) / median(quiet)).toFixed(2)}×, 3 rounds)`,
    );
  });
});

// A reset link must die when the password changes, when a newer link is sent
// (Strapi keeps one resetPasswordToken) and when the account is blocked; an account that is not
// active is never reset, at either door, and REST never answers it with a jwt.
describe("outstanding reset links die with the password, a newer link and a block", () => {
  const t = useTestApp({ seed: false, env: { TRUST_PROXY: "1" } });
  let address = 0;
  const from = () => {
    address += 1;
    return { ...json, "x-forwarded-for": `198.51.100.${address}` };
  };
  const forgot = (email: string) =>
    t.app.request("/trpc/auth.forgotPassword", { method: "POST", headers: from(), body: JSON.stringify({ email }) });
  const newPassword = (code: string | null, password = strong) => ({ code, password, passwordConfirmation: password });
  const trpcReset = (code: string | null, password = strong) =>
    t.app.request("/trpc/auth.resetPassword", {
      method: "POST",
      headers: from(),
      body: JSON.stringify(newPassword(code, password)),
    });
  const restReset = (code: string | null, password = strong) =>
    t.app.request("/api/auth/reset-password", {
      method: "POST",
      headers: from(),
      body: JSON.stringify(newPassword(code, password)),
    });
  const passwordIs = async (userId: number, password: string) => {
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    return verifyPassword(password, row?.passwordHash ?? "");
  };
  const refusedAsBadCode = async (response: Response, door: "trpc" | "rest") => {
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).not.toHaveProperty("jwt");
    if (door === "trpc") expect(body.error.message).toBe("Kode reset tidak valid atau sudah kedaluwarsa");
    else expect(body.error.message).toBe("Incorrect code provided");
  };

  test("a newer request replaces the earlier link; a password change ends the newer one too", async () => {
    const user = await createUser(t.db, { email: "dua-link@contoh.id", passwordHash: await hashPassword("Lama12345") });
    await forgot("dua-link@contoh.id");
    const first = await queuedResetCode(t.db, t.env.APP_SECRET, "dua-link@contoh.id");
    await forgot("dua-link@contoh.id");
    const second = await queuedResetCode(t.db, t.env.APP_SECRET, "dua-link@contoh.id");
    expect(second).not.toBe(first);
    await refusedAsBadCode(await restReset(first), "rest");
    await refusedAsBadCode(await trpcReset(first), "trpc");
    expect(await passwordIs(user.id, "Lama12345")).toBe(true);

    // Signed in, the user changes the password: the link still in the mailbox is dead.
    const cookie = await sessionCookieFor(t.db, user.id);
    const changed = await t.app.request("/trpc/auth.changePassword", {
      method: "POST",
      headers: { ...json, cookie },
      body: JSON.stringify({ currentPassword: "Lama12345", password: strong, passwordConfirmation: strong }),
    });
    expect(changed.status).toBe(200);
    await refusedAsBadCode(await restReset(second, "Melati.Senja.2026"), "rest");
    await refusedAsBadCode(await trpcReset(second, "Melati.Senja.2026"), "trpc");
    expect(await passwordIs(user.id, strong)).toBe(true);
  });

  test("the admin's 'Kirim reset password' replaces the link the user asked for; the admin's works", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const user = await createUser(t.db, {
      email: "dari-admin@contoh.id",
      passwordHash: await hashPassword("Lama12345"),
    });
    await forgot("dari-admin@contoh.id");
    const own = await queuedResetCode(t.db, t.env.APP_SECRET, "dari-admin@contoh.id");
    const adminCookie = await sessionCookieFor(t.db, admin.id);
    const sent = await t.app.request("/trpc/users.sendPasswordReset", {
      method: "POST",
      headers: { ...json, cookie: adminCookie },
      body: JSON.stringify({ userId: user.id }),
    });
    expect(sent.status).toBe(200);
    const fromAdmin = await queuedResetCode(t.db, t.env.APP_SECRET, "dari-admin@contoh.id");
    expect(fromAdmin).not.toBe(own);
    await refusedAsBadCode(await trpcReset(own), "trpc");
    expect((await trpcReset(fromAdmin)).status).toBe(200);
    expect(await passwordIs(user.id, strong)).toBe(true);
  });

  test("blocking ends the link: neither door resets the password, REST gives no jwt", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const user = await createUser(t.db, { email: "diblokir@contoh.id", passwordHash: await hashPassword("Lama12345") });
    await forgot("diblokir@contoh.id");
    const code = await queuedResetCode(t.db, t.env.APP_SECRET, "diblokir@contoh.id");
    const blocked = await t.app.request("/trpc/users.block", {
      method: "POST",
      headers: { ...json, cookie: await sessionCookieFor(t.db, admin.id) },
      body: JSON.stringify({ userId: user.id }),
    });
    expect(blocked.status).toBe(200);
    await refusedAsBadCode(await restReset(code), "rest");
    await refusedAsBadCode(await trpcReset(code), "trpc");
    expect(await passwordIs(user.id, "Lama12345")).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  test("a code of an account that is no longer active is refused as a bad code at both doors, and stays unused", async () => {
    const user = await createUser(t.db, {
      email: "tidak-aktif@contoh.id",
      passwordHash: await hashPassword("Lama12345"),
    });
    await forgot("tidak-aktif@contoh.id");
    const code = await queuedResetCode(t.db, t.env.APP_SECRET, "tidak-aktif@contoh.id");
    // However the account left 'active' (here behind the services' back), its code opens nothing.
    await t.db.update(users).set({ status: "blocked" }).where(eq(users.id, user.id));
    await refusedAsBadCode(await restReset(code), "rest");
    await refusedAsBadCode(await trpcReset(code), "trpc");
    expect(await passwordIs(user.id, "Lama12345")).toBe(true);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
