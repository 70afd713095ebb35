import { type APIRequestContext, expect, test } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";

/** A family the RT cadre may read over REST, read `times` times by that cadre (each read is audited). */
async function readByCadre(newContext: () => Promise<APIRequestContext>, times: number): Promise<string> {
  const cadre = await newContext();
  try {
    await loginAs(cadre, demoEmails.kaderRt);
    const list = await cadre.get("/api/registers?pagination[pageSize]=1&fields[0]=registration_number");
    expect(list.ok(), await list.text()).toBe(true);
    const [first]: Array<{ id: number; attributes: { registration_number: string } }> = (await list.json()).data;
    if (!first) throw new Error("the RT cadre's area has no family in the demo data");
    for (let read = 0; read < times; read += 1) expect((await cadre.get(`/api/registers/${first.id}`)).ok()).toBe(true);
    return first.attributes.registration_number;
  } finally {
    await cadre.dispose();
  }
}

test("an admin finds who read a family by its registration number, by user and by date, page by page", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const registrationNumber = await readByCadre(() => playwright.request.newContext({ baseURL }), 26);
  await loginAs(page.request, demoEmails.admin);
  await page.goto("/admin/kader");
  await page.getByRole("navigation", { name: "Menu admin" }).getByRole("link", { name: "Log Audit" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Log Audit" })).toBeVisible();

  const filters = page.getByRole("form", { name: "Saring log audit" });
  await filters.getByLabel("Nomor Registrasi").fill(registrationNumber.toLowerCase());
  await filters.getByLabel("Pengguna").fill(demoEmails.kaderRt);
  await filters.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(/registrationNumber=/);
  // The typed user is kept in the history entry's state, not in the URL (e2e/audit-search-url.e2e.ts).
  await expect(page).not.toHaveURL(/user=/);
  const table = page.getByRole("table");
  const rows = table.getByRole("row").filter({ hasText: registrationNumber });
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(demoEmails.kaderRt);
  await expect(rows.first()).toContainText("WIB");
  await expect(rows.first()).toContainText("Membaca data keluarga");
  await expect(page.getByText(/Menampilkan 1–25 dari \d+ catatan/)).toBeVisible();
  await expectAccessible(page);

  // The 26 reads do not fit one page: the next page holds the rest, and the way back works.
  await page.getByRole("button", { name: "Berikutnya" }).click();
  await expect(page.getByText("Halaman 2")).toBeVisible();
  await expect(page.getByText(/Menampilkan 26–\d+ dari \d+ catatan/)).toBeVisible();
  await page.getByRole("button", { name: "Sebelumnya" }).click();
  await expect(page.getByText("Halaman 1")).toBeVisible();

  // A day after today (WIB) holds nothing yet: the empty state, then 'Atur ulang' clears every filter.
  const tomorrow = new Date(Date.now() + 7 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10);
  await filters.getByLabel("Dari tanggal").fill(tomorrow);
  await filters.getByRole("button", { name: "Terapkan" }).click();
  await expect(page.getByText("Tidak ada catatan audit yang cocok dengan saringan.")).toBeVisible();
  await filters.getByRole("button", { name: "Atur ulang" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(filters.getByLabel("Pengguna")).toHaveValue("");
  await expect(page.getByRole("table")).toBeVisible();

  // The record column names what was read in Indonesian, never by table name: a list the cadre reads
  // now is "3 data keluarga", not "3 data registers".
  const cadre = await playwright.request.newContext({ baseURL });
  await loginAs(cadre, demoEmails.kaderRt);
  expect((await cadre.get("/api/registers?pagination[pageSize]=3")).ok()).toBe(true);
  await cadre.dispose();
  await filters.getByLabel("Pengguna").fill(demoEmails.kaderRt);
  await filters.getByRole("button", { name: "Terapkan" }).click();
  await expect(table.getByRole("cell", { name: "3 data keluarga" }).first()).toBeVisible();
  await expect(table).not.toContainText("registers");

  // On a 360 px phone the page does not scroll sideways (the table scrolls inside its box).
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({
    path: testInfo.outputPath("log-audit-360.png"),
    fullPage: true,
    clip: { x: 0, y: 0, width: 360, height: 1400 },
  });
});

test("cadres and officials cannot open the audit log, on the screen or through the API", async ({
  page,
  playwright,
  baseURL,
}) => {
  for (const email of [demoEmails.aparat, demoEmails.kaderKelurahan]) {
    const context = await playwright.request.newContext({ baseURL });
    try {
      await loginAs(context, email);
      const response = await context.get(`/trpc/audit.list?input=${encodeURIComponent("{}")}`);
      expect(response.status(), email).toBe(403);
      expect(response.headers()["cache-control"]).toBe("no-store");
    } finally {
      await context.dispose();
    }
  }
  await loginAs(page.request, demoEmails.aparat);
  await page.goto("/admin/audit");
  await expect(page).not.toHaveURL(/\/admin\/audit/);
  await expect(page.getByRole("heading", { level: 1, name: "Log Audit" })).toHaveCount(0);
});
