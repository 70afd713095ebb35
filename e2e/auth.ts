import { expect, type APIRequestContext } from "@playwright/test";
import { randomInt } from "node:crypto";

export const DEMO_PASSWORD = "DemoPkk2026";
export const demoEmails = {
  admin: "admin@pkk.demo",
  kaderRt: "kader.rt@pkk.demo",
  kaderRw: "kader.rw@pkk.demo",
  kaderKelurahan: "kader.kelurahan@pkk.demo",
  aparat: "aparat@pkk.demo",
} as const;

function solve(question: string): number {
  const match = /(\d+) ([+\-×]) (\d+)/.exec(question);
  if (!match) throw new Error(`unexpected captcha question ${question}`);
  const [a, b] = [Number(match[1]), Number(match[3])];
  return match[2] === "+" ? a + b : match[2] === "-" ? a - b : a * b;
}

/**
 * Signs in through the API (not the login form), the way other e2e tests get a session: the
 * browser context shares the request context's cookies. Solves the captcha like a person would.
 * The e2e server trusts a proxy, and every sign-in comes from its own address, as real cadres'
 * do: otherwise the suite's many sign-ins from one machine trip the per-IP login limit.
 */
export async function loginAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  const origin = new URL(process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`).origin;
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const headers = { origin, "x-forwarded-for": ip };
  const issued = await request.post("/trpc/captcha.issue", { data: { kind: "sum" }, headers });
  expect(issued.ok()).toBe(true);
  const challenge: { token: string; question: string } = (await issued.json()).result.data;
  const response = await request.post("/trpc/auth.login", {
    data: {
      email,
      password,
      rememberMe: false,
      captcha: { token: challenge.token, answer: solve(challenge.question) },
    },
    headers,
  });
  expect(response.ok(), await response.text()).toBe(true);
}
