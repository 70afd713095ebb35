import { afterAll, afterEach, describe, expect, spyOn, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";
import { createLogger } from "../../log.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { startMailbox } from "../../../test/mailbox.ts";
import { queueMail } from "./mail.ts";
import { openMail } from "./outbox-seal.ts";
import { deliverOutbox, MAX_ATTEMPTS, purgeOutbox, startOutboxWorker } from "./outbox-worker.ts";

const message = {
  to: "kader@contoh.id",
  subject: "Atur ulang password",
  text: "Buka http://x/reset?code=abc",
  link: "http://x/reset?code=abc",
};

describe("mail without an SMTP server", () => {
  const t = useTestApp({ seed: false });
  const log = spyOn(console, "log");
  afterEach(() => log.mockClear());

  test("in development the mail stays in email_outbox, sealed, and its link is written to the log", async () => {
    await queueMail(t.db, { ...t.env, NODE_ENV: "development", LOG_LEVEL: "info", SMTP_URL: undefined }, message);
    const rows = await t.db.select().from(emailOutbox);
    expect(rows.at(-1)).toMatchObject({ to: "kader@contoh.id", subject: "Atur ulang password", sentAt: null });
    expect(rows.at(-1)?.body).not.toContain("code=abc");
    expect(openMail(t.env.APP_SECRET, rows.at(-1)?.body ?? "")?.link).toBe("http://x/reset?code=abc");
    expect(log.mock.calls.map((call) => String(call[0])).join("\n")).toContain("http://x/reset?code=abc");
  });

  test("in production the link never reaches the log, and start-up warns that nothing is delivered", async () => {
    const config = { ...t.env, NODE_ENV: "production" as const, LOG_LEVEL: "debug" as const, SMTP_URL: undefined };
    await queueMail(t.db, config, message);
    const lines: string[] = [];
    const worker = startOutboxWorker(
      t.db,
      config,
      createLogger("info", (line) => lines.push(line)),
    );
    expect(await worker.flush()).toBe(0);
    await worker.stop();
    expect(lines.join("\n")).toContain("SMTP_URL is not set");
    expect(log.mock.calls.map((call) => String(call[0])).join("\n")).not.toContain("code=abc");
  });

  test("a body sealed with another APP_SECRET cannot be read", async () => {
    await queueMail(t.db, { ...t.env, SMTP_URL: undefined }, message);
    const [row] = await t.db.select().from(emailOutbox).orderBy(emailOutbox.id).limit(1);
    expect(openMail("another-secret-another-secret-another-secret", row?.body ?? "")).toBeNull();
  });
});

describe("the outbox worker with a real SMTP server", async () => {
  const mailbox = await startMailbox();
  afterAll(() => mailbox.close());
  const t = useTestApp({ seed: false });
  const silent = createLogger("error", () => {});

  test("delivers queued mail once, empties the body and never sends a row twice", async () => {
    const config = { ...t.env, SMTP_URL: mailbox.url };
    await queueMail(t.db, config, { ...message, to: "satu@contoh.id" });
    await queueMail(t.db, config, { ...message, to: "dua@contoh.id" });
    const before = mailbox.mails.length;
    const [first, second] = await Promise.all([
      deliverOutbox(t.db, config, silent),
      deliverOutbox(t.db, config, silent),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(2);
    expect(mailbox.mails.length).toBe(before + 2);
    expect(mailbox.mails.map((mail) => mail.raw).join("\n")).toContain("code=abc");
    const rows = await t.db.select().from(emailOutbox);
    for (const row of rows) {
      expect(row.sentAt).not.toBeNull();
      expect(row.body).toBe("");
    }
  });

  test("an unreachable server leaves the mail queued with a back-off; attempts stop at the maximum", async () => {
    const config = { ...t.env, SMTP_URL: "smtp://127.0.0.1:1" };
    await queueMail(t.db, config, { ...message, to: "gagal@contoh.id" });
    expect(await deliverOutbox(t.db, config, silent)).toBe(0);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "gagal@contoh.id"));
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await t.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS, nextAttemptAt: new Date(0) })
      .where(eq(emailOutbox.to, "gagal@contoh.id"));
    expect(await deliverOutbox(t.db, { ...t.env, SMTP_URL: mailbox.url }, silent)).toBe(0);
  });

  test("purge removes mail sent more than 7 days ago and keeps the rest", async () => {
    const config = { ...t.env, SMTP_URL: mailbox.url };
    await queueMail(t.db, config, { ...message, to: "lama@contoh.id" });
    await queueMail(t.db, config, { ...message, to: "baru@contoh.id" });
    await deliverOutbox(t.db, config, silent);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await t.db
      .update(emailOutbox)
      .set({ sentAt: eightDaysAgo, createdAt: eightDaysAgo })
      .where(eq(emailOutbox.to, "lama@contoh.id"));
    expect(await purgeOutbox(t.db)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select().from(emailOutbox)).map((row) => row.to);
    expect(left).not.toContain("lama@contoh.id");
    expect(left).toContain("baru@contoh.id");
  });
});

describe("a refused delivery is logged without the recipient", async () => {
  const t = useTestApp({ seed: false });

  test("the log line names the outbox id and the error class, never the address", async () => {
    // A server that refuses the recipient and quotes it back, as real ones do.
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(new Error(`Mailbox ${address.address} does not exist`));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", () => resolve()));
    const bound = refusing.server.address();
    const port = typeof bound === "object" && bound ? bound.port : 0;
    const lines: string[] = [];
    const config = { ...t.env, SMTP_URL: `smtp://127.0.0.1:${port}` };
    await queueMail(t.db, config, { ...message, to: "rahasia.penerima@contoh.id" });
    await deliverOutbox(
      t.db,
      config,
      createLogger("error", (line) => lines.push(line)),
    );
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
    expect(lines.join("\n")).toContain("mail delivery failed");
    expect(lines.join("\n")).not.toContain("rahasia.penerima");
  });
});
