// A test's database that writes down every statement it runs and can act just before those marked
// plannedOnce (a write "between" two statements of one request), and the app built on it.
import type { SQL } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { isPlannedOnce } from "../src/db/statement-plans.ts";
import { type TestContext, testApp } from "./helpers.ts";

/** A statement as it was run: its text and values. */
export interface SentQuery {
  sql: string;
  params: unknown[];
}

/**
 * The database with `beforePlannedOnce` run just before each statement marked plannedOnce, and the
 * text of every statement run written down (with its values too, in `queries` when given).
 */
export function watchedDb(db: Db, beforePlannedOnce: () => Promise<void>, texts: string[], queries?: SentQuery[]): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return (statement: SQL) => {
        const query = target.execute(statement);
        return {
          getQuery: () => query.getQuery(),
          // biome-ignore lint/suspicious/noThenProperty: a stand-in for drizzle's query, which runs only when awaited too (getQuery alone must not run it)
          then: (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) => {
            const sent = query.getQuery();
            const text = sent.sql;
            texts.push(text);
            queries?.push(sent);
            const before = isPlannedOnce(text) ? beforePlannedOnce() : Promise.resolve();
            return before.then(() => query).then(resolve, reject);
          },
        };
      };
    },
  });
}

/** The test's app again, on `db` (a watched one): same environment, same database underneath. */
export function appOn(t: TestContext, db: Db): TestContext {
  return { handle: t.handle, db, env: t.env, app: testApp(t.handle, t.env, db) };
}
