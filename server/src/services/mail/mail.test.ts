import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { sendMail } from "./mail.ts";

describe("mail without an SMTP server", () => {
  const t = useTestApp({ seed: false });
  const log = spyOn(console, "log");
  afterEach(() => log.mockClear());
  const message = {
    to: "kader@contoh.id",
    subject: "Atur ulang password",
    text: "Buka http://x/reset?code=abc",
    link: "http://x/reset?code=abc",
  };

  test("in development the mail stays in email_outbox and its link is written to the log", async () => {
    await sendMail(t.db, { ...t.env, NODE_ENV: "development", LOG_LEVEL: "info", SMTP_URL: undefined }, message);
    const rows = await t.db.select().from(emailOutbox);
    expect(rows.at(-1)).toMatchObject({ to: "kader@contoh.id", subject: "Atur ulang password", sentAt: null });
    expect(log.mock.calls.map((call) => String(call[0])).join("\n")).toContain("http://x/reset?code=abc");
  });

  test("in production the link never reaches the log", async () => {
    await sendMail(t.db, { ...t.env, NODE_ENV: "production", LOG_LEVEL: "debug", SMTP_URL: undefined }, message);
    expect(log.mock.calls.map((call) => String(call[0])).join("\n")).not.toContain("code=abc");
  });
});
