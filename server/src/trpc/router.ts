import { router } from "./init.ts";
import { authRouter } from "./routers/auth.ts";
import { captchaRouter } from "./routers/captcha.ts";
import { configRouter } from "./routers/config.ts";
import { regionsRouter } from "./routers/regions.ts";
import { workflowRouter } from "./routers/workflow.ts";
import { statsRouter } from "./routers/stats.ts";

export const appRouter = router({
  auth: authRouter,
  regions: regionsRouter,
  captcha: captchaRouter,
  config: configRouter,
  workflow: workflowRouter,
  stats: statsRouter,
});

export type AppRouter = typeof appRouter;
