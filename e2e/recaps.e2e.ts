import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { failCalls } from "./failures.ts";
import { expectAccessible } from "./fixtures.ts";

// A past month of this year: signing it locks the approved records it counts, those surveyed by its
// end (the demo surveys this year, so only January's), and the test reopens it, so the other specs
// editing the demo ward are not held up.
const period = `${new Date().getFullYear()}-01`;

test("an RT cadre groups households into a dasawisma", async ({ page }) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/dasawisma");
  await expect(page.getByRole("heading", { name: "Dasawisma", level: 1 })).toBeVisible();
  const name = `Mawar ${Date.now().toString(36)}`;
  await page.getByLabel("Nama dasawisma").fill(name);
  await page.getByLabel("Nama ketua").fill("Ibu Sri Wahyuni");
  await page.getByRole("button", { name: "Tambah", exact: true }).click();
  const group = page.getByRole("region", { name: new RegExp(`Dasawisma ${name}`) });
  await expect(group).toBeVisible();
  const loose = page.getByRole("region", { name: /Belum masuk dasawisma/ });
  const boxes = loose.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThan(1);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByLabel("Masukkan ke dasawisma").selectOption({ label: name });
  await page.getByRole("button", { name: "Masukkan 2 rumah tangga" }).click();
  await expect(group.getByText("2 rumah tangga")).toBeVisible();
  await expect(group.getByText("Kurang dari 10 rumah tangga")).toBeVisible();
  await expectAccessible(page);
});

test("RT signs its recap, the signed PDF verifies publicly, a tampered copy does not, and reopening needs a reason", async ({
  page,
  browser,
}) => {
  await loginAs(page.request, demoEmails.kaderRt);
  await page.goto("/kader-pkk/laporan");
  await expect(page.getByRole("link", { name: /Lampiran 4.16b/ })).toBeVisible();
  await page.goto(`/kader-pkk/rekap?bulan=${period}&form=4.16`);
  await expect(page.getByText("LAMPIRAN 4.16b")).toBeVisible();
  await expect(page.getByRole("table", { name: /LAMPIRAN 4.16b/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "NAMA DASAWISMA" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Tandatangani Rekap" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Tandatangani", exact: true }).click();
  await expect(page.getByText("Sudah ditandatangani", { exact: true })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Unduh PDF bertanda tangan" }).click();
  const download = await downloading;
  const toast = page.getByText(/\/verifikasi\/[A-Za-z0-9_-]+/);
  await expect(toast).toBeVisible();
  const path = await download.path();
  const match = /\/verifikasi\/([A-Za-z0-9_-]+)/.exec((await toast.textContent()) ?? "");
  const documentId = match?.[1];
  if (!documentId) throw new Error("no document id in the toast");
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

  // Anyone holding the PDF: no session.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/verifikasi/${documentId}`);
  await expect(publicPage.getByRole("heading", { name: "LAMPIRAN 4.16b" })).toBeVisible();
  await expect(publicPage.getByText(/RT 001, RW 005/)).toBeVisible();
  await expectAccessible(publicPage);
  await publicPage
    .getByLabel("Berkas PDF", { exact: true })
    .setInputFiles({ name: "rekap.pdf", mimeType: "application/pdf", buffer: bytes });
  await expect(publicPage.getByText(/Berkas ASLI/)).toBeVisible();
  const tampered = Buffer.from(bytes);
  const at = tampered.indexOf("/Producer");
  tampered[at + 2] = (tampered[at + 2] ?? 0) ^ 0x20;
  await publicPage
    .getByLabel("Berkas PDF", { exact: true })
    .setInputFiles({ name: "rekap-diubah.pdf", mimeType: "application/pdf", buffer: tampered });
  await expect(publicPage.getByText(/Berkas TIDAK COCOK/)).toBeVisible();
  await visitor.close();

  // Reopening: the reason is required and recorded.
  await page.getByRole("button", { name: "Buka Kembali" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Alasan (wajib, tercatat)").fill("Koreksi data uji e2e");
  await dialog.getByRole("button", { name: "Buka Kembali" }).click();
  await expect(page.getByText("Belum ditandatangani", { exact: true })).toBeVisible();
  await page.getByText(/Riwayat pembukaan kembali/).click();
  await expect(page.getByText(/Koreksi data uji e2e/)).toBeVisible();
});

test("the public document check says it could not check, never 'tidak ditemukan', when the server or the network fails", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const notChecked = "Gagal memeriksa dokumen. Periksa koneksi Anda lalu coba lagi.";
  for (const kind of ["500", "network"] as const) {
    const restore = await failCalls(page, ["recaps.document"], kind);
    await page.goto("/verifikasi/TIDAKADA123");
    const alert = page.getByRole("alert").filter({ hasText: notChecked });
    await expect(alert).toBeVisible();
    await expect(page.getByText(/tidak ditemukan/i)).toHaveCount(0);
    await expectAccessible(page);
    // The server answers again: 'Coba lagi' asks it, and only its own "not found" says the code is unknown.
    await restore();
    await alert.getByRole("button", { name: "Coba lagi" }).click();
    await expect(page.getByRole("alert")).toHaveText("Dokumen tidak ditemukan. Periksa kembali kode pada QR.");
  }
});
