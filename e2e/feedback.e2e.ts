// Feedback a phone user needs (issue 15), in the browser: the offline banner and the paused request
// that is sent when the connection returns, the loading line while a page waits for data, and a new
// toast that replaces the one showing.
import { expect, test } from "@playwright/test";
import { randomInt } from "node:crypto";
import { demoEmails, loginAs } from "./auth.ts";
import { answerCaptcha } from "./family.ts";
import { failCalls } from "./failures.ts";
import { expectAccessible } from "./fixtures.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

const OFFLINE =
  "Tidak ada koneksi — jangan tutup halaman ini; isian Anda tetap di layar dan yang Anda kirim diteruskan saat koneksi kembali.";
const DRAFT_NOTE = "Isian formulir ini juga tersimpan sebagai draf di tab ini sampai tab ditutup.";
const exact = (name: string) => ({ name, exact: true });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.18.${randomInt(256)}.${randomInt(1, 255)}` });
});

test("offline: the banner shows, the search waits, and is sent when the connection returns", async ({
  page,
  context,
}) => {
  const { registrationNumber } = await registerFamilyViaApi(
    page.request,
    { wardKode: "32.75.01.1001", rw: "005", rt: "001" },
    "Bambang Luring",
  );
  await page.goto(`/search?nomor=${registrationNumber}`);
  await answerCaptcha(page);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole("alert").filter({ hasText: OFFLINE })).toBeVisible();
  await page.getByRole("button", exact("Cari")).click();
  // Paused, not failed: no error and no result while offline.
  await page.waitForTimeout(500);
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page.getByText(/Terjadi kesalahan|Failed to fetch/)).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
  const card = page.getByRole("article");
  await expect(card).toContainText(registrationNumber);
  await expect(card.getByText("Menunggu Persetujuan")).toBeVisible();
});

test("the offline banner promises only what holds: nothing is 'aman', and only the family form speaks of a draft", async ({
  page,
  context,
}) => {
  await loginAs(page.request, demoEmails.kaderRt);
  // Input Manual keeps nothing across a reload: the banner says not to close the page, nothing more.
  await page.goto("/kader-pkk/input-manual");
  await page
    .getByRole("dialog", { name: "Tambah Keluarga Baru" })
    .getByLabel("Nama Kepala Keluarga")
    .fill("Keluarga Luring");
  await context.setOffline(true);
  const banner = page.getByRole("alert").filter({ hasText: "Tidak ada koneksi" });
  await expect(banner).toHaveText(OFFLINE);
  await expect(banner).not.toHaveText(/\baman\b/);
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);

  // The public family form keeps a draft in the tab, and the banner may say so.
  await page.goto("/registrasi");
  await page.getByLabel("Nama Kepala Keluarga").fill("Warga Draf");
  await context.setOffline(true);
  await expect(banner).toHaveText(`${OFFLINE} ${DRAFT_NOTE}`);
  await expectAccessible(page);
  await context.setOffline(false);
});

test("a page that waits for data shows the loading line until the data is there", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/registrasi-list");
  const region = page.getByRole("region", { name: "Semua registrasi" });
  await expect(region.getByRole("listitem").first()).toBeVisible();
  const line = page.getByRole("progressbar", { name: "Memuat data" });
  await expect(line).toHaveCount(0);

  // The next page of the list is held on its way (tRPC may batch it: any request carrying it).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.includes("registers.list"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole("button", { name: "Next" }).click();
  await expect(line).toBeVisible();
  await expect(page.getByText("Halaman 2 dari")).toHaveCount(0);
  release();
  await expect(page.getByText(/Halaman 2 dari/)).toBeVisible();
  await expect(line).toHaveCount(0);
});

test("a page whose route waits for the session shows 'Memuat halaman...', never a blank page", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.includes("auth.me"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto("/kader-pkk/registrasi-list", { waitUntil: "domcontentloaded" });
  await expect(page.getByText("Memuat halaman...")).toBeVisible();
  release();
  await expect(page.getByRole("region", { name: "Semua registrasi" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText("Memuat halaman...")).toHaveCount(0);
});

test("a new toast replaces the one showing", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/input-manual");
  const dialog = page.getByRole("dialog", { name: "Tambah Keluarga Baru" });
  const toasts = page.locator(".toast > .alert");

  await dialog.getByRole("button", exact("Simpan")).click();
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText("tab Data Keluarga");

  await dialog.getByLabel("Nama Kepala Keluarga").fill("Keluarga Notifikasi");
  await dialog.getByLabel("NIK Kepala Keluarga").fill("3275011204850001");
  await dialog.getByLabel("Nomor HP").fill("081234500000");
  await dialog.getByRole("button", exact("Simpan")).click();
  // One notice at a time, and it is about the last attempt (the members tab), not the first.
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText("tab Anggota Keluarga");
  await expect(toasts).not.toContainText("tab Data Keluarga");
});

// A page whose data failed to load says what failed and offers 'Coba lagi', which asks the server again.
const loadFailures: Array<{ who: string; path: string; calls: string[]; messages: string[] }> = [
  {
    who: demoEmails.kaderRt,
    path: `/kader-pkk/rekap?bulan=${new Date().getFullYear()}-01&form=4.16`,
    calls: ["recaps.sheet", "recaps.status"],
    messages: ["Gagal memuat status tanda tangan", "Gagal memuat rekap"],
  },
  {
    who: demoEmails.kaderRt,
    path: "/kader-pkk/dasawisma",
    calls: ["dasawisma.mine"],
    messages: ["Gagal memuat dasawisma"],
  },
  {
    who: demoEmails.admin,
    path: "/admin",
    calls: ["users.pendingKader", "dashboard.summary", "dashboard.overdue"],
    messages: [
      "Gagal memuat pendaftaran kader.",
      "Gagal memuat jumlah validasi yang terlambat.",
      "Gagal memuat angka kota.",
    ],
  },
  { who: demoEmails.admin, path: "/admin/token-api", calls: ["users.apiTokens"], messages: ["Gagal memuat token"] },
  { who: demoEmails.aparat, path: "/aparat", calls: ["dashboard.summary"], messages: ["Gagal memuat angka wilayah."] },
];

for (const { who, path, calls, messages } of loadFailures) {
  test(`a load failure on ${path} says what failed, and 'Coba lagi' loads it again`, async ({ page }) => {
    await loginAs(page.request, who);
    const restore = await failCalls(page, calls, "500");
    await page.goto(path);
    for (const message of messages) {
      const alert = page.getByRole("alert").filter({ hasText: message });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole("button", { name: "Coba lagi" })).toBeVisible();
    }
    await expectAccessible(page);
    await restore();
    for (const message of messages) {
      await page.getByRole("alert").filter({ hasText: message }).getByRole("button", { name: "Coba lagi" }).click();
      await expect(page.getByRole("alert").filter({ hasText: message })).toHaveCount(0);
    }
  });
}
