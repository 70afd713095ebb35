import { expect, test, type Locator, type Page } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { uniqueNik } from "./family.ts";
import { searchRecords } from "./records.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

const idNumber = new Intl.NumberFormat("id-ID");

interface Summary {
  cards: Record<"totalFamilies" | "pending" | "specialCondition" | "verified", { current: number }>;
  figures: { water: { pdam: number; mck: number }; house: { healthy: number } };
}

async function serverSummary(page: Page): Promise<Summary> {
  const response = await page.request.get("/trpc/dashboard.summary");
  expect(response.ok()).toBe(true);
  return (await response.json()).result.data;
}

/**
 * Loads the dashboard between two reads of the server's figures; other test files change the demo
 * ward meanwhile, so only a load that both reads agree on is compared.
 */
async function stableDashboard(page: Page): Promise<Summary> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = await serverSummary(page);
    await page.goto("/kader-pkk/dashboard");
    await expect(page.getByTestId("card-total")).toBeVisible();
    const after = await serverSummary(page);
    if (JSON.stringify(before.cards) === JSON.stringify(after.cards)) return after;
  }
  throw new Error("the demo ward's figures kept changing");
}

test("without a session the dashboard sends the visitor to the login page", async ({ page }) => {
  await page.goto("/kader-pkk/dashboard");
  await expect(page).toHaveURL(/\/kader-pkk\/login\?redirect=/);
});

test("the RT cadre's dashboard shows the server's figures for its area", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  const summary = await stableDashboard(page);
  expect(summary.cards.totalFamilies.current).toBeGreaterThan(0);
  await expect(page.getByTestId("card-total")).toHaveText(idNumber.format(summary.cards.totalFamilies.current));
  await expect(page.getByTestId("card-pending")).toHaveText(idNumber.format(summary.cards.pending.current));
  await expect(page.getByTestId("card-special")).toHaveText(idNumber.format(summary.cards.specialCondition.current));
  await expect(page.getByTestId("card-verified")).toHaveText(idNumber.format(summary.cards.verified.current));
  // The quick actions (the signed-in menu carries the same pages).
  const quick = page.getByRole("region", { name: "Quick Actions" });
  await expect(quick.getByRole("link", { name: "Validasi Data" })).toHaveAttribute("href", "/kader-pkk/validasi");
  await expect(quick.getByRole("link", { name: "Input Manual" })).toHaveAttribute("href", "/kader-pkk/input-manual");
  await expect(quick.getByRole("link", { name: "Laporan Bulanan" })).toHaveAttribute("href", "/kader-pkk/laporan");
  await expect(quick.getByRole("link", { name: "Kondisi Khusus" })).toHaveAttribute(
    "href",
    "/kader-pkk/kondisi-khusus",
  );
  await expect(quick.getByRole("link", { name: "Peta Rumah" })).toHaveAttribute("href", "/kader-pkk/peta");
  const water = page.getByRole("region", { name: "Sumber Air & MCK" });
  await expect(water.getByRole("definition").first()).toContainText(idNumber.format(summary.figures.water.pdam));
  await expect(page.getByText("Perlu bantuan: rumah kurang sehat")).toBeVisible();
  await expectAccessible(page);

  // Latest registrations: search on the server, Review opens the Maker Checker dialog.
  // The term travels in a POST body, never in a URL a proxy would log (DESIGN §6).
  const requests: Array<{ url: string; method: string; body: string }> = [];
  page.on("request", (request) =>
    requests.push({ url: request.url(), method: request.method(), body: request.postData() ?? "" }),
  );
  const latest = page.getByRole("region", { name: "Registrasi terbaru" });
  await latest.getByLabel("Cari nama kepala keluarga atau alamat").fill("tidak ada keluarga bernama ini");
  await latest.getByRole("button", { name: "Cari" }).click();
  await expect(latest.getByText("Data tidak ditemukan.")).toBeVisible();
  expect(requests.filter((request) => request.url.includes("bernama"))).toEqual([]);
  const searched = requests.filter((request) => request.body.includes("bernama"));
  expect(searched.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
    ["POST", "/trpc/registers.list"],
  ]);
  await latest.getByLabel("Cari nama kepala keluarga atau alamat").fill("rt 001");
  await latest.getByRole("button", { name: "Cari" }).click();
  await latest
    .getByRole("button", { name: /^Review / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Maker Checker: / });
  await expect(dialog.getByRole("tab", { name: "Kegiatan PKK" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  // Exact: a record another test gave a house location also shows 'Hapus Lokasi'.
  await expect(dialog.getByRole("button", { name: "Hapus", exact: true })).toBeVisible();
  await expect(dialog.getByText(/^\d{16}$/).first()).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Tutup", exact: true }).first().click();

  await page.getByRole("button", { name: "Lihat Semua Registrasi" }).click();
  const all = page.getByRole("dialog", { name: "Semua Registrasi" });
  await expect(all.getByText(/^Halaman 1 dari \d+$/)).toBeVisible();
  await expect(all.getByRole("button", { name: "Prev" })).toBeDisabled();
  // The list adds a family too: a blank one opens in the Maker Checker, in edit mode.
  await all.getByRole("button", { name: "+ Tambah Keluarga Baru" }).click();
  const blank = page.getByRole("dialog", { name: "Tambah Keluarga Baru" });
  await expect(blank.getByRole("button", { name: "Simpan" })).toBeVisible();
  await blank.getByRole("button", { name: "Batal" }).click();
  await expect(blank).toHaveCount(0);
  await expect(all).toBeVisible();
});

test("on a 360 px phone the dashboard and the list fit without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/dashboard");
  await expect(page.getByTestId("card-total")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto("/kader-pkk/registrasi-list");
  await expect(page.getByText(/^Halaman 1 dari \d+$/)).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("all registrations: 5 per page, paging in the URL, search back to page 1, empty text", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderKelurahan);
  await page.goto("/kader-pkk/registrasi-list");
  const rows = page.getByRole("region", { name: "Semua registrasi" }).getByRole("listitem");
  await expect(rows).toHaveCount(5);
  const pager = page.getByText(/^Halaman 1 dari (\d+)$/);
  const pages = Number(/dari (\d+)/.exec((await pager.textContent()) ?? "")?.[1]);
  expect(pages).toBeGreaterThan(1);
  await expect(page.getByRole("button", { name: "Prev" })).toBeDisabled();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Halaman 2 dari ${pages}`)).toBeVisible();
  await page.goto(`/kader-pkk/registrasi-list?page=${pages}`);
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.getByLabel("Cari nama kepala keluarga atau alamat").fill("Nama Yang Tidak Pernah Ada");
  await page.getByRole("button", { name: "Cari" }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText("Data tidak ditemukan.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "← Kembali ke Dashboard" }).click();
  await expect(page).toHaveURL(/\/kader-pkk\/dashboard$/);
});

test("a member edited in the Maker Checker dialog is still changed after a reload, with a revision", async ({
  page,
}) => {
  // A household of its own: the demo households change status as other tests run at the same time,
  // and a verified one is locked (its Edit disabled).
  const name = `Diubah ${Date.now().toString(36)}`;
  await registerFamilyViaApi(page.request, { wardKode: "32.75.01.1001", rw: "005", rt: "004" }, name, {
    wifeName: "Sri Wahyuni",
  });
  await loginAs(page.request, demoEmails.kaderKelurahan);
  const row = (await searchRecords(page, name)).first();
  await row.getByRole("button", { name: /^Maker Checker / }).click();
  const dialog = page.getByRole("dialog", { name: `Maker Checker: ${name}` });
  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  await dialog.getByRole("tab", { name: "Anggota Keluarga" }).click();
  await expectAccessible(page);
  const newName = `Anggota Diubah ${Date.now() % 100000}`;
  await dialog
    .getByRole("button", { name: /^Edit anggota / })
    .nth(1)
    .click();
  const memberForm = dialog.getByRole("group", { name: "Edit Anggota 2" });
  await memberForm.getByLabel("Nama Lengkap").fill(newName);
  await memberForm.getByRole("button", { name: "Simpan Anggota" }).click();
  await expect(dialog.getByText(newName, { exact: true })).toBeVisible();
  // The test NIKs disagree with the birth dates: the cadre's first save confirms them.
  await dialog.getByLabel("Saya sudah memeriksa dokumen; data NIK ini benar").check();
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil diupdate" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Edit", exact: true })).toBeVisible();

  await page.reload();
  await page
    .getByRole("region", { name: "Semua registrasi" })
    .getByRole("button", { name: `Maker Checker ${name}` })
    .first()
    .click();
  const reopened = page.getByRole("dialog", { name: `Maker Checker: ${name}` });
  await reopened.getByRole("tab", { name: "Anggota Keluarga" }).click();
  await expect(reopened.getByRole("tabpanel").getByText(newName)).toBeVisible();
  await reopened.getByText("Riwayat Perubahan Data").click();
  await expect(reopened.getByRole("listitem").filter({ hasText: "Anggota 2: Nama Lengkap" }).first()).toContainText(
    newName,
  );
});

test("a member typed into the Maker Checker but not saved with 'Simpan Anggota' survives a tab switch and stops Simpan", async ({
  page,
}) => {
  const name = `Draf Anggota ${Date.now().toString(36)}`;
  await registerFamilyViaApi(page.request, { wardKode: "32.75.01.1001", rw: "005", rt: "004" }, name);
  await loginAs(page.request, demoEmails.kaderKelurahan);
  const row = (await searchRecords(page, name)).first();
  await row.getByRole("button", { name: /^Maker Checker / }).click();
  const dialog = page.getByRole("dialog", { name: `Maker Checker: ${name}` });
  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  // The test NIKs disagree with the birth dates: confirmed, so only the member draft can stop Simpan.
  await dialog.getByLabel("Saya sudah memeriksa dokumen; data NIK ini benar").check();
  const membersTab = dialog.getByRole("tab", { name: "Anggota Keluarga" });
  await membersTab.click();
  await dialog.getByRole("button", { name: "+ Tambah Anggota" }).click();
  const draft = dialog.getByRole("group", { name: "Tambah Anggota" });
  await draft.getByLabel("NIK").fill(uniqueNik());
  await draft.getByLabel("Nama Lengkap").fill("Anak Belum Disimpan");

  // Another tab and back: the typed member is still there.
  await dialog.getByRole("tab", { name: "Catatan" }).click();
  await expect(draft).toBeHidden();
  await membersTab.click();
  await expect(draft.getByLabel("Nama Lengkap")).toHaveValue("Anak Belum Disimpan");

  // Simpan from another tab: refused with why, back on the members tab, in the member form.
  await dialog.getByRole("tab", { name: "Catatan" }).click();
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Simpan atau batalkan anggota yang sedang diisi terlebih dahulu" }),
  ).toBeVisible();
  await expect(membersTab).toHaveAttribute("aria-selected", "true");
  await expect(draft.getByLabel("NIK")).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil diupdate" })).toHaveCount(0);

  // The same for a member's edit form with a change; an untouched one does not hold Simpan.
  await draft.getByRole("button", { name: "Batal" }).click();
  await dialog
    .getByRole("button", { name: /^Edit anggota / })
    .first()
    .click();
  const edit = dialog.getByRole("group", { name: "Edit Anggota 1" });
  await edit.getByLabel("Nama Lengkap").fill(`${name} Diubah`);
  await dialog.getByRole("tab", { name: "Catatan" }).click();
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(edit.getByLabel("NIK")).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil diupdate" })).toHaveCount(0);
  await edit.getByRole("button", { name: "Batal" }).click();
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil diupdate" })).toBeVisible();
});

/** The Maker Checker's members tab: the head added as the family's first member, born 31 January 1980. */
async function addHeadAsMember(dialog: Locator, headName: string, nik: string, sex: "Laki-laki" | "Perempuan") {
  await dialog.getByRole("tab", { name: /Anggota Keluarga/ }).click();
  const member = dialog.getByRole("group", { name: "Tambah Anggota" });
  await member.getByLabel("NIK").fill(nik);
  await member.getByLabel("Nama Lengkap").fill(headName);
  await member.getByLabel("Tanggal Lahir").fill("1980-01-31");
  await member.getByLabel("Jenis Kelamin").selectOption(sex);
  await member.getByLabel("Pekerjaan").selectOption("Wiraswasta");
  await member.getByLabel("Pendidikan Terakhir").selectOption("SMA/SMK");
  await member.getByRole("button", { name: "Simpan Anggota" }).click();
  await expect(dialog.getByText(`NIK ${nik}`)).toBeVisible();
}

test("input manual opens a new family in edit mode and saving creates it in the cadre's area", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/input-manual");
  const dialog = page.getByRole("dialog", { name: "Tambah Keluarga Baru" });
  await expect(dialog.getByRole("button", { name: "Simpan", exact: true })).toBeVisible();
  const headName = `Keluarga Manual ${Date.now() % 100000}`;
  const nik = uniqueNik();
  await dialog.getByLabel("Nama Kepala Keluarga").fill(headName);
  await dialog.getByLabel("NIK Kepala Keluarga").fill(nik);
  await dialog.getByLabel("Nomor HP").fill("081234500000");
  await expect(dialog.getByRole("textbox", { name: /^RT\b/ })).toHaveValue("001");
  await expectAccessible(page);

  // Saving too early names what is missing and shows the tab.
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Periksa kembali isian" })).toBeVisible();

  // 'Hamil' below needs a woman aged 10–55 among the members (the shared household rules).
  await addHeadAsMember(dialog, headName, nik, "Perempuan");

  await dialog.getByRole("tab", { name: /Kondisi Khusus/ }).click();
  await dialog.getByLabel("Hamil", { exact: true }).check();
  await dialog.getByLabel("Jumlah Hamil").fill("1");
  await dialog.getByRole("tab", { name: /Rumah & Lingkungan/ }).click();
  await dialog.getByLabel("Sumber Air Keluarga").selectOption("PDAM");
  await dialog.getByLabel("Makanan Pokok").selectOption("Beras");
  await dialog.getByRole("tab", { name: /Catatan/ }).click();
  await dialog.getByLabel(/Keluarga telah menyetujui/).check();
  // The NIK's digits 7–12 say another birth date: the cadre must confirm after checking the documents.
  await expect(dialog.getByRole("group", { name: "Konfirmasi NIK" })).toContainText(
    "berbeda dengan tanggal lahir anggota",
  );
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Centang konfirmasi" })).toBeVisible();
  await dialog.getByLabel("Saya sudah memeriksa dokumen; data NIK ini benar").check();
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil dibuat" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: `Maker Checker: ${headName}` })).toBeVisible();

  await page
    .getByRole("dialog", { name: `Maker Checker: ${headName}` })
    .getByRole("button", { name: "Tutup", exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/kader-pkk\/registrasi-list/);
  await page.getByLabel("Cari nama kepala keluarga atau alamat").fill(headName);
  await page.getByRole("button", { name: "Cari" }).click();
  const row = page.getByRole("region", { name: "Semua registrasi" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("RT 001/RW 005, Bekasijaya");
  await expect(row).toContainText("Hamil");
  await expect(row).toContainText("Pending");
});

test("on a phone, closing the new-family dialog with unsaved input asks first: backdrop, Esc and Tutup", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/input-manual");
  const dialog = page.getByRole("dialog", { name: "Tambah Keluarga Baru" });
  const ask = page.getByRole("dialog", { name: "Perubahan belum disimpan" });
  // Untouched: a tap on the dim strip above the bottom sheet closes it as before.
  await expect(dialog.getByLabel("Nama Kepala Keluarga")).toBeVisible();
  await page.mouse.click(180, 5);
  await expect(page).toHaveURL(/\/kader-pkk\/registrasi-list/);
  await expect(ask).toHaveCount(0);

  await page.goto("/kader-pkk/input-manual");
  await dialog.getByLabel("Nama Kepala Keluarga").fill("Keluarga Hampir Hilang");
  await page.mouse.click(180, 5);
  await expect(ask).toContainText("Perubahan belum disimpan. Tutup tanpa menyimpan?");
  await expectAccessible(page);
  await ask.getByRole("button", { name: "Batal" }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL(/\/kader-pkk\/input-manual/);
  await expect(dialog.getByLabel("Nama Kepala Keluarga")).toHaveValue("Keluarga Hampir Hilang");

  await dialog.getByLabel("Nama Kepala Keluarga").press("Escape");
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Batal" }).click();
  // A second Esc with no click between still asks.
  await dialog.getByLabel("Nama Kepala Keluarga").press("Escape");
  await expect(ask).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(ask).toHaveCount(0);
  await dialog.getByLabel("Nama Kepala Keluarga").press("Escape");
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Batal" }).click();
  await expect(dialog.getByLabel("Nama Kepala Keluarga")).toHaveValue("Keluarga Hampir Hilang");

  await dialog.getByRole("button", { name: "Tutup", exact: true }).first().click();
  await ask.getByRole("button", { name: "Tutup tanpa menyimpan" }).click();
  await expect(page).toHaveURL(/\/kader-pkk\/registrasi-list/);
  await expect(dialog).toHaveCount(0);

  // Only a member typed into 'Tambah Anggota' counts as unsaved input too.
  await page.goto("/kader-pkk/input-manual");
  await dialog.getByRole("tab", { name: "Anggota Keluarga" }).click();
  await dialog.getByRole("group", { name: "Tambah Anggota" }).getByLabel("Nama Lengkap").fill("Anak Pertama");
  await dialog.getByRole("button", { name: "Tutup", exact: true }).first().click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Batal" }).click();
  await expect(dialog.getByRole("group", { name: "Tambah Anggota" }).getByLabel("Nama Lengkap")).toHaveValue(
    "Anak Pertama",
  );
});

test("Batal in an existing record's edit asks before throwing typed changes away, then Tutup closes at once", async ({
  page,
}) => {
  const name = `Batal Edit ${Date.now().toString(36)}`;
  await registerFamilyViaApi(page.request, { wardKode: "32.75.01.1001", rw: "005", rt: "004" }, name);
  await loginAs(page.request, demoEmails.kaderKelurahan);
  const row = (await searchRecords(page, name)).first();
  await row.getByRole("button", { name: /^Maker Checker / }).click();
  const dialog = page.getByRole("dialog", { name: `Maker Checker: ${name}` });
  const ask = page.getByRole("dialog", { name: "Perubahan belum disimpan" });
  // Nothing typed: Batal goes back to the record without asking.
  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  await dialog.getByRole("button", { name: "Batal", exact: true }).click();
  await expect(ask).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Edit", exact: true })).toBeVisible();

  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  await dialog.getByLabel("Nama Kepala Keluarga").fill(`${name} Diketik`);
  await dialog.getByRole("button", { name: "Batal", exact: true }).click();
  await expect(ask).toContainText("Buang perubahan dan kembali ke tampilan data?");
  await ask.getByRole("button", { name: "Batal" }).click();
  await expect(ask).toHaveCount(0);
  await expect(dialog.getByLabel("Nama Kepala Keluarga")).toHaveValue(`${name} Diketik`);

  await dialog.getByRole("button", { name: "Batal", exact: true }).click();
  await ask.getByRole("button", { name: "Buang perubahan" }).click();
  await expect(dialog.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: `Maker Checker: ${name}` })).toBeVisible();
  // Discarded means nothing is left to ask about.
  await dialog.getByRole("button", { name: "Tutup", exact: true }).first().click();
  await expect(ask).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
});

test("a head member named otherwise than the family's head shows why on that member's row", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/input-manual");
  const dialog = page.getByRole("dialog", { name: "Tambah Keluarga Baru" });
  const nik = uniqueNik();
  await dialog.getByLabel("Nama Kepala Keluarga").fill(`Keluarga Beda Nama ${Date.now() % 100000}`);
  await dialog.getByLabel("NIK Kepala Keluarga").fill(nik);
  await dialog.getByLabel("Nomor HP").fill("081234500000");
  await addHeadAsMember(dialog, "Nama Lain Sama Sekali", nik, "Laki-laki");
  await dialog.getByRole("tab", { name: /Rumah & Lingkungan/ }).click();
  await dialog.getByLabel("Sumber Air Keluarga").selectOption("PDAM");
  await dialog.getByLabel("Makanan Pokok").selectOption("Beras");
  await dialog.getByRole("tab", { name: /Catatan/ }).click();
  await dialog.getByLabel(/Keluarga telah menyetujui/).check();
  await dialog.getByLabel("Saya sudah memeriksa dokumen; data NIK ini benar").check();
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(dialog.getByRole("tab", { name: /Anggota Keluarga/ })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByRole("tabpanel").getByRole("listitem").first()).toContainText(
    "Nama anggota Kepala Keluarga harus sama dengan nama kepala keluarga",
  );
});

test("input manual on a phone whose connection drops Simpan's answer: Simpan again saves the one family, not 'NIK sudah terdaftar'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/input-manual");
  const dialog = page.getByRole("dialog", { name: "Tambah Keluarga Baru" });
  const headName = `Keluarga Sinyal ${Date.now() % 100000}`;
  const nik = uniqueNik();
  await dialog.getByLabel("Nama Kepala Keluarga").fill(headName);
  await dialog.getByLabel("NIK Kepala Keluarga").fill(nik);
  await dialog.getByLabel("Nomor HP").fill("081234500000");
  await addHeadAsMember(dialog, headName, nik, "Laki-laki");
  await dialog.getByRole("tab", { name: /Rumah & Lingkungan/ }).click();
  await dialog.getByLabel("Sumber Air Keluarga").selectOption("PDAM");
  await dialog.getByLabel("Makanan Pokok").selectOption("Beras");
  await dialog.getByRole("tab", { name: /Catatan/ }).click();
  await dialog.getByLabel(/Keluarga telah menyetujui/).check();
  await dialog.getByLabel("Saya sudah memeriksa dokumen; data NIK ini benar").check();

  // The first Simpan reaches the server, which saves the family; its answer never reaches the phone.
  let dropped = 0;
  await page.route("**/trpc/registers.create*", async (route) => {
    if (dropped > 0) return route.continue();
    dropped += 1;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error" })).toBeVisible();
  expect(dropped).toBe(1);
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil dibuat" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: `Maker Checker: ${headName}` })).toBeVisible();
  await expect(page.getByText("NIK sudah terdaftar")).toHaveCount(0);

  await expect(await searchRecords(page, headName)).toHaveCount(1);
});

test("the special-conditions monitor counts the area's families and filters by condition", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderKelurahan);
  await page.goto("/kader-pkk/kondisi-khusus");
  await expect(page.getByRole("heading", { name: "Monitor Kondisi Khusus" })).toBeVisible();
  for (const label of [
    "Hamil",
    "Menyusui",
    "Tunanetra",
    "Ibu Meninggal",
    "Bayi Meninggal",
    "Balita Meninggal",
    "Kelahiran Baru",
    "Akta Lahir",
    "Nifas",
  ]) {
    await expect(page.getByRole("button", { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole("button", { name: /^Hamil/ }).click();
  await expect(page).toHaveURL(/condition=pregnant/);
  await expect(page.getByRole("button", { name: /^Hamil/ })).toHaveAttribute("aria-pressed", "true");
  const heading = page.getByRole("heading", { name: /^Keluarga dengan kondisi Hamil \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const listed = page.getByRole("region", { name: /^Keluarga dengan kondisi Hamil/ }).getByRole("listitem");
  await expect.poll(async () => (await listed.allTextContents()).every((text) => text.includes("Hamil:"))).toBe(true);

  await page.getByLabel("RT", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Terapkan Filter" }).click();
  await expect(page).toHaveURL(/rt=002/);
  await expect(page).toHaveURL(/condition=pregnant/);
  await expect
    .poll(async () =>
      (await listed.allTextContents()).every((text) => text.includes("RT 002/") && text.includes("Hamil:")),
    )
    .toBe(true);
});

test("the monthly report shows the area's figures and exports a spreadsheet and CSV", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/laporan");
  await expect(page.getByRole("heading", { name: "Laporan Bulanan" })).toBeVisible();
  await expect(page.getByRole("table").first()).toBeVisible();
  // The report and the recap forms it links to count families on different bases: the page says so.
  await expect(page.getByText(/menurut tanggal\s+registrasi, semua status/)).toBeVisible();
  await expect(page.getByText(/Disetujui\s+menurut tanggal pendataan, sehingga angkanya dapat berbeda/)).toBeVisible();
  await expectAccessible(page);
  const xlsx = page.waitForEvent("download");
  await page.getByRole("button", { name: "Unduh Excel (.xlsx)" }).click();
  expect((await xlsx).suggestedFilename()).toMatch(
    /^laporan-pkk-rt-001-rw-005-kelurahan-bekasijaya-\d{4}-\d{2}\.xlsx$/,
  );
  const csv = page.waitForEvent("download");
  await page.getByRole("button", { name: "Unduh CSV (Excel Indonesia)" }).click();
  expect((await csv).suggestedFilename()).toMatch(/^laporan-pkk-rt-001-rw-005-kelurahan-bekasijaya-\d{4}-\d{2}\.csv$/);
});

test("the monthly report's month input follows the browser's Back button", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/laporan?bulan=2025-01");
  const month = page.getByRole("form", { name: "Pilih bulan laporan" }).getByLabel("Bulan");
  await expect(month).toHaveValue("2025-01");
  await month.fill("2025-03");
  await page.getByRole("button", { name: "Tampilkan" }).click();
  await expect(page).toHaveURL(/bulan=2025-03/);
  await expect(page.getByText(/· Maret 2025$/)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/bulan=2025-01/);
  await expect(page.getByText(/· Januari 2025$/)).toBeVisible();
  await expect(month).toHaveValue("2025-01");
});

test("two cadres edit the same record: the later save is refused, then the fresh data is loaded under the typed changes and Simpan again saves both", async ({
  page,
  context,
}) => {
  // A record of its own, waiting for the RT: verified records are locked and could not be edited.
  const name = `Bersamaan ${Date.now().toString(36)}`;
  await registerFamilyViaApi(page.request, { wardKode: "32.75.01.1001", rw: "005", rt: "003" }, name);
  await loginAs(page.request, demoEmails.kaderKelurahan);
  const other = await context.newPage();
  const openForEdit = async (target: Page) => {
    const row = (await searchRecords(target, name)).first();
    await row.getByRole("button", { name: /^Maker Checker / }).click();
    const dialog = target.getByRole("dialog", { name: `Maker Checker: ${name}` });
    await dialog.getByRole("button", { name: "Edit", exact: true }).click();
    await dialog.getByRole("tab", { name: "Catatan" }).click();
    // The family's NIKs (test serials) disagree with the birth dates: the first cadre save confirms them.
    await dialog.getByLabel("Saya sudah memeriksa dokumen; data NIK ini benar").check();
    return dialog;
  };
  const first = await openForEdit(page);
  const second = await openForEdit(other);
  const stamp = Date.now() % 100000;
  const phone = `0813${String(stamp).padStart(8, "0")}`;

  await first.getByRole("textbox", { name: "Catatan" }).fill(`Catatan pertama ${stamp}`);
  await first.getByRole("tab", { name: "Data Keluarga" }).click();
  await first.getByLabel("Nomor HP").fill(phone);
  await first.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil diupdate" })).toBeVisible();

  await second.getByRole("textbox", { name: "Catatan" }).fill(`Catatan kedua ${stamp}`);
  await second.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(other.getByRole("alert").filter({ hasText: "Data ini sudah diubah oleh pengguna lain" })).toBeVisible();
  // Still editing, on the fresh version: the other cadre's phone, this cadre's note.
  await expect(
    second.getByRole("status").filter({ hasText: "Perubahan dari pengguna lain sudah dimuat" }),
  ).toBeVisible();
  await second.getByRole("tab", { name: "Catatan" }).click();
  await expect(second.getByRole("textbox", { name: "Catatan" })).toHaveValue(`Catatan kedua ${stamp}`);
  await second.getByRole("tab", { name: "Data Keluarga" }).click();
  await expect(second.getByLabel("Nomor HP")).toHaveValue(phone);
  await second.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(other.getByRole("status").filter({ hasText: "Data berhasil diupdate" })).toBeVisible();
  // The toast comes before the record is read again: the view's tabs only once it is back.
  await expect(second.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
  await second.getByRole("tab", { name: "Catatan" }).click();
  await expect(second.getByRole("tabpanel")).toHaveText(`Catatan kedua ${stamp}`);
  await second.getByRole("tab", { name: "Data Keluarga" }).click();
  await expect(second.getByRole("tabpanel")).toContainText(phone);
  await other.close();
});

test("an official (aparat) reads a record with masked NIKs, no health fields and no Edit", async ({ page }) => {
  await loginAs(page.request, demoEmails.aparat);
  await page.goto("/kader-pkk/registrasi-list");
  await expect(page.getByRole("button", { name: "+ Tambah Keluarga Baru" })).toHaveCount(0);
  await page
    .getByRole("region", { name: "Semua registrasi" })
    .getByRole("button", { name: /^Maker Checker / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: /^Maker Checker: / });
  await expect(dialog.getByText(/^\d{6}\*{6}\d{4}$/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
  // Members: NIKs masked and birth dates reduced to the year, which would otherwise give the NIK back.
  await dialog.getByRole("tab", { name: "Anggota Keluarga" }).click();
  const firstMember = dialog.getByRole("tabpanel").getByRole("listitem").first();
  await expect(firstMember.getByText(/^NIK \d{6}\*{6}\d{4}$/)).toBeVisible();
  await expect(firstMember).toContainText(/lahir tahun \d{4} ·/);
  await dialog.getByRole("tab", { name: "Kondisi Khusus" }).click();
  await expect(dialog.getByText("Data kesehatan keluarga hanya dapat dilihat oleh kader dan admin.")).toBeVisible();
  await expectAccessible(page);
});
