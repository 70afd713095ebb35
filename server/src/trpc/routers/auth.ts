import { loginInput } from "@shared/schemas/auth.ts";
import { clearSessionCookieHeader, sessionCookieHeader } from "../../auth/cookie.ts";
import * as auth from "../../services/auth.ts";
import { publicProcedure, router } from "../init.ts";

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.actor.user ? auth.toPublicUser(ctx.actor.user) : null)),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await auth.login(ctx.db, ctx.config.APP_SECRET, ctx.actor, input, ctx.sessionId);
    const secure = ctx.config.NODE_ENV === "production";
    ctx.resHeaders.append("Set-Cookie", sessionCookieHeader(result.token, result.cookieExpiresAt, secure));
    return { user: result.user };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.db, ctx.sessionId);
    ctx.resHeaders.append("Set-Cookie", clearSessionCookieHeader(ctx.config.NODE_ENV === "production"));
    return { ok: true };
  }),
});
