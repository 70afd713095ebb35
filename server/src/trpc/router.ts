import { router } from "./init.ts";
import { auditRouter } from "./routers/audit.ts";
import { authRouter } from "./routers/auth.ts";
import { captchaRouter } from "./routers/captcha.ts";
import { configRouter } from "./routers/config.ts";
import { dashboardRouter } from "./routers/dashboard.ts";
import { kaderRouter } from "./routers/kader.ts";
import { regionsRouter } from "./routers/regions.ts";
import { reportsRouter } from "./routers/reports.ts";
import { statsRouter } from "./routers/stats.ts";
import { usersRouter } from "./routers/users.ts";
import { registersRouter } from "./routers/registers.ts";

export const appRouter = router({
  auth: authRouter,
  regions: regionsRouter,
  captcha: captchaRouter,
  config: configRouter,
  dashboard: dashboardRouter,
  reports: reportsRouter,
  stats: statsRouter,
  kader: kaderRouter,
  users: usersRouter,
  registers: registersRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
