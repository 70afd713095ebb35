// Registration numbers residents read out on the phone: the day plus eight unambiguous characters
// (32^8 per day, so even a million registrations in one day almost never collide; the unique index
// catches the rest).
import { todayIso } from "@shared/dates.ts";

const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function newRegistrationNumber(now = new Date()): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  // The day in Indonesia (WIB), like every date the resident reads: 00:30 WIB is already the next day.
  const day = todayIso(now).replaceAll("-", "");
  return `REG-${day}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
