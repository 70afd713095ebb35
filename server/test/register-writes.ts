// Counts the writes of register rows while `run` runs: each row version of a register rewrites all
// of its indexes, so a door that moves a status should write its register once. A trigger made for
// the test records every UPDATE with the status and waiting_since it wrote.
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { resultRows } from "../src/db/raw-rows.ts";

export interface RegisterWrite {
  status: string;
  waitingSince: Date;
}

/** The register updates while `run` runs: of one register, or of every register when `registerId` is null. */
export async function registerWritesDuring(db: Db, registerId: number | null, run: () => Promise<unknown>) {
  await db.execute(sql`create table register_writes (register_id integer, status text, waiting_since timestamptz)`);
  await db.execute(sql`create function count_register_write() returns trigger language plpgsql as $$
    begin insert into register_writes values (new.id, new.status, new.waiting_since); return null; end $$`);
  await db.execute(sql`create trigger count_register_write after update on registers
    for each row execute function count_register_write()`);
  try {
    await run();
    const rows = resultRows(
      await db.execute(
        registerId === null
          ? sql`select status, waiting_since from register_writes`
          : sql`select status, waiting_since from register_writes where register_id = ${registerId}`,
      ),
    );
    return rows.map(
      (row): RegisterWrite => ({ status: String(row.status), waitingSince: new Date(String(row.waiting_since)) }),
    );
  } finally {
    await db.execute(sql`drop trigger count_register_write on registers`);
    await db.execute(sql`drop function count_register_write`);
    await db.execute(sql`drop table register_writes`);
  }
}
