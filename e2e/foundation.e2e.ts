import { expect, test } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";

test("an unknown path answers HTTP 404 and shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/some/unknown/path");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Halaman tidak ditemukan" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Kembali ke beranda" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("deep links to known pages answer 200 when opened directly", async ({ page }) => {
  for (const path of ["/search", "/kader-pkk/login", "/registrasi", "/kader-pkk/dashboard"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { name: "Halaman tidak ditemukan" })).toHaveCount(0);
  }
});

test("the public header and footer frame every page", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Navigasi utama" });
  for (const name of ["Program", "Fitur", "Statistik", "Validasi"])
    await expect(nav.getByRole("link", { name })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Cari Data" })).toHaveAttribute("href", "/search");
  await expect(nav.getByRole("link", { name: "Portal Kader PKK" })).toHaveAttribute("href", "/kader-pkk");
  await expect(nav.getByRole("link", { name: "Registrasi Warga" })).toHaveAttribute("href", "/registrasi");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Portal Aparat" })).toHaveAttribute("href", "/aparat");
  await expect(footer).toContainText("Pemerintah Kota Bekasi");
  await expectAccessible(page);
});

test("the mobile menu opens and closes at 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await expectNoHorizontalScroll(page);
  const toggle = page.getByRole("button", { name: "Buka menu" });
  await toggle.click();
  const menu = page.locator("#menu-seluler");
  await expect(menu.getByRole("link", { name: "Registrasi Warga" })).toBeVisible();
  await menu.getByRole("link", { name: "Statistik" }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/#statistik$/);
});

test("kecamatan → kelurahan selects cascade from the server", async ({ page }) => {
  await page.goto("/demo/kecamatan-select");
  const kecamatan = page.getByLabel("Kecamatan");
  const kelurahan = page.getByLabel("Kelurahan/Desa");
  await expect(kelurahan).toBeDisabled();
  await expect(kecamatan.locator("option")).toHaveCount(13);
  await kecamatan.selectOption({ label: "Bekasi Timur" });
  await expect(kelurahan).toBeEnabled();
  await expect(kelurahan.locator("option")).toHaveCount(5);
  await kelurahan.selectOption({ label: "Margahayu" });
  await expect(page.getByRole("status")).toContainText("Kelurahan Margahayu (32.75.01.1002)");
  await kecamatan.selectOption({ label: "Bekasi Barat" });
  await expect(kelurahan).toHaveValue("");
  await expect(page.getByRole("status")).not.toContainText("Margahayu");
  await expectAccessible(page);
});

test("demo accounts sign in through the API helper", async ({ page }) => {
  await loginAs(page.request, demoEmails.admin);
  const me = await page.request.get("/trpc/auth.me");
  expect((await me.json()).result.data).toMatchObject({ email: demoEmails.admin, role: "admin" });
});
