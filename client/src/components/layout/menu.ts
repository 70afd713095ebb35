import type { UserRole } from "@shared/schemas/auth.ts";

export interface MenuItem {
  to: string;
  label: string;
  /** Adds the number of cadre registrations waiting for approval. */
  pendingCount?: boolean;
}

const cadreWork: MenuItem[] = [
  { to: "/kader-pkk/dashboard", label: "Dashboard" },
  { to: "/kader-pkk/validasi", label: "Validasi" },
  { to: "/kader-pkk/registrasi-list", label: "Daftar Registrasi" },
  { to: "/kader-pkk/input-manual", label: "Input Manual" },
  { to: "/kader-pkk/kondisi-khusus", label: "Kondisi Khusus" },
  { to: "/kader-pkk/peta", label: "Peta Rumah" },
  { to: "/kader-pkk/laporan", label: "Laporan" },
];

const profile: MenuItem = { to: "/kader-pkk/profil", label: "Profil" };

/** The admin's own pages. */
export const adminPages: MenuItem[] = [
  { to: "/admin/kader", label: "Kader & Pengguna", pendingCount: true },
  { to: "/admin/desa-kelurahan", label: "Desa/Kelurahan" },
  { to: "/admin/token-api", label: "Token API" },
  { to: "/admin/audit", label: "Log Audit" },
];

/** One signed-in menu per role (desktop and phone alike): every page the role may open, one tap away. */
export function menuFor(role: UserRole): MenuItem[] {
  switch (role) {
    case "kader":
      return [...cadreWork, profile];
    case "admin":
      return [{ to: "/admin", label: "Beranda Admin" }, ...cadreWork, ...adminPages, profile];
    case "aparat":
      return [
        { to: "/aparat", label: "Portal Aparat" },
        { to: "/kader-pkk/laporan", label: "Laporan" },
        { to: "/statistik", label: "Statistik & Peta" },
        profile,
      ];
  }
}
