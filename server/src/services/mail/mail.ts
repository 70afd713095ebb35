// Outgoing mail. With SMTP_URL it goes out through nodemailer; without it the message stays in the
// email_outbox table and, in development only, its link is written to the log so a developer can
// follow it. Reset links are never logged in production or test.
import nodemailer, { type Transporter } from "nodemailer";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";
import type { Env } from "../../env.ts";
import { createLogger, describeError } from "../../log.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link inside the mail (logged in development when there is no SMTP server). */
  link?: string;
}

type MailConfig = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV" | "LOG_LEVEL">;

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

export async function sendMail(db: DbOrTx, config: MailConfig, message: MailMessage): Promise<void> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ to: message.to, subject: message.subject, body: message.text })
    .returning({ id: emailOutbox.id });
  const log = createLogger(config.LOG_LEVEL);
  if (!config.SMTP_URL) {
    if (config.NODE_ENV === "development") {
      log.info("mail kept in email_outbox (no SMTP_URL)", {
        to: message.to,
        subject: message.subject,
        link: message.link,
      });
    }
    return;
  }
  try {
    await transportFor(config.SMTP_URL).sendMail({
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    // Once delivered, the stored copy loses its link: a reset code must not sit readable in the database.
    const body = message.link ? message.text.replaceAll(message.link, "[tautan]") : message.text;
    if (row) await db.update(emailOutbox).set({ sentAt: new Date(), body }).where(eq(emailOutbox.id, row.id));
  } catch (error) {
    // The answer to the user must not depend on the mail server (nor reveal whether an account exists).
    log.error("mail delivery failed", {
      subject: message.subject,
      error: describeError(error),
    });
  }
}
