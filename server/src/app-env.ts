import type { OAuthProvider } from "./http/oauth.ts";
import type { Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./log.ts";
import type { Actor, ApiTokenGrant } from "./services/accounts/actor.ts";

/** Everything the app needs from outside; tests build it around a fresh database. */
export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
  /** "Kota Bekasi": shown in headers and the footer. */
  cityName: string;
  /** Checks the database for /readyz (throws when it does not answer within 2 s). */
  ping: () => Promise<void>;
  /** Readiness also requires every migration applied; absent in tests that build the app by hand. */
  migrationsApplied?: () => Promise<boolean>;
  /** True once SIGTERM arrived: /readyz turns 503 so load balancers stop sending new requests. */
  draining?: () => boolean;
  /** Google sign-in; built from GOOGLE_CLIENT_ID/SECRET when absent (tests pass their own provider). */
  googleOAuth?: OAuthProvider | null;
  /** Directory of the built client; absent in API-only tests. */
  clientDir?: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor;
    sessionId: string | null;
    /** Set when /api was called with an admin-issued API token (rest/bearer.ts). */
    apiToken: ApiTokenGrant | null;
  };
}
