import { expect, test, type Page } from "@playwright/test";
import { demoEmails, loginAs } from "./auth.ts";
import { expectAccessible, expectNoHorizontalScroll } from "./fixtures.ts";

interface PublicStats {
  familiesRegistered: number;
  familiesApproved: number;
  validatedPercent: number;
  perKecamatan: Array<{ nama: string; families: number; approved: number }>;
}

const number = new Intl.NumberFormat("id-ID");
const percent = (value: number) =>
  `${new Intl.NumberFormat("id-ID", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}%`;

/**
 * The figures the landing page itself received. Asking the API again after the page loaded
 * races the tests that register families beside this one: once the server's short cache turns
 * over, the second answer may count a family the page never saw.
 */
async function landingWithItsStats(page: Page): Promise<PublicStats> {
  const answer = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith("/trpc/") && response.url().includes("stats.public"),
  );
  await landingReady(page);
  const response = await answer;
  expect(response.ok()).toBe(true);
  // A batched call answers its procedures in the order the path names them.
  const procedures = decodeURIComponent(new URL(response.url()).pathname.slice("/trpc/".length)).split(",");
  type Answer = { result: { data: PublicStats } };
  const body: Answer | Answer[] = await response.json();
  const entry = Array.isArray(body) ? body[procedures.indexOf("stats.public")] : body;
  if (entry === undefined) throw new Error(`no stats.public in ${response.url()}`);
  return entry.result.data;
}

async function landingReady(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByTestId("stat-keluarga")).toBeVisible();
}

test.describe("landing page", () => {
  test("a phone whose clock is a year behind shows the server's year in the footer", async ({ page }) => {
    const serverYear = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 4);
    await page.clock.setFixedTime(new Date(Date.now() - 366 * 24 * 3_600_000));
    await landingReady(page);
    await expect(page.getByRole("contentinfo")).toContainText(`© ${serverYear} Pemerintah`);
  });

  test("header anchors land on their sections, also from another page", async ({ page }) => {
    await landingReady(page);
    const nav = page.getByRole("navigation", { name: "Navigasi utama" });
    const targets = [
      { link: "Program", hash: "program", heading: "Program" },
      { link: "Fitur", hash: "fitur", heading: "Fitur Utama" },
      { link: "Statistik", hash: "statistik", heading: "Statistik Wilayah" },
      { link: "Validasi", hash: "validasi", heading: "Validasi Data" },
    ];
    for (const target of targets) {
      await nav.getByRole("link", { name: target.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${target.hash}$`));
      await expect(page.getByRole("heading", { level: 2, name: target.heading, exact: true })).toBeInViewport();
    }
    await page.goto("/aparat");
    await page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Statistik" }).click();
    await expect(page).toHaveURL(/\/#statistik$/);
    await expect(page.getByRole("heading", { level: 2, name: "Statistik Wilayah" })).toBeInViewport();
    await expectAccessible(page);
  });

  test("the statistics are the database's figures", async ({ page }) => {
    const stats = await landingWithItsStats(page);
    const { familiesRegistered, familiesApproved, validatedPercent } = stats;
    if (familiesRegistered === null || familiesApproved === null || validatedPercent === null)
      throw new Error("the city's figures are hidden");
    // The demo data seeds 150 families; other tests may add more.
    expect(familiesRegistered).toBeGreaterThanOrEqual(150);
    expect(validatedPercent).toBe(Math.round((familiesApproved / familiesRegistered) * 1000) / 10);
    await expect(page.getByTestId("stat-keluarga")).toHaveText(number.format(familiesRegistered));
    await expect(page.getByTestId("stat-valid")).toHaveText(percent(validatedPercent));
    await expect(page.getByTestId("stat-kecamatan")).toHaveText(
      String(stats.perKecamatan.filter((row) => row.families !== 0).length),
    );
    const table = page.getByTestId("tabel-kecamatan");
    await expect(table.locator("tbody tr")).toHaveCount(stats.perKecamatan.length);
    for (const row of stats.perKecamatan) {
      const line = table
        .locator("tbody tr")
        .filter({ has: page.getByRole("rowheader", { name: row.nama, exact: true }) });
      // A kecamatan of 1–4 families is '<5', as on /statistik.
      await expect(line.locator("td").first()).toHaveText(row.families === null ? "<5" : number.format(row.families));
      expect(row.families === null || row.families === 0 || row.families >= 5).toBe(true);
    }
    const shown = stats.perKecamatan.reduce((sum, row) => sum + (row.families ?? 0), 0);
    const hidden = stats.perKecamatan.filter((row) => row.families === null).length;
    expect(familiesRegistered).toBeGreaterThanOrEqual(shown + hidden);
    expect(familiesRegistered).toBeLessThanOrEqual(shown + 4 * hidden);
    await expect(page.getByText("92%")).toHaveCount(0);
  });

  test("a hidden 'Divalidasi' count shows '<5' as the caption says, never a percentage", async ({ page }) => {
    // The server's answer with one kecamatan's approved count hidden (null) the way suppression hides
    // it, whatever the demo data happens to hold today.
    let hidden = "";
    await page.route(
      (url) => url.pathname.startsWith("/trpc/") && url.pathname.includes("stats.public"),
      async (route) => {
        const response = await route.fetch();
        const procedures = decodeURIComponent(new URL(route.request().url()).pathname.slice("/trpc/".length)).split(
          ",",
        );
        type Row = { nama: string; families: number | null; approved: number | null };
        type Answer = { result: { data: { perKecamatan: Row[] } } };
        const body: Answer | Answer[] = await response.json();
        const entry = Array.isArray(body) ? body[procedures.indexOf("stats.public")] : body;
        const row = entry?.result.data.perKecamatan.find((item) => item.families !== 0);
        if (!row) throw new Error("no kecamatan with families in stats.public");
        row.approved = null;
        hidden = row.nama;
        await route.fulfill({ response, json: body });
      },
    );
    await landingReady(page);
    const table = page.getByTestId("tabel-kecamatan");
    await expect(table.locator("caption")).toContainText("ditampilkan sebagai '<5', juga di kolom Divalidasi");
    const line = table.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: hidden, exact: true }) });
    await expect(line.locator("td").nth(1)).toHaveText("<5");
  });

  test("the footer shows the configured contacts and the portal links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("Jl. Ir. H. Juanda No. 100, Bekasi");
    await expect(footer.getByRole("link", { name: "(021) 555 0101" })).toHaveAttribute("href", "tel:0215550101");
    await expect(footer.getByRole("link", { name: "tppkk@contoh.go.id" })).toHaveAttribute(
      "href",
      "mailto:tppkk@contoh.go.id",
    );
    await expect(footer.getByRole("link", { name: "Registrasi Warga" })).toHaveAttribute("href", "/registrasi");
    await expect(footer.getByRole("link", { name: "Portal Aparat" })).toHaveAttribute("href", "/aparat");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Pemerintah Kota Bekasi`);
  });

  test("the mobile menu closes with Escape and gives focus back", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: "Buka menu" }).click();
    const menu = page.locator("#menu-seluler");
    await expect(menu.getByRole("link", { name: "Cari Data" })).toHaveAttribute("href", "/search");
    await expect(menu.getByRole("link", { name: "Portal Kader PKK" })).toBeVisible();
    await expectAccessible(page);
    await menu.getByRole("link", { name: "Program" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Buka menu" })).toBeFocused();
  });
});

test.describe("audio player", () => {
  const player = (page: Page) => page.getByRole("region", { name: "Pemutar musik" });

  test("volume starts at 70% and is remembered across a reload", async ({ page }) => {
    await page.goto("/");
    const volume = player(page).getByRole("slider", { name: "Volume" });
    await expect(volume).toHaveValue("0.7");
    await expect(player(page)).toContainText("Instrumental Mars Portal PKK");
    await volume.fill("0.3");
    await expect(volume).toHaveValue("0.3");
    await expect.poll(() => page.evaluate(() => document.querySelector("audio")?.volume)).toBe(0.3);
    await page.reload();
    await expect(player(page).getByRole("slider", { name: "Volume" })).toHaveValue("0.3");
    await expect.poll(() => page.evaluate(() => document.querySelector("audio")?.volume)).toBe(0.3);
    await expectAccessible(page);
  });

  test("mute, minimise and restore keep the same song", async ({ page }) => {
    await page.goto("/");
    const mute = player(page).getByRole("button", { name: "Bisukan" });
    await expect(mute).toHaveAttribute("aria-pressed", "false");
    await mute.click();
    await expect(mute).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => page.evaluate(() => document.querySelector("audio")?.muted)).toBe(true);
    await player(page).getByRole("button", { name: "Perkecil pemutar" }).click();
    await expect(player(page)).toBeHidden();
    const reopen = page.getByRole("button", { name: /^Buka pemutar musik/ });
    await expect(reopen).toBeVisible();
    await expectAccessible(page);
    await reopen.click();
    await expect(player(page)).toBeVisible();
    await expect(player(page).getByRole("button", { name: "Bisukan" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => page.evaluate(() => document.querySelectorAll("audio").length)).toBe(1);
  });

  test("plays to the end (muted) with seek and restart, and says when the song is over", async ({ page }) => {
    await page.goto("/");
    await player(page).getByRole("button", { name: "Bisukan" }).click();
    // The player tries to start by itself one second after it mounts. Wait for that try to be over
    // (playing, or the blocked notice) so our own Putar cannot race it and pause the song instead.
    const pause = player(page).getByRole("button", { name: "Jeda" });
    const blocked = page.getByRole("status").filter({ hasText: "Pemutaran otomatis diblokir browser" });
    await expect(pause.or(blocked)).toBeVisible();
    if (!(await pause.isVisible())) await player(page).getByRole("button", { name: "Putar" }).click();
    await expect(pause).toBeVisible();
    const seek = player(page).getByRole("slider", { name: "Posisi lagu" });
    await expect(seek).toBeEnabled();
    const max = Number(await seek.getAttribute("max"));
    expect(max).toBeGreaterThan(10);
    await seek.fill(String(max - 1));
    // Notices are shown one at a time, so this one may wait behind the blocked notice.
    await expect(page.getByRole("status").filter({ hasText: "Lagu selesai diputar" })).toBeVisible({
      timeout: 25_000,
    });
    await player(page).getByRole("button", { name: "Ulangi dari awal" }).click();
    await expect(player(page).getByRole("button", { name: "Jeda" })).toBeVisible();
  });

  test("a failing audio file shows the spec's notice", async ({ page }) => {
    // A broken AUDIO_URL: the file is not there.
    await page.route("**/media/mars-pkk.wav", (route) =>
      route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" }),
    );
    await page.goto("/");
    await expect(
      page.getByRole("alert").filter({ hasText: "Gagal memuat audio - Periksa koneksi internet Anda" }),
    ).toBeVisible();
    await expect(player(page)).toContainText("Audio tidak tersedia");
    await expectAccessible(page);
  });

  test("a browser that blocks auto-play is answered with a notice", async ({ page }) => {
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException("blocked", "NotAllowedError"));
    });
    await page.goto("/");
    await expect(page.getByRole("status").filter({ hasText: "Pemutaran otomatis diblokir browser" })).toBeVisible();
  });
});

test.describe("signed-in header", () => {
  test("shows the cadre's real name, jabatan and area; Keluar goes home signed out with a notice", async ({ page }) => {
    await loginAs(page.request, demoEmails.kaderRt);
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dashboard Kader PKK, Kota Bekasi" })).toBeVisible();
    await expect(header).toContainText("Selamat datang, Siti Aminah");
    await expect(header).toContainText("Ketua PKK RT 001/005 · Kelurahan Bekasijaya");
    await expectAccessible(page);
    await page.goto("/aparat");
    await header.getByRole("button", { name: "Keluar" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Anda telah keluar")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Navigasi utama" }).getByRole("link", { name: "Portal Kader PKK" }),
    ).toBeVisible();
    await expect(header).not.toContainText("Siti Aminah");
    const me = await page.request.get("/trpc/auth.me");
    expect((await me.json()).result.data).toBeNull();
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Navigasi utama" })).toBeVisible();
  });

  test("a signed-in page first paints under its own header: the content never jumps down as it arrives", async ({
    page,
  }) => {
    await loginAs(page.request, demoEmails.kaderKelurahan);
    // Marks the document when the page's heading is on screen while the signed-in menu is not yet:
    // the menu arriving later pushes the page down under a finger about to tap (a CI test's click
    // on 'Maker Checker' landed beside the button that way).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const heading = document.querySelector("main h1");
        const menu = document.querySelector('nav[aria-label="Menu utama"]');
        if (heading && !menu) document.documentElement.dataset.contentBeforeMenu = "true";
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ["/kader-pkk/registrasi-list", "/kader-pkk/dashboard"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Menu utama" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.dataset.contentBeforeMenu ?? "never"), path).toBe(
        "never",
      );
    }
  });

  test("a public page opened signed in paints under the user's own header; a stale hint is dropped", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    // Marks the document when the page's heading is on screen under the public header (its
    // 'Navigasi utama'): the signed-in header swapped in later moves the whole page.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector("main h1") && document.querySelector('nav[aria-label="Navigasi utama"]')) {
          document.documentElement.dataset.publicHeaderFirst = "true";
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await loginAs(page.request, demoEmails.kaderRt);
    for (const path of ["/", "/statistik", "/search"]) {
      await page.goto(path);
      await expect(page.getByRole("banner")).toContainText("Selamat datang, Siti Aminah");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.dataset.publicHeaderFirst ?? "never"), path).toBe(
        "never",
      );
    }
    // The session ends on the server (its cookie gone) while the hint stays: the page still opens,
    // under the public header, and the hint is dropped so the next page load waits for nothing.
    const hint = (await context.cookies()).find((cookie) => cookie.name === "pkk_signed_in");
    expect(hint?.httpOnly).toBe(false);
    await context.clearCookies({ name: "pkk_session" });
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Navigasi utama" })).toBeVisible();
    await expect
      .poll(async () => (await context.cookies()).some((cookie) => cookie.name === "pkk_signed_in"))
      .toBe(false);
  });

  test("at 360 px the header is whole when the page first paints: its area and the city never arrive later", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    // Records, from the first paint of the page's heading on, whether the header lacked its area
    // line or the city's name, and every height it had: a line arriving late grows the header and
    // pushes the page down under a finger (a CI click on 'Kembali ke beranda Anda' missed that way).
    await page.addInitScript(() => {
      const heights = new Set<number>();
      new MutationObserver(() => {
        const header = document.querySelector("header");
        if (!document.querySelector("main h1") || !header) return;
        const text = header.textContent ?? "";
        if (!text.includes(" · ") || !text.includes("Kota Bekasi"))
          document.documentElement.dataset.headerIncomplete = text;
        heights.add(Math.round(header.getBoundingClientRect().height));
        document.documentElement.dataset.headerHeights = [...heights].join(",");
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    for (const [email, path, area] of [
      [demoEmails.aparat, "/aparat", /Kelurahan \S/],
      [demoEmails.kaderRt, "/kader-pkk/dashboard", /RT 001\/005 · Kelurahan \S/],
    ] as const) {
      await page.context().clearCookies();
      await loginAs(page.request, email);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("banner")).toContainText(area);
      await page.waitForLoadState("networkidle");
      const marks = await page.evaluate(() => ({ ...document.documentElement.dataset }));
      expect(marks.headerIncomplete, path).toBeUndefined();
      expect(marks.headerHeights?.split(","), path).toHaveLength(1);
    }
  });
});

test.describe("other public pages", () => {
  test("the cadre portal landing: features, release plan, access and demo accounts", async ({ page }) => {
    await page.goto("/kader-pkk");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const name of [
      "Pencarian Cepat",
      "Filter Kondisi Khusus",
      "Validasi Terintegrasi",
      "Rencana Rilis",
      "Akses Kader",
      "Modul Mendatang",
    ]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    // Signed PDFs and maps are live: the plan marks every stage active and promises none of them as coming.
    await expect(page.getByRole("region", { name: "Rencana Rilis" }).getByText("Aktif", { exact: true })).toHaveCount(
      4,
    );
    await expect(page.getByRole("region", { name: "Tersedia Hari Ini" })).toContainText(
      "PDF bertanda tangan elektronik",
    );
    await expect(page.getByRole("region", { name: "Modul Mendatang" })).toContainText(
      "Semua tahap dalam Rencana Rilis sudah aktif.",
    );
    await expect(page.getByRole("link", { name: "Daftar Akun Kader" })).toHaveAttribute("href", "/kader-pkk/daftar");
    await expect(page.getByRole("link", { name: "Masuk", exact: true })).toHaveAttribute("href", "/kader-pkk/login");
    // The e2e server runs in demo mode.
    await expect(page.getByRole("heading", { name: "Akun Demo" })).toBeVisible();
    await expect(page.getByText(demoEmails.kaderRt)).toBeVisible();
    await expect(page.getByText("DemoPkk2026")).toBeVisible();
    await expectAccessible(page);
  });

  test("the officials' portal tells a visitor what it offers, how to enter, and leads back", async ({ page }) => {
    await page.goto("/aparat");
    await expect(page.getByRole("heading", { name: "Portal Aparat" })).toBeVisible();
    await expect(page.getByText("sedang disiapkan")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Masuk" })).toHaveAttribute(
      "href",
      /\/kader-pkk\/login\?redirect=%2Faparat/,
    );
    await expectAccessible(page);
    await page.getByRole("link", { name: "Kembali ke beranda" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

// /registrasi and /search are other issues' pages; until they exist these paths show the 404 page.
const publicRoutes = [
  { path: "/", name: "beranda" },
  { path: "/kader-pkk", name: "portal-kader" },
  { path: "/aparat", name: "portal-aparat" },
  { path: "/registrasi", name: "registrasi" },
  { path: "/search", name: "cari-data" },
  { path: "/halaman-yang-tidak-ada", name: "404" },
];

for (const route of publicRoutes) {
  test(`${route.path} fits 360 px without sideways scrolling, is accessible, screenshots at 360 and 1280 px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(route.path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`${route.name}-360.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`${route.name}-1280.png`), fullPage: true });
  });
}
