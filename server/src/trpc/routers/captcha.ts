import { captchaIssueInput } from "@shared/schemas/captcha.ts";
import { consumeRateLimit } from "../../auth/rate-limit.ts";
import { issueCaptcha } from "../../services/captcha.ts";
import { publicProcedure, router } from "../init.ts";

export const captchaRouter = router({
  issue: publicProcedure.input(captchaIssueInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimit(ctx.db, `captcha:ip:${ctx.actor.ip}`, {
      limit: 120,
      windowSeconds: 60,
      message: "Terlalu banyak permintaan captcha. Silakan coba lagi nanti",
    });
    return issueCaptcha(ctx.config.APP_SECRET, input.kind);
  }),
});
