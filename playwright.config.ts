import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs } from "./scripts/chromium.ts";

// scripts/e2e.ts picks the port, data directory and browser; run the suite through `npm run test:e2e`.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// e2e/rest-cors.e2e.ts serves a page on this second origin; the app lets it call /api (CORS).
const corsOrigin = `http://localhost:${process.env.E2E_CORS_PORT ?? 3199}`;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.e2e.ts",
  outputDir: "./test-results/e2e",
  // Two minutes a test: on the slowest CI machines (a 2-core VM at a fifth of the usual speed, both
  // workers and the server sharing it) the longest flows took 50–60 s and one ran past a 60 s limit;
  // every step still has its own 20 s and every expectation its 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-results/e2e-report.json" }]],
  use: {
    baseURL,
    locale: "id-ID",
    timezoneId: "Asia/Jakarta",
    // A step that cannot happen fails in 20 s naming its locator, not at the test's 1-minute limit.
    actionTimeout: 20_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: chromiumArgs },
      },
    },
  ],
  webServer: {
    command: "bun server/src/index.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
      APP_ORIGIN: baseURL,
      CORS_ORIGINS: `${baseURL},${corsOrigin}`,
      NODE_ENV: "development",
      DEMO_DATA: "true",
      LOG_LEVEL: "warn",
      // e2e/auth.ts signs each test in from its own address (see loginAs).
      TRUST_PROXY: "true",
      // The footer must show what is configured here (e2e/public.e2e.ts checks it).
      CONTACT_ADDRESS: "Jl. Ir. H. Juanda No. 100, Bekasi",
      CONTACT_PHONE: "(021) 555 0101",
      CONTACT_EMAIL: "tppkk@contoh.go.id",
      // No internet here: the maps draw their polygons on a plain background.
      MAP_TILE_URL: "none",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
