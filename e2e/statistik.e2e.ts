import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { failCalls } from "./failures.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";

interface Figure {
  id: string;
  kode: string | null;
  nama: string;
  families: number | null;
  count: number | null;
  categories: Array<{ value: number | null }>;
}
interface Answer {
  parent: Figure;
  rows: Figure[];
}

async function api(request: APIRequestContext, input: Record<string, unknown>): Promise<Answer> {
  const response = await request.get(
    `/trpc/statistics.publicBreakdown?input=${encodeURIComponent(JSON.stringify(input))}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()).result.data;
}

const shown = (value: number | null) => (value === null ? "<5" : String(value));

/** The map's polygons and the value each is coloured by, keyed by official code. */
async function mapValues(page: Page, count: number): Promise<Map<string, string>> {
  const shapes = page.locator("[data-testid=region-map] path[data-kode]");
  await expect(shapes).toHaveCount(count);
  const pairs = await shapes.evaluateAll((elements) =>
    elements.map((element) => [element.getAttribute("data-kode") ?? "", element.getAttribute("data-value") ?? ""]),
  );
  return new Map(pairs.map(([kode, value]) => [kode ?? "", value ?? ""]));
}

/**
 * Every drawn shape is one of the API's rows and shows its figure. A row without a boundary (a ward
 * another test has just added) has no shape, so rows are checked from the shapes' side.
 */
function expectShapesShow(shapes: Map<string, string>, rows: Figure[]) {
  const byKode = new Map(rows.map((row) => [row.kode ?? "", row]));
  for (const [kode, value] of shapes) {
    const row = byKode.get(kode);
    expect(row, `shape ${kode} has a row in the API's answer`).toBeDefined();
    if (row) expect(value).toBe(shown(row.count));
  }
}

/** The map's legend names each colour class once (with few families most cells are 0 or hidden). */
async function expectDistinctLegend(page: Page) {
  const classes = await page
    .getByRole("list", { name: /^Legenda: / })
    .getByRole("listitem")
    .allInnerTexts();
  expect(classes.length).toBeGreaterThan(0);
  expect(classes.map((text) => text.trim())).toEqual([...new Set(classes.map((text) => text.trim()))]);
}

test("the public choropleth draws 12 kecamatan and 56 kelurahan with the API's figures; a tap drills down", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/statistik");
  await expect(page.getByRole("heading", { name: "Statistik Keluarga" })).toBeVisible();
  const city = await api(page.request, { indicator: "kondisi-pregnant" });
  expectShapesShow(await mapValues(page, 12), city.rows);
  await expectDistinctLegend(page);

  await page.getByRole("button", { name: "Kelurahan", exact: true }).click();
  const wards = await api(page.request, { indicator: "kondisi-pregnant", level: "kelurahan" });
  const kelurahan = await mapValues(page, 56);
  expectShapesShow(kelurahan, wards.rows);
  await expectDistinctLegend(page);

  // Back to kecamatan; a tap on one shows its figures and drills into its kelurahan.
  await page.getByRole("button", { name: "Kecamatan", exact: true }).click();
  await mapValues(page, 12);
  const first = city.rows[0];
  if (!first?.kode) throw new Error("no kecamatan");
  await page.locator(`[data-testid=region-map] path[data-kode="${first.kode}"]`).dispatchEvent("click");
  await expect(page.getByTestId("map-info")).toContainText(first.nama);
  const inside = await api(page.request, { indicator: "kondisi-pregnant", kecamatanId: Number(first.id) });
  const drawn = inside.rows.filter((row) => kelurahan.has(row.kode ?? ""));
  expectShapesShow(await mapValues(page, drawn.length), inside.rows);
  await expect(page.getByTestId("statistics-summary")).toContainText(first.nama);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test("on a phone the map scrolls under the sticky header, and its controls speak Indonesian", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/statistik");
  await mapValues(page, 12);
  const map = page.getByTestId("region-map");
  await expect(map.getByRole("button", { name: "Perbesar" })).toBeVisible();
  await expect(map.getByRole("button", { name: "Perkecil" })).toBeVisible();
  await expect(map.locator('[title="Zoom in"], [title="Zoom out"], [title*="JavaScript"]')).toHaveCount(0);

  // The map's top 10 px below the viewport's top: its zoom buttons sit where the header is.
  await map.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 10));
  const header = page.locator("header").first();
  const box = await header.boundingBox();
  if (!box) throw new Error("no header");
  const points = [0.1, 0.5, 0.9].map((share) => ({ x: box.x + box.width * share, y: box.y + box.height / 2 }));
  for (const point of points) {
    const inHeader = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("header") !== null,
      point,
    );
    expect(inHeader).toBe(true);
  }
});

test("public figures: no cell of 1–4 families, and no combination of answers reveals a hidden one", async ({
  page,
}) => {
  for (const indicator of ["kondisi-motherDeath", "kondisi-babyDeath", "kondisi-pregnant", "status-validasi"]) {
    const city = await api(page.request, { indicator });
    const answers = [city];
    for (const row of city.rows) answers.push(await api(page.request, { indicator, kecamatanId: Number(row.id) }));
    for (const answer of answers) {
      const cells = [answer.parent, ...answer.rows].flatMap((row) => [
        row.families,
        ...row.categories.map((category) => category.value),
      ]);
      for (const value of cells) if (value !== null) expect(value === 0 || value >= 5).toBe(true);
      // Differencing: a parent minus its shown children, or a total minus its shown categories.
      const equations = [
        [answer.parent.families, ...answer.rows.map((row) => row.families)],
        ...answer.parent.categories.map((_, index) => [
          answer.parent.categories[index]?.value ?? null,
          ...answer.rows.map((row) => row.categories[index]?.value ?? null),
        ]),
        ...[answer.parent, ...answer.rows]
          .filter((row) => row.families !== null)
          .map((row) => row.categories.map((category) => category.value)),
      ];
      for (const equation of equations) expect(equation.filter((value) => value === null).length).not.toBe(1);
    }
  }
  // The page shows '<5' exactly where the API hides a figure.
  await page.goto("/statistik");
  await page.getByLabel("Indikator").selectOption("kondisi-motherDeath");
  const panel = page.getByTestId("chart-regions");
  await panel.getByRole("button", { name: "Tabel" }).click();
  const city = await api(page.request, { indicator: "kondisi-motherDeath" });
  const hidden = city.rows.filter((row) => row.count === null).length;
  await expect(panel.locator("tbody tr")).toHaveCount(city.rows.length);
  await expect(panel.locator("tbody td", { hasText: /^<5$/ })).toHaveCount(
    city.rows.reduce(
      (sum, row) =>
        sum +
        [row.families, ...row.categories.map((category) => category.value)].filter((value) => value === null).length +
        (row.count === null ? 1 : 0),
      0,
    ),
  );
  expect(hidden).toBeGreaterThanOrEqual(0);
  await expectAccessible(page);
});

test("every chart has a table view and a CSV download with ';' and a BOM", async ({ page }) => {
  await page.goto("/statistik");
  const panel = page.getByTestId("chart-regions");
  await expect(panel.locator("canvas")).toBeVisible();
  const download = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Unduh CSV" }).click();
  const file = await download;
  const path = await file.path();
  const text = await (await import("node:fs/promises")).readFile(path, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.split("\n")[0]).toContain(";");
  for (const id of ["chart-distribution", "chart-trend"]) {
    await page.getByTestId(id).getByRole("button", { name: "Tabel" }).click();
    await expect(page.getByTestId(id).locator("table")).toBeVisible();
  }
});

test("the villages page refuses a GeoJSON with a kode outside the city, and accepts the city's own", async ({
  page,
}) => {
  await loginAs(page.request, demoEmails.admin);
  await page.goto("/admin/desa-kelurahan?tab=kelola");
  const foreign = {
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { kode: "32.73.01", nama: "Sukasari" },
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [107.5, -6.8],
              [107.6, -6.8],
              [107.6, -6.9],
              [107.5, -6.8],
            ],
          ],
        },
      },
    ],
  };
  await page.getByLabel("Tingkat wilayah").selectOption("kecamatan");
  await page.getByLabel("Berkas GeoJSON").setInputFiles({
    name: "bandung.geojson",
    mimeType: "application/geo+json",
    buffer: Buffer.from(JSON.stringify(foreign)),
  });
  await page.getByRole("button", { name: "Unggah" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "32.73.01" })).toContainText("bukan kecamatan kota ini");

  // The city's own polygons (the shipped file served at /geo) are accepted; none is missing.
  const own = await (await page.request.get("/geo/kecamatan.geojson")).text();
  await page.getByLabel("Berkas GeoJSON").setInputFiles({
    name: "bekasi.geojson",
    mimeType: "application/geo+json",
    buffer: Buffer.from(own),
  });
  await page.getByRole("button", { name: "Unggah" }).click();
  await expect(page.getByText("12 poligon disimpan.")).toBeVisible();
  await expectAccessible(page);
});

test("an RT cadre sees Kegiatan PKK and its own RT's monthly trend, equal to the API", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/statistik");
  const indicator = page.getByLabel("Indikator");
  await expect(indicator.locator("optgroup[label='Kegiatan PKK'] option")).toHaveText([
    "UP2K (Usaha Peningkatan Pendapatan Keluarga)",
    "Pemanfaatan Pekarangan",
    "Industri Rumah Tangga",
    "Kesehatan Lingkungan",
  ]);
  await indicator.selectOption("kegiatan-yardUtilization");
  const response = await page.request.get(
    `/trpc/statistics.trend?input=${encodeURIComponent(JSON.stringify({ indicator: "kegiatan-yardUtilization" }))}`,
  );
  expect(response.ok()).toBe(true);
  const answer: { points: Array<{ families: number; categories: Array<{ value: number }> }> } = (await response.json())
    .result.data;
  expect(answer.points.length).toBeGreaterThan(0);
  const panel = page.getByTestId("chart-trend");
  await panel.getByRole("button", { name: "Tabel" }).click();
  await expect(panel.locator("tbody tr")).toHaveCount(answer.points.length);
  const last = answer.points.at(-1);
  await expect(panel.locator("tbody tr").last().locator("td").nth(1)).toHaveText(
    new Intl.NumberFormat("id-ID").format(last?.families ?? -1),
  );
  await expect(panel.locator("tbody tr").last().locator("td").nth(2)).toHaveText(
    new Intl.NumberFormat("id-ID").format(last?.categories[0]?.value ?? -1),
  );
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test("a kelurahan cadre goes down kecamatan → kelurahan → RW on the page; the RT rows equal the API", async ({
  page,
}) => {
  await loginAs(page.request, demoEmails.kaderKelurahan);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/statistik");
  const signedIn = async (input: Record<string, unknown>): Promise<Answer> => {
    const response = await page.request.get(
      `/trpc/statistics.breakdown?input=${encodeURIComponent(JSON.stringify({ indicator: "kondisi-pregnant", ...input }))}`,
    );
    expect(response.ok()).toBe(true);
    return (await response.json()).result.data;
  };
  const city = await signedIn({});
  const kecamatan = city.rows[0];
  if (!kecamatan) throw new Error("the cadre's kecamatan is missing");
  await page.getByLabel("Wilayah", { exact: true }).selectOption(kecamatan.id);
  const wards = await signedIn({ kecamatanId: Number(kecamatan.id) });
  const ward = wards.rows[0];
  if (!ward) throw new Error("the cadre's kelurahan is missing");
  await page.getByLabel("Kelurahan", { exact: true }).selectOption(ward.id);
  const rws = await signedIn({ desaKelurahanId: Number(ward.id) });
  const regions = page.getByTestId("chart-regions");
  await regions.getByRole("button", { name: "Tabel" }).click();
  await expect(regions.locator("tbody tr")).toHaveCount(rws.rows.length);
  const rw = rws.rows.find((row) => row.id !== "");
  if (!rw) throw new Error("the kelurahan has no RW");
  await page.getByLabel("RW", { exact: true }).selectOption(rw.id);
  const rts = await signedIn({ desaKelurahanId: Number(ward.id), rw: rw.id });
  await expect(page.getByTestId("statistics-summary")).toContainText(`RW ${rw.id}`);
  await expect(regions.locator("tbody tr")).toHaveCount(rts.rows.length);
  for (const [index, row] of rts.rows.entries()) {
    const cells = regions.locator("tbody tr").nth(index).locator("td");
    await expect(cells.first()).toHaveText(row.nama);
    await expect(cells.nth(2)).toHaveText(new Intl.NumberFormat("id-ID").format(row.families ?? -1));
  }
  await page.getByRole("button", { name: "← Kembali ke kelurahan" }).click();
  await expect(regions.locator("tbody tr")).toHaveCount(rws.rows.length);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test("a lost connection on /statistik reads in Indonesian with 'Coba lagi', never 'Failed to fetch'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const restore = await failCalls(page, ["statistics.publicBreakdown", "statistics.publicTrend"], "network");
  await page.goto("/statistik");
  const alert = page.getByRole("alert").filter({ hasText: "Gagal memuat statistik." });
  await expect(alert).toBeVisible();
  await expect(page.getByText(/Failed to fetch|signal timed out/)).toHaveCount(0);
  await expectAccessible(page);
  await restore();
  await alert.getByRole("button", { name: "Coba lagi" }).click();
  await expect(page.getByTestId("chart-regions").locator("canvas")).toBeVisible();
  await expect(alert).toHaveCount(0);

  // The trend alone fails (the server's fault: a lost connection takes the whole batch): the figures
  // stay, the trend says so in Indonesian and asks again.
  const restoreTrend = await failCalls(page, ["statistics.publicTrend"], "500");
  await page.getByLabel("Indikator").selectOption({ index: 1 });
  const trendAlert = page.getByRole("alert").filter({ hasText: "Gagal memuat tren statistik." });
  await expect(trendAlert).toBeVisible();
  await expect(page.getByText(/Failed to fetch|Internal server error/)).toHaveCount(0);
  await expect(page.getByTestId("chart-regions").locator("canvas")).toBeVisible();
  await restoreTrend();
  await trendAlert.getByRole("button", { name: "Coba lagi" }).click();
  await expect(page.getByTestId("chart-trend").locator("canvas")).toBeVisible();
});

test("a GeoJSON upload that loses the connection says so in Indonesian, and 'Coba lagi' sends it again", async ({
  page,
}) => {
  await loginAs(page.request, demoEmails.admin);
  await page.goto("/admin/desa-kelurahan?tab=kelola");
  const restore = await failCalls(page, ["regions.uploadBoundaries"], "network");
  const own = await (await page.request.get("/geo/kecamatan.geojson")).text();
  await page.getByLabel("Tingkat wilayah").selectOption("kecamatan");
  await page.getByLabel("Berkas GeoJSON").setInputFiles({
    name: "bekasi.geojson",
    mimeType: "application/geo+json",
    buffer: Buffer.from(own),
  });
  await page.getByRole("button", { name: "Unggah" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Gagal mengunggah batas wilayah." });
  await expect(alert).toBeVisible();
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);
  await expectAccessible(page);
  await restore();
  await alert.getByRole("button", { name: "Coba lagi" }).click();
  await expect(page.getByText("12 poligon disimpan.")).toBeVisible();
});
