// Input of every service: the shared zod schema parsed into a DomainError with field errors, so no
// ZodError ever leaves a service (tRPC and REST show the same messages, field by field).
import type { ZodType } from "zod";
import { DomainError, type FieldError } from "./errors.ts";

export function parseInput<T>(schema: ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fieldErrors: FieldError[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String),
    message: issue.message,
  }));
  throw new DomainError("BAD_REQUEST", fieldErrors.map((error) => error.message).join(", "), { fieldErrors });
}
