import { statusLabel, type RegisterStatus } from "@shared/status.ts";

// Solid daisyUI colours: each pair meets AA contrast in the pkk theme.
const tone: Record<RegisterStatus, string> = {
  SUBMITTED: "badge-warning",
  RT_VERIFIED: "badge-info",
  RW_VERIFIED: "badge-primary",
  APPROVED: "badge-success",
  NEEDS_REVISION: "badge-accent",
  REJECTED: "badge-error",
};

export function StatusBadge({ status, formType }: { status: RegisterStatus; formType?: string }) {
  return <span className={`badge ${tone[status]} whitespace-nowrap`}>{statusLabel(status, formType)}</span>;
}
