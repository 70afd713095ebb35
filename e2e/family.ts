import { expect, type Page } from "@playwright/test";

/** Reads the captcha question on the page and types its answer, the way a person would. */
/**
 * Waits for the captcha's question. Until it arrives, 'Muat ulang soal' is disabled, and an axe check
 * that overlaps its arrival measures the button mid-fade (a colour-contrast failure seen in CI).
 */
export async function captchaLoaded(page: Page): Promise<void> {
  await expect(page.getByText(/Berapa hasil dari/)).toBeVisible();
}

export async function answerCaptcha(page: Page): Promise<void> {
  await captchaLoaded(page);
  const question = page.getByText(/Berapa hasil dari/);
  const text = (await question.textContent()) ?? "";
  const match = /(\d+) ([+\-×]) (\d+)/.exec(text);
  if (!match) throw new Error(`unexpected captcha question ${text}`);
  const [a, b] = [Number(match[1]), Number(match[3])];
  const answer = match[2] === "+" ? a + b : match[2] === "-" ? a - b : a * b;
  await page.getByLabel("Verifikasi keamanan").fill(String(answer));
}

let counter = 0;
/** A NIK no other test (or demo family, whose NIKs end in a small serial) will use. */
export function uniqueNik(): string {
  counter += 1;
  return `3275${String(Date.now()).slice(-9)}${String(process.pid % 10)}${String(counter).padStart(2, "0")}`;
}

export interface FamilyInput {
  headName: string;
  headNik: string;
  wifeNik: string;
}

/** Fills every section of the family form as a resident would (without submitting). */
export async function fillFamilyForm(page: Page, family: FamilyInput): Promise<void> {
  await page.getByLabel("Nama Kepala Keluarga").fill(family.headName);
  await page.getByLabel("NIK Kepala Keluarga").fill(family.headNik);
  await page.getByLabel("Nomor HP").fill("081234567890");
  await page.getByLabel("Alamat Email (opsional)").fill("keluarga@contoh.id");

  await page.getByLabel("Kecamatan").selectOption({ label: "Bekasi Timur" });
  await page.getByLabel("Kelurahan/Desa").selectOption({ label: "Margahayu" });
  await page.getByLabel(/^RT\b/).fill("3");
  await page.getByLabel(/^RW\b/).fill("7");

  const head = page.getByRole("group", { name: "Anggota 1 (Kepala Keluarga)" });
  await head.getByLabel("NIK Anggota 1").fill(family.headNik);
  await head.getByLabel("Nama Lengkap Anggota 1").fill(family.headName);
  await head.getByLabel("Tanggal Lahir").fill("1984-03-15");
  await head.getByLabel("Pekerjaan").selectOption("Wiraswasta");
  await head.getByLabel("Pendidikan Terakhir").selectOption("SMA/SMK");

  await page.getByRole("button", { name: "+ Tambah Anggota Keluarga" }).click();
  const wife = page.getByRole("group", { name: "Anggota 2" });
  await wife.getByLabel("NIK Anggota 2").fill(family.wifeNik);
  await wife.getByLabel("Nama Lengkap Anggota 2").fill("Siti Rahayu");
  await wife.getByLabel("Hubungan dengan Kepala Keluarga").selectOption("Istri");
  await wife.getByLabel("Status Perkawinan").selectOption("Kawin");
  await wife.getByLabel("Jenis Kelamin").selectOption("Perempuan");
  await wife.getByLabel("Tanggal Lahir").fill("1988-07-02");
  await wife.getByLabel("Pekerjaan").selectOption("Ibu Rumah Tangga");
  await wife.getByLabel("Pendidikan Terakhir").selectOption("S1");

  await page.getByLabel("Hamil", { exact: true }).check();
  await page.getByLabel("Jumlah Hamil").fill("1");

  await page.getByRole("combobox", { name: /^Sumber Air\b/ }).selectOption("PDAM");
  await page.getByLabel("Memiliki MCK").check();
  await page.getByLabel("Jumlah MCK").fill("2");
  await page.getByLabel("Rumah Sehat", { exact: true }).check();
  await page.getByLabel("Memiliki Tempat Sampah").check();
  await page.getByLabel("Beras", { exact: true }).check();
  await page.getByLabel("Memiliki Saluran Pembuangan Air Limbah").check();
  await page.getByLabel("Pemanfaatan Pekarangan").check();
  await page.getByLabel("Catatan Tambahan (opsional)").fill("Rumah di ujung gang, dekat musala.");
}
