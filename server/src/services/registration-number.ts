// Registration numbers residents read out on the phone: date plus six unambiguous characters.
const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export function newRegistrationNumber(now = new Date()): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  const suffix = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  return `REG-${day}-${suffix}`;
}
