// PostgreSQL's SQLSTATE on an error, wherever drizzle or the driver wrapped it (drizzle's query error
// carries the driver's error as its cause).

/** The error and the ones it wraps (`cause`), nearest first; a few levels are enough for every driver. */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current: unknown = error; current !== undefined && chain.length < 5; ) {
    chain.push(current);
    current = typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return chain;
}

/** The `code` an error carries: a SQLSTATE, or the driver's or the system's own (ECONNREFUSED…). */
export function codeOf(value: unknown): string | undefined {
  const code = typeof value === "object" && value !== null && "code" in value ? value.code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** Whether the error, or one it wraps, carries one of these SQLSTATEs. */
export function hasSqlState(error: unknown, states: ReadonlySet<string>): boolean {
  return causeChain(error).some((current) => states.has(codeOf(current) ?? ""));
}

function constraintNameOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  // postgres.js names it constraint_name, PGlite constraint.
  if ("constraint_name" in value) return value.constraint_name;
  if ("constraint" in value) return value.constraint;
  return undefined;
}

/** The constraint named by the error (or one it wraps) that carries one of these SQLSTATEs. */
export function violatedConstraint(error: unknown, states: ReadonlySet<string>): string | undefined {
  const violation = causeChain(error).find((current) => states.has(codeOf(current) ?? ""));
  const name = constraintNameOf(violation);
  return typeof name === "string" ? name : undefined;
}
