// Indonesian names of the actions written to audit_log, for the admin's 'Log Audit' screen. Both the
// first short names and the register core's dotted names are listed; an unknown name is shown as is.
export const auditActionLabels: Record<string, string> = {
  read: "Membaca data",
  create: "Membuat data",
  update: "Mengubah data",
  delete: "Menghapus data",
  restore: "Memulihkan data",
  export: "Mengekspor laporan",
  status: "Mengubah status",
  "register.read": "Membuka data keluarga",
  "register.list": "Membaca daftar keluarga",
  "register.create": "Membuat data keluarga",
  "register.update": "Mengubah data keluarga",
  "register.delete": "Menghapus data keluarga",
  "register.restore": "Memulihkan data keluarga",
  "register.reopen": "Membuka kembali data keluarga",
  "register.status": "Mengubah status data keluarga",
  "register.export": "Mengekspor data keluarga",
  "register.revisions": "Membaca riwayat perubahan",
  "register.history": "Membaca riwayat validasi",
};
