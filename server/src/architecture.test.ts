// DESIGN §2: imports only point down (http/trpc/rest → services → db). A file that reaches back up
// fails here, naming the file and the import.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const serverSrc = resolve(import.meta.dirname);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Folders (relative to server/src) that each file under `folder` imports from. */
function importedFolders(folder: string): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const file of sourceFiles(join(serverSrc, folder))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const spec = match[1];
      if (!spec) continue;
      found.push({ file: relative(serverSrc, file), target: relative(serverSrc, resolve(dirname(file), spec)) });
    }
  }
  return found;
}

const forbidden: Record<string, string[]> = {
  db: ["services", "http", "trpc", "rest", "demo", "seed.ts"],
  services: ["http", "trpc", "rest", "demo", "app.ts"],
  http: ["trpc", "rest"],
};

describe("imports only point down", () => {
  for (const [folder, banned] of Object.entries(forbidden)) {
    test(`server/src/${folder} imports none of ${banned.join(", ")}`, () => {
      const offending = importedFolders(folder)
        .filter(({ target }) => banned.some((name) => target === name || target.startsWith(`${name}/`)))
        .map(({ file, target }) => `${file} → ${target}`);
      expect(offending).toEqual([]);
    });
  }
});

// The export and mail libraries are loaded by their first use (services/common/workbook.ts,
// recaps/export-pdf.ts, mail/outbox-worker.ts): imported at start-up they held ~40 MB of every
// server process's memory, also of one that never exports or sends mail (README, "The server's
// memory and start").
const loadedOnFirstUse = [
  "exceljs",
  "pdf-lib",
  "@pdf-lib/fontkit",
  "@signpdf/signpdf",
  "@signpdf/signer-p12",
  "@signpdf/placeholder-pdf-lib",
  "qrcode",
  "nodemailer",
];

describe("the server starts without the export and mail libraries", () => {
  test(`no server file imports ${loadedOnFirstUse.join(", ")} other than by import()`, () => {
    const offending: string[] = [];
    for (const file of sourceFiles(serverSrc)) {
      const text = readFileSync(file, "utf8");
      // Static imports of values; `import type` leaves nothing behind at run time.
      for (const match of text.matchAll(/^import\s+(?!type\s)[^;]*?from\s*["']([^"']+)["']/gm)) {
        if (match[1] && loadedOnFirstUse.includes(match[1]))
          offending.push(`${relative(serverSrc, file)} → ${match[1]}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
