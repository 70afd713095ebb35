import { expect, test, type Locator, type Page } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { answerCaptcha, fillFamilyForm, uniqueNik } from "./family.ts";
import { searchRecords } from "./records.ts";
import { registerFamilyViaApi, searchStatusViaApi } from "./resident-api.ts";

// The RT cadre of the demo data works in Bekasijaya (32.75.01.1001), RW 005, RT 001.
const rtCadreArea = { wardKode: "32.75.01.1001", rw: "005", rt: "001" };

// The steps share the demo ward's RT 001 (Bekasijaya, RW 005), so they run one after another;
// each one registers the families it moves.
test.describe.configure({ mode: "serial" });

const cards = (page: Page) => page.locator("li.card");
const cardOf = (page: Page, number: string) => cards(page).filter({ hasText: number });
const exact = (name: string) => ({ name, exact: true });

async function confirm(page: Page, card: Locator, action: string, dialogTitle: string, submit: string) {
  await card.getByRole("button", exact(action)).click();
  const dialog = page.getByRole("dialog", { name: dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", exact(submit)).click();
  await expect(page.getByRole("status").filter({ hasText: "Berhasil" })).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("without a session the queue sends the visitor to the login page", async ({ page }) => {
  await page.goto("/kader-pkk/validasi");
  await expect(page).toHaveURL(/\/kader-pkk\/login\?redirect=/);
});

test("a family registered through the public form goes RT → RW → kelurahan to 'Disetujui'; the history and the public search show it", async ({
  page,
}) => {
  const { registrationNumber: number, nik } = await registerFamilyViaApi(page.request, rtCadreArea);
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/validasi");
  await expect(page.getByRole("heading", { name: "Validasi Data Keluarga" })).toBeVisible();
  await expect(page.getByText("Kelurahan Bekasijaya, RW 005, RT 001")).toBeVisible();
  const pending = cardOf(page, number);
  await expect(pending.getByText("Menunggu Persetujuan")).toBeVisible();
  await expectAccessible(page);
  await confirm(page, pending, "Verifikasi", "Verifikasi Data Keluarga", "Verifikasi");
  await expect(cardOf(page, number)).toHaveCount(0);

  await loginAs(page.request, demoEmails.kaderRw);
  await page.goto("/kader-pkk/validasi?rt=001");
  const atRw = cardOf(page, number);
  await expect(atRw.getByText("Diverifikasi RT")).toBeVisible();
  await confirm(page, atRw, "Verifikasi", "Verifikasi Data Keluarga", "Verifikasi");
  await expect(cardOf(page, number)).toHaveCount(0);

  await loginAs(page.request, demoEmails.kaderKelurahan);
  await page.goto("/kader-pkk/validasi?rw=005&rt=001");
  const atKelurahan = cardOf(page, number);
  await expect(atKelurahan.getByText("Diverifikasi RW")).toBeVisible();
  await confirm(page, atKelurahan, "Verifikasi", "Verifikasi Data Keluarga", "Verifikasi");

  await page.getByLabel("Status").selectOption({ label: "Disetujui" });
  await page.getByRole("button", exact("Terapkan Filter")).click();
  await expect(page).toHaveURL(/status=APPROVED/);
  const approved = cardOf(page, number);
  await expect(approved.getByText("Disetujui")).toBeVisible();
  await approved.getByRole("button", exact("Riwayat")).click();
  const history = page.getByRole("dialog", { name: "Riwayat Validasi" });
  await expect(history.getByRole("listitem")).toHaveCount(4);
  await expect(history.getByRole("listitem").nth(1)).toContainText("Menunggu Persetujuan → Diverifikasi RT");
  await expect(history.getByRole("listitem").nth(1)).toContainText("Siti Aminah · Kader RT");
  await expect(history.getByRole("listitem").nth(2)).toContainText("Dewi Lestari · Kader RW");
  await expect(history.getByRole("listitem").nth(3)).toContainText("Diverifikasi RW → Disetujui");
  await expect(history.getByRole("listitem").nth(3)).toContainText("Rina Marlina · Kader Kelurahan");
  await expectAccessible(page);
  expect(await searchStatusViaApi(page.request, nik)).toEqual(["Disetujui"]);
});

test("a status change that fails shows the spec's 'Error' toast, and the record still waits", async ({ page }) => {
  const { registrationNumber: number } = await registerFamilyViaApi(page.request, rtCadreArea, "Gagal Verifikasi");
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/validasi");
  const card = cardOf(page, number);
  await card.getByRole("button", exact("Verifikasi")).click();
  const dialog = page.getByRole("dialog", { name: "Verifikasi Data Keluarga" });
  // The network fails: no server message to show, so the spec's fallback.
  await page.route(
    (url) => url.pathname.includes("registers.transition"),
    (route) => route.abort("failed"),
  );
  await dialog.getByRole("button", exact("Verifikasi")).click();
  const failure = page.getByRole("alert").filter({ hasText: "Failed to update register status" });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText("Error");
  await page.unrouteAll();
  await page.reload();
  await expect(cardOf(page, number).getByText("Menunggu Persetujuan")).toBeVisible();
});

test("offline at 360 px: Batal takes back a move still waiting for the connection, so only the rejection chosen instead is sent", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { registrationNumber: number } = await registerFamilyViaApi(page.request, rtCadreArea, "Batal Luring");
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/validasi");
  const card = cardOf(page, number);
  await expect(card.getByRole("button", exact("Verifikasi"))).toBeVisible();
  await context.setOffline(true);

  await card.getByRole("button", exact("Verifikasi")).click();
  const verify = page.getByRole("dialog", { name: "Verifikasi Data Keluarga" });
  await verify.getByRole("button", exact("Verifikasi")).click();
  await expect(verify.getByRole("status")).toContainText("Menunggu koneksi");
  await expect(verify.getByRole("button", exact("Menunggu koneksi..."))).toBeDisabled();
  await expectAccessible(page);
  await verify.getByRole("button", exact("Batal")).click();
  await expect(verify).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Tidak dikirim" })).toContainText("dibatalkan");

  await card.getByRole("button", exact("Tolak")).click();
  const reject = page.getByRole("dialog", { name: "Tolak Data Keluarga" });
  await reject.getByLabel("Alasan penolakan").fill("Dokumen tidak lengkap");
  await reject.getByRole("button", exact("Tolak Data")).click();
  await expect(reject.getByRole("status")).toContainText("Menunggu koneksi");
  await context.setOffline(false);
  await expect(page.getByRole("status").filter({ hasText: "Berhasil" })).toContainText("Ditolak");
  expect(await searchStatusViaApi(page.request, number)).toEqual(["Ditolak"]);
});

test("at 360 px an RT cadre asks for a revision (note required), then resubmits the corrected record", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { registrationNumber: number } = await registerFamilyViaApi(page.request, rtCadreArea, "Joko Santoso");
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/validasi");
  const card = cardOf(page, number);
  await expect(card.getByRole("button", exact("Minta Revisi"))).toBeVisible();
  await expectNoHorizontalScroll(page);

  await card.getByRole("button", exact("Minta Revisi")).click();
  const dialog = page.getByRole("dialog", { name: "Minta Revisi" });
  await dialog.getByRole("button", exact("Kirim Permintaan Revisi")).click();
  await expect(dialog.getByText("Catatan revisi wajib diisi")).toBeVisible();
  await expectAccessible(page);
  await expect(dialog.getByText("Catatan ini akan dibaca oleh keluarga")).toBeVisible();
  await dialog.getByLabel("Catatan revisi").fill("Nomor HP tidak aktif, mohon diperbarui");
  await dialog.getByRole("button", exact("Kirim Permintaan Revisi")).click();
  await expect(page.getByRole("status").filter({ hasText: "Berhasil" })).toBeVisible();
  // 'Kabari lewat WhatsApp': wa.me with the family's number and the status, the note and the status link.
  const whatsapp = page.getByRole("link", exact("Kabari lewat WhatsApp"));
  const href = (await whatsapp.getAttribute("href")) ?? "";
  expect(href).toMatch(/^https:\/\/wa\.me\/6281298765432\?text=/);
  const message = decodeURIComponent(href.split("?text=")[1] ?? "");
  expect(message).toContain("sekarang: Perlu Revisi");
  expect(message).toContain("Catatan kader: Nomor HP tidak aktif, mohon diperbarui");
  expect(message).toContain(`/search?nomor=${number}`);
  await page.getByRole("dialog").getByRole("button", exact("Selesai")).click();

  const returned = cardOf(page, number);
  await expect(returned.getByText("Perlu Revisi")).toBeVisible();
  // The same message from the queue card, the Maker Checker dialog and the registration list.
  const messageOf = async (link: Locator) =>
    decodeURIComponent(((await link.getAttribute("href")) ?? "").split("?text=")[1] ?? "");
  const cardLink = returned.getByRole("link", { name: "Kabari lewat WhatsApp: Joko Santoso" });
  await expect(cardLink).toHaveText("Kabari lewat WhatsApp");
  expect(await messageOf(cardLink)).toBe(message);
  await returned.getByRole("button", exact("Buka Data")).click();
  const record = page.getByRole("dialog", { name: "Maker Checker: Joko Santoso" });
  const recordLink = record.getByRole("link", exact("Kabari lewat WhatsApp"));
  await expect(recordLink).toHaveAttribute("href", href);
  const listLink = (await searchRecords(page, "Joko Santoso"))
    .getByRole("link", { name: "Kabari lewat WhatsApp: Joko Santoso" })
    .first();
  await expect(listLink).toHaveText("Kabari lewat WhatsApp");
  expect(await messageOf(listLink)).toContain("sekarang: Perlu Revisi");
  await page.goto("/kader-pkk/validasi");
  await confirm(page, returned, "Ajukan Ulang", "Ajukan Ulang", "Ajukan Ulang");
  await expect(cardOf(page, number).getByText("Menunggu Persetujuan")).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("a rejected family leaves the RT's queue; corrected, its RT cadre finds it under 'Ditolak' and resubmits it", async ({
  page,
}) => {
  const { registrationNumber: number } = await registerFamilyViaApi(page.request, rtCadreArea, "Rini Lestari");
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/validasi");
  const card = cardOf(page, number);
  await card.getByRole("button", exact("Tolak")).click();
  const dialog = page.getByRole("dialog", { name: "Tolak Data Keluarga" });
  await dialog.getByLabel("Alasan penolakan").fill("Kartu Keluarga belum dilampirkan");
  await dialog.getByRole("button", exact("Tolak Data")).click();
  await expect(page.getByRole("status").filter({ hasText: "Berhasil" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", exact("Selesai")).click();
  await expect(cardOf(page, number)).toHaveCount(0);

  await page.getByLabel("Status").selectOption({ label: "Ditolak" });
  await page.getByRole("button", exact("Terapkan Filter")).click();
  const rejected = cardOf(page, number);
  await expect(rejected.getByText("Ditolak")).toBeVisible();
  await confirm(page, rejected, "Ajukan Ulang", "Ajukan Ulang", "Ajukan Ulang");
  expect(await searchStatusViaApi(page.request, number)).toEqual(["Menunggu Persetujuan"]);
});

test("an admin verifies two selected records at once; the history marks the override", async ({ page }) => {
  await loginAs(page.request, demoEmails.admin);
  // RW 001 holds only the other wards' demo families, away from the steps above.
  await page.goto("/kader-pkk/validasi?rw=001");
  const boxes = page.getByRole("checkbox", { name: /^Pilih / });
  await expect(boxes.first()).toBeVisible();
  const numbers: string[] = [];
  for (const index of [0, 1]) {
    const card = cards(page)
      .filter({ has: page.getByRole("checkbox") })
      .nth(index);
    numbers.push((await card.getByText(/^REG-/).textContent()) ?? "");
    await card.getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "Verifikasi Terpilih (2)" }).click();
  await page
    .getByRole("dialog", { name: "Verifikasi data terpilih?" })
    .getByRole("button", { name: "Ya, verifikasi 2 data" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "2 data diverifikasi" })).toBeVisible();

  await page.getByLabel("Status").selectOption({ label: "Semua status" });
  await page.getByRole("button", exact("Terapkan Filter")).click();
  await expect(page).toHaveURL(/status=all/);
  // Wait for the list of all statuses itself (the waiting list's page 1 looks alike until it arrives).
  const input = encodeURIComponent(JSON.stringify({ rw: "001", status: "all" }));
  const all = await page.request.get(`/trpc/registers.queue?input=${input}`);
  const total: number = (await all.json()).result.data.total;
  await expect(page.getByRole("heading", { name: `Antrean (${total.toLocaleString("id-ID")} data)` })).toBeVisible();
  const first = numbers[0] ?? "";
  let card = cardOf(page, first);
  // The record may sit on a later page of "all statuses": page on (each page fully shown) until it does.
  await expect(page.getByText(/^Halaman 1 dari \d+$/)).toBeVisible();
  for (let pageNumber = 2; (await card.count()) === 0; pageNumber += 1) {
    await page.getByRole("button", exact("Berikutnya")).click();
    await expect(page.getByText(new RegExp(`^Halaman ${pageNumber} dari \\d+$`))).toBeVisible();
    card = cardOf(page, first);
  }
  await card.getByRole("button", exact("Riwayat")).click();
  const history = page.getByRole("dialog", { name: "Riwayat Validasi" });
  await expect(history.getByRole("listitem").last()).toContainText("Admin PKK Kota · Admin (override)");
  await expect(history.getByRole("listitem").last()).toContainText("Override admin pada tahap");
});

test("filters live in the URL: special condition and status survive a reload, reset clears them", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderKelurahan);
  await page.goto("/kader-pkk/validasi");
  await page.getByLabel("Status").selectOption({ label: "Semua status" });
  await page.getByLabel("Kondisi khusus").selectOption({ label: "Ada kondisi khusus" });
  await page.getByRole("button", exact("Terapkan Filter")).click();
  await expect(page).toHaveURL(/condition=any/);
  await expect(cards(page).first()).toBeVisible();
  // Every family listed has at least one condition badge (none reads "Tidak ada").
  await expect(cards(page).filter({ hasText: "Tidak ada" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel("Kondisi khusus")).toHaveValue("any");
  await expect(page.getByLabel("Status")).toHaveValue("all");
  await page.getByRole("button", exact("Reset Filter")).click();
  await expect(page).not.toHaveURL(/condition=/);
  await expect(page.getByLabel("Kondisi khusus")).toHaveValue("");
});

test("a filter outside the cadre's area shows the server's refusal, not data", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/validasi?rt=002");
  await expect(page.getByRole("alert")).toContainText("Data ini berada di luar wilayah kerja Anda");
  await expect(cards(page)).toHaveCount(0);
  await expectAccessible(page);
});

/** Registers a family through the public form into the demo cadres' area (Bekasijaya, RW 005, RT 001). */
async function registerInDemoRt(page: Page, headName: string) {
  const family = { headName, headNik: uniqueNik(), wifeNik: uniqueNik() };
  await page.goto("/registrasi");
  await fillFamilyForm(page, family);
  await page.getByLabel("Kelurahan/Desa").selectOption({ label: "Bekasijaya" });
  await page.getByLabel(/^RT\b/).fill("1");
  await page.getByLabel(/^RW\b/).fill("5");
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Kirim Registrasi" }).click();
  await expect(page).toHaveURL(/\/registrations\/success$/);
  const number =
    (
      await page
        .getByText(/^REG-\d{8}-/)
        .first()
        .textContent()
    )?.trim() ?? "";
  expect(number).toMatch(/^REG-/);
  return { ...family, number };
}

test("in the browser end to end: the public form, RT → RW → kelurahan in the queue, and the search page shows 'Disetujui'", async ({
  page,
}) => {
  const family = await registerInDemoRt(page, "Hasan Rantai");
  const number = family.number;
  const steps = [
    { email: demoEmails.kaderRt, url: "/kader-pkk/validasi", label: "Menunggu Persetujuan" },
    { email: demoEmails.kaderRw, url: "/kader-pkk/validasi?rt=001", label: "Diverifikasi RT" },
    { email: demoEmails.kaderKelurahan, url: "/kader-pkk/validasi?rw=005&rt=001", label: "Diverifikasi RW" },
  ];
  for (const step of steps) {
    await loginAs(page.request, step.email);
    await page.goto(step.url);
    const card = cardOf(page, number);
    await expect(card.getByText(step.label)).toBeVisible();
    await confirm(page, card, "Verifikasi", "Verifikasi Data Keluarga", "Verifikasi");
    await expect(cardOf(page, number)).toHaveCount(0);
  }

  await page.context().clearCookies();
  await page.goto("/search");
  await page.getByLabel("NIK, Nomor Registrasi, atau Nama Lengkap Kepala Keluarga").fill(family.headNik);
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  const result = page.getByRole("article", { name: `Hasil: ${family.headName}` });
  await expect(result.getByText("Disetujui")).toBeVisible();
});
