// Temporary directories a test file makes (a data directory, signing keys), removed after the
// file's tests: left behind, every CI run added its own to the machine's temp folder.
import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Call at the top of a test file: the function it returns makes a new directory named `prefix…`. */
export function useTempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
