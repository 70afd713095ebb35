import { serverFieldErrors } from "../../lib/errors.ts";

/** Field messages from the server (zod input errors or service rules), by top-level field name. */
export function serverMessagesByField(error: unknown): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const item of serverFieldErrors(error)) {
    const field = item.path[0];
    if (field && !messages[field]) messages[field] = item.message;
  }
  return messages;
}
