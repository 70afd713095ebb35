// The actions an audit_log row can record (DESIGN §6): stable names, documented in docs/api.md and
// offered as a filter by the admin's 'Log Audit' screen. Zod-free so the client can list them.
export const auditActions = [
  "register.read",
  "register.create",
  "register.update",
  "register.delete",
  "register.restore",
  "register.reopen",
  "register.status",
  "register.export",
  "register.location",
  "register.location-read",
  "recap.sign",
  "recap.reopen",
  "recap.export",
  "dasawisma.create",
  "dasawisma.update",
  "dasawisma.delete",
  "user.sign-up",
  "user.access",
  "user.approve",
  "user.status",
  "user.password-reset",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  "register.read": "Membaca data keluarga",
  "register.create": "Menambah data keluarga",
  "register.update": "Mengubah data keluarga",
  "register.delete": "Menghapus data keluarga",
  "register.restore": "Memulihkan data keluarga",
  "register.reopen": "Membuka kembali data keluarga",
  "register.status": "Mengubah status validasi",
  "register.export": "Mengekspor laporan",
  "register.location": "Mencatat atau menghapus lokasi rumah keluarga",
  "register.location-read": "Membuka peta rumah keluarga",
  "recap.sign": "Menandatangani rekap PKK",
  "recap.reopen": "Membuka kembali rekap PKK",
  "recap.export": "Mengunduh rekap PKK (XLSX/PDF)",
  "dasawisma.create": "Membuat dasawisma",
  "dasawisma.update": "Mengubah anggota dasawisma",
  "dasawisma.delete": "Menghapus dasawisma",
  "user.sign-up": "Mendaftar sebagai kader",
  "user.access": "Mengubah peran, tingkat atau wilayah kerja pengguna",
  "user.approve": "Menyetujui pendaftaran kader serta tingkat dan wilayah kerjanya",
  "user.status": "Menolak, memblokir atau membuka blokir akun pengguna",
  "user.password-reset": "Mengirim tautan reset password ke pengguna",
};

/**
 * What an audit_log row's `entity` names (the table or kind of record the server wrote), in Indonesian
 * for the 'Log Audit' screen: "10 data keluarga", "Pengguna #12". Lower case, to sit after a count.
 */
export const auditEntityLabels: Record<string, string> = {
  registers: "data keluarga",
  users: "pengguna",
  reports: "laporan",
  recap: "rekap PKK",
  recap_signoff: "tanda tangan rekap PKK",
  dasawisma: "dasawisma",
};
