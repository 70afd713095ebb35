import { isTRPCClientError } from "@trpc/client";

interface Fallbacks {
  /** When the server gave no message at all. */
  fallback: string;
  /** 400 without a message or field details. */
  badRequest?: string;
  /** 429 without a message. */
  tooManyRequests?: string;
}

/**
 * The message a user sees for a failed call, in the spec's order (SPEC §8): the server's message
 * first; for 400 the joined field messages; then the form's fallbacks.
 */
export function errorMessage(error: unknown, fallbacks: Fallbacks): string {
  if (!isTRPCClientError(error)) return fallbacks.fallback;
  const status = error.data?.httpStatus;
  const fields = status === 400 ? serverFieldErrors(error).map((item) => item.message) : [];
  if (fields.length > 0) return [...new Set(fields)].join(", ");
  // No status: the call never reached the server (the network failed), so there is no server message
  // to show, only the browser's own words ("Failed to fetch"): the fallback says it in the spec's.
  if (status === undefined) return fallbacks.fallback;
  if (error.message && status !== 500) return error.message;
  if (status === 400) return fallbacks.badRequest ?? fallbacks.fallback;
  if (status === 429) return fallbacks.tooManyRequests ?? fallbacks.fallback;
  return fallbacks.fallback;
}

/** Field errors the server attached (path → message), to show beside the inputs. */
export function serverFieldErrors(error: unknown): Array<{ path: string[]; message: string }> {
  if (!isTRPCClientError(error)) return [];
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("fieldErrors" in data) || !Array.isArray(data.fieldErrors))
    return [];
  return data.fieldErrors.filter(
    (item): item is { path: string[]; message: string } =>
      typeof item === "object" &&
      item !== null &&
      "path" in item &&
      Array.isArray(item.path) &&
      "message" in item &&
      typeof item.message === "string",
  );
}
