// Users as every layer sees them: roles, statuses, cadre levels, their labels and the public shape.

import type { JenisWilayah } from "./enums.ts";

export const userRoles = ["admin", "kader", "aparat"] as const;
export const userStatuses = ["pending", "active", "rejected", "blocked"] as const;
export const userLevels = ["rt", "rw", "kelurahan", "kecamatan", "kota"] as const;
export type UserRole = (typeof userRoles)[number];
export type UserLevel = (typeof userLevels)[number];

/** What the browser may know about a user: never a hash, token or session id. */
export interface PublicUser {
  id: number;
  email: string;
  username: string;
  role: UserRole;
  status: (typeof userStatuses)[number];
  fullName: string;
  phone: string | null;
  nip: string | null;
  jabatan: string | null;
  level: UserLevel | null;
  kecamatanId: number | null;
  desaKelurahanId: number | null;
  rw: string | null;
  rt: string | null;
}

/**
 * The signed-in user with their work area by name: the session answer carries it, so the header
 * shows "… · Kelurahan Bekasijaya" at its first paint instead of growing a line when the region
 * lists arrive (at 360 px that moved the page under a finger).
 */
export interface SignedInUser extends PublicUser {
  kecamatanNama: string | null;
  desaKelurahanNama: string | null;
  desaKelurahanJenis: JenisWilayah | null;
}

export const levelLabels: Record<UserLevel, string> = {
  rt: "RT",
  rw: "RW",
  kelurahan: "Kelurahan",
  kecamatan: "Kecamatan",
  kota: "Kota",
};

export const roleLabels: Record<UserRole, string> = { admin: "Admin", kader: "Kader PKK", aparat: "Aparat" };

export const statusLabels: Record<(typeof userStatuses)[number], string> = {
  pending: "Menunggu Verifikasi",
  active: "Aktif",
  rejected: "Ditolak",
  blocked: "Diblokir",
};
