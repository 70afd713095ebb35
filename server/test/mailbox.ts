import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { Db } from "../src/db/client.ts";
import { emailOutbox } from "../src/db/schema/auth-tokens.ts";
import type { Env } from "../src/env.ts";
import { createLogger } from "../src/log.ts";
import { openMail } from "../src/services/mail/outbox-seal.ts";
import { deliverOutbox } from "../src/services/mail/outbox-worker.ts";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startMailbox(): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((item) => item.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset code inside a received mail (quoted-printable soft breaks undone). */
export function resetCodeIn(raw: string): string | null {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return /reset-password\?code=([a-z0-9]+)/.exec(text)?.[1] ?? null;
}

/** The reset code inside the newest queued mail to `to`, read the way the outbox worker reads it. */
export async function queuedResetCode(db: Db, secret: string, to: string): Promise<string | null> {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
  const mail = openMail(secret, rows[0]?.body ?? "");
  return /reset-password\?code=([a-z0-9]+)/.exec(mail?.text ?? "")?.[1] ?? null;
}

/** Runs one outbox delivery round, as the worker in the server process does every few seconds. */
export function flushOutbox(db: Db, env: Env): Promise<number> {
  return deliverOutbox(
    db,
    env,
    createLogger("error", () => {}),
  );
}
