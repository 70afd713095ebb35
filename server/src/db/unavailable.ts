// Which failures mean "the database cannot be reached right now" (down, restarting, frozen, out of
// connections) rather than a bug: those become 503 with Retry-After at every door, never 500.

/** Raised when a request outlives REQUEST_TIMEOUT_MS (a frozen database answers nothing at all). */
export class DatabaseDeadlineError extends Error {
  constructor() {
    super("request deadline exceeded");
    this.name = "DatabaseDeadlineError";
  }
}

/** Seconds a client should wait before trying again. */
export const retryAfterSeconds = 5;

export const unavailableMessage = "Layanan sedang tidak tersedia, silakan coba lagi sebentar";

// postgres.js connection errors and socket errors.
const connectionCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// SQLSTATEs: class 08 (connection exception), shutdown or start-up in progress, too many
// connections, and query_canceled (our statement_timeout on a stalled server).
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith("08") || ["57P01", "57P02", "57P03", "53300", "57014"].includes(code);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseDeadlineError) return true;
    const code: unknown = "code" in current ? current.code : undefined;
    if (typeof code === "string" && (connectionCodes.has(code) || isUnavailableSqlState(code))) return true;
    current = current.cause;
  }
  return false;
}
