import { router } from "./init.ts";
import { authRouter } from "./routers/auth.ts";
import { captchaRouter } from "./routers/captcha.ts";
import { configRouter } from "./routers/config.ts";
import { regionsRouter } from "./routers/regions.ts";
import { registersRouter } from "./routers/registers.ts";

export const appRouter = router({
  auth: authRouter,
  regions: regionsRouter,
  captcha: captchaRouter,
  config: configRouter,
  registers: registersRouter,
});

export type AppRouter = typeof appRouter;
