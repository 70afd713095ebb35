/**
 * The most calls one tRPC batch may carry (issue 14): the server refuses a larger batch with 400,
 * so one request cannot multiply expensive work (argon2, mail) a hundredfold; the client's batch
 * link splits its batches at the same size.
 */
export const TRPC_MAX_BATCH_SIZE = 10;
