// The house location is never public (issue 19): after a cadre records one, no answer of the app to
// an anonymous caller carries it — public statistics, figures, boundaries, the status search, the
// REST layer, and the household map itself (refused).
import { describe, expect, test } from "bun:test";
import { indicatorKeys } from "@shared/statistics.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { callerFor, solveCaptcha, TEST_ORIGIN, useTestApp } from "../../test/helpers.ts";
import { issueCaptcha } from "../services/public/captcha.ts";

const t = useTestApp();
const house = { latitude: -6.243917, longitude: 106.991173 };
const carriesHouse = (text: string) => text.includes("6.243917") || text.includes("106.991173");

const query = (path: string, input?: unknown) =>
  t.app.request(
    input === undefined ? `/trpc/${path}` : `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
  );

describe("public doors after a cadre recorded a house location", () => {
  test("no public answer carries it, and the household map refuses an anonymous caller", async () => {
    const family = await createFamilyRegister(t.db, { status: "APPROVED" });
    const rt = await createCadre(t.db, "rt");
    await callerFor(t, rt).registers.setLocation({
      registerId: family.id,
      version: 1,
      location: { ...house, source: "gps", accuracyM: 8 },
    });
    // The cadre's own door does carry it: the check below would notice a leak.
    const own = await callerFor(t, rt).registers.householdMap();
    expect(carriesHouse(JSON.stringify(own))).toBe(true);

    const answers: Array<[string, Response]> = [
      ["stats.public", await query("stats.public")],
      ["config.public", await query("config.public")],
      ["geo kecamatan", await t.app.request("/geo/kecamatan.geojson")],
      ["geo kelurahan", await t.app.request("/geo/kelurahan.geojson")],
      ["REST registers", await t.app.request(`/api/registers/${family.id}`)],
      ["REST list", await t.app.request("/api/registers?populate=*")],
    ];
    for (const indicator of indicatorKeys) {
      answers.push([`publicBreakdown ${indicator}`, await query("statistics.publicBreakdown", { indicator })]);
      answers.push([
        `publicBreakdown ${indicator} kelurahan`,
        await query("statistics.publicBreakdown", { indicator, level: "kelurahan" }),
      ]);
      answers.push([`publicTrend ${indicator}`, await query("statistics.publicTrend", { indicator })]);
    }
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    answers.push([
      "status search",
      await t.app.request("/trpc/registers.searchStatus", {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({
          query: family.form.nikKepalaKeluarga,
          captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
        }),
      }),
    ]);
    const leaks: string[] = [];
    const statuses: Record<string, number> = {};
    for (const [name, response] of answers) {
      statuses[name] = response.status;
      if (carriesHouse(await response.text())) leaks.push(name);
    }
    expect(leaks).toEqual([]);
    // Each door answered (registers are never readable anonymously: 403), so the check saw real answers.
    for (const [name, status] of Object.entries(statuses)) {
      expect({ name, status }).toEqual({ name, status: name.startsWith("REST") ? 403 : 200 });
    }

    const map = await query("registers.householdMap");
    expect(map.status).toBe(401);
    expect(carriesHouse(await map.text())).toBe(false);
  });
});
