import type { PublicUser } from "@shared/schemas/auth.ts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc.ts";
import { menuFor } from "./menu.ts";

interface Props {
  user: PublicUser;
  /** On phones the list shows only when opened with 'Menu'; on wide screens always. */
  open: boolean;
  onNavigate: () => void;
}

/** The role's pages as one list of links, the same on desktop and phone. */
export function SignedInMenu({ user, open, onNavigate }: Props) {
  const pending = useQuery({ ...trpc.users.pendingKader.queryOptions(), enabled: user.role === "admin" });
  const pendingCount = pending.data?.length ?? 0;
  return (
    <nav
      id="menu-utama"
      aria-label="Menu utama"
      className={`border-t border-base-300 ${open ? "block" : "hidden"} lg:block`}
    >
      <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-2 lg:flex-row lg:flex-wrap">
        {menuFor(user.role).map((item) => {
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                className="btn btn-ghost btn-sm w-full justify-start lg:w-auto"
                activeOptions={{ exact: true }}
                activeProps={{ className: "btn-active", "aria-current": "page" }}
              >
                {item.label}
                {item.pendingCount && pendingCount > 0 && (
                  <span className="badge badge-warning badge-sm">
                    {pendingCount}
                    <span className="sr-only"> menunggu persetujuan</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
