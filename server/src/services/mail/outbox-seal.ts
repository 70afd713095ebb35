// The outbox body is sealed (AES-256-GCM, key derived from APP_SECRET with HKDF) so a reset link
// is never readable in the database, its backups or a dump: only the server that queued it can send it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "pkk-email-outbox", "email_outbox body v1", 32));
    keys.set(secret, key);
  }
  return key;
}

export interface SealedMail {
  text: string;
  /** The action link inside the text (logged in development when there is no SMTP server). */
  link?: string;
}

export function sealMail(secret: string, mail: SealedMail): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(mail), "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
}

/** The mail inside a sealed body, or null when it was sealed with another secret or is not sealed. */
export function openMail(secret: string, body: string): SealedMail | null {
  const [version, ivText, sealedText] = body.split(".");
  if (version !== VERSION || !ivText || !sealedText) return null;
  try {
    const sealed = Buffer.from(sealedText, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(ivText, "base64url"));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
    const parsed: unknown = JSON.parse(plain.toString("utf8"));
    if (typeof parsed !== "object" || parsed === null || !("text" in parsed) || typeof parsed.text !== "string") {
      return null;
    }
    const link = "link" in parsed && typeof parsed.link === "string" ? parsed.link : undefined;
    return { text: parsed.text, link };
  } catch {
    return null;
  }
}
