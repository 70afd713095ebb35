import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

const TEST_WARD_CODE = "32.75.07.1901";

/**
 * Deletes the ward the first test creates, when a run stopped before the test's own delete: a
 * leftover ward changes the ward count every other file sees (the statistics map, the list's pages).
 */
async function removeTestWard(request: APIRequestContext, origin: string) {
  const listed = await request.get(`/api/desa-kelurahans?filters[kode][$eq]=${TEST_WARD_CODE}`);
  const rows: Array<{ id: number }> = listed.ok() ? (await listed.json()).data : [];
  for (const { id } of rows) {
    const removed = await request.delete(`/api/desa-kelurahans/${id}`, { headers: { origin } });
    expect(removed.ok()).toBe(true);
  }
}

test.afterEach(async ({ page, baseURL }) => {
  await loginAs(page.request, demoEmails.admin);
  await removeTestWard(page.request, baseURL ?? "");
});

test("an admin creates, edits, filters, pages and deletes a ward; Statistics and Browse show the new figures", async ({
  page,
  baseURL,
}) => {
  await loginAs(page.request, demoEmails.admin);
  await removeTestWard(page.request, baseURL ?? "");
  await page.goto("/admin/desa-kelurahan");
  await expect(page.getByRole("heading", { level: 1, name: "Data Desa/Kelurahan" })).toBeVisible();
  await expect(page.getByText("Menampilkan 10 dari 56 data")).toBeVisible();
  await expect(page.getByText("Halaman 1 dari 6")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sebelumnya" })).toBeDisabled();
  await expectAccessible(page);

  // Paging runs on the server and is kept in the URL.
  await page.getByRole("button", { name: "Berikutnya" }).click();
  await expect(page.getByText("Halaman 2 dari 6")).toBeVisible();
  await expect(page).toHaveURL(/page=2/);

  // Create: a client-side refusal first, then a valid save.
  await page.getByRole("button", { name: "Tambah Desa/Kelurahan" }).click();
  const dialog = page.getByRole("dialog", { name: "Tambah Desa/Kelurahan Baru" });
  await expect(dialog.getByLabel("Jenis")).toHaveValue("kelurahan");
  await dialog.getByLabel("Nama").fill("Kelurahan Uji Coba");
  await dialog.getByRole("textbox", { name: "Kode", exact: true }).fill(TEST_WARD_CODE);
  await dialog.getByRole("combobox", { name: "Kecamatan" }).selectOption({ label: "Bantargebang" });
  await dialog.getByLabel("Kode Pos").fill("171");
  await dialog.getByLabel("Luas Wilayah (km²)").fill("2.75");
  await dialog.getByLabel("Jumlah Penduduk").fill("12345");
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(dialog.getByText("Kode pos harus 5 digit angka")).toBeVisible();
  await dialog.getByLabel("Kode Pos").fill("17111");
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(toast(page, "Data berhasil dibuat")).toContainText("Berhasil");
  await expect(dialog).toBeHidden();

  // A duplicate code is refused by the server and the dialog keeps what was typed.
  await page.getByRole("button", { name: "Tambah Desa/Kelurahan" }).click();
  await dialog.getByLabel("Nama").fill("Kelurahan Kembar");
  await dialog.getByRole("textbox", { name: "Kode", exact: true }).fill(TEST_WARD_CODE);
  await dialog.getByRole("combobox", { name: "Kecamatan" }).selectOption({ label: "Bantargebang" });
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `Kode ${TEST_WARD_CODE} sudah digunakan` })
      .first(),
  ).toBeVisible();
  await expect(dialog.getByLabel("Nama")).toHaveValue("Kelurahan Kembar");
  await dialog.getByRole("button", { name: "Batal" }).click();

  // Search resets to page 1; the type filter narrows on the server.
  await page.getByLabel("Cari nama atau kode").fill("Uji Coba");
  await page.getByRole("button", { name: "Cari" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByText("Menampilkan 1 dari 1 data")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Kelurahan Uji Coba" });
  await expect(row).toContainText(TEST_WARD_CODE);
  await expect(row).toContainText("Bantargebang");
  await expect(row).toContainText("12.345");
  await expect(page.getByRole("button", { name: "Berikutnya" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Jenis", exact: true }).selectOption("desa");
  await expect(page.getByRole("cell", { name: "Tidak ada data" })).toBeVisible();
  await page.getByRole("combobox", { name: "Jenis", exact: true }).selectOption("kelurahan");
  await expect(row).toBeVisible();

  // Edit every figure.
  await row.getByRole("button", { name: "Edit Kelurahan Uji Coba" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Desa/Kelurahan" });
  await expect(edit.getByLabel("Kode Pos")).toHaveValue("17111");
  await edit.getByLabel("Jumlah Penduduk").fill("23456");
  await edit.getByRole("button", { name: "Simpan" }).click();
  await expect(toast(page, "Data berhasil diupdate")).toBeVisible();
  await expect(row).toContainText("23.456");

  // A form opened before someone else's save is refused, says so, and overwrites nothing.
  await row.getByRole("button", { name: "Edit Kelurahan Uji Coba" }).click();
  await expect(edit.getByLabel("Jumlah Penduduk")).toHaveValue("23456");
  const listed = await page.request.get(`/api/desa-kelurahans?filters[kode][$eq]=${TEST_WARD_CODE}`);
  const wardId: number = (await listed.json()).data[0].id;
  const elsewhere = await page.request.put(`/api/desa-kelurahans/${wardId}`, {
    data: { data: { kode_pos: "17112" } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(elsewhere.ok()).toBe(true);
  await edit.getByLabel("Jumlah Penduduk").fill("34567");
  await edit.getByRole("button", { name: "Simpan" }).click();
  await expect(edit.getByRole("alert")).toContainText("Data ini sudah diubah oleh pengguna lain sejak Anda membukanya");
  await edit.getByRole("button", { name: "Batal" }).click();
  await expect(row).toContainText("23.456");
  await row.getByRole("button", { name: "Edit Kelurahan Uji Coba" }).click();
  await expect(edit.getByLabel("Kode Pos")).toHaveValue("17112");
  await expect(edit.getByRole("alert")).toHaveCount(0);
  await edit.getByRole("button", { name: "Batal" }).click();

  // Statistics: computed on the server, Indonesian number format.
  await page.getByRole("tab", { name: "Statistik" }).click();
  await expect(page.getByRole("group", { name: "Total Wilayah" })).toContainText("0 desa, 57 kelurahan");
  await expect(page.getByRole("group", { name: "Total Penduduk" })).toContainText("23.456 jiwa");
  await expect(page.getByRole("group", { name: "Rata-rata Penduduk" })).toContainText("23.456 jiwa");
  await expect(page.getByRole("group", { name: "Distribusi" })).toContainText("Desa: 0,0%");
  await page.getByRole("combobox", { name: "Kecamatan", exact: true }).selectOption({ label: "Bantargebang" });
  const district = page.getByRole("definition").filter({ hasText: "jiwa" }).first();
  await expect(district).toHaveText("23.456 jiwa");
  await expect(page.getByText("Kelurahan: 100,0%").first()).toBeVisible();
  await expectAccessible(page);

  // Browse: per district with counts in the tabs.
  await page.getByRole("tab", { name: "Jelajah" }).click();
  await page.getByRole("combobox", { name: "Kecamatan", exact: true }).selectOption({ label: "Bantargebang" });
  await page.getByRole("tab", { name: "Kelurahan (5)" }).click();
  const card = page.getByRole("listitem").filter({ hasText: "Kelurahan Uji Coba" });
  await expect(card).toContainText("Penduduk: 23.456 jiwa");
  await expect(card).toContainText(TEST_WARD_CODE);
  await page.getByRole("tab", { name: "Desa (0)" }).click();
  await expect(page.getByText("Tidak ada data")).toBeVisible();
  await expectAccessible(page);

  // Delete from the table.
  await page.getByRole("tab", { name: "Semua Data" }).click();
  await page.getByRole("button", { name: "Hapus Kelurahan Uji Coba" }).click();
  const confirm = page.getByRole("dialog", { name: "Konfirmasi Hapus" });
  await expect(confirm).toContainText('Apakah Anda yakin ingin menghapus "Kelurahan Uji Coba"?');
  await confirm.getByRole("button", { name: "Hapus" }).click();
  await expect(toast(page, "Data berhasil dihapus")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Tidak ada data" })).toBeVisible();
});

test("a ward with families is not deleted; districts are managed in the Management tab", async ({ page }) => {
  await loginAs(page.request, demoEmails.admin);
  await page.goto("/admin/desa-kelurahan?q=Margahayu");
  await page.getByRole("button", { name: "Hapus Margahayu" }).click();
  await page.getByRole("dialog", { name: "Konfirmasi Hapus" }).getByRole("button", { name: "Hapus" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
    "Margahayu tidak dapat dihapus karena masih memiliki",
  );
  await page.getByRole("button", { name: "Batal" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Margahayu" })).toBeVisible();

  await page.getByRole("tab", { name: "Manajemen" }).click();
  await expect(page.getByText("Jumlah Kecamatan")).toBeVisible();
  await page.getByRole("combobox", { name: "Kecamatan", exact: true }).selectOption({ label: "Bekasi Timur" });
  await expect(page.getByText("Kelurahan Margahayu (32.75.01.1002)")).toBeVisible();
  await expectAccessible(page);

  // Districts: a rename is saved and shown; other e2e files count districts, so none is added here.
  await page.getByRole("button", { name: "Edit kecamatan Mustikajaya" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Kecamatan" });
  await expect(dialog.getByRole("textbox", { name: "Kode", exact: true })).toHaveValue("32.75.11");
  await dialog.getByRole("textbox", { name: "Kode", exact: true }).fill("32.75.98");
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(
    dialog.getByText("Kode kecamatan tidak dapat diubah selama masih memiliki desa/kelurahan"),
  ).toBeVisible();
  await dialog.getByRole("textbox", { name: "Kode", exact: true }).fill("32.75.11");
  await dialog.getByLabel("Nama Kecamatan").fill("Mustikajaya Raya");
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(toast(page, "Data berhasil diupdate")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Mustikajaya Raya" })).toContainText("32.75.11");
  await page.getByRole("button", { name: "Edit kecamatan Mustikajaya Raya" }).click();
  // The dialog fills itself from the row once open; typing before that would be overwritten.
  await expect(dialog.getByLabel("Nama Kecamatan")).toHaveValue("Mustikajaya Raya");
  await dialog.getByLabel("Nama Kecamatan").fill("Mustikajaya");
  const renamed = page.waitForResponse((response) => response.url().includes("regions.updateKecamatan"));
  await dialog.getByRole("button", { name: "Simpan" }).click();
  expect((await renamed).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  // The table refetches in one batch with every region query (statistics included), which can take
  // seconds on a loaded PostgreSQL; the rename itself has already been answered above.
  await expect(page.getByRole("row").filter({ hasText: "Mustikajaya Raya" })).toHaveCount(0, { timeout: 30_000 });

  // A district that still has wards is not deleted.
  await page.getByRole("button", { name: "Hapus kecamatan Mustikajaya" }).click();
  await page.getByRole("dialog", { name: "Konfirmasi Hapus" }).getByRole("button", { name: "Hapus" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toContainText(
    "Kecamatan Mustikajaya tidak dapat dihapus karena masih memiliki",
    {
      // Notices are shown one at a time, so this one waits behind the earlier ones.
      timeout: 25_000,
    },
  );
});

test("the page works at 360 px and is refused to cadres", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page.request, demoEmails.admin);
  await page.goto("/admin/desa-kelurahan");
  await expect(page.getByText("Halaman 1 dari 6")).toBeVisible();
  await expectNoHorizontalScroll(page);
  // Every tab, the management tab's district table among them, stays inside the screen.
  for (const tab of ["Manajemen", "Statistik", "Jelajah"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").first()).not.toBeEmpty();
    if (tab === "Manajemen") await expect(page.getByRole("table").first()).toBeVisible();
    await expectNoHorizontalScroll(page);
  }

  // Leave the admin's page first: signed out under it, its open queries would send it to the login
  // page in the middle of the next navigation.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/admin/desa-kelurahan");
  // A signed-in cadre is told the page is not theirs (issue 16), not sent to sign in again.
  await expect(page).toHaveURL(/\/tidak-punya-akses/);
  await expect(page.getByRole("heading", { name: "Tidak punya akses" })).toBeVisible();
});

test("a CSV import reports invalid rows and writes nothing, then applies a valid file", async ({ page }) => {
  await loginAs(page.request, demoEmails.admin);
  await page.goto("/admin/desa-kelurahan?tab=kelola");
  const file = page.getByLabel("Berkas CSV");
  const header = "kode,kode_pos,luas_wilayah,jumlah_penduduk";
  await file.setInputFiles({
    name: "penduduk.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\n32.75.02.1001,17141,3.5,15000\n32.75.02.1002,1714,1,-3\n`),
  });
  await page.getByRole("button", { name: "Impor" }).click();
  const report = page.getByRole("alert").filter({ hasText: "baris tidak valid" });
  await expect(report).toContainText("1 dari 2 baris tidak valid. Tidak ada data yang disimpan.");
  await expect(report.getByRole("row").filter({ hasText: "32.75.02.1002" })).toContainText(
    "Kode pos harus 5 digit angka; Jumlah penduduk tidak boleh negatif",
  );
  await expectAccessible(page);

  await page.goto("/admin/desa-kelurahan?q=32.75.02.1001");
  await expect(page.getByRole("row").filter({ hasText: "32.75.02.1001" })).not.toContainText("15.000");

  await page.goto("/admin/desa-kelurahan?tab=kelola");
  await page.getByLabel("Berkas CSV").setInputFiles({
    name: "penduduk.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\n32.75.02.1001,17141,3.5,15000\n`),
  });
  await page.getByRole("button", { name: "Impor" }).click();
  await expect(page.getByText("1 baris berhasil disimpan.")).toBeVisible();
  await page.goto("/admin/desa-kelurahan?q=32.75.02.1001");
  const row = page.getByRole("row").filter({ hasText: "32.75.02.1001" });
  await expect(row).toContainText("15.000");
  await expect(row).toContainText("17141");
});
