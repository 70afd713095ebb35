/**
 * The input fields of a tRPC query that carry a typed search term (a household head's name, a Nomor
 * KK, a staff account's name or e-mail). A query's input travels in its GET URL, which browsers keep
 * and proxies write to their access logs (DESIGN §6: logs carry ids and codes only), so a query with
 * one of these set goes as POST (client/src/lib/trpc.ts). server/src/trpc/query-inputs.test.ts
 * refuses any other free-text field in a query's input.
 */
export const SEARCH_TERM_FIELDS = ["search", "user"] as const;
