// The statistics page's choices (issue 19): each indicator splits a region's families into
// categories that add up to its families, so the server can suppress small counts consistently.
import {
  communityActivityKeys,
  communityActivityLabels,
  specialConditionKeys,
  specialConditionLabels,
  type SpecialConditionKey,
} from "./enums.ts";
import { registerStatuses, statusLabel } from "./status.ts";

export const indicatorGroups = [
  "kondisi",
  "sumber-air",
  "mck",
  "kriteria-rumah",
  "makanan-pokok",
  "kegiatan-pkk",
  "status-validasi",
] as const;
export type IndicatorGroup = (typeof indicatorGroups)[number];

export const indicatorGroupLabels: Record<IndicatorGroup, string> = {
  kondisi: "Kondisi khusus",
  "sumber-air": "Sumber air",
  mck: "MCK",
  "kriteria-rumah": "Kriteria rumah",
  "makanan-pokok": "Makanan pokok",
  "kegiatan-pkk": "Kegiatan PKK",
  "status-validasi": "Status validasi",
};

export interface IndicatorCategory {
  key: string;
  label: string;
}

export interface IndicatorDefinition {
  key: string;
  group: IndicatorGroup;
  label: string;
  /** The first category is the one the bars and the map colour by. */
  categories: IndicatorCategory[];
}

const yesNo = (yes: string, no: string): IndicatorCategory[] => [
  { key: "ya", label: yes },
  { key: "tidak", label: no },
];

const conditionIndicator = (key: SpecialConditionKey): IndicatorDefinition => ({
  key: `kondisi-${key}`,
  group: "kondisi",
  label: specialConditionLabels[key],
  categories: yesNo(`Keluarga dengan ${specialConditionLabels[key].toLowerCase()}`, "Keluarga lainnya"),
});

export const houseIndicators = [
  ["houseHealthy", "Rumah sehat"],
  ["houseLessHealthy", "Rumah kurang sehat"],
  ["needsHelp", "Perlu bantuan"],
  ["trashBin", "Memiliki tempat sampah"],
  ["drainage", "Memiliki saluran pembuangan air limbah"],
  ["waterAbsorption", "Memiliki sumur resapan"],
] as const;

export const indicators: IndicatorDefinition[] = [
  ...specialConditionKeys.map(conditionIndicator),
  {
    key: "sumber-air",
    group: "sumber-air",
    label: "Sumber air",
    categories: [
      { key: "pdam", label: "PDAM" },
      { key: "sumur", label: "Sumur (bor/gali)" },
      { key: "lainnya", label: "Sumber lain" },
    ],
  },
  { key: "mck", group: "mck", label: "Memiliki MCK", categories: yesNo("Memiliki MCK", "Tidak memiliki MCK") },
  ...houseIndicators.map(
    ([key, label]): IndicatorDefinition => ({
      key: `rumah-${key}`,
      group: "kriteria-rumah",
      label,
      categories: yesNo(label, "Lainnya"),
    }),
  ),
  {
    key: "makanan-pokok",
    group: "makanan-pokok",
    label: "Makanan pokok",
    categories: [
      { key: "beras", label: "Beras" },
      { key: "non-beras", label: "Non beras" },
      { key: "lainnya", label: "Tidak diisi" },
    ],
  },
  ...communityActivityKeys.map(
    (key): IndicatorDefinition => ({
      key: `kegiatan-${key}`,
      group: "kegiatan-pkk",
      label: communityActivityLabels[key],
      categories: yesNo(`Mengikuti ${communityActivityLabels[key]}`, "Tidak mengikuti"),
    }),
  ),
  {
    key: "status-validasi",
    group: "status-validasi",
    label: "Status validasi",
    categories: registerStatuses.map((status) => ({ key: status, label: statusLabel(status) })),
  },
];

export const indicatorKeys = indicators.map((indicator) => indicator.key);

export function indicatorByKey(key: string): IndicatorDefinition | undefined {
  return indicators.find((indicator) => indicator.key === key);
}

/** The public sees a cell only from this many families; below it shows '<5'. */
export const SMALL_COUNT_THRESHOLD = 5;

export const statisticsLevels = ["kota", "kecamatan", "kelurahan", "rw", "rt"] as const;
export type StatisticsLevel = (typeof statisticsLevels)[number];
