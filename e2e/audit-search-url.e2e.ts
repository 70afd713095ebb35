import { type APIRequestContext, expect, type Page, test, type Request } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

// DESIGN §6: the audit log keeps the admin's typed user (part of a staff account's name or e-mail)
// in the history entry's state, never in its URL: a URL lands in the browser history and
// address-bar suggestions of shared office computers, and in the server's and any proxy's access
// log when the page is loaded. The registration number, action and dates are codes and stay in it.

// RT 001 of the demo ward (Bekasijaya, RW 005): the RT cadre's area.
const place = { wardKode: "32.75.01.1001", rw: "005", rt: "001" };
const term = demoEmails.kaderRt;

/**
 * A new family read 26 times by the RT cadre (one page of 25 and one more), then once by the
 * kelurahan cadre, who found it by its number: the unfiltered log of this family holds rows of both.
 */
async function familyReadByTwo(newContext: () => Promise<APIRequestContext>): Promise<string> {
  const visitor = await newContext();
  const kelurahan = await newContext();
  const rt = await newContext();
  try {
    const { registrationNumber } = await registerFamilyViaApi(
      visitor,
      place,
      `Audit Privasi ${Date.now().toString(36)}`,
    );
    await loginAs(kelurahan, demoEmails.kaderKelurahan);
    const found = await kelurahan.get(
      `/api/registers?filters[registration_number][$eq]=${encodeURIComponent(registrationNumber)}&fields[0]=registration_number`,
    );
    expect(found.ok(), await found.text()).toBe(true);
    const [family]: Array<{ id: number }> = (await found.json()).data;
    if (!family) throw new Error(`no family ${registrationNumber}`);
    await loginAs(rt, demoEmails.kaderRt);
    for (let read = 0; read < 26; read += 1) expect((await rt.get(`/api/registers/${family.id}`)).ok()).toBe(true);
    expect((await kelurahan.get(`/api/registers/${family.id}`)).ok()).toBe(true);
    return registrationNumber;
  } finally {
    await Promise.all([visitor.dispose(), kelurahan.dispose(), rt.dispose()]);
  }
}

function filters(page: Page) {
  return page.getByRole("form", { name: "Saring log audit" });
}

/** The e-mail, or its part before the @, in none of the URLs, encoded or not, in any case. */
function expectNoneContains(urls: string[], email: string): void {
  const [local = email] = email.split("@");
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replaceAll("+", " ")).toLowerCase();
    expect(decoded, url).not.toContain(email.toLowerCase());
    expect(decoded, url).not.toContain(local.toLowerCase());
  }
}

test("a searched staff account stays out of the audit log's URL: reload keeps it, paging and Back work, an old ?user= link loses it", async ({
  page,
  playwright,
  baseURL,
}) => {
  const registrationNumber = await familyReadByTwo(() => playwright.request.newContext({ baseURL }));
  await loginAs(page.request, demoEmails.admin);
  const requested: string[] = [];
  const listCalls: Request[] = [];
  page.on("request", (request) => {
    requested.push(request.url());
    if (request.url().includes("audit.list")) listCalls.push(request);
  });
  const pagePath = `/admin/audit?registrationNumber=${registrationNumber}`;
  const pageUrl = new RegExp(`/admin/audit\\?registrationNumber=${registrationNumber}$`);
  const table = page.getByRole("table");
  const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  const rtRows = rows.filter({ hasText: term });
  const otherRows = rows.filter({ hasNotText: term });
  const box = filters(page).getByLabel("Pengguna");

  // The family's log: rows of both cadres.
  await page.goto(pagePath);
  await expect(rows).toHaveCount(25);
  await expect(otherRows.first()).toBeVisible();

  // The admin types the account's e-mail: the URL keeps the number only, the entry's state the e-mail.
  await box.fill(term);
  await filters(page).getByRole("button", { name: "Terapkan" }).click();
  await expect(page.getByText("Menampilkan 1–25 dari 26 catatan")).toBeVisible();
  await expect(rtRows).toHaveCount(25);
  await expect(otherRows).toHaveCount(0);
  await expect(page).toHaveURL(pageUrl);
  expect(await page.evaluate(() => window.history.state?.auditUserSearch)).toBe(term);

  // The next page is the same search's.
  await page.getByRole("button", { name: "Berikutnya" }).click();
  await expect(page.getByText("Halaman 2")).toBeVisible();
  await expect(page.getByText("Menampilkan 26–26 dari 26 catatan")).toBeVisible();
  await expect(rtRows).toHaveCount(1);
  await expect(otherRows).toHaveCount(0);
  await expect(page).toHaveURL(pageUrl);

  // A reload asks for the same page (no e-mail in its address) and still shows the search.
  await page.reload();
  await expect(page.getByText("Menampilkan 1–25 dari 26 catatan")).toBeVisible();
  await expect(otherRows).toHaveCount(0);
  await expect(box).toHaveValue(term);
  await expect(page).toHaveURL(pageUrl);

  // Back: the family's log as it was before the search.
  await page.goBack();
  await expect(page).toHaveURL(pageUrl);
  await expect(box).toHaveValue("");
  await expect(otherRows.first()).toBeVisible();

  // The searches reached the server in the calls' bodies (POST), never in a page's or a call's URL.
  const searched = listCalls.filter((request) => (request.postData() ?? "").includes(term));
  expect(searched.length).toBeGreaterThan(0);
  for (const request of searched) expect(request.method()).toBe("POST");
  expect(requested.length).toBeGreaterThan(0);
  expectNoneContains(requested, term);

  // An old bookmark with ?user=: the same search, and the address loses the e-mail.
  await page.goto(`${pagePath}&user=${encodeURIComponent(term)}`);
  await expect(page).toHaveURL(pageUrl);
  await expect(page.getByText("Menampilkan 1–25 dari 26 catatan")).toBeVisible();
  await expect(otherRows).toHaveCount(0);
  await expect(box).toHaveValue(term);
  // The bookmark's history entry was replaced, not left behind: Back is the unfiltered log, and
  // Forward the search again, from the entry's state.
  await page.goBack();
  await expect(page).toHaveURL(pageUrl);
  await expect(box).toHaveValue("");
  await expect(otherRows.first()).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(pageUrl);
  await expect(box).toHaveValue(term);
  await expect(page.getByText("Menampilkan 1–25 dari 26 catatan")).toBeVisible();
  await expect(otherRows).toHaveCount(0);
});

test("an old ?user= link opened without a session: the login page's redirect keeps the filters, not the name", async ({
  page,
}) => {
  await page.goto("/admin/audit?user=Budi%20Santoso&action=register.read");
  await expect(page).toHaveURL(/\/kader-pkk\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get("redirect");
  expect(redirect).toBe("/admin/audit?action=register.read");
});
