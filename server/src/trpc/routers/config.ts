import type { PublicConfig } from "@shared/schemas/config.ts";
import { publicProcedure, router } from "../init.ts";

export const configRouter = router({
  public: publicProcedure.query(({ ctx }): PublicConfig => ({
    cityName: ctx.cityName,
    demoMode: ctx.config.demoData,
  })),
});
