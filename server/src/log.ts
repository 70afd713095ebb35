// Structured one-line logs. A 16-digit run (a NIK) is masked before anything is written (DESIGN §6).
import { maskNiksInText } from "@shared/mask.ts";
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function redact(text: string): string {
  return maskNiksInText(text);
}

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(minimum: Level, write: (line: string) => void = (line) => console.log(line)): Logger {
  const emit =
    (level: Level) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (order[level] < order[minimum]) return;
      write(redact(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })));
    };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

/**
 * What may be logged about a failure: its class, the database's SQLSTATE and constraint, and the
 * first line of the message. Drizzle puts the query's parameters (names, NIKs, password hashes)
 * after the first line and postgres.js puts row values in `detail`; neither is ever written.
 */
export function describeError(error: unknown): Record<string, string> {
  const described: Record<string, string> = {};
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current; depth += 1) {
    if (!(current instanceof Error)) {
      described.message ??= String(current).split("\n")[0]?.slice(0, 200) ?? "";
      break;
    }
    described.name ??= current.name;
    const firstLine = current.message.split("\n")[0] ?? "";
    if (!firstLine.startsWith("Failed query:")) described.message ??= firstLine.slice(0, 200);
    const fields = current as Error & { code?: unknown; constraint_name?: unknown; constraint?: unknown };
    if (typeof fields.code === "string") described.code ??= fields.code;
    const constraint = fields.constraint_name ?? fields.constraint;
    if (typeof constraint === "string") described.constraint ??= constraint;
    current = current.cause;
  }
  return described;
}
