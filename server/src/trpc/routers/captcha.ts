import { captchaCheckInput, captchaIssueInput } from "@shared/schemas/captcha.ts";
import { addressKey, consumeRateLimit } from "../../services/common/rate-limit.ts";
import { captchaNonce, checkCaptchaAnswer, issueCaptcha } from "../../services/public/captcha.ts";
import { publicProcedure, router } from "../init.ts";

const tooManyChecks = "Terlalu banyak pemeriksaan captcha. Silakan coba lagi nanti";

export const captchaRouter = router({
  issue: publicProcedure.input(captchaIssueInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimit(ctx.db, addressKey("captcha", ctx.actor.ip), {
      limit: 120,
      windowSeconds: 60,
      message: "Terlalu banyak permintaan captcha. Silakan coba lagi nanti",
    });
    return issueCaptcha(ctx.config.APP_SECRET, input.kind);
  }),
  // A few hints per captcha, so the hint is no faster an oracle than submitting would be.
  check: publicProcedure.input(captchaCheckInput).mutation(async ({ ctx, input }) => {
    await consumeRateLimit(ctx.db, addressKey("captcha-check", ctx.actor.ip), {
      limit: 60,
      windowSeconds: 60,
      message: tooManyChecks,
    });
    const nonce = captchaNonce(input.token);
    if (!nonce) return { correct: false };
    await consumeRateLimit(ctx.db, `captcha-check:nonce:${nonce}`, {
      limit: 5,
      windowSeconds: 600,
      message: tooManyChecks,
    });
    return {
      correct: checkCaptchaAnswer(ctx.config.APP_SECRET, {
        token: input.token,
        answer: input.answer,
        expectedKind: input.kind,
      }),
    };
  }),
});
