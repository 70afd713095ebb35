import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { answerCaptcha } from "./family.ts";

test("a name search shows masked result cards and resets the captcha", async ({ page }) => {
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Tips Pencarian" })).toBeVisible();
  await page.getByLabel("NIK atau Nama Kepala Keluarga").fill("Santoso");
  await answerCaptcha(page);
  await expect(page.getByText("✓ Jawaban benar")).toBeVisible();
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  await expect(page.getByText("Pencarian berhasil")).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(10);
  await expect(cards.first()).toContainText("Santoso");
  await expect(cards.first()).toContainText("******");
  expect(await page.locator("body").innerText()).not.toMatch(/\d{16}/);
  await expect(page.getByLabel("Verifikasi keamanan")).toHaveValue("");
  await expectAccessible(page);
});

test("empty input, a wrong captcha and an unknown name get the spec's messages", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/search/kk");
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  await expect(page.getByText("Input tidak valid")).toBeVisible();
  await expect(page.getByText("Captcha belum benar")).toBeVisible();

  await page.getByLabel("NIK atau Nama Kepala Keluarga").fill("Nama Yang Tidak Pernah Ada");
  await page.getByLabel("Verifikasi keamanan").fill("999");
  await expect(page.getByText("✗ Jawaban belum benar")).toBeVisible();
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  await expect(page.getByText("Data tidak ditemukan").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
