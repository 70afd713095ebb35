// The outbox worker: claims due mail with a lease (FOR UPDATE SKIP LOCKED, so several server
// processes never send the same row twice), sends it through nodemailer, and empties the body of
// what was sent. Failures back off and give up after MAX_ATTEMPTS; the log names ids only.
import type { Transporter } from "nodemailer";
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";
import { describeError, type Logger } from "../../log.ts";
import type { MailConfig } from "./mail.ts";
import { openMail } from "./outbox-seal.ts";

export const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 20;
/** How long a claimed row is left alone; also the back-off after a failed attempt. */
const LEASE_SECONDS = 120;
export const OUTBOX_RETENTION_DAYS = 7;

const transports = new Map<string, Transporter>();
// Loaded when the first mail leaves: a portal without SMTP_URL never carries nodemailer (see
// README, "The server's memory and start").
async function transportFor(url: string): Promise<Transporter> {
  let transport = transports.get(url);
  if (!transport) {
    const { default: nodemailer } = await import("nodemailer");
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/** Leases up to BATCH_SIZE due rows to this worker; rows another worker holds are skipped, not waited for. */
async function claimDueMail(db: Db) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          isNull(emailOutbox.sentAt),
          lte(emailOutbox.nextAttemptAt, sql`now()`),
          lt(emailOutbox.attempts, MAX_ATTEMPTS),
        ),
      )
      .orderBy(emailOutbox.id)
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, body: emailOutbox.body });
  });
}

/** Sends every mail that is due now; returns how many were delivered. Does nothing without SMTP_URL. */
export async function deliverOutbox(db: Db, config: MailConfig, log: Logger): Promise<number> {
  const smtpUrl = config.SMTP_URL;
  if (!smtpUrl) return 0;
  let delivered = 0;
  for (;;) {
    const rows = await claimDueMail(db);
    if (rows.length === 0) return delivered;
    for (const row of rows) {
      const mail = openMail(config.APP_SECRET, row.body);
      if (!mail) {
        // Sealed with another APP_SECRET: it can never be sent, so stop trying.
        log.warn("outbox mail cannot be opened", { id: row.id });
        await db.update(emailOutbox).set({ attempts: MAX_ATTEMPTS, body: "" }).where(eq(emailOutbox.id, row.id));
        continue;
      }
      try {
        await (await transportFor(smtpUrl)).sendMail({
          from: config.MAIL_FROM,
          to: row.to,
          subject: row.subject,
          text: mail.text,
        });
        await db.update(emailOutbox).set({ sentAt: new Date(), body: "" }).where(eq(emailOutbox.id, row.id));
        delivered += 1;
      } catch (error) {
        // An SMTP refusal quotes the recipient in its message: only the class and code are logged.
        const { name, code } = describeError(error);
        log.error("mail delivery failed", { id: row.id, error: { name, code } });
      }
    }
  }
}

/**
 * Deletes mail sent more than 7 days ago, and mail that could not be sent within 7 days (its reset
 * code expired long before). For the housekeeping job; returns how many rows went.
 */
export async function purgeOutbox(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(emailOutbox)
    .where(
      or(
        and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, cutoff)),
        and(isNull(emailOutbox.sentAt), lt(emailOutbox.createdAt, cutoff)),
      ),
    )
    .returning({ id: emailOutbox.id });
  return removed.length;
}

export interface OutboxWorker {
  /** Runs a delivery round now (after queueing, or in tests); resolves when it is done. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the worker in this process: a delivery round every `intervalMs`. In production without
 * SMTP_URL it says so once at start-up: mail then stays queued and nobody receives reset links.
 */
export function startOutboxWorker(
  db: Db,
  config: MailConfig,
  log: Logger,
  options: { intervalMs?: number } = {},
): OutboxWorker {
  if (!config.SMTP_URL) {
    if (config.NODE_ENV === "production") {
      log.warn("SMTP_URL is not set: password-reset and approval mail stays in email_outbox and is never delivered");
    }
  }
  let running: Promise<number> | null = null;
  let stopped = false;
  const round = (): Promise<number> => {
    if (running) return running;
    running = deliverOutbox(db, config, log)
      .catch((error: unknown) => {
        log.error("outbox round failed", { error: describeError(error) });
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = config.SMTP_URL ? setInterval(() => void round(), options.intervalMs ?? 2000) : null;
  return {
    flush: () => (stopped ? Promise.resolve(0) : round()),
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
