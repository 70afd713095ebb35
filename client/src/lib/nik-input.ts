import type { FormEvent } from "react";

/**
 * A NIK field as people fill it: pasted from a card or a chat with spaces, dots or dashes between
 * the groups ("3275 0115 0384 0078"), which are dropped as they arrive. No maxLength: a browser cut
 * such a paste to 16 characters, losing the last digits before the resident could see it; the
 * schema's message says when it is not 16 digits.
 */
export const nikInputProps = {
  inputMode: "numeric",
  autoComplete: "off",
  onInput: (event: FormEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const cleaned = field.value.replace(/[\s.-]/g, "");
    if (cleaned !== field.value) field.value = cleaned;
  },
} as const;
