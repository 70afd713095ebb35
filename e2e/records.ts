import { expect, type Locator, type Page } from "@playwright/test";

/** The list on /kader-pkk/registrasi-list. */
export function recordList(page: Page): Locator {
  return page.getByRole("region", { name: "Semua registrasi" });
}

/**
 * Opens the records page and searches it the way a cadre does: the term typed into the search box
 * (it is kept out of the page's URL, so there is no link to open). Answers the list's rows once they
 * are the search's: every row holds the term.
 */
export async function searchRecords(page: Page, term: string): Promise<Locator> {
  await page.goto("/kader-pkk/registrasi-list");
  const list = recordList(page);
  await list.getByLabel("Cari nama kepala keluarga atau alamat").fill(term);
  await list.getByRole("button", { name: "Cari", exact: true }).click();
  const rows = list.getByRole("listitem");
  await expect(rows.filter({ hasNotText: term })).toHaveCount(0);
  await expect(rows.filter({ hasText: term }).first()).toBeVisible();
  return rows;
}
