// The options of every PostgreSQL connection the portal and its commands open (client.ts pools, the
// portal lock's connection, startup work), in a file of their own so portal-lock.ts and client.ts can
// both use them without importing each other.

/**
 * Bounded waits everywhere, so a database that is down or frozen turns into a quick, catchable
 * error (503) instead of a hung request: connecting gives up after 3 s, a statement after
 * statementTimeoutMs, an idle transaction after 15 s; idle connections are closed after 60 s;
 * reconnect attempts are at most 1 s apart, so service resumes soon after the database.
 * JIT compilation is off: our queries are short OLTP ones where planning a JIT costs more than
 * it saves (tens of milliseconds on small machines).
 */
export function postgresOptions(
  statementTimeoutMs: number,
  max: number,
  planCacheMode?: "force_generic_plan" | "force_custom_plan",
) {
  return {
    max,
    connect_timeout: 3,
    idle_timeout: 60,
    // Seconds before reconnecting after failed attempts. The driver's default grows to 20 s after a
    // few failures, so a database back after a long outage would wait that long; 1 s at most.
    backoff: (retries: number) => Math.min(0.1 * 2 ** retries, 1),
    onnotice: () => {},
    connection: {
      application_name: "pkk-portal",
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: 15_000,
      jit: "off",
      // PostgreSQL's own plan choice (auto) unless a pool asks otherwise (plannedOnce's).
      ...(planCacheMode ? { plan_cache_mode: planCacheMode } : {}),
    },
  };
}
