import { describe, expect, test } from "bun:test";
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { captchaNonces } from "../../db/schema/support.ts";
import { issueCaptcha, verifyCaptcha } from "./captcha.ts";

const solve = solveCaptcha;

describe("server-issued captcha", () => {
  const t = useTestApp({ seed: false });
  const secret = "captcha-test-secret-captcha-test-secret";
  const verify = (token: string, answer: number, now?: number) =>
    verifyCaptcha(
      t.db,
      secret,
      { token, answer, expectedKind: "family", wrongMessage: "Silakan selesaikan captcha" },
      now,
    );
  const nonceCount = async () => (await t.db.select({ nonce: captchaNonces.nonce }).from(captchaNonces)).length;

  test("operands stay in the spec's ranges", () => {
    for (let i = 0; i < 300; i += 1) {
      const sum = /(\d+) \+ (\d+)/.exec(issueCaptcha(secret, "sum").question);
      expect(Number(sum?.[1])).toBeGreaterThanOrEqual(1);
      expect(Number(sum?.[2])).toBeLessThanOrEqual(10);
      const family = solve(issueCaptcha(secret, "family").question);
      expect(family).toBeGreaterThanOrEqual(0);
      expect(family).toBeLessThanOrEqual(20);
      const search = /(\d+) ([+\-×]) (\d+)/.exec(issueCaptcha(secret, "search").question);
      const [a, op, b] = [Number(search?.[1]), search?.[2], Number(search?.[3])];
      if (op === "-") {
        expect(a).toBeGreaterThanOrEqual(25);
        expect(a).toBeLessThanOrEqual(74);
        expect(b).toBeLessThan(a);
      } else if (op === "×") {
        expect(Math.max(a, b)).toBeLessThanOrEqual(10);
      } else {
        expect(Math.max(a, b)).toBeLessThanOrEqual(50);
      }
    }
  });

  test("the right answer passes once; a reuse is refused", async () => {
    const challenge = issueCaptcha(secret, "family");
    await verify(challenge.token, solve(challenge.question));
    await expect(verify(challenge.token, solve(challenge.question))).rejects.toThrow("Captcha sudah dipakai");
  });

  test("a wrong answer gets the form's message and uses the captcha up: one question, one guess", async () => {
    for (const kind of ["sum", "family", "search"] as const) {
      const challenge = issueCaptcha(secret, kind);
      const check = (answer: number) =>
        verifyCaptcha(t.db, secret, { token: challenge.token, answer, expectedKind: kind, wrongMessage: "Salah" });
      await expect(check(solve(challenge.question) + 1)).rejects.toThrow("Salah");
      await expect(check(solve(challenge.question))).rejects.toThrow("Captcha sudah dipakai");
    }
  });

  test("a forged or expired token burns nothing: only the portal's own nonces are recorded", async () => {
    const before = await nonceCount();
    const forged = issueCaptcha("another-secret-another-secret-another", "family");
    await expect(verify(forged.token, solve(forged.question) + 1)).rejects.toThrow("Silakan selesaikan captcha");
    const old = issueCaptcha(secret, "family", Date.now() - 11 * 60 * 1000);
    await expect(verify(old.token, solve(old.question) + 1)).rejects.toThrow("Silakan selesaikan captcha");
    expect(await nonceCount()).toBe(before);
    const genuine = issueCaptcha(secret, "search");
    await expect(
      verifyCaptcha(t.db, secret, { token: genuine.token, answer: -1, expectedKind: "search", wrongMessage: "Salah" }),
    ).rejects.toThrow("Salah");
    expect(await nonceCount()).toBe(before + 1);
  });

  test("expired, forged or other-kind tokens are refused", async () => {
    const old = issueCaptcha(secret, "family", Date.now() - 11 * 60 * 1000);
    await expect(verify(old.token, solve(old.question))).rejects.toThrow("kedaluwarsa");
    const forged = issueCaptcha("another-secret-another-secret-another", "family");
    await expect(verify(forged.token, solve(forged.question))).rejects.toThrow("Silakan selesaikan captcha");
    const sum = issueCaptcha(secret, "sum");
    await expect(verify(sum.token, solve(sum.question))).rejects.toThrow("Silakan selesaikan captcha");
    await expect(verify("garbage", 1)).rejects.toThrow("Silakan selesaikan captcha");
  });

  // The signature is HMAC-SHA256 over "nonce.kind.expiresAt.answer", whichever library computes it:
  // a token a running instance issued before an upgrade is still answered.
  test("a token signed as the portal has always signed them is accepted with its answer only", async () => {
    const signedByHand = (nonce: string) => {
      const payload = { nonce, kind: "family", expiresAt: Date.now() + 60_000 };
      const message = `${payload.nonce}.${payload.kind}.${payload.expiresAt}.7`;
      const signature = hmac(SHA256, new TextEncoder().encode(secret), new TextEncoder().encode(message));
      return `${encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(payload)))}.${encodeBase64urlNoPadding(signature)}`;
    };
    await expect(verify(signedByHand("fixed-nonce-answered-wrong"), 8)).rejects.toThrow("Silakan selesaikan captcha");
    const token = signedByHand("fixed-nonce-signed-by-hand");
    await verify(token, 7);
    await expect(verify(token, 7)).rejects.toThrow("Captcha sudah dipakai");
  });
});
