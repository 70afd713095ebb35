// Structured one-line logs. A 16-digit run (a NIK) is masked before anything is written (DESIGN §6).
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function redact(text: string): string {
  return text.replace(/\d{16}/g, (nik) => `${nik.slice(0, 6)}******${nik.slice(12)}`);
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
