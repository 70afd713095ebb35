export * from "./regions.ts";
export * from "./users.ts";
export * from "./sessions.ts";
export * from "./support.ts";
export * from "./registers.ts";
export * from "./audit.ts";
export * from "./auth-tokens.ts";
export * from "./idempotency.ts";
