import { describeError } from "./log.ts";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import type { AppDeps, AppEnv } from "./app-env.ts";
import { bearerAuth } from "./rest/bearer.ts";
import { apiCors } from "./http/cors.ts";
import { noStoreForPrivate } from "./http/cache-control.ts";
import { csrfGuard } from "./http/csrf.ts";
import { googleProvider, oauthRoutes } from "./http/oauth.ts";
import { sessionMiddleware } from "./http/session.ts";
import { immutableAssets, spaFallback, staticFiles } from "./http/spa.ts";
import { mediaRoutes } from "./media/routes.ts";
import { restApi } from "./rest/index.ts";
import { createContextInner } from "./trpc/init.ts";
import { appRouter } from "./trpc/router.ts";
import { TRPC_MAX_BATCH_SIZE } from "@shared/trpc-limits.ts";

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
        imgSrc: ["'self'", "data:"],
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
  // Phones on mobile data: scripts, styles, the SPA shell and JSON travel gzipped.
  app.use("*", compress());
  app.use(
    "*",
    bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ message: "Ukuran data terlalu besar" }, 413) }),
  );

  app.get("/healthz", async (c) => {
    try {
      await deps.ping();
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "error", message: "database unreachable" }, 503);
    }
  });

  app.use("/trpc/*", csrfGuard);
  app.use("/trpc/*", sessionMiddleware);
  app.use(
    "/trpc/*",
    trpcServer({
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
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
  app.route("/auth", oauthRoutes(deps.googleOAuth === undefined ? googleProvider(deps.env) : deps.googleOAuth));

  if (deps.clientDir) {
    app.use("/assets/*", immutableAssets);
    app.use("*", staticFiles(deps.clientDir));
    // Client routes get the SPA shell with 200; unknown paths get it with 404 (it renders the 404 page).
    app.get("*", spaFallback(deps.clientDir));
  }
  return app;
}
