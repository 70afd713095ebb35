import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { answerCaptcha, fillFamilyForm, uniqueNik } from "./family.ts";

async function registerAndSearch(page: Page, headName: string) {
  const family = { headName, headNik: uniqueNik(), wifeNik: uniqueNik() };
  await page.goto("/registrasi");
  await expect(page.getByRole("heading", { name: "Registrasi Keluarga", level: 1 })).toBeVisible();
  const submit = page.getByRole("button", { name: "Kirim Registrasi" });
  await expect(submit).toBeDisabled();
  await fillFamilyForm(page, family);
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await expect(submit).toBeEnabled();
  await answerCaptcha(page);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await submit.click();

  await expect(page).toHaveURL(/\/registrations\/success$/);
  await expect(page.getByText("Registrasi keluarga berhasil!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Registrasi Keluarga Berhasil" })).toBeVisible();
  await expect(page.getByText("Menunggu Persetujuan")).toBeVisible();
  await expect(page.getByText(/REG-\d{8}-/)).toBeVisible();
  await expect(page.getByText("1-3 hari kerja")).toBeVisible();
  await expect(page.getByText("Siti Rahayu")).toBeVisible();
  await expect(page.getByText("Margahayu")).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  // The success page lists every ticked house criterion, not only the first.
  await expect(page.getByText("Memiliki Tempat Sampah, Memiliki Saluran Pembuangan Air Limbah")).toBeVisible();
  await page.getByRole("link", { name: "Cek Status" }).click();
  await expect(page).toHaveURL(/\/search\?nomor=REG-/);
  await expect(page.getByLabel("NIK, Nomor Registrasi, atau Nama Lengkap Kepala Keluarga")).toHaveValue(/^REG-/);
  await page.getByLabel("NIK, Nomor Registrasi, atau Nama Lengkap Kepala Keluarga").fill(family.headNik);
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  const card = page.getByRole("article", { name: `Hasil: ${headName}` });
  await expect(card).toBeVisible();
  await expect(card.getByText("Menunggu Persetujuan")).toBeVisible();
  await expect(card).toContainText(`${family.headNik.slice(0, 6)}******${family.headNik.slice(-4)}`);
  await expect(card).toContainText("Registrasi Keluarga");
  expect(await page.locator("body").innerText()).not.toContain(family.headNik);
  return family;
}

test("a resident registers a family at desktop width, sees the success page and finds it by NIK", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerAndSearch(page, "Bambang Desktop");
});

test("a resident registers a family on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/registrasi");
  await expectNoHorizontalScroll(page);
  await registerAndSearch(page, "Joko Ponsel");
  await expectNoHorizontalScroll(page);
});

test("the draft survives a reload and the form keeps its values after a refused submission", async ({ page }) => {
  await page.goto("/registrations/family");
  await page.getByLabel("Nama Kepala Keluarga").fill("Agus Draf");
  await page.getByLabel("NIK Kepala Keluarga").fill("3275019999000001");
  await page.getByLabel("Kecamatan").selectOption({ label: "Bekasi Timur" });
  await page.getByLabel("Kelurahan/Desa").selectOption({ label: "Margahayu" });
  await page.getByRole("button", { name: "+ Tambah Anggota Keluarga" }).click();
  await page.getByLabel("Nama Lengkap Anggota 2").fill("Putri Draf");
  await page.getByLabel("Memiliki MCK").check();
  await page.getByLabel("Pemanfaatan Pekarangan").check();
  await page.reload();

  await expect(page.getByLabel("Nama Kepala Keluarga")).toHaveValue("Agus Draf");
  await expect(page.getByLabel("NIK Kepala Keluarga")).toHaveValue("3275019999000001");
  await expect(page.getByLabel("Kelurahan/Desa")).toHaveValue(/\d+/);
  await expect(page.getByLabel("Nama Lengkap Anggota 2")).toHaveValue("Putri Draf");
  await expect(page.getByLabel("Memiliki MCK")).toBeChecked();
  await expect(page.getByLabel("Jumlah MCK")).toHaveValue("1");
  await expect(page.getByLabel("Pemanfaatan Pekarangan")).toBeChecked();
  // The first member cannot be removed; the second can.
  await expect(page.getByRole("button", { name: "Hapus Anggota 1" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Hapus Anggota 2" })).toBeVisible();

  // Submitting an incomplete form shows the spec's messages and keeps everything typed.
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await page.getByRole("button", { name: "Kirim Registrasi" }).click();
  await expect(page.locator("#water-source-error")).toHaveText("Pilih sumber air keluarga");
  await expect(page.locator("#head-phone-error")).toHaveText("Nomor HP tidak valid");
  await expect(page.getByLabel("Nama Kepala Keluarga")).toHaveValue("Agus Draf");
  await expectAccessible(page);
});

test("the draft stays in its tab: the next person at a shared computer starts with an empty form", async ({
  page,
  context,
}) => {
  await page.goto("/registrasi");
  await page.getByLabel("Nama Kepala Keluarga").fill("Agus Komputer Bersama");
  await page.getByLabel("NIK Kepala Keluarga").fill("3275019999000002");
  await page.reload();
  await expect(page.getByLabel("NIK Kepala Keluarga")).toHaveValue("3275019999000002");
  // Nothing of it is kept where it outlives the tab.
  const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(stored).not.toContain("3275019999000002");

  // A draft an earlier version left in localStorage is removed, never shown.
  await page.evaluate(() => {
    const draft = window.sessionStorage.getItem("pkk:family-registration-draft") ?? "";
    window.localStorage.setItem("pkk:family-registration-draft", draft);
  });
  const next = await context.newPage();
  await next.goto("/registrasi");
  await expect(next.getByLabel("Nama Kepala Keluarga")).toHaveValue("");
  await expect(next.getByLabel("NIK Kepala Keluarga")).toHaveValue("");
  await expect(next.getByText("Draf dipulihkan")).toHaveCount(0);
  expect(await next.evaluate(() => window.localStorage.getItem("pkk:family-registration-draft"))).toBeNull();
  await next.close();
});

test("one emptied or out-of-range count in the draft keeps every other condition after a reload", async ({ page }) => {
  await page.goto("/registrasi");
  await page.getByLabel("Hamil", { exact: true }).check();
  await page.getByLabel("Menyusui", { exact: true }).check();
  await page.getByLabel("Jumlah Menyusui").fill("2");
  await page.getByLabel("Tunanetra", { exact: true }).check();
  await page.getByLabel("Jumlah Tunanetra").fill("25");
  await page.getByLabel("Memiliki MCK").check();
  await page.getByLabel("Jumlah MCK").fill("");
  await page.getByLabel("Jumlah Hamil").fill("");
  await page.reload();

  await expect(page.getByText("Draf dipulihkan")).toBeVisible();
  await expect(page.getByLabel("Hamil", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Jumlah Hamil")).toHaveValue("");
  await expect(page.getByLabel("Menyusui", { exact: true })).toBeChecked();
  await expect(page.getByLabel("Jumlah Menyusui")).toHaveValue("2");
  // What was typed out of range comes back as typed, and says so on the next try.
  await expect(page.getByLabel("Jumlah Tunanetra")).toHaveValue("25");
  await expect(page.getByLabel("Memiliki MCK")).toBeChecked();
  await expect(page.getByLabel("Jumlah MCK")).toHaveValue("");
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await page.getByRole("button", { name: "Kirim Registrasi" }).click();
  await expect(page.locator("#condition-blind-count-error")).toHaveText("Jumlah maksimal 20");
  await expect(page.locator("#condition-pregnant-count-error")).toHaveText("Jumlah harus berupa angka");
});

test("on a 360 px phone an empty kecamatan is where a refused submission leads, captcha message included", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/registrasi");
  await fillFamilyForm(page, { headName: "Rina Wilayah", headNik: uniqueNik(), wifeNik: uniqueNik() });
  // Both region selects are required, and marked so like the other required fields.
  await expect(page.locator("label", { hasText: /^Kecamatan\s*\*$/ })).toBeVisible();
  await expect(page.locator("label", { hasText: /^Kelurahan\/Desa\s*\*$/ })).toBeVisible();
  await expect(page.getByText(/^Jenis Makanan Pokok\s*\*$/)).toBeVisible();
  await page.getByLabel("Kecamatan").selectOption("");
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  const submit = page.getByRole("button", { name: "Kirim Registrasi" });

  // The captcha left empty is named in the same pass as the other errors, not on a second try.
  await submit.click();
  const kecamatan = page.getByLabel("Kecamatan");
  await expect(kecamatan).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Silakan selesaikan captcha")).toBeVisible();
  await expect(kecamatan).toBeFocused();
  await expect(kecamatan).toBeInViewport();

  // With the captcha answered the region alone still holds the form back, and focus goes to it.
  await answerCaptcha(page);
  await submit.focus();
  await submit.click();
  await expect(page.getByText("Silakan selesaikan captcha")).toHaveCount(0);
  await expect(kecamatan).toBeFocused();
  await expect(kecamatan).toBeInViewport();
  await expect(page).toHaveURL(/\/registrasi$/);
});

const captchaIssue = (url: URL) => url.pathname.includes("captcha.issue");

test("a captcha that failed to load is asked again on return to the tab and on the next submit", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route(captchaIssue, (route) => route.abort());
  await page.goto("/registrasi");
  await expect(page.getByText("Gagal memuat soal")).toBeVisible();
  await page.unroute(captchaIssue);
  // The resident comes back to the tab once the server is up again.
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByText(/Berapa hasil dari/)).toBeVisible();
  // '28 - 10' stays on one line at 360 px: one box, not broken after the '-'.
  const operands = page.getByText(/^\d+ \S \d+$/);
  expect(await operands.evaluate((element) => element.getClientRects().length)).toBe(1);
  expect(await operands.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe("nowrap");

  // Down again when the page opens: the next press of 'Kirim Registrasi' asks for the question.
  await page.route(captchaIssue, (route) => route.abort());
  await page.reload();
  await expect(page.getByText("Gagal memuat soal")).toBeVisible();
  await page.unroute(captchaIssue);
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await page.getByRole("button", { name: "Kirim Registrasi" }).click();
  await expect(page.getByText(/Berapa hasil dari/)).toBeVisible();
  await expect(page.getByText("Silakan selesaikan captcha")).toBeVisible();
});

test("a registration the server never received says so beside the button until the next try, keeping every value", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const family = { headName: "Dewi Putus Sambung", headNik: uniqueNik(), wifeNik: uniqueNik() };
  await page.goto("/registrasi");
  await fillFamilyForm(page, family);
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await answerCaptcha(page);
  const register = (url: URL) => url.pathname.includes("registers.registerFamily");
  await page.route(register, (route) => route.abort());
  const submit = page.getByRole("button", { name: "Kirim Registrasi" });
  await submit.click();
  const notice = page.getByRole("alert").filter({ hasText: "Registrasi belum terkirim" });
  await expect(notice).toContainText("Data Anda masih tersimpan di formulir ini; kirim lagi tanpa mengubah isinya");
  // It outlasts the toast.
  await expect(page.getByText("Registrasi gagal")).toHaveCount(0, { timeout: 10_000 });
  await expect(notice).toBeVisible();
  await expect(page.getByLabel("Nama Kepala Keluarga")).toHaveValue(family.headName);
  await expect(page.getByLabel("Nama Lengkap Anggota 2")).toHaveValue("Siti Rahayu");
  await expect(page.getByLabel("Jumlah MCK")).toHaveValue("2");
  await expectAccessible(page);

  // The next try sends it, and the notice goes.
  await page.unroute(register);
  await answerCaptcha(page);
  await submit.click();
  await expect(page).toHaveURL(/\/registrations\/success$/);
  await expect(notice).toHaveCount(0);
});

test("a send whose answer was lost, then a changed form: told the family is registered, with its number, not a loop of refusals", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const family = { headName: "Rina Jawaban Hilang", headNik: uniqueNik(), wifeNik: uniqueNik() };
  await page.goto("/registrasi");
  await fillFamilyForm(page, family);
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await answerCaptcha(page);
  const register = (url: URL) => url.pathname.includes("registers.registerFamily");
  // The server stores the family; its answer never reaches the phone.
  await page.route(register, async (route) => {
    await route.fetch();
    await route.abort("internetdisconnected");
  });
  const submit = page.getByRole("button", { name: "Kirim Registrasi" });
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "Registrasi belum terkirim" })).toBeVisible();
  await page.unroute(register);

  await page.getByLabel("Nomor HP").fill("081299990078");
  await answerCaptcha(page);
  await submit.click();
  // Beside the button (the toast, also an alert, says the same under 'Registrasi gagal' and fades).
  const told = page
    .getByRole("alert")
    .filter({ hasText: "Keluarga ini sudah terdaftar dari pengiriman sebelumnya" })
    .filter({ hasNotText: "Registrasi gagal" });
  await expect(told).toContainText(/dengan nomor REG-\d{8}-/);
  await expect(told).toContainText("Cek statusnya di halaman Cari Data");
  // It stays after the toast fades.
  await expect(page.getByText("Registrasi gagal")).toHaveCount(0, { timeout: 10_000 });
  await expect(told).toBeVisible();
  await expectAccessible(page);
});

test("a NIK pasted with spaces or dots keeps all 16 digits; a letter is kept for its message, not dropped", async ({
  page,
}) => {
  await page.goto("/registrasi");
  const nik = page.getByLabel("NIK Kepala Keluarga");
  await nik.fill("3275 0115 0384 0078");
  await expect(nik).toHaveValue("3275011503840078");
  await nik.fill("3275.0115.0384.007A");
  await expect(nik).toHaveValue("327501150384007A");
});

test("the kelurahan waits for a kecamatan and resets when it changes", async ({ page }) => {
  await page.goto("/registrasi");
  const kelurahan = page.getByLabel("Kelurahan/Desa");
  await expect(kelurahan).toBeDisabled();
  await page.getByLabel("Kecamatan").selectOption({ label: "Bekasi Timur" });
  await kelurahan.selectOption({ label: "Margahayu" });
  await page.getByLabel("Kecamatan").selectOption({ label: "Bekasi Barat" });
  await expect(kelurahan).toHaveValue("");
});

test("a kecamatan or kelurahan list that fails to load says so beside its select and loads on 'Coba lagi'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The network fails (no answer from the server at all): the spec's fallback, not the browser's words.
  const fail = (name: string) =>
    page.route(
      (url) => url.pathname.includes(name),
      (route) => route.abort("failed"),
    );
  await fail("regions.kecamatan");
  await page.goto("/registrasi");
  const kecamatanAlert = page.getByRole("alert").filter({ hasText: "Failed to fetch kecamatan options" });
  await expect(kecamatanAlert).toBeVisible({ timeout: 15_000 });
  await page.unrouteAll();
  await kecamatanAlert.getByRole("button", { name: "Coba lagi" }).click();
  await page.getByLabel("Kecamatan").selectOption({ label: "Bekasi Timur" });
  await expect(kecamatanAlert).toHaveCount(0);

  await fail("regions.desaKelurahan");
  await page.getByLabel("Kecamatan").selectOption({ label: "Bekasi Barat" });
  const kelurahanAlert = page.getByRole("alert").filter({ hasText: "Failed to fetch desa-kelurahan options" });
  await expect(kelurahanAlert).toBeVisible({ timeout: 15_000 });
  await page.unrouteAll();
  await kelurahanAlert.getByRole("button", { name: "Coba lagi" }).click();
  await page.getByLabel("Kelurahan/Desa").selectOption({ index: 1 });
  await expect(kelurahanAlert).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});

test("the success page without a registration sends the visitor to the form", async ({ page }) => {
  await page.goto("/registrations/success");
  await expect(page).toHaveURL(/\/registrations\/family$/);
});

test("a family already registered is refused with the NIK named, and every value stays", async ({ page }) => {
  const family = { headName: "Hendra Ganda", headNik: uniqueNik(), wifeNik: uniqueNik() };
  for (const attempt of [1, 2]) {
    await page.goto("/registrasi");
    await fillFamilyForm(page, family);
    await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
    await answerCaptcha(page);
    await page.getByRole("button", { name: "Kirim Registrasi" }).click();
    if (attempt === 1) {
      await expect(page).toHaveURL(/\/registrations\/success$/);
      await page.getByRole("button", { name: "Daftarkan Keluarga Lain" }).click();
      await expect(page).toHaveURL(/\/registrations\/family$/);
    }
  }
  await expect(page.getByText("Registrasi gagal")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: `NIK ${family.headNik} sudah terdaftar` })).toBeVisible();
  await expect(page.locator("#head-nik-error")).toHaveText(`NIK ${family.headNik} sudah terdaftar pada keluarga lain`);
  await expect(page.getByLabel("Nama Kepala Keluarga")).toHaveValue("Hendra Ganda");
  await expect(page.getByLabel("Nama Lengkap Anggota 2")).toHaveValue("Siti Rahayu");
  await expect(page.getByLabel("Verifikasi keamanan")).toHaveValue("");
});

test("a long fill never meets an expired question: an unanswered captcha is renewed before its 10 minutes end, an answered one is left alone", async ({
  page,
}) => {
  let issued = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.includes("captcha.issue")) issued += 1;
  });
  await page.clock.install();
  await page.goto("/registrasi");
  await expect(page.getByText(/Berapa hasil dari/)).toBeVisible();
  expect(issued).toBe(1);

  // Nine minutes on the rest of the form, the answer still empty: a fresh question is fetched.
  await page.clock.fastForward("09:05");
  await expect.poll(() => issued).toBe(2);
  await expect(page.getByText(/Berapa hasil dari/)).toBeVisible();

  // Once answered, the question is never swapped under the answer.
  await answerCaptcha(page);
  const answer = await page.getByLabel("Verifikasi keamanan").inputValue();
  await page.clock.fastForward("09:05");
  await page.waitForTimeout(500);
  expect(issued).toBe(2);
  await expect(page.getByLabel("Verifikasi keamanan")).toHaveValue(answer);
});

test("a phone whose date is three days behind: the survey date and its limit follow the server's day", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const wib = (instant: number) => new Date(instant + 7 * 3_600_000).toISOString().slice(0, 10);
  const serverToday = wib(Date.now());
  const phoneInstant = Date.now() - 3 * 24 * 3_600_000;
  await page.clock.setFixedTime(new Date(phoneInstant));
  // The answers are held until the form is on screen: it starts on the phone's day, as on a slow line.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/trpc/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/registrasi");
  const surveyDate = page.getByLabel(/^Tanggal Pendataan/);
  await expect(surveyDate).toHaveValue(wib(phoneInstant));
  // The first answer brings the server's clock, and the untouched date moves to the server's day.
  release();
  await expect(page.getByText(/Berapa hasil dari/)).toBeVisible();
  await expect(surveyDate).toHaveValue(serverToday);
  await page.unroute("**/trpc/**");
  await expect(surveyDate).toHaveAttribute("max", serverToday);
  await expect(page.getByLabel("Tanggal Lahir").first()).toHaveAttribute("max", serverToday);

  // A date the resident picks is kept; the next visit starts on the server's day at once.
  await surveyDate.fill("2026-01-15");
  await page.getByLabel("Nama Kepala Keluarga").fill("Uji Jam Ponsel");
  await page.reload();
  await expect(surveyDate).toHaveValue("2026-01-15");
  await page.evaluate(() => window.sessionStorage.removeItem("pkk:family-registration-draft"));
  await page.reload();
  await expect(surveyDate).toHaveValue(serverToday);
});
