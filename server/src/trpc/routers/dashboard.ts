import { dashboardSummary } from "../../services/figures/dashboard.ts";
import { overdueCounts, validationTargetsOf } from "../../services/registers/deadlines.ts";
import { authedProcedure, router } from "../init.ts";

export const dashboardRouter = router({
  summary: authedProcedure.query(({ ctx }) => dashboardSummary(ctx.db, ctx.actor)),
  // Overdue validations per level in the user's area, with the targets they are measured against.
  overdue: authedProcedure.query(async ({ ctx }) => {
    const targets = validationTargetsOf(ctx.config);
    return { targets, counts: await overdueCounts(ctx.db, ctx.actor, targets) };
  }),
});
