// The statistics select only the sums an indicator reads (indicatorSumKeys): every indicator's
// figures from those sums alone must equal its figures from all of them.
import { describe, expect, test } from "bun:test";
import { registerStatuses } from "@shared/status.ts";
import { indicators } from "@shared/statistics.ts";
import { categoryCounts, conditionPeople, indicatorSumKeys, sumKeys, type Sums } from "./indicator-counts.ts";

/** Sums with every key set to a distinct value, so a key left out changes some figure. */
function fullSums(seed: number): Sums {
  const values = Object.fromEntries(sumKeys.map((key, index) => [key, 1000 + seed * 97 + index * 13]));
  const statuses = Object.fromEntries(registerStatuses.map((status, index) => [status, seed + index * 7]));
  return { values, statuses };
}

function onlyKeys(sums: Sums, keys: readonly string[]): Sums {
  return {
    values: Object.fromEntries(Object.entries(sums.values).filter(([key]) => keys.includes(key))),
    statuses: sums.statuses,
  };
}

describe("the sums an indicator reads", () => {
  test("every indicator's categories and people from its own sums equal those from all sums", () => {
    for (const indicator of indicators) {
      const keys = indicatorSumKeys(indicator);
      expect(keys).toContain("families");
      for (const seed of [1, 2, 3]) {
        const all = fullSums(seed);
        const own = onlyKeys(all, keys);
        expect([indicator.key, categoryCounts(indicator, own), conditionPeople(indicator, own)]).toEqual([
          indicator.key,
          categoryCounts(indicator, all),
          conditionPeople(indicator, all),
        ]);
      }
    }
  });

  test("an indicator reads a few sums, not all of them", () => {
    const widest = Math.max(...indicators.map((indicator) => indicatorSumKeys(indicator).length));
    expect(widest).toBeLessThanOrEqual(3);
    expect(indicators.length).toBeGreaterThan(10);
  });
});
