// PostgreSQL's unique_violation (SQLSTATE 23505), found wherever drizzle or the driver wrapped it.
// The one check every write path uses to answer a race on a unique index with 409 instead of 500.
const UNIQUE_VIOLATION = "23505";

function codeOf(value: unknown): unknown {
  return typeof value === "object" && value !== null && "code" in value ? value.code : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    if (codeOf(current) === UNIQUE_VIOLATION) return true;
    current = typeof current === "object" && current !== null && "cause" in current ? current.cause : undefined;
  }
  return false;
}
