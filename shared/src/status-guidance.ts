// What a family reads under its status (issue 15): the next step for each status. Zod-free, so the
// status card, the mail and the WhatsApp message say the same thing.
import type { RegisterStatus } from "./status.ts";

export const nextStepText: Record<RegisterStatus, string> = {
  SUBMITTED:
    "Data Anda menunggu pemeriksaan kader RT (biasanya 1–3 hari kerja). Selama RT belum memeriksa, Anda masih dapat memperbaiki data dengan tombol 'Perbaiki Data'.",
  RT_VERIFIED: "Data Anda sudah diperiksa RT dan menunggu pemeriksaan kader RW.",
  RW_VERIFIED: "Data Anda sudah diperiksa RW dan menunggu persetujuan kader Kelurahan.",
  APPROVED: "Pemeriksaan oleh kader RT, RW, dan Kelurahan sudah selesai. Tidak ada yang perlu dilakukan.",
  NEEDS_REVISION:
    "Perbaiki data sesuai catatan kader dengan tombol 'Perbaiki Data' (siapkan nomor registrasi, NIK kepala keluarga dan nomor HP yang didaftarkan), lalu kirim kembali.",
  REJECTED:
    "Jika menurut Anda data sudah benar atau dapat dilengkapi, perbaiki dengan tombol 'Perbaiki Data' lalu kirim kembali, atau hubungi kader RT Anda.",
};

/** Statuses in which the family itself may correct and resend its data ('Perbaiki Data'). */
export const familyCorrectableStatuses: readonly RegisterStatus[] = ["SUBMITTED", "NEEDS_REVISION", "REJECTED"];

/** The cadre's note is shown to the family for these statuses. */
export const familyReadsNoteStatuses: readonly RegisterStatus[] = ["NEEDS_REVISION", "REJECTED"];

/** The cadre sees this where the note is written. */
export const familyReadsNoteHint = "Catatan ini akan dibaca oleh keluarga di halaman Cek Status dan di email/WhatsApp.";

export const correctionEventNote = "Diperbaiki oleh keluarga";

/** Dates and times as the family reads them: WIB, Indonesian. */
export function formatWib(iso: string, withTime = true): string {
  const date = new Date(iso);
  const formatted = new Intl.DateTimeFormat("id-ID", {
    timeZone: "Asia/Jakarta",
    day: "numeric",
    month: "long",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  }).format(date);
  return withTime ? `${formatted} WIB` : formatted;
}
