import { levelLabels, type PublicUser } from "@shared/users.ts";
import { validationLevelLabels, isValidationLevel, workflowActorOf } from "@shared/status.ts";
import { isMaskedBirthDate } from "@shared/mask.ts";

/** "Kader RT" for history rows; admin moves are overrides. */
export function eventLevelLabel(level: string | null): string | null {
  if (level === null) return null;
  if (level === "admin") return "Admin (override)";
  return isValidationLevel(level) ? `Kader ${validationLevelLabels[level]}` : level;
}

/** What the default ("waiting") status filter means for this user. */
export function waitingLabel(user: PublicUser): string {
  const actor = workflowActorOf(user);
  if (actor === null || actor === "admin") return "Belum selesai (semua tahap)";
  return `Menunggu tindakan ${validationLevelLabels[actor]}`;
}

export function roleLine(user: PublicUser): string {
  if (user.role === "admin") return "Admin";
  // Officials are not cadres: 'Aparat Kelurahan', never 'Kader Kelurahan'.
  const title = user.role === "aparat" ? "Aparat" : "Kader";
  return user.level ? `${title} ${levelLabels[user.level]}` : title;
}

const dateTime = new Intl.DateTimeFormat("id-ID", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Jakarta",
});
const dateOnly = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeZone: "UTC" });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** A calendar date (YYYY-MM-DD) shown as it is written, whatever the browser's time zone. */
export const formatDate = (isoDate: string) => dateOnly.format(new Date(`${isoDate}T00:00:00Z`));
/** A member's birth date; an official gets it masked to the year ("1999-**-**" → "tahun 1999"). */
export const formatBirthDate = (isoDate: string) =>
  isMaskedBirthDate(isoDate) ? `tahun ${isoDate.slice(0, 4)}` : formatDate(isoDate);
