import { reviewBadge } from "@shared/status.ts";

/** The dialog list's two-state badge (SPEC §4): 'Verified' (green) once APPROVED, else 'Pending' (orange). */
export function ReviewBadge({ status }: { status: string }) {
  const badge = reviewBadge(status);
  return (
    <span className={`badge whitespace-nowrap ${badge.key === "verified" ? "badge-success" : "badge-warning"}`}>
      {badge.label}
    </span>
  );
}
