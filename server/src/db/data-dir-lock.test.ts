// One process at a time on an embedded database: a second opener is refused with the holder's PID,
// the holder's crash frees it at once, and backup and restore obey the same rule.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { backupDatabase, restoreDatabase } from "./backup.ts";
import { openDatabase } from "./client.ts";
import { DataDirInUseError } from "./data-dir-lock.ts";
import { resultRows } from "./raw-rows.ts";

const work = mkdtempSync(join(tmpdir(), "pkk-lock-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const clientModule = resolve(import.meta.dirname, "client.ts");

/** Another process that opens the database and keeps it open until killed. */
async function holder(dataDir: string) {
  const script = join(work, "hold.ts");
  writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(clientModule)};
     await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
     console.log("open");
     setInterval(() => {}, 1000);`,
  );
  const child = Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "inherit" });
  const decoder = new TextDecoder();
  let said = "";
  for await (const chunk of child.stdout) {
    said += decoder.decode(chunk);
    if (said.includes("open")) break;
  }
  return child;
}

/** The rows written before: still there, and the directory opens. */
async function keptRows(dataDir: string): Promise<number> {
  const handle = await openDatabase({ dataDir });
  try {
    const [row] = resultRows(await handle.db.execute(sql`select count(*)::integer as n from captcha_nonces`));
    return Number(row?.n);
  } finally {
    await handle.close();
  }
}

describe("an embedded database belongs to one process", () => {
  test("a second process is refused while a portal has it open, and opens at once after that portal is killed", async () => {
    const dataDir = join(work, "portal");
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.execute(
      sql`insert into captcha_nonces (nonce, expires_at) values ('kept', now() + interval '1 day')`,
    );
    await first.close();
    const backup = join(work, "portal.tar.gz");
    await backupDatabase({ dataDir }, backup);

    const running = await holder(dataDir);
    try {
      const refused = new RegExp(`open in process ${running.pid}: stop it first`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(refused);
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(backupDatabase({ dataDir }, join(work, "beside.tar.gz"))).rejects.toThrow(refused);
      await expect(restoreDatabase({ dataDir }, backup)).rejects.toThrow(refused);
      expect(existsSync(join(work, "beside.tar.gz"))).toBe(false);
    } finally {
      running.kill(9);
      await running.exited;
    }
    // Its PID file outlived it; nobody runs under that number, so it is taken over without waiting.
    expect(existsSync(`${dataDir}.pid`)).toBe(true);
    expect(await keptRows(dataDir)).toBe(1);
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
  }, 60_000);

  test("the same process cannot open it twice; closed, it opens again", async () => {
    const dataDir = join(work, "twice");
    const handle = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow("open in this process already");
    await handle.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 60_000);

  test("a PID file naming a process that runs but started after it was written (the number reused) is taken over", async () => {
    const dataDir = join(work, "reused");
    // The parent runs, but not since clock tick 1 after boot.
    writeFileSync(`${dataDir}.pid`, `${process.ppid} 1`);
    const handle = await openDatabase({ dataDir });
    await handle.close();
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
  }, 60_000);

  test("a PID file with this process's own number (a container's PID 1 after a restart) is taken over", async () => {
    const dataDir = join(work, "restarted");
    writeFileSync(`${dataDir}.pid`, String(process.pid));
    const handle = await openDatabase({ dataDir });
    await handle.close();
    expect(existsSync(`${dataDir}.pid`)).toBe(false);
  }, 60_000);
});
