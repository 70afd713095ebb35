import { z } from "./zod.ts";
import { isRtRwFilter, RT_RW_FILTER_MESSAGE } from "../rt-rw.ts";

export const idSchema = z.coerce.number().int().positive();

/**
 * Made once per filled form by the browser (or per create by a partner): the same create sent again
 * with it, after its answer was lost, gets the family it created back.
 */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "Kunci pengiriman tidak valid");

export { padRtRw } from "../rt-rw.ts";
import { padRtRw } from "../rt-rw.ts";

/** An RT/RW filter: "" and absent both mean no filter; values are compared zero-padded. */
export const rtRwFilter = z
  .string()
  .trim()
  .refine(isRtRwFilter, RT_RW_FILTER_MESSAGE)
  .transform((value) => (value === "" ? undefined : padRtRw(value)));

// ─── Text hygiene (issue 14): one rule for every door ───────────────────────────────────────
export const NAME_MAX_LENGTH = 100;
export { NOTE_MAX_LENGTH } from "../status.ts";
export const ADDRESS_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const CONTROL_CHARACTER_MESSAGE = "Tidak boleh berisi karakter kontrol";

/**
 * True when the text holds what no person types and what breaks storage or display: C0 controls
 * (NUL included: PostgreSQL refuses it, which used to surface as a 500), DEL, C1 controls, and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that make a name
 * display reordered. Multi-line free text keeps tab, line feed and carriage return.
 */
export function hasControlCharacter(value: string, allowLineBreaks = false): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

/** A one-line text field (names, titles, codes typed by people): trimmed, bounded, no control characters. */
export function lineText(options: { max: number; maxMessage: string; min?: number; minMessage?: string }) {
  // A field left out says the same as one left empty.
  const base = z.string(options.minMessage ? { error: options.minMessage } : undefined).trim();
  const bounded = options.min ? base.min(options.min, options.minMessage) : base;
  return bounded
    .max(options.max, options.maxMessage)
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);
}

/** A person's name: at least 2 characters (SPEC §5) and at most NAME_MAX_LENGTH. */
export function personName(minMessage: string, maxMessage = `Nama maksimal ${NAME_MAX_LENGTH} karakter`) {
  return lineText({ min: 2, minMessage, max: NAME_MAX_LENGTH, maxMessage });
}

/** Free text (notes, reasons, descriptions): line breaks allowed, other control characters not. */
export function freeText(max: number, maxMessage: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage)
    .refine((value) => !hasControlCharacter(value, true), CONTROL_CHARACTER_MESSAGE);
}

/** An e-mail address as typed in any form. */
/** The consent box a registration is sent with (DESIGN §6: registration stores consent). */
export const agreementSchema = z.literal(true, { error: "Anda harus menyetujui untuk mengirimkan data" });

export const emailSchema = z
  .string({ error: "Format email tidak valid" })
  .trim()
  .max(EMAIL_MAX_LENGTH, `Email maksimal ${EMAIL_MAX_LENGTH} karakter`)
  .email("Format email tidak valid");
