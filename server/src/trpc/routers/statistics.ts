// The statistics page (issue 19). Aggregates only: no procedure here returns a register.
import { breakdownInput, publicBreakdownInput, publicTrendInput, trendInput } from "@shared/schemas/statistics.ts";
import { breakdown, publicBreakdown, publicTrend, trend } from "../../services/figures/statistics.ts";
import { authedProcedure, publicProcedure, router } from "../init.ts";

export const statisticsRouter = router({
  /** Anyone: city → kecamatan → kelurahan, small counts suppressed. */
  publicBreakdown: publicProcedure
    .input(publicBreakdownInput)
    .query(({ ctx, input }) => publicBreakdown(ctx.db, input)),
  publicTrend: publicProcedure.input(publicTrendInput).query(({ ctx, input }) => publicTrend(ctx.db, input)),
  /** Signed in: exact figures within the reader's area, down to RW and RT. */
  breakdown: authedProcedure.input(breakdownInput).query(({ ctx, input }) => breakdown(ctx.db, ctx.actor, input)),
  trend: authedProcedure.input(trendInput).query(({ ctx, input }) => trend(ctx.db, ctx.actor, input)),
});
