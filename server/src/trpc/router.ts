import { router } from "./init.ts";
import { authRouter } from "./routers/auth.ts";
import { captchaRouter } from "./routers/captcha.ts";
import { configRouter } from "./routers/config.ts";
import { dashboardRouter } from "./routers/dashboard.ts";
import { regionsRouter } from "./routers/regions.ts";
import { registerRecordsRouter } from "./routers/register-records.ts";
import { reportsRouter } from "./routers/reports.ts";
import { workflowRouter } from "./routers/workflow.ts";

export const appRouter = router({
  auth: authRouter,
  regions: regionsRouter,
  captcha: captchaRouter,
  config: configRouter,
  workflow: workflowRouter,
  registerRecords: registerRecordsRouter,
  dashboard: dashboardRouter,
  reports: reportsRouter,
});

export type AppRouter = typeof appRouter;
