import { Link } from "@tanstack/react-router";

const pages = [
  { to: "/admin", label: "Beranda Admin" },
  { to: "/admin/kader", label: "Kader dan Pengguna" },
  { to: "/admin/desa-kelurahan", label: "Desa/Kelurahan" },
  { to: "/admin/token-api", label: "Token API" },
  { to: "/admin/audit", label: "Log Audit" },
] as const;

/** Links between the admin's pages, shown under each page's title. */
export function AdminNav() {
  return (
    <nav aria-label="Menu admin" className="mt-3 flex flex-wrap gap-2">
      {pages.map((page) => (
        <Link
          key={page.to}
          to={page.to}
          className="btn btn-sm btn-ghost"
          activeOptions={{ exact: true }}
          activeProps={{ className: "btn-active", "aria-current": "page" }}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
