import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { captchaLoaded } from "./family.ts";

async function answerCaptcha(page: Page): Promise<void> {
  const question = page.getByText(/^Berapa hasil dari \d+ \+ \d+\?$/);
  await expect(question).toBeVisible();
  const match = /(\d+) \+ (\d+)/.exec((await question.textContent()) ?? "");
  await page.getByLabel("Berapa hasil penjumlahan ini?").fill(String(Number(match?.[1]) + Number(match?.[2])));
}

test("a cadre registers, an admin approves, the cadre logs in and out", async ({ page, browser }) => {
  // The longest flow of the suite (two browser contexts, two argon2 sign-ins): a busy machine needs the slack.
  test.slow();
  const unique = String(Date.now()).slice(-8);
  const email = `kader.baru.${unique}@contoh.id`;

  await page.goto("/kader-pkk/daftar");
  await expect(page.getByRole("heading", { name: "Pendaftaran Kader PKK" })).toBeVisible();
  await captchaLoaded(page);
  await expectAccessible(page);
  await page.getByLabel("Nama lengkap").fill("Ratna Sari");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Nomor HP").fill("081234567890");
  await page.getByLabel("NIK").pressSequentially(`3275 0112 ${unique}`);
  await expect(page.getByLabel("NIK")).toHaveValue(`32750112${unique}`);
  await page.getByLabel("Jabatan").selectOption("Ketua PKK RT");

  const district = page.getByLabel(/^Kecamatan/);
  await expect(district).toContainText("Pilih kabupaten/kota terlebih dahulu");
  await page.getByLabel("Kabupaten/Kota").selectOption({ label: "Kota Bekasi" });
  await expect(district).toBeEnabled();
  await district.selectOption({ label: "Bekasi Timur" });
  await page.getByLabel("Kelurahan/Desa").selectOption({ label: "Bekasijaya" });
  await page.getByLabel(/^RW( \*)?$/).fill("5");
  await page.getByLabel(/^RT( \*)?$/).fill("2");
  // A common password passes the form's own rule but the server refuses it, next to the field.
  await page.getByLabel(/^Password( \*)?$/).fill("Bismillah1");
  await page.getByLabel("Konfirmasi password").fill("Bismillah1");
  await page.getByLabel("Jumlah anggota").fill("4");
  await page.getByLabel("Sumber air keluarga").selectOption("pam");
  await page.getByLabel("Sarana MCK").selectOption("wc-sendiri");
  await page.getByLabel("Jenis atap").selectOption("genteng");
  await page.getByLabel("Jenis dinding").selectOption("tembok");
  await page.getByLabel("Jenis lantai").selectOption("keramik");
  await page.getByLabel("Kondisi rumah").selectOption("baik");
  await page.getByLabel("Makanan pokok keluarga").selectOption("beras");
  await page.getByRole("checkbox", { name: /menyetujui data diri dan keluarga saya disimpan/ }).check();
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Daftar sebagai Kader" }).click();
  await expect(page.getByText(/^Password terlalu mudah ditebak/).first()).toBeVisible();
  await page.getByLabel(/^Password( \*)?$/).fill("Bintang-Laut-48");
  await page.getByLabel("Konfirmasi password").fill("Bintang-Laut-48");
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Daftar sebagai Kader" }).click();

  await expect(page).toHaveURL(/\/kader\/registration-success$/);
  await expect(page.getByText("Pendaftaran berhasil!").first()).toBeVisible();
  await expect(page.getByText("RT 002 / RW 005, Bekasijaya")).toBeVisible();
  await expectAccessible(page);

  // The admin approves in a separate browser context.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin.request, demoEmails.admin);
  await admin.goto("/admin/kader");
  const card = admin.getByRole("listitem").filter({ hasText: email });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Ketua PKK RT");
  await expectAccessible(admin);
  await card.getByRole("button", { name: "Setujui" }).click();
  await expect(card.getByLabel("Tingkat kader")).toHaveValue("rt");
  await expect(card.getByLabel(/^RT$/)).toHaveValue("002");
  await expectAccessible(admin);
  await card.getByRole("button", { name: "Setujui kader" }).click();
  await expect(admin.getByText("Ratna Sari disetujui sebagai kader")).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  await adminContext.close();

  // The cadre signs in through the login page.
  await page.goto("/kader-pkk/login");
  await captchaLoaded(page);
  await expectAccessible(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password( \*)?$/).fill("Bintang-Laut-48");
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page).toHaveURL(/\/kader-pkk\/dashboard$/);
  const me = await page.request.get("/trpc/auth.me");
  expect((await me.json()).result.data).toMatchObject({ email, status: "active", level: "rt", rt: "002" });

  await page.goto("/kader-pkk/profil");
  await expect(page.getByRole("heading", { name: "Profil Saya" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Keluar" }).click();
  await expect(page).toHaveURL(/\/$/);
  const after = await page.request.get("/trpc/auth.me");
  expect((await after.json()).result.data).toBeNull();
});

test("a wrong password shows 'Login gagal' and keeps what was typed", async ({ page }) => {
  await page.goto("/kader-pkk/login");
  await page.getByLabel("Email").fill(demoEmails.kaderRt);
  await page.getByLabel(/^Password( \*)?$/).fill("SalahSekali1");
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page.getByText("Login gagal")).toBeVisible();
  await expect(page.getByText("Email atau password salah")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(demoEmails.kaderRt);
});

test("a wrong captcha answer: its message, a new question, and the right answer to that one signs in", async ({
  page,
}) => {
  await page.goto("/kader-pkk/login");
  await page.getByLabel("Email").fill(demoEmails.kaderRt);
  await page.getByLabel(/^Password( \*)?$/).fill(DEMO_PASSWORD);
  const question = page.getByText(/^Berapa hasil dari \d+ \+ \d+\?$/);
  await expect(question).toBeVisible();
  const first = await question.textContent();
  const match = /(\d+) \+ (\d+)/.exec(first ?? "");
  await page.getByLabel("Berapa hasil penjumlahan ini?").fill(String(Number(match?.[1]) + Number(match?.[2]) + 1));
  const refused = page.waitForResponse((response) => response.url().includes("auth.login"));
  await page.getByRole("button", { name: "Masuk" }).click();
  await refused;
  await expect(page.getByText("Jawaban penjumlahan salah").first()).toBeVisible();
  // The question is used up by the wrong answer: the form has fetched another and emptied the box.
  await expect(page.getByLabel("Berapa hasil penjumlahan ini?")).toHaveValue("");
  await expect(question).toBeVisible();
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Masuk" }).click();
  await expect(page).toHaveURL(/\/kader-pkk\/dashboard/);
});

test("guarded routes without a session land on the login page, and /login leads there", async ({ page }) => {
  await page.goto("/kader-pkk/profil");
  await expect(page).toHaveURL(/\/kader-pkk\/login\?redirect=%2Fkader-pkk%2Fprofil$/);
  await expect(page.getByRole("heading", { name: "Masuk Kader PKK" })).toBeVisible();
  await page.goto("/admin/kader");
  await expect(page).toHaveURL(/\/kader-pkk\/login\?redirect=%2Fadmin%2Fkader$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/kader-pkk\/login$/);
});

test("a cadre is not let into the admin page: 'Tidak punya akses', not the login form", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRw);
  await page.goto("/admin/kader");
  await expect(page).toHaveURL(/\/tidak-punya-akses$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tidak punya akses" })).toBeVisible();
});

test("a 401 in the middle of work sends the browser to the login page", async ({ page, context }) => {
  await loginAs(page.request, demoEmails.kaderKelurahan);
  await page.goto("/kader-pkk/profil");
  await expect(page.getByRole("heading", { name: "Profil Saya" })).toBeVisible();
  await page.getByLabel("Nomor HP").fill("081277778888");
  await context.clearCookies();
  await page.getByRole("button", { name: "Simpan profil" }).click();
  await expect(page).toHaveURL(/\/kader-pkk\/login\?redirect=%2Fkader-pkk%2Fprofil$/);
});

test("the success page without registration data goes back to the form", async ({ page }) => {
  await page.goto("/kader/registration-success");
  await expect(page).toHaveURL(/\/kader\/register$/);
  await expect(page.getByRole("heading", { name: "Pendaftaran Kader PKK" })).toBeVisible();
});

test("forgot and reset password pages", async ({ page }) => {
  await page.goto("/kader-pkk/forgot-password");
  await expectAccessible(page);
  await page.getByLabel("Email").fill("siapa.saja@contoh.id");
  await page.getByRole("button", { name: "Kirim tautan reset" }).click();
  await expect(page.getByText("Jika email tersebut terdaftar")).toBeVisible();
  await page.goto("/kader-pkk/reset-password?code=kode-palsu");
  await expectAccessible(page);
  await page.getByLabel(/^Password baru( \*)?$/).fill("Kenanga-Biru-73");
  await page.getByLabel("Konfirmasi password baru").fill("Kenanga-Biru-73");
  await page.getByRole("button", { name: "Simpan password baru" }).click();
  await expect(page.getByText("Kode reset tidak valid atau sudah kedaluwarsa")).toBeVisible();
});

test("the admin pages: users list and API tokens shown once", async ({ page }) => {
  await loginAs(page.request, demoEmails.admin);
  await page.goto("/admin/kader");
  await page.getByRole("tab", { name: "Pengguna" }).click();
  await page.getByLabel("Cari nama, email, atau username").fill("Dewi");
  await expect(page.getByRole("cell", { name: "Dewi Lestari", exact: true })).toBeVisible();
  await expectAccessible(page);
  // The tab is in the address: a reload after acting on a user stays on the users list.
  await expect(page).toHaveURL(/\/admin\/kader\?tab=pengguna$/);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Pengguna" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Cari nama, email, atau username")).toBeVisible();
  await page.goto("/admin/token-api");
  await page.getByLabel("Nama token").fill(`Mitra ${Date.now()}`);
  await page.getByRole("button", { name: "Buat token" }).click();
  const token = page.getByTestId("token-baru");
  await expect(token).toHaveText(/^pkk_[a-z0-9]+$/);
  const secret = (await token.textContent()) ?? "";
  const api = await page.request.get("/api/kecamatans", { headers: { authorization: `Bearer ${secret}` } });
  expect(api.status()).toBe(200);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sudah saya salin" }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
});

test("the registration form fits a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/kader-pkk/daftar");
  await expect(page.getByRole("heading", { name: "Pendaftaran Kader PKK" })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("a short NIK gets the form's own message; what is not a digit never reaches the box", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/kader-pkk/daftar");
  await page.getByLabel("NIK").pressSequentially("3275-01 12");
  await expect(page.getByLabel("NIK")).toHaveValue("32750112");
  await page.getByRole("button", { name: "Daftar sebagai Kader" }).click();
  await expect(page.getByText("NIK harus tepat 16 digit angka")).toBeVisible();
  // The consent box is part of the form's checks: unticked, it says so beside it.
  const consent = page.getByRole("checkbox", { name: /menyetujui data diri dan keluarga saya disimpan/ });
  await expect(page.getByText("Anda harus menyetujui untuk mengirimkan data")).toBeVisible();
  await expect(consent).toHaveAttribute("aria-invalid", "true");
  await consent.check();
  await expect(page.getByText("Anda harus menyetujui untuk mengirimkan data")).toHaveCount(0);
});
