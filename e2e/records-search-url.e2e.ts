import { expect, test, type Page } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { recordList } from "./records.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

// DESIGN §6: the records page keeps a searched head's name (or Nomor KK) in the history entry's
// state, never in its URL: a URL lands in the browser history and address-bar suggestions of shared
// office computers, and in the server's and any proxy's access log when the page is loaded.

// RT 004 of the demo ward (Bekasijaya, RW 005); the kelurahan cadre sees all of it.
const place = { wardKode: "32.75.01.1001", rw: "005", rt: "004" };
const listPath = /\/kader-pkk\/registrasi-list$/;

function searchBox(page: Page) {
  return recordList(page).getByLabel("Cari nama kepala keluarga atau alamat");
}

async function search(page: Page, term: string): Promise<void> {
  await searchBox(page).fill(term);
  await recordList(page).getByRole("button", { name: "Cari", exact: true }).click();
}

/** No word of `text` in any of `urls`, encoded or not, in any case. */
function expectNoneContains(urls: string[], text: string): void {
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replaceAll("+", " ")).toLowerCase();
    for (const word of text.toLowerCase().split(/\s+/)) expect(decoded, url).not.toContain(word);
  }
}

test("a searched head's name stays out of the page URL: reload keeps the search, Back leaves it, an old ?q= link loses its q", async ({
  page,
}) => {
  const name = `Privasi Alamanda ${Date.now().toString(36)}`;
  await registerFamilyViaApi(page.request, place, name);
  await loginAs(page.request, demoEmails.kaderKelurahan);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));

  await page.goto("/kader-pkk/registrasi-list");
  const rows = recordList(page).getByRole("listitem");
  await expect(rows).toHaveCount(5);
  await expect(recordList(page).getByText(/^Halaman 1 dari \d+$/)).toBeVisible();
  await expect(recordList(page).getByText("Halaman 1 dari 1", { exact: true })).toHaveCount(0);

  await search(page, name);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(page).toHaveURL(listPath);
  expect(await page.evaluate(() => window.history.state?.registrasiSearch)).toBe(name);

  // A reload asks for the same page (no name in its address) and still shows the search.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(searchBox(page)).toHaveValue(name);
  await expect(page).toHaveURL(listPath);

  // Back: the list as it was before the search.
  await page.goBack();
  await expect(page).toHaveURL(listPath);
  await expect(rows).toHaveCount(5);
  // The page count, not its exact text: tests beside this one may register families in this ward.
  await expect(recordList(page).getByText(/^Halaman 1 dari \d+$/)).toBeVisible();
  await expect(recordList(page).getByText("Halaman 1 dari 1", { exact: true })).toHaveCount(0);
  await expect(searchBox(page)).toHaveValue("");
  // Neither the page loads nor the list's calls (POST) carried the name in their URL.
  expect(requested.length).toBeGreaterThan(0);
  expectNoneContains(requested, name);

  // An old bookmark with ?q=: the same search, and the address loses the name.
  await page.goto(`/kader-pkk/registrasi-list?q=${encodeURIComponent(name)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(page).toHaveURL(listPath);
  await expect(searchBox(page)).toHaveValue(name);
  // The bookmark's history entry was replaced, not left behind: Back is the unfiltered list, and
  // Forward the search again, from the entry's state.
  await page.goBack();
  await expect(page).toHaveURL(listPath);
  await expect(rows).toHaveCount(5);
  await page.goForward();
  await expect(page).toHaveURL(listPath);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
});

test("paging a search keeps its term in the history state: the URL carries only the page", async ({ page }) => {
  const term = `Lembar Privasi ${Date.now().toString(36)}`;
  // Six families: two pages of five.
  for (const letter of ["A", "B", "C", "D", "E", "F"])
    await registerFamilyViaApi(page.request, place, `${term} ${letter}`);
  await loginAs(page.request, demoEmails.kaderKelurahan);

  await page.goto("/kader-pkk/registrasi-list?page=2");
  await search(page, term);
  const list = recordList(page);
  const rows = list.getByRole("listitem");
  // A search starts at page 1.
  await expect(list.getByText("Halaman 1 dari 2", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(listPath);
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasNotText: term })).toHaveCount(0);

  await list.getByRole("button", { name: "Next" }).click();
  await expect(list.getByText("Halaman 2 dari 2", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/kader-pkk\/registrasi-list\?page=2$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(term);

  await page.reload();
  await expect(list.getByText("Halaman 2 dari 2", { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(term);

  await page.goBack();
  await expect(page).toHaveURL(listPath);
  await expect(list.getByText("Halaman 1 dari 2", { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(rows.filter({ hasNotText: term })).toHaveCount(0);
  await expect(searchBox(page)).toHaveValue(term);
});

test("an old ?q= link opened without a session: the login page's redirect keeps the page, not the name", async ({
  page,
}) => {
  await page.goto("/kader-pkk/registrasi-list?q=Budi%20Santoso&page=2");
  await expect(page).toHaveURL(/\/kader-pkk\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get("redirect");
  expect(redirect).toBe("/kader-pkk/registrasi-list?page=2");
});
