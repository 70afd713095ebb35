// The level the approval form starts at for a cadre's sign-up.
import type { ApproveKaderInput } from "@shared/schemas/users.ts";

/**
 * The narrowest level the applicant's own work area names: an RT when it gave one (the sign-up form
 * asks RT and RW of everyone), so a hurried 'Setujui kader' never grants a whole ward's data and its
 * final approval to someone who asked for one RT. The admin widens it on purpose.
 */
export function suggestedLevel(area: { rt: string | null; rw: string | null }): ApproveKaderInput["level"] {
  return area.rt ? "rt" : area.rw ? "rw" : "kelurahan";
}
