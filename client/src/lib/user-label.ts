import { levelLabels, type PublicUser } from "@shared/users.ts";

const roleTitles: Record<PublicUser["role"], string> = { admin: "Administrator", kader: "Kader PKK", aparat: "Aparat" };

export interface AreaNames {
  cityName: string;
  kecamatan?: string;
  /** e.g. "Kelurahan Bekasijaya" or "Desa Sukamaju". */
  desaKelurahan?: string;
}

/**
 * The signed-in header's role line from the user's own jabatan, level and work area:
 * "Ketua PKK RT 001/005 · Kelurahan Bekasijaya", "Kader PKK RW 005 · Kelurahan Bekasijaya".
 */
export function describeUser(
  user: Pick<PublicUser, "role" | "jabatan" | "level" | "rw" | "rt">,
  names: AreaNames,
): string {
  const byLevel = user.level && user.role === "kader" ? `Kader PKK ${levelLabels[user.level]}` : roleTitles[user.role];
  const jabatan = user.jabatan?.trim() ?? "";
  // A position naming another level than the one the admin gave ('Ketua PKK RT' now working at RW)
  // would read "Ketua PKK RT RW 003": the level the account works at is what the header says then.
  const namedLevel = Object.values(levelLabels).find((label) => jabatan.endsWith(` ${label}`));
  const title = jabatan && (!namedLevel || !user.level || namedLevel === levelLabels[user.level]) ? jabatan : byLevel;
  let unit = "";
  if (user.level === "rt" && user.rt) unit = `RT ${user.rt}${user.rw ? `/${user.rw}` : ""}`;
  else if (user.level === "rw" && user.rw) unit = `RW ${user.rw}`;
  // "Ketua PKK RT" + "RT 001/005" reads "Ketua PKK RT 001/005", as the spec's example.
  const level = user.level ? levelLabels[user.level] : "";
  const head =
    unit && level && title.endsWith(level)
      ? `${title}${unit.slice(level.length)}`
      : [title, unit].filter(Boolean).join(" ");
  const area =
    user.level === "kota" || (!user.level && user.role === "admin")
      ? names.cityName
      : user.level === "kecamatan"
        ? names.kecamatan && `Kecamatan ${names.kecamatan}`
        : names.desaKelurahan;
  return area ? `${head} · ${area}` : head;
}
