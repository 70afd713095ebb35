import type { Db } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./log.ts";
import type { Actor } from "./services/actor.ts";

/** Everything the app needs from outside; tests build it around a fresh database. */
export interface AppDeps {
  db: Db;
  env: Env;
  log: Logger;
  /** "Kota Bekasi": shown in headers and the footer. */
  cityName: string;
  /** Checks the database for /healthz. */
  ping: () => Promise<void>;
  /** Directory of the built client; absent in API-only tests. */
  clientDir?: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor;
    sessionId: string | null;
  };
}
