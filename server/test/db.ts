import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../src/db/client.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the server of DATABASE_URL (created here, dropped by close) so parallel runs never share rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ memory: true });
    await handle.migrate();
    return handle;
  }
  const name = `pkk_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: testUrl.toString() });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
