// Which failures mean "the database cannot be reached right now" (down, restarting, frozen, out of
// connections, out of disk) rather than a bug: those become 503 with Retry-After at every door, never 500.
import { causeChain, codeOf } from "./sql-state.ts";

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

// SQLSTATEs: class 08 (connection exception), shutdown or start-up in progress, query_canceled (our
// statement_timeout on a stalled server), and the server out of a resource: too many connections,
// a full disk, no memory (53000, 53100, 53200). A full disk is an outage like the others: every write
// fails until an operator frees space, then the same request succeeds (tried on PGlite on a full
// tmpfs: it answered 500 'Terjadi kesalahan' to every registration, and recovered by itself).
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith("08") || ["57P01", "57P02", "57P03", "57014", "53000", "53100", "53200", "53300"].includes(code)
  );
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some((current) => {
    if (current instanceof DatabaseDeadlineError) return true;
    const code = codeOf(current);
    return code !== undefined && (connectionCodes.has(code) || isUnavailableSqlState(code));
  });
}
