import * as stats from "../../services/figures/stats.ts";
import { publicProcedure, router } from "../init.ts";

export const statsRouter = router({
  public: publicProcedure.query(({ ctx }) =>
    stats.publicStats(ctx.db, { maxAgeMs: ctx.config.PUBLIC_STATS_MAX_AGE_MS }),
  ),
});
