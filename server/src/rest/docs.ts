// /api/openapi.json and the reference page /api/docs. The viewer (Scalar's standalone bundle) is
// served from node_modules on this page only; it is not part of the portal's own client bundles.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { openApiDocument } from "./openapi.ts";

const viewerFile = fileURLToPath(import.meta.resolve("@scalar/api-reference/browser/standalone.js"));
let viewer: Promise<string> | undefined;

// Plain files, no inline script: the page runs under the app's Content-Security-Policy (script-src 'self').
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>REST API — Portal Data Keluarga PKK</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <main id="api-reference"></main>
    <script src="/api/docs/viewer.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;
// No fonts, agent or proxy from scalar.com: the page talks to this server only (the CSP would block them anyway).
const start = `Scalar.createApiReference("#api-reference", ${JSON.stringify({
  url: "/api/openapi.json",
  withDefaultFonts: false,
  agent: { disabled: true },
  proxyUrl: "",
  telemetry: false,
})});\n`;

export function apiDocs(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: Record<string, unknown> | undefined;
  app.get("/openapi.json", (c) => {
    document ??= openApiDocument();
    return c.json(document);
  });
  app.get("/docs", (c) => c.html(page));
  app.get("/docs/start.js", (c) => c.body(start, 200, { "content-type": "text/javascript; charset=utf-8" }));
  app.get("/docs/viewer.js", async (c) => {
    viewer ??= readFile(viewerFile, "utf8");
    return c.body(await viewer, 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=86400",
    });
  });
  return app;
}
