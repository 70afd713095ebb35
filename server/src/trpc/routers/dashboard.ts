import { specialConditionsInput } from "@shared/schemas/register-records.ts";
import { dashboardSummary } from "../../services/figures/dashboard.ts";
import { specialConditions } from "../../services/registers/special-conditions.ts";
import { authedProcedure, router } from "../init.ts";

export const dashboardRouter = router({
  summary: authedProcedure.query(({ ctx }) => dashboardSummary(ctx.db, ctx.actor)),
  specialConditions: authedProcedure
    .input(specialConditionsInput)
    .query(({ ctx, input }) => specialConditions(ctx.db, ctx.actor, input)),
});
