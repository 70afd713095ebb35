import { Link } from "@tanstack/react-router";
import { homeOf } from "@shared/paths.ts";
import type { UserRole } from "@shared/users.ts";

const labels: Record<UserRole, string> = {
  kader: "← Kembali ke Dashboard",
  admin: "← Kembali ke Beranda Admin",
  aparat: "← Kembali ke Portal Aparat",
};

/**
 * The way back from a work page to the signed-in user's home. The pages officials may open too
 * (lists, reports, the special-conditions monitor) once sent them to the cadre dashboard, which
 * refuses them.
 */
export function BackHomeLink({ user }: { user: { role: UserRole } }) {
  return (
    <Link to={homeOf(user)} className="btn btn-ghost btn-sm">
      {labels[user.role]}
    </Link>
  );
}
