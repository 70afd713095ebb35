// A request that outlives its deadline is answered 503 (http/unavailable.ts), but its work goes on:
// on a database that froze and then woke up, its transaction would commit behind the answer that
// said nothing was stored, and the caller's retry would meet its own family as a duplicate NIK. Each
// request's transactions therefore roll back once it has been given up; a commit already under way
// is waited for instead, so the answer says what happened.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "./client.ts";
import { DatabaseDeadlineError } from "./unavailable.ts";

export interface RequestWork {
  /** Answered 503 already: nothing more may be committed for it. */
  abandoned: boolean;
  /** Transactions of this request whose COMMIT is on its way. */
  committing: number;
}

const current = new AsyncLocalStorage<RequestWork>();

/** Runs one request's handler with `work` as the record of its transactions. */
export function trackRequestWork<T>(work: RequestWork, handler: () => Promise<T>): Promise<T> {
  return current.run(work, handler);
}

/** Whether the request this code runs for has been answered 503 by its deadline. */
export function requestAbandoned(): boolean {
  return current.getStore()?.abandoned === true;
}

/** The database whose transactions roll back, instead of committing, for a request given up. */
export function rollingBackWhenAbandoned(db: Db): Db {
  const transaction: Db["transaction"] = async (work, config) => {
    const request = current.getStore();
    if (!request) return db.transaction(work, config);
    let committing = false;
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        if (request.abandoned) throw new DatabaseDeadlineError();
        committing = true;
        request.committing += 1;
        return result;
      }, config);
    } finally {
      if (committing) request.committing -= 1;
    }
  };
  return new Proxy(db, {
    get: (target, property, receiver) =>
      property === "transaction" ? transaction : Reflect.get(target, property, receiver),
  });
}
