// What the family is told when its record changes status (issue 15), once for the mail and the
// cadre's 'Kabari lewat WhatsApp' link. Zod-free.
import { nextStepText } from "./status-guidance.ts";
import { statusLabel, type RegisterStatus } from "./status.ts";

export interface FamilyMessageInput {
  namaKepalaKeluarga: string;
  registrationNumber: string;
  status: RegisterStatus;
  note: string | null;
  /** The status page, e.g. https://portal.example/search?nomor=REG-…; omitted when unknown. */
  statusLink?: string;
}

/** The status page that opens with the registration number filled in. */
export function statusPagePath(registrationNumber: string): string {
  return `/search?nomor=${encodeURIComponent(registrationNumber)}`;
}

export function familyMessageText(input: FamilyMessageInput): string {
  const lines = [
    `Yth. Keluarga ${input.namaKepalaKeluarga},`,
    "",
    `Status data keluarga Anda (nomor registrasi ${input.registrationNumber}) sekarang: ${statusLabel(input.status)}.`,
  ];
  if (input.note) lines.push(`Catatan kader: ${input.note}`);
  lines.push(`Langkah berikutnya: ${nextStepText[input.status]}`);
  lines.push(
    input.statusLink
      ? `Cek status: ${input.statusLink}`
      : `Cek status di halaman Cari Data portal dengan nomor registrasi ${input.registrationNumber}.`,
  );
  lines.push("", "Salam, Tim Penggerak PKK");
  return lines.join("\n");
}

/** 08… and +62… become 62…, the form wa.me expects. Null for a number that cannot be one. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  const international = digits.startsWith("0") ? `62${digits.slice(1)}` : digits;
  return /^62\d{8,13}$/.test(international) ? international : null;
}

export function whatsappLink(phone: string, input: FamilyMessageInput): string | null {
  const number = whatsappNumber(phone);
  if (!number) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(familyMessageText(input))}`;
}
