import { auditListInput } from "@shared/schemas/audit.ts";
import { listAuditLog } from "../../services/audit/audit-list.ts";
import { adminProcedure, router } from "../init.ts";

export const auditRouter = router({
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => listAuditLog(ctx.db, ctx.actor, input)),
});
