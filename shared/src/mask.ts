// Masking of personal data (DESIGN §6, UU 27/2022 PDP): the one definition used by the public status
// search, the read policy for officials (aparat), the client and the log redaction. Free of zod so
// every layer (logs included) can import it.

/** "3275011234567890" → "327501******7890": first six and last four digits. */
export function maskNik(nik: string): string {
  if (nik.length < 10) return "*".repeat(nik.length);
  return `${nik.slice(0, 6)}${"*".repeat(nik.length - 10)}${nik.slice(-4)}`;
}

/**
 * "1999-12-20" → "1999-**-**": the year only. A NIK's six hidden digits are its holder's birth date
 * (DDMMYY, the day + 40 for women), so a masked NIK beside a whole birth date and the sex would
 * rebuild it: wherever a NIK is masked, the birth date beside it is too.
 */
export function maskBirthDate(date: string): string {
  if (date === "") return "";
  const year = /^(\d{4})-/.exec(date)?.[1];
  return year ? `${year}-**-**` : "****-**-**";
}

/** A birth date as `maskBirthDate` leaves it. */
export const isMaskedBirthDate = (date: string): boolean => date.endsWith("-**-**");

/** "081234567890" → "0812*****890". */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return "*".repeat(phone.length);
  return `${phone.slice(0, 4)}${"*".repeat(phone.length - 7)}${phone.slice(-3)}`;
}

/** "budi.santoso@contoh.id" → "b***@contoh.id"; an empty address stays empty. */
export function maskEmail(email: string): string {
  if (email === "") return "";
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Every run of 16 digits in a text (a NIK) masked: what logs and audit details go through. */
export function maskNiksInText(text: string): string {
  return text.replace(/\d{16}/g, maskNik);
}

// An Indonesian mobile number as people write it: 0812…, 62812…, +62 812…, with spaces, dots or dashes.
const phoneInText = /(?<!\d)(?:\+62|62|0)[\s.-]?8(?:[\s.-]?\d){7,12}(?!\d)/g;
const emailInText = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/**
 * A note a cadre wrote (for the family, or a delete reason) as a masked reader gets it: the public
 * status search and officials. NIKs and family card numbers, phone numbers and e-mail addresses
 * written into it are masked as the record's own fields are; the words stay.
 */
export function maskContactsInText(text: string): string {
  return text
    .replace(/(?<!\d)\d{16}(?!\d)/g, maskNik)
    .replace(phoneInText, (found) => maskPhone(found.replace(/\D/g, "")))
    .replace(emailInText, maskEmail);
}
