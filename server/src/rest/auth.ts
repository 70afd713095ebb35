// Strapi users-permissions auth routes (DESIGN §7) on top of services/accounts/sign-in.ts and cadre-registration.ts.
import { Hono } from "hono";
import { z, type ZodType } from "zod";
import { forgotPasswordInput, passwordSchema } from "@shared/schemas/auth.ts";
import { kaderRegistrationInput } from "@shared/schemas/kader.ts";
import type { AppEnv } from "../app-env.ts";
import type { UserRow } from "../db/schema/users.ts";
import * as auth from "../services/accounts/sign-in.ts";
import { DomainError } from "../services/common/errors.ts";
import * as kader from "../services/accounts/cadre-registration.ts";
import { readBody } from "./envelope.ts";
import { RestError } from "./errors.ts";

/** The user object Strapi returns (plus the portal's own name, phone and role). */
export function restUser(user: Omit<UserRow, "passwordHash">) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    provider: "local",
    confirmed: user.status !== "pending",
    blocked: user.status === "blocked",
    fullName: user.fullName,
    phone: user.phone,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Strapi's validation error: one message, or "N errors occurred", with every issue in details. */
export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String),
    message:
      issue.code === "invalid_type" && issue.input === undefined
        ? `${issue.path.join(".")} is a required field`
        : issue.message,
    name: "ValidationError",
  }));
  const message = errors.length === 1 ? (errors[0]?.message ?? "ValidationError") : `${errors.length} errors occurred`;
  throw new RestError(400, "ValidationError", message, { errors });
}

// Strapi's callbackSchema (yup, not noUnknown): other keys (rememberMe…) are ignored, "" is missing.
export const localLogin = z.object({
  identifier: z.string().min(1, "identifier is a required field"),
  password: z.string().min(1, "password is a required field"),
});
const resetBody = z.strictObject({
  code: z.string().min(1),
  password: passwordSchema,
  passwordConfirmation: z.string(),
});

const strapiStatus: Record<string, string> = {
  pending: "Your account email is not confirmed",
  rejected: "Your account has been blocked by an administrator",
  blocked: "Your account has been blocked by an administrator",
};

export function restAuth(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post("/auth/local", async (c) => {
    const { db } = c.var.deps;
    const input = parseBody(localLogin, await readBody(c));
    let user: UserRow;
    try {
      user = await auth.authenticate(db, c.var.actor, input.identifier, input.password);
    } catch (error) {
      if (error instanceof DomainError && error.code === "BAD_REQUEST")
        throw new RestError(400, "ValidationError", "Invalid identifier or password");
      if (error instanceof DomainError && error.code === "FORBIDDEN") {
        const found = await auth.findUserByIdentifier(db, input.identifier);
        throw new RestError(
          400,
          "ApplicationError",
          strapiStatus[found?.status ?? "blocked"] ?? "Invalid identifier or password",
        );
      }
      throw error;
    }
    const { token } = await auth.startSession(db, user.id, true, null);
    return c.json({ jwt: token, user: restUser(user) });
  });

  // Cadre accounts wait for an admin, so, as Strapi does with email confirmation on, no jwt here.
  app.post("/auth/local/register", async (c) => {
    const { db, env, cityName } = c.var.deps;
    const input = parseBody(kaderRegistrationInput, await readBody(c));
    const result = await kader.registerKader(db, env.APP_SECRET, cityName, c.var.actor, input);
    const user = await auth.findUserByEmail(db, result.email);
    if (!user) throw new RestError(500, "InternalServerError", "Internal Server Error");
    return c.json({ user: restUser(user) });
  });

  app.post("/auth/forgot-password", async (c) => {
    const input = parseBody(forgotPasswordInput, await readBody(c));
    await auth.forgotPassword(c.var.deps.db, c.var.deps.env, c.var.actor, input);
    return c.json({ ok: true });
  });

  app.post("/auth/reset-password", async (c) => {
    const { db } = c.var.deps;
    const input = parseBody(resetBody, await readBody(c));
    if (input.password !== input.passwordConfirmation)
      throw new RestError(400, "ValidationError", "Passwords do not match");
    let user: UserRow;
    try {
      user = await auth.resetPassword(db, c.var.actor, input);
    } catch (error) {
      if (error instanceof DomainError && error.message === auth.badResetCode)
        throw new RestError(400, "ValidationError", "Incorrect code provided");
      throw error;
    }
    const { token } = await auth.startSession(db, user.id, true, null);
    return c.json({ jwt: token, user: restUser(user) });
  });

  return app;
}
