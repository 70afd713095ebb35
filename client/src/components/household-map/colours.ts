// How the household map colours a house: by its validation status, or by one special condition
// (has it / has not). Shared by the map (lazy chunk) and its legend (the page).
import { specialConditionKeys, specialConditionLabels, type SpecialConditionKey } from "@shared/enums.ts";
import { registerStatuses, statusLabel, type RegisterStatus } from "@shared/status.ts";

export type ColourBy = "status" | SpecialConditionKey;

export const colourByOptions: Array<{ value: ColourBy; label: string }> = [
  { value: "status", label: "Status validasi" },
  ...specialConditionKeys.map((key) => ({ value: key, label: `Kondisi: ${specialConditionLabels[key]}` })),
];

export function isColourBy(value: string): value is ColourBy {
  return colourByOptions.some((option) => option.value === value);
}

const statusColours: Record<RegisterStatus, string> = {
  SUBMITTED: "#d97706",
  RT_VERIFIED: "#0284c7",
  RW_VERIFIED: "#4f46e5",
  APPROVED: "#16a34a",
  NEEDS_REVISION: "#db2777",
  REJECTED: "#dc2626",
};
const withCondition = "#dc2626";
const withoutCondition = "#9ca3af";

export interface Colourable {
  status: RegisterStatus;
  conditions: SpecialConditionKey[];
}

export function colourOf(point: Colourable, by: ColourBy): string {
  if (by === "status") return statusColours[point.status];
  return point.conditions.includes(by) ? withCondition : withoutCondition;
}

/** The legend's entries for a colouring. */
export function legendOf(by: ColourBy): Array<{ colour: string; label: string }> {
  if (by === "status")
    return registerStatuses.map((status) => ({ colour: statusColours[status], label: statusLabel(status) }));
  return [
    { colour: withCondition, label: `Ada ${specialConditionLabels[by]}` },
    { colour: withoutCondition, label: `Tidak ada ${specialConditionLabels[by]}` },
  ];
}
