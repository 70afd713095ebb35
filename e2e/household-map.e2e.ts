import { expect, test } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { searchRecords } from "./records.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

// The RT cadre of the demo data works in Bekasijaya (32.75.01.1001), RW 005, RT 001.
const rtCadreArea = { wardKode: "32.75.01.1001", rw: "005", rt: "001" };

interface MapAnswer {
  points: Array<{ id: number; namaKK: string; latitude: number; longitude: number }>;
}

test("a cadre taps the house on the Maker Checker's map; it shows on the cadre's household map and nowhere public", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const head = `Rumah Peta ${Date.now() % 1_000_000}`;
  await registerFamilyViaApi(page.request, rtCadreArea, head);
  await loginAs(page.request, demoEmails.kaderRt);

  // The Maker Checker: 'Lokasi Rumah' → 'Pilih di Peta' → a tap → 'Simpan Lokasi'.
  const row = (await searchRecords(page, head)).filter({ hasText: head });
  await row.getByRole("button", { name: /^Maker Checker / }).click();
  const dialog = page.getByRole("dialog", { name: `Maker Checker: ${head}` });
  const panel = dialog.getByRole("region", { name: "Lokasi Rumah" });
  await expect(panel.getByText("Lokasi rumah belum dicatat.")).toBeVisible();
  await panel.getByRole("button", { name: "Pilih di Peta" }).click();
  const picker = panel.getByTestId("location-picker");
  // MAP_TILE_URL=none: the kelurahan outlines on a plain background, no tile images.
  await expect(picker.locator("path").first()).toBeAttached();
  await expect(picker.locator("img.leaflet-tile")).toHaveCount(0);
  await picker.click({ position: { x: 140, y: 110 } });
  const pending = panel.getByText(/^Lokasi baru \(ketukan pada peta\)/);
  await expect(pending).toBeVisible();
  await expect(picker.locator("path.house-pick")).toHaveCount(1);
  const picked = (await pending.locator(".font-mono").textContent()) ?? "";
  expect(picked).toMatch(/^-?\d+,\d{6}; -?\d+,\d{6}$/);
  await expectAccessible(page);
  await panel.getByRole("button", { name: "Simpan Lokasi" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lokasi rumah disimpan" })).toBeVisible();
  await expect(panel.getByText(/^Tersimpan:/)).toContainText(picked);
  await expect(panel.getByText(/^Tersimpan:/)).toContainText("ketukan pada peta");

  // The cadre's household map shows that house; a tap on it opens the family.
  const answer = await page.request.get("/trpc/registers.householdMap");
  expect(answer.ok()).toBe(true);
  const map: MapAnswer = (await answer.json()).result.data;
  const saved = map.points.find((point) => point.namaKK === head);
  if (!saved) throw new Error("the saved house is not on the cadre's map");
  await page.goto("/kader-pkk/peta");
  await expect(page.getByRole("heading", { name: "Peta Rumah Keluarga" })).toBeVisible();
  const point = page.locator(`[data-testid=household-map] .household-point[data-register-id="${saved.id}"]`);
  await expect(point).toBeVisible();
  await expect(page.getByRole("list", { name: "Legenda peta" })).toContainText("Menunggu Persetujuan");
  // Coloured by status: 'Menunggu Persetujuan' is amber; by a condition the family lacks: grey.
  await expect(point).toHaveCSS("background-color", "rgb(217, 119, 6)");
  await page.getByLabel("Warnai menurut").selectOption({ label: "Kondisi: Hamil" });
  await expect(page.getByRole("list", { name: "Legenda peta" })).toContainText("Ada Hamil");
  await expect(point).toBeVisible();
  await expect(point).toHaveCSS("background-color", "rgb(156, 163, 175)");
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await point.click();
  await expect(page.getByRole("dialog", { name: `Maker Checker: ${head}` })).toBeVisible();

  // Nowhere public: the /statistik page (its maps are areas only) and its figures.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const publicPage = await visitor.newPage();
  await publicPage.goto("/statistik");
  await expect(publicPage.locator("[data-testid=region-map] path[data-kode]")).toHaveCount(12);
  await expect(publicPage.locator(".household-point, .household-cluster, .house-pick")).toHaveCount(0);
  const latitude = saved.latitude.toFixed(6).slice(1);
  const longitude = saved.longitude.toFixed(6);
  expect(await publicPage.content()).not.toContain(longitude);
  const figures = await publicPage.request.get(
    `/trpc/statistics.publicBreakdown?input=${encodeURIComponent(JSON.stringify({ indicator: "kondisi-pregnant", level: "kelurahan" }))}`,
  );
  const figuresText = await figures.text();
  expect(figuresText).not.toContain(latitude);
  expect(figuresText).not.toContain(longitude);
  expect((await publicPage.request.get("/trpc/registers.householdMap")).status()).toBe(401);
  await visitor.close();
});

test("'Gunakan Lokasi Saya' takes the phone's GPS position and its accuracy", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: -6.2384171, longitude: 106.9753214, accuracy: 12 });
  const head = `Rumah GPS ${Date.now() % 1_000_000}`;
  // RT 002 under the RW cadre: never on the RT 001 cadre's map of the test above (they run in parallel).
  await registerFamilyViaApi(page.request, { ...rtCadreArea, rt: "002" }, head);
  await loginAs(page.request, demoEmails.kaderRw);
  const row = (await searchRecords(page, head)).filter({ hasText: head });
  await row.getByRole("button", { name: /^Maker Checker / }).click();
  const panel = page
    .getByRole("dialog", { name: `Maker Checker: ${head}` })
    .getByRole("region", { name: "Lokasi Rumah" });
  await panel.getByRole("button", { name: "Gunakan Lokasi Saya" }).click();
  await expect(panel.getByText(/^Lokasi baru \(GPS ponsel\)/)).toContainText("-6,238417; 106,975321");
  await expect(panel.getByText(/^Lokasi baru \(GPS ponsel\)/)).toContainText("akurasi ±12 m");
  await panel.getByRole("button", { name: "Simpan Lokasi" }).click();
  await expect(panel.getByText(/^Tersimpan:/)).toContainText("-6,238417; 106,975321");
  await expect(panel.getByText(/^Tersimpan:/)).toContainText("GPS ponsel, akurasi ±12 m");
  // Removing it is one tap, and leaves the record without a location.
  await panel.getByRole("button", { name: "Hapus Lokasi" }).click();
  await expect(panel.getByText("Lokasi rumah belum dicatat.")).toBeVisible();
});

test("houses close together form one cluster that opens on a tap", async ({ page }) => {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  // RT 003 under the RW cadre: two houses three metres apart, far from the other tests' points.
  const stamp = Date.now() % 1_000_000;
  const heads = [`Rumah Gugus ${stamp} A`, `Rumah Gugus ${stamp} B`];
  for (const head of heads) await registerFamilyViaApi(page.request, { ...rtCadreArea, rt: "003" }, head);
  await loginAs(page.request, demoEmails.kaderRw);
  const ids: number[] = [];
  for (const [index, head] of heads.entries()) {
    const listed = await page.request.get(
      `/trpc/registers.list?input=${encodeURIComponent(JSON.stringify({ search: head }))}`,
    );
    const item: { id: number; version: number } | undefined = (await listed.json()).result.data.items[0];
    if (!item) throw new Error(`no family ${head}`);
    ids.push(item.id);
    const saved = await page.request.post("/trpc/registers.setLocation", {
      headers: { origin },
      data: {
        registerId: item.id,
        version: item.version,
        location: { latitude: -6.2105 + index * 0.00003, longitude: 107.0305, source: "map", accuracyM: null },
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  await page.goto("/kader-pkk/peta");
  const map = page.getByTestId("household-map");
  const ours = ids.map((id) => map.locator(`.household-point[data-register-id="${id}"]`));
  // Fitted to the RW's houses (at most zoom 17), the two are one cluster of 2, not two points.
  const pair = map.locator('.household-cluster[data-count="2"]');
  await expect(pair).toHaveCount(1);
  for (const point of ours) await expect(point).toHaveCount(0);
  await expectAccessible(page);
  // A tap on the cluster zooms in until they part.
  await pair.click();
  for (const point of ours) await expect(point).toBeVisible();
  await expect(pair).toHaveCount(0);
});

test("an official is sent away from the household map: areas only, on /statistik", async ({ page }) => {
  await loginAs(page.request, demoEmails.aparat);
  await page.goto("/kader-pkk/peta");
  await expect(page).toHaveURL(/tidak-punya-akses/);
  const answer = await page.request.get("/trpc/registers.householdMap");
  expect(answer.status()).toBe(403);
});
