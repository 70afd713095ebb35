// Per-region sums read from the figure rollups, and an indicator's categories computed from them.
import { communityActivityKeys, specialConditionKeys, type CommunityActivityKey } from "@shared/enums.ts";
import { registerStatuses } from "@shared/status.ts";
import type { IndicatorDefinition } from "@shared/statistics.ts";

/** The rollup sums the statistics read (schema/figures.ts figureSums), and families per status. */
export const sumKeys = [
  "families",
  "waterPdam",
  "waterWell",
  "mck",
  "houseHealthy",
  "houseLessHealthy",
  "needsHelp",
  "trashBin",
  "drainage",
  "waterAbsorption",
  "foodRice",
  "foodNonRice",
  "activityUp2k",
  "activityYardUtilization",
  "activityHomeIndustry",
  "activityEnvironmentalHealth",
  ...specialConditionKeys.flatMap((key) => [`${key}Families` as const, `${key}People` as const]),
] as const;
export type SumKey = (typeof sumKeys)[number];

export interface Sums {
  values: Partial<Record<SumKey, number>>;
  statuses: Partial<Record<string, number>>;
}

/** The rollup sum of each Kegiatan PKK (communityActivities). */
export const activitySumKeys: Record<CommunityActivityKey, SumKey> = {
  up2k: "activityUp2k",
  yardUtilization: "activityYardUtilization",
  homeIndustry: "activityHomeIndustry",
  environmentalHealth: "activityEnvironmentalHealth",
};

export const emptySums = (): Sums => ({ values: {}, statuses: {} });

export const sumOf = (sums: Sums, key: SumKey): number => sums.values[key] ?? 0;

/** A row's sums as read: only the keys its query selected (indicatorSumKeys), not all 36. */
export type SumEntries = ReadonlyArray<readonly [SumKey, number]>;

export function addSums(into: Sums, row: SumEntries, status: string): void {
  for (const [key, value] of row) {
    into.values[key] = sumOf(into, key) + value;
    if (key === "families") into.statuses[status] = (into.statuses[status] ?? 0) + value;
  }
}

/** The families in each of the indicator's categories (they add up to the region's families). */
export function categoryCounts(indicator: IndicatorDefinition, sums: Sums): number[] {
  const families = sumOf(sums, "families");
  const rest = (...parts: number[]) => Math.max(0, families - parts.reduce((a, b) => a + b, 0));
  const binary = (yes: number) => [yes, rest(yes)];
  if (indicator.group === "kondisi") {
    const key = specialConditionKeys.find((condition) => indicator.key === `kondisi-${condition}`);
    return key ? binary(sumOf(sums, `${key}Families`)) : [];
  }
  if (indicator.group === "kriteria-rumah") {
    const key = indicator.key.replace(/^rumah-/, "");
    const sumKey = sumKeys.find((candidate) => candidate === key);
    return sumKey ? binary(sumOf(sums, sumKey)) : [];
  }
  if (indicator.group === "kegiatan-pkk") {
    const key = communityActivityKeys.find((activity) => indicator.key === `kegiatan-${activity}`);
    return key ? binary(sumOf(sums, activitySumKeys[key])) : [];
  }
  switch (indicator.group) {
    case "sumber-air":
      return [
        sumOf(sums, "waterPdam"),
        sumOf(sums, "waterWell"),
        rest(sumOf(sums, "waterPdam"), sumOf(sums, "waterWell")),
      ];
    case "mck":
      return binary(sumOf(sums, "mck"));
    case "makanan-pokok":
      return [
        sumOf(sums, "foodRice"),
        sumOf(sums, "foodNonRice"),
        rest(sumOf(sums, "foodRice"), sumOf(sums, "foodNonRice")),
      ];
    case "status-validasi":
      return registerStatuses.map((status) => sums.statuses[status] ?? 0);
  }
}

/** People counted across the families with a condition (conditions only), else null. */
export function conditionPeople(indicator: IndicatorDefinition, sums: Sums): number | null {
  const key = specialConditionKeys.find((condition) => indicator.key === `kondisi-${condition}`);
  return key ? sumOf(sums, `${key}People`) : null;
}

const readKeys = new Map<string, SumKey[]>();

/**
 * The sums an indicator's figures read (families always: its total and its families per status),
 * found by running categoryCounts and conditionPeople over sums that note each key read, so the
 * statistics select these few of the rollups' 36 sums and cannot miss one the figures use.
 */
export function indicatorSumKeys(indicator: IndicatorDefinition): SumKey[] {
  const known = readKeys.get(indicator.key);
  if (known) return known;
  const read = new Set<SumKey>(["families"]);
  const values = new Proxy<Partial<Record<SumKey, number>>>(
    {},
    {
      get(_target, property) {
        const key = sumKeys.find((candidate) => candidate === property);
        if (key) read.add(key);
        return 1;
      },
    },
  );
  const probe: Sums = { values, statuses: {} };
  categoryCounts(indicator, probe);
  conditionPeople(indicator, probe);
  const keys = sumKeys.filter((key) => read.has(key));
  readKeys.set(indicator.key, keys);
  return keys;
}
