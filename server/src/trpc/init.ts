import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { z, ZodError } from "zod";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable, retryAfterSeconds, unavailableMessage } from "../db/unavailable.ts";
import type { Env } from "../env.ts";
import type { Actor, SessionUser } from "../services/accounts/actor.ts";
import { DomainError, type DomainErrorCode } from "../services/common/errors.ts";

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

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      data: {
        ...shape.data,
        // Hide server internals from the browser; the spec's messages are in DomainError/zod.
        stack: undefined,
        zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
        fieldErrors: cause instanceof DomainError ? (cause.options.fieldErrors ?? null) : null,
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
  if (!user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Silakan masuk terlebih dahulu" });
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
 * Where a signed-in user may work: admins everywhere; a cadre inside the work area the admin
 * confirmed, at its level. Services filter by it, so a procedure cannot forget the area.
 */
export type AreaScope =
  | { kind: "all" }
  | {
      kind: "area";
      level: NonNullable<SessionUser["level"]>;
      kecamatanId: number | null;
      desaKelurahanId: number | null;
      rw: string | null;
      rt: string | null;
    };

export function areaScopeOf(user: SessionUser): AreaScope | null {
  if (user.role === "admin") return { kind: "all" };
  if (!user.level) return null;
  const { level, kecamatanId, desaKelurahanId, rw, rt } = user;
  const complete =
    level === "kota" ||
    (level === "kecamatan" && kecamatanId !== null) ||
    (level === "kelurahan" && desaKelurahanId !== null) ||
    (level === "rw" && desaKelurahanId !== null && rw !== null) ||
    (level === "rt" && desaKelurahanId !== null && rw !== null && rt !== null);
  return complete ? { kind: "area", level, kecamatanId, desaKelurahanId, rw, rt } : null;
}

/** Cadres work inside their area (ctx.scope); admins may act everywhere (services record overrides). */
export const kaderProcedure = roleProcedure(["kader", "admin"]).use(({ ctx, next }) => {
  const scope = areaScopeOf(ctx.user);
  if (!scope) throw new TRPCError({ code: "FORBIDDEN", message: "Wilayah kerja Anda belum ditetapkan admin" });
  return next({ ctx: { ...ctx, scope } });
});
export const aparatProcedure = roleProcedure(["aparat", "admin"]);
