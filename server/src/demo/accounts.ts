import { asc, count } from "drizzle-orm";
import type { UserLevel, UserRole } from "@shared/schemas/auth.ts";
import type { DemoAccount } from "@shared/schemas/config.ts";
import { hashPassword } from "../services/accounts/passwords.ts";
import type { Db } from "../db/client.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { users } from "../db/schema/users.ts";

// Demo mode only (never in production): one account per role and cadre level, all in one kelurahan.
export const DEMO_PASSWORD = "DemoPkk2026";

interface DemoUser {
  email: string;
  username: string;
  fullName: string;
  role: UserRole;
  level: UserLevel | null;
  jabatan: string | null;
  label: string;
}

const demoUsers: DemoUser[] = [
  {
    email: "admin@pkk.demo",
    username: "admin",
    fullName: "Admin PKK Kota",
    role: "admin",
    level: "kota",
    jabatan: null,
    label: "Admin",
  },
  {
    email: "kader.rt@pkk.demo",
    username: "kader_rt",
    fullName: "Siti Aminah",
    role: "kader",
    level: "rt",
    jabatan: "Ketua PKK RT",
    label: "Kader RT",
  },
  {
    email: "kader.rw@pkk.demo",
    username: "kader_rw",
    fullName: "Dewi Lestari",
    role: "kader",
    level: "rw",
    jabatan: "Kader PKK",
    label: "Kader RW",
  },
  {
    email: "kader.kelurahan@pkk.demo",
    username: "kader_kelurahan",
    fullName: "Rina Marlina",
    role: "kader",
    level: "kelurahan",
    jabatan: "Ketua Pokja I",
    label: "Kader Kelurahan",
  },
  {
    email: "aparat@pkk.demo",
    username: "aparat",
    fullName: "Budi Santoso",
    role: "aparat",
    level: "kelurahan",
    jabatan: "Staf Kelurahan",
    label: "Aparat",
  },
];

export const demoAccounts: DemoAccount[] = demoUsers.map((user) => ({
  label: user.label,
  email: user.email,
  password: DEMO_PASSWORD,
}));

/** Seeds the demo accounts into an empty users table; the work area is the city's first kelurahan. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  const [existing] = await db.select({ total: count() }).from(users);
  if ((existing?.total ?? 0) > 0) return 0;
  const [area] = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode)).limit(1);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values(
    demoUsers.map((user) => ({
      email: user.email,
      username: user.username,
      fullName: user.fullName,
      role: user.role,
      status: "active" as const,
      level: user.level,
      jabatan: user.jabatan,
      passwordHash,
      kecamatanId: user.role === "admin" ? null : (area?.kecamatanId ?? null),
      desaKelurahanId: user.role === "admin" ? null : (area?.id ?? null),
      rw: user.level === "rt" || user.level === "rw" ? "005" : null,
      rt: user.level === "rt" ? "001" : null,
    })),
  );
  return demoUsers.length;
}
