import { isTRPCClientError } from "@trpc/client";
import { serverFieldErrors } from "../../lib/errors.ts";

/** Field messages from the server (zod input errors or service rules), by top-level field name. */
export function serverMessagesByField(error: unknown): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const item of serverFieldErrors(error)) {
    const field = item.path[0];
    if (field && !messages[field]) messages[field] = item.message;
  }
  if (isTRPCClientError(error)) {
    const data: unknown = error.data;
    if (
      typeof data === "object" &&
      data !== null &&
      "zodError" in data &&
      typeof data.zodError === "object" &&
      data.zodError !== null &&
      "fieldErrors" in data.zodError
    ) {
      const fieldErrors: unknown = data.zodError.fieldErrors;
      if (typeof fieldErrors === "object" && fieldErrors !== null) {
        for (const [field, list] of Object.entries(fieldErrors)) {
          // zod flattens only the top level: an update's nested "data" fields land under "data", which no input uses.
          const first: unknown = Array.isArray(list) ? list[0] : undefined;
          if (typeof first === "string" && !messages[field]) messages[field] = first;
        }
      }
    }
  }
  return messages;
}
