import { describeError } from "./log.ts";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import type { AppDeps, AppEnv } from "./app-env.ts";
import { bearerAuth } from "./rest/bearer.ts";
import { apiCors } from "./http/cors.ts";
import { noStoreForPrivate } from "./http/cache-control.ts";
import { csrfGuard } from "./http/csrf.ts";
import { knownLength } from "./http/known-length.ts";
import { compressAnswers } from "./http/compress.ts";
import { oneWrite } from "./http/one-write.ts";
import { requestDeadline, unavailableResponse } from "./http/unavailable.ts";
import { requestAbandoned } from "./db/request-deadline.ts";
import { isDatabaseUnavailable, retryAfterSeconds } from "./db/unavailable.ts";
import { geoRoutes } from "./http/geo.ts";
import { googleProvider, oauthRoutes } from "./http/oauth.ts";
import { sessionMiddleware } from "./http/session.ts";
import { immutableAssets, spaFallback, staticFiles } from "./http/spa.ts";
import { mediaRoutes } from "./media/routes.ts";
import { payloadTooLarge } from "./rest/errors.ts";
import { restApi } from "./rest/index.ts";
import { createContextInner } from "./trpc/init.ts";
import { appRouter } from "./trpc/router.ts";
import { TRPC_MAX_BATCH_SIZE } from "@shared/trpc-limits.ts";

/** The origin of the tile template ('https://{s}.tile…' allows its subdomains). */
function tileOrigins(template: string): string[] {
  if (template === "none") return [];
  const match = /^https:\/\/([^/]+)/.exec(template);
  return match?.[1] ? [`https://${match[1].replace("{s}", "*")}`] : [];
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  // strict: false — `/api/kecamatans/` is `/api/kecamatans`, as in Strapi.
  const app = new Hono<AppEnv>({ strict: false });
  const production = deps.env.NODE_ENV === "production";

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The maps' tiles come from MAP_TILE_URL's host (none: only our own polygons).
        imgSrc: ["'self'", "data:", ...tileOrigins(deps.env.MAP_TILE_URL)],
        mediaSrc: ["'self'", "https:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
      strictTransportSecurity: production ? "max-age=31536000; includeSubDomains" : false,
      referrerPolicy: "strict-origin-when-cross-origin",
      xContentTypeOptions: "nosniff",
    }),
  );
  app.use("*", noStoreForPrivate);
  // Outside compress(): it sees the answer as sent, plain or gzipped.
  app.use("*", oneWrite);
  // Phones on mobile data: scripts, styles, the SPA shell and JSON travel gzipped.
  app.use("*", compressAnswers);
  app.use(
    "*",
    bodyLimit({
      maxSize: 1024 * 1024,
      // The REST API answers in Strapi's error envelope, here too (it runs before the API's onError).
      onError: (c) =>
        c.req.path.startsWith("/api/")
          ? c.json(payloadTooLarge().toBody(), 413)
          : c.json({ message: "Ukuran data terlalu besar" }, 413),
    }),
  );

  // Liveness: the process answers. It never looks at the database, so a database outage does not
  // make a supervisor restart healthy app processes.
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // Readiness: this instance can serve (database answers within 2 s, every migration applied, not
  // shutting down). Load balancers send traffic only to ready instances.
  app.get("/readyz", async (c) => {
    const headers = { "Cache-Control": "no-store", "Retry-After": String(retryAfterSeconds) };
    if (deps.draining?.()) return c.json({ status: "unavailable", reason: "shutting down" }, 503, headers);
    try {
      await deps.ping();
      if (deps.migrationsApplied && !(await deps.migrationsApplied()))
        return c.json({ status: "unavailable", reason: "migrations pending" }, 503, headers);
      return c.json({ status: "ready" }, 200, { "Cache-Control": "no-store" });
    } catch {
      return c.json({ status: "unavailable", reason: "database unreachable" }, 503, headers);
    }
  });

  app.use("/trpc/*", requestDeadline(deps.env.REQUEST_TIMEOUT_MS));
  app.use("/api/*", requestDeadline(deps.env.REQUEST_TIMEOUT_MS));
  app.onError((error, c) => {
    // The late end of a request already answered 503 (its rollback, or Hono writing over that answer).
    if (requestAbandoned()) {
      deps.log.warn("request ended after its deadline", { path: c.req.path, error: describeError(error) });
      return unavailableResponse(c);
    }
    if (isDatabaseUnavailable(error)) {
      deps.log.warn("database unavailable", { path: c.req.path, error: describeError(error) });
      return unavailableResponse(c);
    }
    deps.log.error("request failed", { path: c.req.path, error: describeError(error) });
    return c.json({ message: "Terjadi kesalahan pada server" }, 500);
  });

  app.use("/trpc/*", csrfGuard);
  app.use("/trpc/*", sessionMiddleware);
  app.use("/trpc/*", knownLength);
  app.use(
    "/trpc/*",
    trpcServer({
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      // Queries carrying a search term come as POST (client/src/lib/trpc.ts): no name in a URL.
      allowMethodOverride: true,
      createContext: (opts, c) => ({
        ...createContextInner({
          db: deps.db,
          config: deps.env,
          cityName: deps.cityName,
          actor: c.get("actor"),
          sessionId: c.get("sessionId"),
          resHeaders: opts.resHeaders,
        }),
      }),
      onError: ({ error, path }) => {
        if (error.code === "SERVICE_UNAVAILABLE")
          deps.log.warn("database unavailable", { path, error: describeError(error.cause ?? error) });
        if (error.code === "INTERNAL_SERVER_ERROR")
          deps.log.error("trpc call failed", { path, error: describeError(error.cause ?? error) });
      },
    }),
  );

  // Strapi's liveness probe: 204, no body.
  app.on(["GET", "HEAD"], "/_health", (c) => c.body(null, 204));

  app.use("/api/*", apiCors(deps.env));
  app.use("/api/*", csrfGuard);
  app.use("/api/*", sessionMiddleware);
  app.use("/api/*", bearerAuth);
  app.route("/api", restApi());

  app.route("/media", mediaRoutes());
  app.route("/geo", geoRoutes());
  app.route("/auth", oauthRoutes(deps.googleOAuth === undefined ? googleProvider(deps.env) : deps.googleOAuth));

  if (deps.clientDir) {
    app.use("/assets/*", immutableAssets);
    app.use("*", staticFiles(deps.clientDir));
    // Client routes get the SPA shell with 200; unknown paths get it with 404 (it renders the 404 page).
    app.get("*", spaFallback(deps.clientDir));
  }
  return app;
}
