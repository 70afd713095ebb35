import { isTRPCClientError } from "@trpc/client";
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

/** The server's refusal of an edit opened on an older version of the row (409), or null. */
export function staleEditMessage(error: unknown): string | null {
  return isTRPCClientError(error) && error.data?.httpStatus === 409 ? error.message : null;
}
