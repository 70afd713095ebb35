import { dashboardSummary } from "../../services/figures/dashboard.ts";
import { authedProcedure, router } from "../init.ts";

export const dashboardRouter = router({
  summary: authedProcedure.query(({ ctx }) => dashboardSummary(ctx.db, ctx.actor)),
});
