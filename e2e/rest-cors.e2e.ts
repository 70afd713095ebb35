import { createServer, type Server } from "node:http";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, demoEmails } from "./auth.ts";

// A third-party dashboard on another origin (its own tiny server on E2E_CORS_PORT, listed in the
// app's CORS_ORIGINS by playwright.config.ts) signs in, lists with populate and creates through CORS.
const corsPort = Number(process.env.E2E_CORS_PORT ?? 3199);
let server: Server | undefined;

test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      '<!doctype html><html lang="id"><head><title>Dasbor mitra</title></head><body><h1>Dasbor mitra</h1></body></html>',
    );
  });
  await new Promise<void>((resolve) => server?.listen(corsPort, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
});

test("a page on another origin calls the REST API through CORS with a bearer token", async ({ page, baseURL }) => {
  const api = `${baseURL}/api`;
  await page.goto(`http://localhost:${corsPort}/`);
  await expect(page.getByRole("heading", { name: "Dasbor mitra" })).toBeVisible();
  const kode = `32.75.${80 + Math.floor(Math.random() * 19)}`;
  const result = await page.evaluate(
    async ({ api, identifier, password, kode }) => {
      const json = { "content-type": "application/json" };
      const login = await fetch(`${api}/auth/local`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ identifier, password }),
      });
      const { jwt } = await login.json();
      const auth = { authorization: `Bearer ${jwt}` };
      const list = await fetch(
        `${api}/desa-kelurahans?filters[kecamatan][kode][$eq]=32.75.01&populate[kecamatan][fields][0]=kode&fields[0]=kode`,
        { headers: auth },
      );
      const listed = await list.json();
      const created = await fetch(`${api}/kecamatans`, {
        method: "POST",
        headers: { ...json, ...auth },
        body: JSON.stringify({ data: { nama_kecamatan: "Kecamatan Mitra", kode } }),
      });
      const entry = await created.json();
      const removed = await fetch(`${api}/kecamatans/${entry.data.id}`, { method: "DELETE", headers: auth });
      return {
        login: login.status,
        total: listed.meta.pagination.total,
        districts: listed.data.map(
          (row: { attributes: { kecamatan: { data: { attributes: { kode: string } } } } }) =>
            row.attributes.kecamatan.data.attributes.kode,
        ),
        created: created.status,
        name: entry.data.attributes.nama_kecamatan,
        removed: removed.status,
      };
    },
    { api, identifier: demoEmails.admin, password: DEMO_PASSWORD, kode },
  );
  expect(result).toEqual({
    login: 200,
    total: 4,
    districts: ["32.75.01", "32.75.01", "32.75.01", "32.75.01"],
    created: 200,
    name: "Kecamatan Mitra",
    removed: 200,
  });
});

test("/api/docs renders the OpenAPI reference under the app's Content-Security-Policy", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: "Portal Data Keluarga PKK — REST API" })).toBeVisible();
  await expect(page.getByText("/desa-kelurahans").first()).toBeVisible();
  // The viewer asks scalar.com for fonts and its optional agent; the CSP blocks both, and nothing else fails.
  expect(errors.filter((text) => !/https:\/\/(fonts|proxy)\.scalar\.com\/.*(blocked|Refused)/.test(text))).toEqual([]);
  // No axe scan here: the page is Scalar's, and axe reports serious findings inside the viewer
  // (aria-allowed-attr, button-name, color-contrast) that we cannot fix from outside; docs/api.md says so.
});
