import type { RegisterStatus } from "@shared/status.ts";

const tone: Record<RegisterStatus, string> = {
  SUBMITTED: "badge-warning",
  RT_VERIFIED: "badge-info",
  RW_VERIFIED: "badge-info",
  APPROVED: "badge-success",
  NEEDS_REVISION: "badge-warning",
  REJECTED: "badge-error",
};

/** A register's status with its DESIGN §4 label (computed on the server by statusLabel). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const known = Object.entries(tone).find(([key]) => key === status)?.[1];
  return <span className={`badge ${known ?? "badge-neutral"} h-auto py-1 font-semibold`}>{label}</span>;
}
