// The embedded database's settings, given at each start (client.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "./client.ts";
import { resultRows } from "./raw-rows.ts";

let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "pkk-pglite-settings-"));
  handle = await openDatabase({ dataDir });
}, 120_000);

afterAll(async () => {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("PGlite keeps 16 MB of shared buffers in its memory, not PostgreSQL's default 128 MB", async () => {
  const [row] = resultRows(await handle.db.execute(sql`select current_setting('shared_buffers') as value`));
  expect(row?.value).toBe("16MB");
});

test("the setting is given at start: the data directory's postgresql.conf stays as initdb wrote it", () => {
  const conf = readFileSync(join(dataDir, "postgresql.conf"), "utf8");
  expect(conf).toContain("shared_buffers = 128MB");
  expect(conf).toContain("timezone = UTC");
});
