import {
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  profileUpdateInput,
  resetPasswordInput,
} from "@shared/schemas/auth.ts";
import { clearSessionCookieHeaders, sessionCookieHeaders } from "../../http/session-cookie.ts";
import { withAreaNames } from "../../services/accounts/area-names.ts";
import * as auth from "../../services/accounts/sign-in.ts";
import * as users from "../../services/accounts/users.ts";
import { authedProcedure, publicProcedure, router } from "../init.ts";

/** Hands the browser a session's cookie (a sign-in, or a password change's new token). */
function sendSessionCookie(
  ctx: { config: { NODE_ENV: string }; resHeaders: Headers },
  session: { token: string; cookieExpiresAt: Date | null },
): void {
  const secure = ctx.config.NODE_ENV === "production";
  for (const cookie of sessionCookieHeaders(session.token, session.cookieExpiresAt, secure)) {
    ctx.resHeaders.append("Set-Cookie", cookie);
  }
}

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) =>
    ctx.actor.user ? withAreaNames(ctx.db, auth.toPublicUser(ctx.actor.user)) : null,
  ),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await auth.login(ctx.db, ctx.config.APP_SECRET, ctx.actor, input, ctx.sessionId);
    sendSessionCookie(ctx, result);
    return { user: result.user };
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.db, ctx.sessionId);
    for (const cookie of clearSessionCookieHeaders(ctx.config.NODE_ENV === "production")) {
      ctx.resHeaders.append("Set-Cookie", cookie);
    }
    return { ok: true };
  }),
  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await auth.forgotPassword(ctx.db, ctx.config, ctx.actor, input);
    return { ok: true, message: auth.forgotPasswordAnswer };
  }),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await auth.resetPassword(ctx.db, ctx.actor, input);
    return { ok: true };
  }),
  updateProfile: authedProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => users.updateProfile(ctx.db, ctx.actor, input)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const rotated = await users.changePassword(ctx.db, ctx.actor, input, ctx.sessionId);
    if (rotated) sendSessionCookie(ctx, rotated);
    return { ok: true };
  }),
  /** Which sign-in methods the login page offers. */
  providers: publicProcedure.query(({ ctx }) => ({
    google: Boolean(ctx.config.GOOGLE_CLIENT_ID && ctx.config.GOOGLE_CLIENT_SECRET),
  })),
});
