// Finds a Chromium for Playwright: CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own;
// installs one when none is found (Playwright's installer, else Debian's package when root).
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

function found(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  return candidates.find((path): path is string => Boolean(path) && existsSync(path ?? "")) ?? null;
}

async function run(command: string[]): Promise<boolean> {
  const child = Bun.spawn(command, { stdout: "inherit", stderr: "inherit" });
  return (await child.exited) === 0;
}

export async function findOrInstallChromium(): Promise<string> {
  const existing = found();
  if (existing) return existing;
  console.log("no Chromium found: trying Playwright's installer…");
  if ((await run(["playwright", "install", "chromium"])) && found()) {
    console.log("installed Chromium with Playwright's installer");
    return found() ?? "";
  }
  if (process.getuid?.() === 0) {
    console.log("Playwright's download failed: installing Debian's chromium package…");
    if ((await run(["apt-get", "update"])) && (await run(["apt-get", "install", "-y", "chromium"])) && found()) {
      console.log("installed Debian's chromium");
      return found() ?? "";
    }
  }
  throw new Error("no Chromium available: install Debian's chromium or set CHROMIUM_PATH");
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
