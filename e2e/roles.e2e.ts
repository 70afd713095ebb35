import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { expect, test, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

// Each role at a phone's 360 px and on a desktop: validation from the record, the inbox with
// deadlines, the one signed-in menu, the officials' portal, 'Tidak punya akses', report files.
const sizes = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "360 px", viewport: { width: 360, height: 780 } },
] as const;
const rtArea = { wardKode: "32.75.01.1001", rw: "005", rt: "001" };
const cards = (page: Page) => page.locator("li.card");

/** Follows a menu link; on a phone the menu opens with 'Menu' first. */
async function openMenuItem(page: Page, label: string, phone: boolean) {
  const header = page.getByRole("banner");
  if (phone) await header.getByRole("button", { name: "Menu" }).click();
  // A link may carry a count ('Kader & Pengguna 2 menunggu persetujuan').
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\d+.*)?$`);
  await header.getByRole("navigation", { name: "Menu utama" }).getByRole("link", { name }).click();
}

for (const size of sizes) {
  const phone = size.name === "360 px";
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test("RT cadre: queue → record → Verifikasi → Simpan & berikutnya opens the next record", async ({ page }) => {
      const stamp = `${Date.now().toString(36)}${phone ? "p" : "d"}`;
      await registerFamilyViaApi(page.request, rtArea, `Uji Antrean ${stamp} Satu`);
      await registerFamilyViaApi(page.request, rtArea, `Uji Antrean ${stamp} Dua`);
      await loginAs(page.request, demoEmails.kaderRt);
      await page.goto("/kader-pkk/validasi");
      await expect(page.getByRole("heading", { name: "Validasi Data Keluarga" })).toBeVisible();
      const mine = cards(page).filter({ hasText: `Uji Antrean ${stamp} Dua` });
      await expect(mine).toBeVisible();
      await expect(mine.getByText(/dari batas 2 hari/)).toBeVisible();
      const names = await cards(page).locator("h3").allInnerTexts();
      const at = names.indexOf(`Uji Antrean ${stamp} Dua`);
      const nextName = names[at + 1];
      expect(nextName).toBeTruthy();

      await mine.getByRole("button", { name: `Uji Antrean ${stamp} Dua` }).click();
      const dialog = page.getByRole("dialog", { name: `Maker Checker: Uji Antrean ${stamp} Dua` });
      await expect(dialog).toBeVisible();
      const actions = dialog.getByRole("group", { name: "Tindakan validasi" });
      for (const label of ["Verifikasi", "Minta Revisi", "Tolak"])
        await expect(actions.getByRole("button", { name: label, exact: true })).toBeVisible();
      await expect(dialog.getByRole("tab", { name: "Anggota Keluarga" })).toBeVisible();
      await expectAccessible(page);
      await actions.getByRole("button", { name: "Verifikasi", exact: true }).click();
      await dialog.getByRole("button", { name: "Simpan & berikutnya" }).click();
      await expect(page.getByText(`Uji Antrean ${stamp} Dua: Diverifikasi RT`)).toBeVisible();
      await expect(page.getByRole("dialog", { name: `Maker Checker: ${nextName}` })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(cards(page).filter({ hasText: `Uji Antrean ${stamp} Dua` })).toHaveCount(0);
      if (phone) await expectNoHorizontalScroll(page);
    });

    test("admin: the menu reaches every admin page; overdue sorted first; the admin home", async ({ page }) => {
      await loginAs(page.request, demoEmails.admin);
      await page.goto("/kader-pkk/login");
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1, name: "Beranda Admin" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Pendaftaran Kader Menunggu Persetujuan" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Validasi Melewati Batas Waktu" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Angka Kota Bekasi" })).toBeVisible();
      await expect(page.getByTestId("terlambat-rt")).not.toHaveText("0");
      await expectAccessible(page);
      const pages: Array<[string, string]> = [
        ["Kader & Pengguna", "Kelola Kader dan Pengguna"],
        ["Desa/Kelurahan", "Data Desa/Kelurahan"],
        ["Token API", "Token API"],
        ["Log Audit", "Log Audit"],
        ["Dashboard", "Ringkasan Wilayah Kerja"],
        ["Validasi", "Validasi Data Keluarga"],
        ["Daftar Registrasi", "Semua Registrasi"],
        ["Kondisi Khusus", "Monitor Kondisi Khusus"],
        ["Peta Rumah", "Peta Rumah Keluarga"],
        ["Laporan", "Laporan Bulanan"],
        ["Profil", "Profil Saya"],
        ["Beranda Admin", "Beranda Admin"],
      ];
      for (const [label, heading] of pages) {
        await openMenuItem(page, label, phone);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      }
      await openMenuItem(page, "Token API", phone);
      await expectAccessible(page);

      await page.goto("/kader-pkk/validasi?status=all");
      await page.getByLabel("Urutkan").selectOption("overdue");
      await expect(page).toHaveURL(/sort=overdue/);
      await expect(cards(page).first().getByText("Terlambat", { exact: true })).toBeVisible();
      if (phone) await expectNoHorizontalScroll(page);
    });
  });
}

test("RT cadre on a phone whose clock runs days ahead: a new family's age is the server's, not 'Terlambat'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const stamp = Date.now().toString(36);
  await registerFamilyViaApi(page.request, rtArea, `Uji Jam ${stamp}`);
  // The phone believes three days have passed since the family registered (the RT's target is 2).
  await page.clock.setFixedTime(new Date(Date.now() + 3 * 24 * 3_600_000));
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/validasi");
  const card = cards(page).filter({ hasText: `Uji Jam ${stamp}` });
  await expect(card).toBeVisible();
  await expect(card.getByText("kurang dari 1 jam dari batas 2 hari")).toBeVisible();
  await expect(card.getByText("Terlambat")).toHaveCount(0);
});

test("kelurahan cadre: bulk verification asks first, naming the number of records", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderKelurahan);
  await page.goto("/kader-pkk/validasi");
  const boxes = page.getByRole("checkbox", { name: /^Pilih (?!semua)/ });
  await expect(boxes.first()).toBeVisible();
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole("button", { name: "Verifikasi Terpilih (2)" }).click();
  const confirm = page.getByRole("dialog", { name: "Verifikasi data terpilih?" });
  await expect(confirm).toContainText("2 data keluarga akan diverifikasi sekaligus");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Batal" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: "Verifikasi Terpilih (2)" })).toBeVisible();
});

test("aparat: its portal with masked NIKs and counts only; a cadre page says 'Tidak punya akses'", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await loginAs(page.request, demoEmails.aparat);
  await page.goto("/kader-pkk/login");
  await expect(page).toHaveURL(/\/aparat$/);
  await expect(page.getByRole("heading", { level: 1, name: "Portal Aparat" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Angka Wilayah" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Laporan Bulanan & Unduhan" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page
    .getByRole("button", { name: /^Lihat / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Maker Checker: / });
  await expect(dialog.getByText(/^\d{6}\*{6}\d{4}$/)).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Tindakan validasi" })).toHaveCount(0);
  await dialog.getByRole("tab", { name: "Kondisi Khusus" }).click();
  await expect(dialog.getByText("Data kesehatan keluarga hanya dapat dilihat oleh kader dan admin.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/kader-pkk/validasi");
  await expect(page).toHaveURL(/\/tidak-punya-akses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tidak punya akses" })).toBeVisible();
  await expectAccessible(page);
  const direct = await page.goto("/tidak-punya-akses");
  expect(direct?.status()).toBe(403);
  await page.getByRole("link", { name: "Kembali ke beranda Anda" }).click();
  await expect(page).toHaveURL(/\/aparat$/);
  // The pages an official may open lead back to the officials' portal, not to the cadre dashboard.
  for (const path of ["/kader-pkk/registrasi-list", "/kader-pkk/kondisi-khusus", "/kader-pkk/laporan"]) {
    await page.goto(path);
    await page.getByRole("link", { name: "← Kembali ke Portal Aparat" }).click();
    await expect(page, path).toHaveURL(/\/aparat$/);
  }
});

test("report files: XLSX and ';' CSV with a title block, area and month in the name; the page fits 360 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/laporan");
  await expect(page.getByRole("heading", { level: 1, name: "Laporan Bulanan" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  const month = await page.locator("input[type=month]").inputValue();

  const [csvDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Unduh CSV (Excel Indonesia)" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe(`laporan-pkk-rt-001-rw-005-kelurahan-bekasijaya-${month}.csv`);
  const csv = await readFile(await csvDownload.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = Papa.parse<string[]>(csv.toString("utf8").replace(/^\uFEFF/, ""), {
    delimiter: ";",
    skipEmptyLines: true,
  }).data;
  expect(rows[0]?.[0]).toBe("Laporan Bulanan Data Keluarga PKK");
  expect(rows[1]).toEqual(["Wilayah", "RT 001/RW 005, Kelurahan Bekasijaya"]);
  expect(rows[3]?.[1]).toMatch(/WIB$/);
  expect(rows[4]).toEqual(["Dibuat oleh", "Siti Aminah"]);
  expect(rows[5]).toEqual(["Bagian", "Uraian", "Jumlah"]);

  const [xlsxDownload] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Unduh Excel (.xlsx)" }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe(`laporan-pkk-rt-001-rw-005-kelurahan-bekasijaya-${month}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([await readFile(await xlsxDownload.path())]));
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe("Laporan Bulanan Data Keluarga PKK");
  expect(sheet?.getRow(2).getCell(2).value).toBe("RT 001/RW 005, Kelurahan Bekasijaya");
  expect(sheet?.getRow(7).getCell(1).value).toBe("Bagian");
});

test("cadre: the menu has every cadre page; Input Manual locks the cadre's area; the portal page tells what is live", async ({
  page,
}) => {
  await page.goto("/kader-pkk");
  await expect(page.getByRole("heading", { name: "Tersedia Hari Ini" })).toBeVisible();
  await expectAccessible(page);
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/dashboard");
  const menu = page.getByRole("navigation", { name: "Menu utama" });
  await expect(menu.getByRole("link")).toHaveText([
    "Dashboard",
    "Validasi",
    "Daftar Registrasi",
    "Input Manual",
    "Kondisi Khusus",
    "Peta Rumah",
    "Laporan",
    "Profil",
  ]);
  await expect(page.getByRole("heading", { name: "Validasi Melewati Batas Waktu" })).toBeVisible();
  await menu.getByRole("link", { name: "Input Manual" }).click();
  const dialog = page.getByRole("dialog", { name: "Tambah Keluarga Baru" });
  await expect(dialog.getByLabel(/^Kecamatan/)).toBeDisabled();
  await expect(dialog.getByLabel(/^RW/)).toHaveValue("005");
  await expect(dialog.getByLabel(/^RW/)).toHaveAttribute("readonly", "");
  await expect(dialog.getByLabel(/^RT/)).toHaveValue("001");
  await expect(dialog.getByLabel(/^RT/)).toHaveAttribute("readonly", "");
});

test("admin changes a cadre's level and area: it takes effect at the cadre's next request", async ({
  page,
  browser,
}) => {
  const unique = String(Date.now()).slice(-8);
  const email = `kader.akses.${unique}@contoh.id`;
  await page.goto("/kader-pkk/daftar");
  await page.getByLabel("Nama lengkap").fill("Wulan Akses");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Nomor HP").fill("081234567891");
  await page.getByLabel("NIK").pressSequentially(`32750113${unique}`);
  await page.getByLabel("Jabatan").selectOption("Ketua PKK RT");
  await page.getByLabel("Kabupaten/Kota").selectOption({ label: "Kota Bekasi" });
  await page.getByLabel(/^Kecamatan/).selectOption({ label: "Bekasi Timur" });
  await page.getByLabel("Kelurahan/Desa").selectOption({ label: "Bekasijaya" });
  await page.getByLabel(/^RW( \*)?$/).fill("5");
  await page.getByLabel(/^RT( \*)?$/).fill("3");
  await page.getByLabel(/^Password( \*)?$/).fill("Bintang-Laut-48");
  await page.getByLabel("Konfirmasi password").fill("Bintang-Laut-48");
  await page.getByLabel("Jumlah anggota").fill("3");
  await page.getByLabel("Sumber air keluarga").selectOption("pam");
  await page.getByLabel("Sarana MCK").selectOption("wc-sendiri");
  await page.getByLabel("Jenis atap").selectOption("genteng");
  await page.getByLabel("Jenis dinding").selectOption("tembok");
  await page.getByLabel("Jenis lantai").selectOption("keramik");
  await page.getByLabel("Kondisi rumah").selectOption("baik");
  await page.getByLabel("Makanan pokok keluarga").selectOption("beras");
  await page.getByRole("checkbox", { name: /menyetujui data diri dan keluarga saya disimpan/ }).check();
  const question = page.getByText(/^Berapa hasil dari \d+ \+ \d+\?$/);
  const match = /(\d+) \+ (\d+)/.exec((await question.textContent()) ?? "");
  await page.getByLabel("Berapa hasil penjumlahan ini?").fill(String(Number(match?.[1]) + Number(match?.[2])));
  await page.getByRole("button", { name: "Daftar sebagai Kader" }).click();
  await expect(page).toHaveURL(/\/kader\/registration-success$/);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin.request, demoEmails.admin);
  await admin.goto("/admin/kader");
  const card = admin.getByRole("listitem").filter({ hasText: email });
  await card.getByRole("button", { name: "Setujui" }).click();
  await card.getByRole("button", { name: "Setujui kader" }).click();
  await expect(admin.getByText("Wulan Akses disetujui sebagai kader")).toBeVisible();

  await loginAs(page.request, email, "Bintang-Laut-48");
  await page.goto("/kader-pkk/validasi");
  await expect(page.getByText("Wulan Akses · Kader RT")).toBeVisible();

  await admin.getByRole("tab", { name: "Pengguna" }).click();
  await admin.getByLabel("Cari nama, email, atau username").fill(email);
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("RT 003/RW 005, Bekasijaya");
  await row.getByRole("button", { name: "Ubah Akses Wulan Akses" }).click();
  const dialog = admin.getByRole("dialog", { name: "Ubah akses Wulan Akses" });
  await dialog.getByLabel("Tingkat").selectOption("rw");
  await expectAccessible(admin);
  await dialog.getByRole("button", { name: "Simpan perubahan" }).click();
  await expect(admin.getByText("Akses Wulan Akses diperbarui")).toBeVisible();
  await expect(row).toContainText("RW 005, Bekasijaya");
  await adminContext.close();

  // The same session, the next request: the cadre now works at RW level.
  await page.reload();
  await expect(page.getByText("Wulan Akses · Kader RW")).toBeVisible();
  // The header names the level it now works at, not its RT position with an RW after it.
  await expect(page.getByText("Kader PKK RW 005 · Kelurahan Bekasijaya")).toBeVisible();
  await expect(page.getByText(/Ketua PKK RT RW/)).toHaveCount(0);
});
