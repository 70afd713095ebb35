// Outgoing mail never leaves inside a request (issue 14): `queueMail` stores it, sealed, in
// email_outbox and the outbox worker (outbox-worker.ts) delivers it, so a request's answer and its
// timing never depend on the mail server nor on whether a mail was due at all. Without SMTP_URL
// the mail stays queued and, in development only, its link is written to the log so a developer
// can follow it; reset links are never logged in production or test.
import type { DbOrTx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";
import type { Env } from "../../env.ts";
import { createLogger } from "../../log.ts";
import { sealMail } from "./outbox-seal.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link inside the mail (logged in development when there is no SMTP server). */
  link?: string;
}

export type MailConfig = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV" | "LOG_LEVEL" | "APP_SECRET">;

/** The email_outbox row for a message: the body sealed, never the text itself. */
export function outboxRow(config: Pick<MailConfig, "APP_SECRET">, message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    body: sealMail(config.APP_SECRET, { text: message.text, link: message.link }),
  };
}

export async function queueMail(db: DbOrTx, config: MailConfig, message: MailMessage): Promise<void> {
  await db.insert(emailOutbox).values(outboxRow(config, message));
  logQueuedMail(config, message);
}

/** In development without SMTP_URL, the link goes to the log so a developer can follow it. */
export function logQueuedMail(config: MailConfig, message: MailMessage): void {
  if (!config.SMTP_URL && config.NODE_ENV === "development") {
    createLogger(config.LOG_LEVEL).info("mail kept in email_outbox (no SMTP_URL)", {
      to: message.to,
      subject: message.subject,
      link: message.link,
    });
  }
}
