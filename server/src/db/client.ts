import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The database both drivers satisfy; services depend on this, never on a driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services that write several tables accept either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) {
    const client = postgres(target.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema, casing: "snake_case" });
    return {
      db,
      kind: "postgres",
      migrate: () => migratePostgres(db, { migrationsFolder }),
      ping: async () => {
        await client`select 1`;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = await PGlite.create({
    ...("dataDir" in target ? { dataDir: target.dataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
