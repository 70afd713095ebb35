import { expect, test } from "@playwright/test";
import { answerCaptcha } from "./family.ts";
import { expectAccessible } from "./fixtures.ts";

const message = "Layanan sedang tidak tersedia, silakan coba lagi sebentar";

// The e2e app runs on a database this browser test cannot take down, so the search call is answered
// with the 503 the server gives during an outage (its shape is asserted against the real server in
// server/src/http/unavailable.test.ts and under a stopped/frozen PostgreSQL by `npm run test:faults`).
test("during a database outage the resident sees 'Layanan sedang tidak tersedia' as a notice", async ({ page }) => {
  await page.route("**/trpc/registers.searchStatus**", (route) =>
    route.fulfill({
      status: 503,
      headers: { "content-type": "application/json", "retry-after": "5" },
      body: JSON.stringify([
        {
          error: {
            message,
            code: -32603,
            data: {
              code: "SERVICE_UNAVAILABLE",
              httpStatus: 503,
              path: "registers.searchStatus",
              retryAfterSeconds: 5,
            },
          },
        },
      ]),
    }),
  );
  await page.goto("/search");
  await page.getByLabel("NIK, Nomor Registrasi, atau Nama Lengkap Kepala Keluarga").fill("3275010101900001");
  await answerCaptcha(page);
  await page.getByRole("button", { name: "Cari", exact: true }).click();
  // The search shows the outage where its answer would be (the page handles its own failure).
  const notice = page.getByRole("alert").filter({ hasText: message });
  await expect(notice.first()).toBeVisible();
  await expectAccessible(page);
});
