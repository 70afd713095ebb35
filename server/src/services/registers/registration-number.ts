// Registration numbers residents read out on the phone: the day plus eight unambiguous characters
// (32^8 per day, so even a million registrations in one day almost never collide; the unique index
// catches the rest).
const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function newRegistrationNumber(now = new Date()): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  return `REG-${day}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
