// The register workflow (DESIGN §4): the single source for statuses and their labels.
export const registerStatuses = [
  "SUBMITTED",
  "RT_VERIFIED",
  "RW_VERIFIED",
  "APPROVED",
  "NEEDS_REVISION",
  "REJECTED",
] as const;
export type RegisterStatus = (typeof registerStatuses)[number];

export const formTypes = ["family_registration", "kader_registration"] as const;
export type FormType = (typeof formTypes)[number];

const labels: Record<RegisterStatus, string> = {
  SUBMITTED: "Menunggu Persetujuan",
  RT_VERIFIED: "Diverifikasi RT",
  RW_VERIFIED: "Diverifikasi RW",
  APPROVED: "Disetujui",
  NEEDS_REVISION: "Perlu Revisi",
  REJECTED: "Ditolak",
};

export function isRegisterStatus(value: string): value is RegisterStatus {
  return (registerStatuses as readonly string[]).includes(value);
}

/** SUBMITTED reads 'Menunggu Verifikasi' on cadre registrations; other unknown values show raw. */
export function statusLabel(status: string, formType?: string): string {
  if (status === "SUBMITTED" && formType === "kader_registration") return "Menunggu Verifikasi";
  return isRegisterStatus(status) ? labels[status] : status;
}

export function formTypeLabel(formType: string): string {
  if (formType === "family_registration") return "Registrasi Keluarga";
  if (formType === "kader_registration") return "Registrasi Kader PKK";
  return "Registrasi";
}
