// The review promise per validation level (SPEC §1: a registration waits for the RT cadre at most
// 2×24 hours). RW and kelurahan targets are configuration (server/src/env.ts); pure, zod-free.
import { waitingLevel, type RegisterStatus, type ValidationLevel } from "./status.ts";

/** Hours each level has to act on a record that waits for it. */
export type ValidationTargets = Record<ValidationLevel, number>;

/** The promise shown to families on the registration form: fixed, never configuration. */
export const RT_TARGET_HOURS = 48;

export const defaultValidationTargets: ValidationTargets = { rt: RT_TARGET_HOURS, rw: 48, kelurahan: 48 };

/** The hours a record in `status` may wait, or null when it waits for nobody. */
export function targetHoursFor(status: RegisterStatus, targets: ValidationTargets): number | null {
  const level = waitingLevel[status];
  return level === null ? null : targets[level];
}

/** "2 hari 3 jam" / "5 jam" / "kurang dari 1 jam": an age in words a cadre reads at a glance. */
export function formatHours(hours: number): string {
  const whole = Math.floor(Math.abs(hours));
  if (whole < 1) return "kurang dari 1 jam";
  const days = Math.floor(whole / 24);
  const rest = whole % 24;
  if (days === 0) return `${rest} jam`;
  return rest === 0 ? `${days} hari` : `${days} hari ${rest} jam`;
}

export const queueSorts = ["newest", "overdue"] as const;
export type QueueSort = (typeof queueSorts)[number];
