import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "./fixtures.ts";

/**
 * The cadre completes the births' details (Lampiran 4.18) in the Maker Checker, as the RW
 * verification requires for a family that reported births.
 */
export async function addBirthDetails(page: Page, headName: string, births: number): Promise<void> {
  await page.goto(`/kader-pkk/registrasi-list?q=${encodeURIComponent(headName)}`);
  const row = page.getByRole("region", { name: "Semua registrasi" }).getByRole("listitem").first();
  await row.getByRole("button", { name: /^Maker Checker / }).click();
  const dialog = page.getByRole("dialog", { name: `Maker Checker: ${headName}` });
  await dialog.getByRole("button", { name: "Edit", exact: true }).click();
  await dialog.getByRole("tab", { name: "Kondisi Khusus" }).click();
  await expect(dialog.getByText(/Lengkapi sebelum verifikasi RW .*Kelahiran baru: tercatat/)).toBeVisible();
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  for (let index = 0; index < births; index += 1) {
    await dialog.getByRole("button", { name: "+ Tambah kelahiran" }).click();
    const birth = dialog.getByRole("group", { name: `Kelahiran ${index + 1}` });
    await birth.getByLabel("Nama ibu").fill("Siti Rahayu");
    await birth.getByLabel("Nama bayi").fill(`Bayi ${index + 1}`);
    await birth.getByLabel("Tanggal lahir").fill(today);
    if (index === 0) await birth.getByLabel("Sudah punya akta kelahiran").check();
  }
  await expect(dialog.getByText("Rincian sesuai dengan jumlah kelahiran dan kematian.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Data berhasil diupdate" })).toBeVisible();
}
