// Refuses common and easily guessed passwords (issue 14) with zxcvbn-ts and its common and
// Indonesian dictionaries, plus the account's own name and e-mail. Server only: the dictionaries
// (about 1 MB) never reach a page bundle; the forms show this check's field error.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { DomainError } from "../common/errors.ts";

/** zxcvbn's 0–4 scale; 3 means "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;
export const weakPasswordMessage =
  "Password terlalu mudah ditebak. Hindari kata umum, nama, tanggal, atau email Anda; gunakan gabungan beberapa kata yang tidak umum";

let factory: Promise<ZxcvbnFactory> | undefined;

// Built on first use: loading the dictionaries costs ~100 ms that start-up need not pay.
function strengthChecker(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, indonesian] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-id"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...indonesian.dictionary },
      graphs: common.adjacencyGraphs,
      translations: indonesian.translations,
    });
  })();
  return factory;
}

/** What the account itself gives away: the e-mail, its local part, the name and its words, the username. */
export interface PasswordContext {
  email?: string | null;
  fullName?: string | null;
  username?: string | null;
  nik?: string | null;
  phone?: string | null;
}

const lettersAndDigits = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{Nd}]+/gu, "");

function personalWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const cleaned = lettersAndDigits(value ?? "");
    if (cleaned.length >= 4) words.add(cleaned);
  };
  const email = context.email?.trim().toLowerCase() ?? "";
  add(email.split("@")[0]);
  add(context.fullName);
  for (const word of (context.fullName ?? "").split(/\s+/)) add(word);
  add(context.username?.split("_")[0]);
  add(context.nik);
  add(context.phone);
  return [...words];
}

/** Throws a field error on `password` when it is common, easily guessed or built from the account's own data. */
export async function assertStrongPassword(password: string, context: PasswordContext = {}): Promise<void> {
  const words = personalWords(context);
  const flattened = lettersAndDigits(password);
  const personal = words.some((word) => flattened.includes(word));
  const checker = await strengthChecker();
  const result = personal ? null : await checker.check(password, words);
  if (personal || (result && result.score < MIN_PASSWORD_SCORE)) {
    throw new DomainError("BAD_REQUEST", weakPasswordMessage, {
      fieldErrors: [{ path: ["password"], message: weakPasswordMessage }],
    });
  }
}
