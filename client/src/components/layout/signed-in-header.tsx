import type { SignedInUser } from "@shared/schemas/auth.ts";
import { jenisLabel } from "@shared/schemas/regions.ts";
import { hashKey, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { homeOf } from "@shared/paths.ts";
import { SignedInMenu } from "./signed-in-menu.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { describeUser } from "../../lib/user-label.ts";
import { useToast } from "../toast.tsx";

/** The header for anyone signed in (SPEC §2 "Layouts"): who they are, where they work, the menu, Keluar. */
export function SignedInHeader({ user }: { user: SignedInUser }) {
  const config = useQuery(trpc.config.public.queryOptions());
  const cityName = config.data?.cityName ?? "";
  const role = describeUser(user, {
    cityName,
    kecamatan: user.kecamatanNama ?? undefined,
    desaKelurahan:
      user.desaKelurahanNama && user.desaKelurahanJenis
        ? `${jenisLabel[user.desaKelurahanJenis]} ${user.desaKelurahanNama}`
        : undefined,
  });

  const [menuOpen, setMenuOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        // Nothing the previous user saw may stay in memory for the next person at this device.
        // The session query flips to "nobody" first so the public header comes back at once.
        const me = trpc.auth.me.queryKey();
        queryClient.setQueryData(me, null);
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(me) });
        await navigate({ to: "/" });
        toast({ title: "Anda telah keluar", description: "Sesi Anda sudah diakhiri di perangkat ini." });
      },
      onError: (error) =>
        toast({
          title: "Logout gagal",
          description: errorMessage(error, { fallback: "Terjadi kesalahan saat logout" }),
          variant: "destructive",
        }),
    }),
  );

  const home = homeOf(user);
  const title =
    user.role === "admin" ? "Admin Portal PKK" : user.role === "aparat" ? "Portal Aparat" : "Dashboard Kader PKK";

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-primary font-bold text-primary-content"
          >
            P
          </span>
          <div className="min-w-0">
            <Link to={home} className="block font-bold text-primary hover:underline">
              {title}
              {cityName && `, ${cityName}`}
            </Link>
            <p className="text-sm">
              Selamat datang, <strong data-testid="nama-pengguna">{user.fullName}</strong>
            </p>
            <p className="text-sm text-base-content/80">{role}</p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="menu-utama"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            {logout.isPending ? "Keluar…" : "Keluar"}
          </button>
        </div>
      </div>
      <SignedInMenu user={user} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
    </header>
  );
}
