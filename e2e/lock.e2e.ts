import { expect, test } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible } from "./fixtures.ts";
import { searchRecords } from "./records.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

// The RT cadre of the demo data works in Bekasijaya (32.75.01.1001), RW 005, RT 001.
const rtCadreArea = { wardKode: "32.75.01.1001", rw: "005", rt: "001" };
const exact = (name: string) => ({ name, exact: true });

test("a verified record is locked in the Maker Checker until the cadre reopens it with a reason ('Buka Kembali')", async ({
  page,
}) => {
  const headName = `Kunci ${Date.now().toString(36)}`;
  const { registrationNumber } = await registerFamilyViaApi(page.request, rtCadreArea, headName);
  await loginAs(page.request, demoEmails.kaderRt);

  // The RT verifies it in the queue: from now on it is locked.
  await page.goto("/kader-pkk/validasi");
  const card = page.locator("li.card").filter({ hasText: registrationNumber });
  await card.getByRole("button", exact("Verifikasi")).click();
  const verify = page.getByRole("dialog", { name: "Verifikasi Data Keluarga" });
  await verify.getByRole("button", exact("Verifikasi")).click();
  await expect(verify).toBeHidden();

  await searchRecords(page, headName);
  await page.getByRole("button", { name: `Maker Checker ${headName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Maker Checker: ${headName}` });
  await expect(dialog.getByText("Data ini terkunci karena sudah berstatus 'Diverifikasi RT'")).toBeVisible();
  await expect(dialog.getByRole("button", exact("Edit"))).toBeDisabled();
  await expect(dialog.getByRole("button", exact("Hapus"))).toBeDisabled();
  await expectAccessible(page);

  // Reopening needs a reason; then the record waits for every level again and can be edited.
  await dialog.getByRole("button", exact("Buka Kembali")).click();
  await dialog.getByRole("button", exact("Ya, Buka Kembali")).click();
  await expect(dialog.getByText("Alasan membuka kembali wajib diisi")).toBeVisible();
  await dialog.getByLabel("Alasan membuka kembali").fill("Nomor HP keluarga keliru");
  await dialog.getByRole("button", exact("Ya, Buka Kembali")).click();
  await expect(page.getByRole("status").filter({ hasText: "Berhasil" })).toBeVisible();
  await expect(dialog.getByRole("button", exact("Edit"))).toBeEnabled();
  await expect(dialog.getByRole("button", exact("Hapus"))).toBeEnabled();
  await expect(dialog.getByText("Data ini terkunci")).toHaveCount(0);
  await dialog.getByText("Riwayat Validasi").click();
  await expect(dialog.getByText("Buka Kembali: Nomor HP keluarga keliru")).toBeVisible();
  await expectAccessible(page);
});
