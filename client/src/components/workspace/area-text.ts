import { useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { trpc } from "../../lib/trpc.ts";

/** The signed-in user's work area in words ("Kelurahan Bekasijaya, RW 005, RT 001"). */
export function useAreaText(user: PublicUser): string {
  const kecamatan = useQuery({ ...trpc.regions.kecamatan.queryOptions(), enabled: user.kecamatanId !== null });
  const wards = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: user.kecamatanId ?? 0 }),
    enabled: user.kecamatanId !== null,
  });
  if (user.role === "admin" || user.level === "kota") return "Seluruh wilayah kota";
  const ward = wards.data?.find((item) => item.id === user.desaKelurahanId)?.nama ?? "…";
  switch (user.level) {
    case "rt":
      return `Kelurahan ${ward}, RW ${user.rw ?? "-"}, RT ${user.rt ?? "-"}`;
    case "rw":
      return `Kelurahan ${ward}, RW ${user.rw ?? "-"}`;
    case "kelurahan":
      return `Kelurahan ${ward}`;
    case "kecamatan":
      return `Kecamatan ${kecamatan.data?.find((item) => item.id === user.kecamatanId)?.nama ?? "…"}`;
    default:
      return "Wilayah kerja belum ditetapkan";
  }
}
