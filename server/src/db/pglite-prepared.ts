// The embedded database's statements prepared once and kept, as on PostgreSQL (client.ts
// preparingClient). PGlite's own query() parses and plans every statement on every call: for a REST
// list page at 100,000 families that was 0.6 of the 1.2 ms the statement cost, on the one thread
// the server shares with its database.
import {
  type ParserOptions,
  parse,
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { isPlannedOnce, PREPARED_STATEMENT_LIMIT, preparable } from "./statement-plans.ts";

const { serialize } = protocol;

/** Statements PostgreSQL plans; a utility statement (SET, BEGIN, DDL) gains nothing by a name. */
const planned = /^\s*(?:\/\*[^*]*\*\/\s*)?(?:select|with|insert|update|delete|values)\b/i;

interface Prepared {
  name: string;
  /** The parameters' types, for their text form (as PGlite's query() serializes them). */
  parameterTypes: number[];
}

/** One unnamed utility statement, parsed, bound and run inside a pipeline. */
function utility(text: string): Uint8Array {
  return Buffer.concat([serialize.parse({ text }), serialize.bind({}), serialize.execute({})]);
}

// A statement that asks for a plan of its own runs between one of these pairs, in the same pipeline
// and so in the same transaction: when the statement fails, the transaction's rollback takes the
// setting back too.
const planSettings = {
  generic: utility("set plan_cache_mode = force_generic_plan"),
  custom: utility("set plan_cache_mode = force_custom_plan"),
  reset: utility("reset plan_cache_mode"),
};
const sync = serialize.sync();

/**
 * The caller's parsers (drizzle's, which keep dates as text) in front of PGlite's ~100 by prototype.
 * Given them as an option, parseResults copied all of PGlite's into a new object on every call:
 * 7.5% of the server's CPU under the REST list.
 */
function withParsers(defaults: PGlite["parsers"], own: ParserOptions | undefined): PGlite["parsers"] {
  if (!own) return defaults;
  const parsers = { ...own };
  Reflect.setPrototypeOf(parsers, defaults);
  return parsers;
}

/**
 * `client` with query() (and a transaction's query()) sending statements by name: the first call
 * of a text parses it as a named statement, later calls only bind and run it, in one message to
 * the database. The plan is chosen as the PostgreSQL pools choose it: a statement plannedOnce
 * marked runs with plan_cache_mode force_generic_plan around it (planned once, then that plan kept),
 * one with a text pattern with force_custom_plan (planned for each value; only the parse is saved),
 * any other by PostgreSQL's own choice. Texts beyond `limit` distinct ones, calls with a blob or
 * parameter types, and utility statements go to PGlite's own query().
 */
export function preparingPglite(client: PGlite, limit = PREPARED_STATEMENT_LIMIT): PGlite {
  const prepared = new Map<string, Prepared>();

  const namedQuery = (query: string, options: QueryOptions | undefined) =>
    planned.test(query) &&
    options?.blob === undefined &&
    options?.paramTypes === undefined &&
    (prepared.has(query) || prepared.size < limit);

  // Runs under PGlite's query lock, so no other statement comes between the parse and its first run.
  async function run(
    query: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results> {
    let statement = prepared.get(query);
    if (!statement) {
      const name = `pkk_${prepared.size + 1}`;
      const described = await client.execProtocolStream(
        Buffer.concat([serialize.parse({ name, text: query }), serialize.describe({ type: "S", name }), sync]),
        { syncToFs: false },
      );
      statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
      prepared.set(query, statement);
    }
    const { parameterTypes } = statement;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = parameterTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const call = Buffer.concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
    ]);
    const plan = isPlannedOnce(query) ? planSettings.generic : preparable(query) ? null : planSettings.custom;
    const messages = await client.execProtocolStream(
      plan ? Buffer.concat([plan, call, planSettings.reset, sync]) : Buffer.concat([call, sync]),
      { syncToFs: false },
    );
    if (!inTransaction) await client.syncToFs();
    const results = parse.parseResults(messages, withParsers(client.parsers, options?.parsers), {
      ...options,
      parsers: undefined,
    });
    const result = results[plan ? 1 : 0];
    if (!result) throw new Error(`PGlite answered no result for a prepared statement (${statement.name})`);
    return result;
  }

  const query = async (query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> => {
    if (!namedQuery(query, options)) return client.query(query, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(query, params, options, false)));
  };

  const inTransaction = (tx: Transaction): Transaction => {
    const txQuery = async (query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> => {
      if (!namedQuery(query, options) || tx.closed) return tx.query(query, params, options);
      return client._runExclusiveQuery(() => run(query, params, options, true));
    };
    return new Proxy(tx, {
      get: (target, property, receiver) => (property === "query" ? txQuery : Reflect.get(target, property, receiver)),
    });
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) => callback(inTransaction(tx)));

  // PGlite keeps its state in private fields: its other methods must run with the client itself as `this`.
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get: (target, property) => {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      let method = bound.get(property);
      if (!method) {
        method = value.bind(target);
        bound.set(property, method);
      }
      return method;
    },
  });
}
