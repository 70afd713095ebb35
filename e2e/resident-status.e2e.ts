// Issue 15 at 360 px, as a family lives it: check by registration number, read why the record came
// back, correct it without a cadre ('Perbaiki Data') and see it waiting again; wrong ownership facts
// all answer alike and the try limit applies; a family whose record was deleted registers again.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomInt } from "node:crypto";
import { demoEmails, loginAs } from "./auth.ts";
import { answerCaptcha, fillFamilyForm, uniqueNik } from "./family.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";
import { registerFamilyViaApi } from "./resident-api.ts";

const rtCadreArea = { wardKode: "32.75.01.1001", rw: "005", rt: "001" };
const PHONE = "081298765432";
const exact = (name: string) => ({ name, exact: true });
const origin = () => new URL(`http://localhost:${process.env.E2E_PORT ?? 3100}`).origin;

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Every test is its own resident, on its own address (the per-address try limit).
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.15.${randomInt(256)}.${randomInt(1, 255)}` });
});

async function findInQueue(request: APIRequestContext, registrationNumber: string) {
  const input = encodeURIComponent(JSON.stringify({ status: "all", pageSize: 50 }));
  const response = await request.get(`/trpc/registers.queue?input=${input}`);
  const items: Array<{ id: number; version: number; registrationNumber: string; status: string }> = (
    await response.json()
  ).result.data.items;
  const item = items.find((row) => row.registrationNumber === registrationNumber);
  if (!item) throw new Error(`${registrationNumber} not in the queue`);
  return item;
}

async function searchByNumber(page: Page, registrationNumber: string) {
  await page.goto(`/search?nomor=${registrationNumber}`);
  await expect(page.getByLabel("NIK, Nomor Registrasi, atau Nama Lengkap Kepala Keluarga")).toHaveValue(
    registrationNumber,
  );
  await expect(page.getByText("Pencarian berdasarkan nomor registrasi")).toBeVisible();
  await answerCaptcha(page);
  await page.getByRole("button", exact("Cari")).click();
  const card = page.getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(registrationNumber);
  return card;
}

test("a family checks its status by registration number: the same masked card, the next step", async ({ page }) => {
  const { registrationNumber, nik } = await registerFamilyViaApi(page.request, rtCadreArea, "Darmawan Cek");
  const card = await searchByNumber(page, registrationNumber);
  await expect(card.getByText("Menunggu Persetujuan")).toBeVisible();
  await expect(card).toContainText(`${nik.slice(0, 6)}******${nik.slice(-4)}`);
  await expect(card).toContainText("Langkah berikutnya");
  // The registration date is the day in Jakarta, the day the number itself names (REG-YYYYMMDD-…).
  const [, year, month, day] = /^REG-(\d{4})(\d{2})(\d{2})-/.exec(registrationNumber) ?? [];
  const namedDay = new Intl.DateTimeFormat("id-ID", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(card.locator("dt:text-is('Tanggal registrasi') + dd")).toHaveText(
    namedDay.format(Date.UTC(Number(year), Number(month) - 1, Number(day))),
  );
  await expect(card.getByRole("link", exact("Perbaiki Data"))).toBeVisible();
  expect(await page.locator("body").innerText()).not.toContain(nik);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test("the revision note reaches the family, which corrects the record back into the RT queue", async ({ page }) => {
  const { registrationNumber, nik } = await registerFamilyViaApi(page.request, rtCadreArea, "Rahmat Perbaiki");
  await loginAs(page.request, demoEmails.kaderRt);
  const item = await findInQueue(page.request, registrationNumber);
  const moved = await page.request.post("/trpc/registers.transition", {
    data: { registerId: item.id, action: "requestRevision", note: "Tanggal lahir kepala keluarga keliru" },
    headers: { origin: origin() },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.request.post("/trpc/auth.logout", { headers: { origin: origin() } });

  const card = await searchByNumber(page, registrationNumber);
  await expect(card.getByText("Perlu Revisi")).toBeVisible();
  await expect(card.getByText("Catatan revisi dari kader")).toBeVisible();
  await expect(card.getByText("Tanggal lahir kepala keluarga keliru")).toBeVisible();
  await expect(card.getByText(/Ditulis .* WIB/)).toBeVisible();
  await expectAccessible(page);

  await card.getByRole("link", exact("Perbaiki Data")).click();
  await expect(page).toHaveURL(/\/perbaiki\?nomor=REG-/);
  await expect(page.getByLabel("Nomor Registrasi")).toHaveValue(registrationNumber);
  // Nothing of the record before the three facts match (a retrying assertion: the search page's
  // card may still be on screen for a moment while the route changes).
  await expect(page.locator("body")).not.toContainText("Rahmat Perbaiki");
  await page.getByLabel("NIK Kepala Keluarga").fill(nik);
  await page.getByLabel("Nomor HP yang didaftarkan").fill(PHONE);
  await answerCaptcha(page);
  await expectAccessible(page);
  await page.getByRole("button", exact("Buka Data Saya")).click();

  await expect(page.getByText("Tanggal lahir kepala keluarga keliru")).toBeVisible();
  await expect(page.getByLabel("Nama Kepala Keluarga")).toHaveValue("Rahmat Perbaiki");
  const head = page.getByRole("group", { name: "Anggota 1 (Kepala Keluarga)" });
  await head.getByLabel("Tanggal Lahir").fill("1980-06-17");
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await expectNoHorizontalScroll(page);
  await page.getByRole("button", exact("Kirim Perbaikan")).click();

  await expect(page.getByText("Perbaikan terkirim")).toBeVisible();
  await expect(page).toHaveURL(/\/search\?nomor=REG-/);
  await answerCaptcha(page);
  await page.getByRole("button", exact("Cari")).click();
  await expect(page.getByRole("article").getByText("Menunggu Persetujuan")).toBeVisible();

  await loginAs(page.request, demoEmails.kaderRt);
  const back = await findInQueue(page.request, registrationNumber);
  expect(back.status).toBe("SUBMITTED");
  const history = await page.request.get(
    `/trpc/registers.history?input=${encodeURIComponent(JSON.stringify({ registerId: back.id }))}`,
  );
  expect(await history.text()).toContain("Diperbaiki oleh keluarga");
});

type Facts = { nomor: string; nik: string; hp: string };

/** The three facts and the captcha sent with 'Buka Data Saya'. */
async function submitFacts(page: Page, facts: Facts): Promise<void> {
  await page.getByLabel("Nomor Registrasi").fill(facts.nomor);
  await page.getByLabel("NIK Kepala Keluarga").fill(facts.nik);
  await page.getByLabel("Nomor HP yang didaftarkan").fill(facts.hp);
  await answerCaptcha(page);
  await page.getByRole("button", exact("Buka Data Saya")).click();
}

/** One refused try; answers the alert's text (the generic refusal or the limit). */
async function ownershipTry(page: Page, facts: Facts): Promise<string> {
  await submitFacts(page, facts);
  const alert = page.getByRole("alert").filter({ hasText: /Data tidak cocok|Terlalu banyak/ });
  await expect(alert).toBeVisible();
  return (await alert.textContent()) ?? "";
}

test("'Perbaiki Data' checks the three facts before sending: each message under its field, focus on the first", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("registers.openCorrection")) sent.push(request.url());
  });
  await page.goto("/perbaiki");
  const button = page.getByRole("button", exact("Buka Data Saya"));
  await button.click();
  const nomor = page.getByLabel("Nomor Registrasi");
  await expect(nomor).toHaveAttribute("aria-invalid", "true");
  await expect(nomor).toHaveAccessibleDescription("Nomor registrasi wajib diisi");
  await expect(page.getByLabel("NIK Kepala Keluarga")).toHaveAccessibleDescription("NIK harus 16 digit");
  await expect(page.getByLabel("Nomor HP yang didaftarkan")).toHaveAccessibleDescription("Nomor HP wajib diisi");
  await expect(page.getByLabel("Verifikasi keamanan")).toHaveAccessibleDescription("Silakan selesaikan captcha");
  await expect(nomor).toBeFocused();

  // One fact still wrong: it alone keeps its message and gets the focus; nothing is sent either time.
  await nomor.fill("REG-20260101-ABCD-EFGH");
  await page.getByLabel("NIK Kepala Keluarga").fill("32750");
  await page.getByLabel("Nomor HP yang didaftarkan").fill(PHONE);
  await answerCaptcha(page);
  await button.click();
  await expect(page.getByLabel("NIK Kepala Keluarga")).toBeFocused();
  await expect(page.getByLabel("NIK Kepala Keluarga")).toHaveAttribute("aria-invalid", "true");
  await expect(nomor).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Silakan selesaikan captcha")).toHaveCount(0);
  await expectAccessible(page);
  expect(sent).toEqual([]);
});

test("wrong ownership facts all answer alike, and the record's try limit applies", async ({ page }) => {
  const { registrationNumber, nik } = await registerFamilyViaApi(page.request, rtCadreArea, "Sutrisno Coba");
  const attempt = (facts: Facts) => ownershipTry(page, facts);
  await page.goto("/perbaiki");
  const answers = [
    await attempt({ nomor: registrationNumber, nik: uniqueNik(), hp: PHONE }),
    await attempt({ nomor: registrationNumber, nik, hp: "081100000000" }),
    // Another last character (a number that already ends in Z would otherwise be the right one).
    await attempt({
      nomor: `${registrationNumber.slice(0, -1)}${registrationNumber.endsWith("Z") ? "Y" : "Z"}`,
      nik,
      hp: PHONE,
    }),
  ];
  expect(new Set(answers).size).toBe(1);
  expect(answers[0]).toContain("Data tidak cocok");
  expect(await page.locator("body").innerText()).not.toContain("Sutrisno Coba");

  // This record has had two wrong tries (the third named another number): three more from other
  // addresses make five, then even the right facts, from yet another address, wait an hour.
  for (const _ of [1, 2, 3]) {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.16.${randomInt(256)}.${randomInt(1, 255)}` });
    expect(await attempt({ nomor: registrationNumber, nik, hp: "081100000000" })).toContain("Data tidak cocok");
  }
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.17.${randomInt(256)}.${randomInt(1, 255)}` });
  expect(await attempt({ nomor: registrationNumber, nik, hp: PHONE })).toContain("Terlalu banyak percobaan");
  expect(await page.locator("body").innerText()).not.toContain("Sutrisno Coba");
  await expect(page.getByRole("button", exact("Kirim Perbaikan"))).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});

test("the address's try limit applies: five wrong tries, then even a right record waits", async ({ page }) => {
  const { registrationNumber, nik } = await registerFamilyViaApi(page.request, rtCadreArea, "Hartono Batas");
  await page.goto("/perbaiki");
  // Five guesses at other numbers from this resident's address (beforeEach)…
  for (const index of [1, 2, 3, 4, 5]) {
    const guess = `${registrationNumber.slice(0, -2)}Z${index}`;
    expect(await ownershipTry(page, { nomor: guess, nik, hp: PHONE })).toContain("Data tidak cocok");
  }
  // …then the right facts of a record nobody has tried are refused from here,
  expect(await ownershipTry(page, { nomor: registrationNumber, nik, hp: PHONE })).toContain("Terlalu banyak percobaan");
  expect(await page.locator("body").innerText()).not.toContain("Hartono Batas");
  // and open it from another address.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.19.${randomInt(256)}.${randomInt(1, 255)}` });
  await page.reload();
  await submitFacts(page, { nomor: registrationNumber, nik, hp: PHONE });
  await expect(page.getByLabel("Nama Kepala Keluarga")).toHaveValue("Hartono Batas");
});

test("a family whose record was deleted registers again with the same NIK", async ({ page }) => {
  const { registrationNumber, nik } = await registerFamilyViaApi(page.request, rtCadreArea, "Wahyu Terhapus");
  await loginAs(page.request, demoEmails.admin);
  const item = await findInQueue(page.request, registrationNumber);
  const deleted = await page.request.post("/trpc/registers.delete", {
    data: { registerId: item.id, version: item.version, reason: "Data ganda" },
    headers: { origin: origin() },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await page.request.post("/trpc/auth.logout", { headers: { origin: origin() } });

  await page.goto("/registrasi");
  await fillFamilyForm(page, { headName: "Wahyu Terhapus", headNik: nik, wifeNik: uniqueNik() });
  await page.getByLabel(/Saya menyatakan data yang saya isi benar/).check();
  await answerCaptcha(page);
  await page.getByRole("button", exact("Kirim Registrasi")).click();
  await expect(page).toHaveURL(/\/registrations\/success$/);
  await expect(page.getByRole("heading", { name: "Registrasi Keluarga Berhasil" })).toBeVisible();
  await expectNoHorizontalScroll(page);
});
