import { reportExportInput, reportInput } from "@shared/schemas/register-records.ts";
import { exportReport, monthlyReport } from "../../services/figures/reports.ts";
import { authedProcedure, router } from "../init.ts";

export const reportsRouter = router({
  monthly: authedProcedure.input(reportInput).query(({ ctx, input }) => monthlyReport(ctx.db, ctx.actor, input)),
  // A mutation, not a query: each export is audited.
  export: authedProcedure
    .input(reportExportInput)
    .mutation(({ ctx, input }) => exportReport(ctx.db, ctx.actor, input, ctx.cityName)),
});
