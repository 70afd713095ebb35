// `npm run bench`: page weight and Lighthouse scores of the public routes (DESIGN §9). Builds the
// client, starts the built app on a free port with a temporary data directory (demo data seeded),
// then per route prints the gzipped JS and CSS bytes a phone actually downloads and Lighthouse's
// mobile performance and accessibility scores from the local Chromium. Never part of `npm test`.
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromiumArgs, findOrInstallChromium } from "./chromium.ts";
import { freePort } from "./e2e.ts";

const root = resolve(import.meta.dirname, "..");
const routes = ["/", "/kader-pkk", "/registrasi", "/search", "/aparat", "/statistik"];
// Budgets of DESIGN §9 (gzipped JavaScript per page).
const jsBudget: Record<string, number> = { "/": 150 * 1024, "/registrasi": 200 * 1024 };
const lighthouseFlags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, { cwd: root, stdout: "inherit", stderr: "inherit" });
  if ((await child.exited) !== 0) throw new Error(`${command.join(" ")} failed`);
}

async function waitForHealth(baseUrl: string, server: Bun.Subprocess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(500);
  }
  throw new Error("the server did not become healthy within 2 minutes");
}

interface Weight {
  js: number;
  css: number;
  files: number;
}

/** Bytes on the wire (gzip as served) of every script and stylesheet a 360 px phone loads, lazy chunks included. */
async function measureWeights(baseUrl: string, executablePath: string): Promise<Map<string, Weight>> {
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const weights = new Map<string, Weight>();
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "id-ID" });
      const page = await context.newPage();
      const pending: Array<Promise<void>> = [];
      const weight: Weight = { js: 0, css: 0, files: 0 };
      page.on("requestfinished", (request) => {
        const type = request.resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        pending.push(
          request.sizes().then((sizes) => {
            weight.files += 1;
            if (type === "script") weight.js += sizes.responseBodySize;
            else weight.css += sizes.responseBodySize;
          }),
        );
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: "networkidle" });
      // The audio player's chunk arrives after first paint; give late chunks a moment.
      await page.waitForTimeout(1500);
      await page.waitForLoadState("networkidle");
      await Promise.all(pending);
      weights.set(route, weight);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

interface Scores {
  performance: number | null;
  accessibility: number | null;
}

async function lighthouseScores(baseUrl: string, chromePath: string): Promise<Map<string, Scores>> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: lighthouseFlags });
  const scores = new Map<string, Scores>();
  try {
    for (const route of routes) {
      // Lighthouse's default configuration: a mid-range phone on slow 4G (simulated throttling).
      const result = await lighthouse(`${baseUrl}${route}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      const categories = result?.lhr.categories;
      const score = (value: number | null | undefined) =>
        value === null || value === undefined ? null : Math.round(value * 100);
      scores.set(route, {
        performance: score(categories?.performance?.score),
        accessibility: score(categories?.accessibility?.score),
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  console.log("building the client…");
  await run(["vite", "build", "--config", "client/vite.config.ts", "--logLevel", "warn"]);
  const chromePath = await findOrInstallChromium();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "pkk-bench-"));
  const server = Bun.spawn(["bun", "server/src/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ORIGIN: baseUrl,
      NODE_ENV: "development",
      DEMO_DATA: "true",
      LOG_LEVEL: "warn",
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  let overBudget = false;
  try {
    console.log(`starting the built app on ${baseUrl} (temporary data, demo families)…`);
    await waitForHealth(baseUrl, server);
    const weights = await measureWeights(baseUrl, chromePath);
    console.log("running Lighthouse (mobile) per route…");
    const scores = await lighthouseScores(baseUrl, chromePath);
    console.log("\nroute          JS (gzip)   CSS (gzip)  files  performance  accessibility  JS budget");
    for (const route of routes) {
      const weight = weights.get(route) ?? { js: 0, css: 0, files: 0 };
      const score = scores.get(route);
      const budget = jsBudget[route];
      const verdict = budget === undefined ? "" : weight.js <= budget ? `ok (≤ ${kb(budget)})` : `OVER (${kb(budget)})`;
      if (budget !== undefined && weight.js > budget) overBudget = true;
      console.log(
        [
          route.padEnd(14),
          kb(weight.js).padStart(9),
          kb(weight.css).padStart(12),
          String(weight.files).padStart(6),
          String(score?.performance ?? "–").padStart(12),
          String(score?.accessibility ?? "–").padStart(14),
          `  ${verdict}`,
        ].join(" "),
      );
    }
    console.log(
      "\nGoals (DESIGN §9): landing ≤ 150 KB and registration ≤ 200 KB gzipped JS; performance ≥ 95, accessibility 100.",
    );
  } finally {
    server.kill();
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(overBudget ? 1 : 0);
}

await main();
