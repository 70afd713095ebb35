// PostgreSQL's SQLSTATE on an error, wherever drizzle or the driver wrapped it (drizzle's query error
// carries the driver's error as its cause).
function codeOf(value: unknown): unknown {
  return typeof value === "object" && value !== null && "code" in value ? value.code : undefined;
}

/** Whether the error, or one it wraps, carries one of these SQLSTATEs. */
export function hasSqlState(error: unknown, states: ReadonlySet<string>): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    const code = codeOf(current);
    if (typeof code === "string" && states.has(code)) return true;
    current = typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return false;
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
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    const code = codeOf(current);
    if (typeof code === "string" && states.has(code)) {
      const name = constraintNameOf(current);
      return typeof name === "string" ? name : undefined;
    }
    current = typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return undefined;
}
