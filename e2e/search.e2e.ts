import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { answerCaptcha } from "./family.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

const exact = (name: string) => ({ name, exact: true });
const queryField = (page: Page) => page.getByLabel("NIK, Nomor Registrasi, atau Nama Lengkap Kepala Keluarga");

test("a name search needs the whole name and a kelurahan, shows masked cards and resets the captcha", async ({
  page,
}) => {
  const name = `Santoso Wiryawan ${Date.now() % 100000}`;
  await registerFamilyViaApi(page.request, { wardKode: "32.75.01.1001", rw: "005", rt: "002" }, name);
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Tips Pencarian" })).toBeVisible();
  await expect(page.getByText(/bukan potongan nama/)).toBeVisible();
  await queryField(page).fill(name.toUpperCase());
  await answerCaptcha(page);
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByText("Pilih kelurahan untuk mencari dengan nama lengkap kepala keluarga")).toBeVisible();
  await expect(page.getByLabel("Kecamatan")).toBeFocused();
  await page.getByLabel("Kecamatan").selectOption({ label: "Bekasi Timur" });
  await page.getByLabel("Kelurahan/Desa").selectOption({ label: "Bekasijaya" });
  await expect(page.getByText("✓ Jawaban benar")).toBeVisible();
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByText("Pencarian berhasil")).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);
  await expect(cards.first()).toContainText("******");
  expect(await page.locator("body").innerText()).not.toMatch(/\d{16}/);
  await expect(page.getByLabel("Verifikasi keamanan")).toHaveValue("");
  await expectAccessible(page);

  // A fragment of the name finds nothing.
  await queryField(page).fill("Santoso");
  await answerCaptcha(page);
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByText("Data tidak ditemukan").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("on a phone, a head name written as one long word wraps inside its card instead of widening the page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const name = `Kusumawardhaniningtyasputrisekarayuningsihpurbasari${Date.now() % 100000}`.replace(/\d/g, "a");
  const { registrationNumber } = await registerFamilyViaApi(
    page.request,
    { wardKode: "32.75.01.1001", rw: "005", rt: "002" },
    name,
  );
  await page.goto("/search");
  await queryField(page).fill(registrationNumber);
  await answerCaptcha(page);
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByRole("article").first()).toContainText(name);
  await expectNoHorizontalScroll(page);
});

test("empty input, a missing or wrong captcha and an unknown NIK get the spec's messages, focus on what to fix", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/search/kk");
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByText("Input tidak valid")).toBeVisible();
  await expect(page.getByText("Captcha belum benar")).toBeVisible();
  await expect(page.getByText("Silakan selesaikan captcha")).toHaveCount(0);
  // The first field to fix takes the focus, not the Cari button.
  await expect(queryField(page)).toBeFocused();

  await queryField(page).fill("9999999999999999");
  await page.getByLabel("Verifikasi keamanan").fill("999");
  await expect(page.getByText("✗ Jawaban belum benar")).toBeVisible();
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByText("Captcha belum benar")).toBeVisible();
  await expect(page.getByLabel("Verifikasi keamanan")).toBeFocused();
  await answerCaptcha(page);
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByText("Data tidak ditemukan").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test("an answer typed before the captcha question arrives still gets its hint", async ({ page }) => {
  // A slow network: the question comes 1.5 s after the page, the resident has typed already.
  await page.route("**/trpc/captcha.issue**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/search/kk");
  await page.getByLabel("Verifikasi keamanan").fill("999");
  await expect(page.getByText("✗ Jawaban belum benar")).toBeVisible();
});
