import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable, retryAfterSeconds, unavailableMessage } from "../db/unavailable.ts";
import type { Env } from "../env.ts";
import type { Actor, SessionUser } from "../services/accounts/actor.ts";
import { DomainError, type DomainErrorCode, type FieldError } from "../services/common/errors.ts";
import { scopeOf } from "../services/registers/scope.ts";
import { signInMessage } from "../services/common/access.ts";

// ─── 1. Context ──────────────────────────────────────────────────────────────────────────────
export interface ContextInner {
  db: Db;
  /** Named `config`, not `env`: @hono/trpc-server overwrites a context field called env. */
  config: Env;
  cityName: string;
  actor: Actor;
  sessionId: string | null;
  /** Headers added to the HTTP response (Set-Cookie, Retry-After). */
  resHeaders: Headers;
}

/** What tests call: a context without HTTP. */
export function createContextInner(input: Omit<ContextInner, "resHeaders"> & { resHeaders?: Headers }): ContextInner {
  return { ...input, resHeaders: input.resHeaders ?? new Headers() };
}

export type Context = ContextInner;

// ─── 2. Initialisation ───────────────────────────────────────────────────────────────────────
const codeMap: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
};

function fieldErrorsOf(cause: unknown): FieldError[] | null {
  if (cause instanceof DomainError) return cause.options.fieldErrors ?? null;
  if (cause instanceof ZodError) {
    return cause.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  }
  return null;
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      data: {
        ...shape.data,
        // Hide server internals from the browser; the spec's messages are in DomainError/zod.
        stack: undefined,
        // One field-error channel for the client, whether zod refused the input or a service a value.
        fieldErrors: fieldErrorsOf(cause),
        retryAfterSeconds:
          error.code === "SERVICE_UNAVAILABLE"
            ? retryAfterSeconds
            : cause instanceof DomainError
              ? (cause.options.retryAfterSeconds ?? null)
              : null,
      },
      message: error.code === "INTERNAL_SERVER_ERROR" ? "Terjadi kesalahan pada server" : shape.message,
    };
  },
});

export const createCallerFactory = t.createCallerFactory;
export const router = t.router;

// ─── 3. Procedures ───────────────────────────────────────────────────────────────────────────
/** Translates DomainError (thrown by services) to tRPC codes, once for every procedure. */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    if (cause.options.retryAfterSeconds !== undefined) {
      ctx.resHeaders.set("Retry-After", String(cause.options.retryAfterSeconds));
    }
    throw new TRPCError({ code: codeMap[cause.code], message: cause.message, cause });
  }
  if (!result.ok && isDatabaseUnavailable(result.error)) {
    ctx.resHeaders.set("Retry-After", String(retryAfterSeconds));
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailableMessage, cause: result.error.cause });
  }
  return result;
});

export const publicProcedure = t.procedure.use(domainErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  const user = ctx.actor.user;
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: signInMessage });
  return next({ ctx: { ...ctx, user, actor: { ...ctx.actor, user } } });
});

function roleProcedure(roles: ReadonlyArray<SessionUser["role"]>) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) {
      throw new TRPCError({ code: "FORBIDDEN", message: "Anda tidak memiliki akses untuk tindakan ini" });
    }
    return next();
  });
}

export const adminProcedure = roleProcedure(["admin"]);

/**
 * Cadres work inside their area (the register module's scope.ts decides it, once, for every
 * service); admins may act everywhere (services record overrides). A cadre without a work area is
 * refused here with a message saying why.
 */
export const kaderProcedure = roleProcedure(["kader", "admin"]).use(({ ctx, next }) => {
  if (scopeOf(ctx.user).area.kind === "none") {
    throw new TRPCError({ code: "FORBIDDEN", message: "Wilayah kerja Anda belum ditetapkan admin" });
  }
  return next();
});
export const aparatProcedure = roleProcedure(["aparat", "admin"]);
