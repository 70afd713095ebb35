// The only reader of process.env: everything else imports `env` from here.
import { existsSync, mkdirSync, readFileSync, writeFileSync, accessSync, constants } from "node:fs";
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { z } from "zod";
import { isTrustProxy, parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

/** An optional variable where an empty value (`CONTACT_PHONE=`) means unset. */
function blankAsUnset<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), inner.optional());
}

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATA_DIR: z.string().default("./data"),
    CITY_CODE: z
      .string()
      .regex(/^\d{2}\.\d{2}$/, "must look like 32.75 (province.regency)")
      .default("32.75"),
    APP_ORIGIN: z.url().optional(),
    APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    DEMO_DATA: z.enum(["true", "false"]).optional(),
    // How many reverse proxies stand in front of the server (their X-Forwarded-For entries are
    // skipped from the right), or the list of their addresses/CIDRs. `true` = 1 and `false` = 0.
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .refine(
        isTrustProxy,
        "must be a number of proxy hops (0, 1, 2…), true/false, or a comma-separated list of IP addresses/CIDRs",
      ),
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    SESSION_MAX_DAYS_REMEMBER: z.coerce.number().int().min(1).max(3650).default(90),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    // A request still running after this long answers 503 (a frozen database answers nothing).
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
    // Expired sessions, captcha nonces, idempotency keys, rate-limit windows and reset codes.
    HOUSEKEEPING_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(15 * 60 * 1000),
    // How long the landing's public figures serve every visitor before they are computed again; 0
    // computes them on every request (what bench:http's uncached row measures).
    PUBLIC_STATS_MAX_AGE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    // SIGTERM: how long in-flight requests may finish before the process exits anyway.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    // Footer contacts of the city's PKK secretariat. The address defaults to the secretariat of the
    // configured city; phone and e-mail are shown only when set (we do not invent a number).
    CONTACT_ADDRESS: blankAsUnset(z.string().trim().min(1).max(200)),
    CONTACT_PHONE: blankAsUnset(
      z
        .string()
        .trim()
        .regex(/^[+()\d][\d\s()+-]{5,24}$/, "must be a phone number such as (021) 8897 0000"),
    ),
    CONTACT_EMAIL: blankAsUnset(z.email("must be an e-mail address")),
    // The landing page's floating player: our own generated instrumental unless another file is set.
    AUDIO_URL: z
      .string()
      .regex(/^(https:\/\/|\/)/, "must be an https:// URL or a path on this server")
      .default("/media/mars-pkk.wav"),
    AUDIO_TITLE: z.string().trim().min(1).max(120).default("Instrumental Mars Portal PKK"),
    // The maps' tile layer (issue 19): a {z}/{x}/{y} URL template, or `none` for the polygons on a
    // plain background (no internet, or no third party seeing the visitors' positions).
    MAP_TILE_URL: z
      .string()
      .refine((value) => value === "none" || /^https:\/\/.+\{z\}.+\{x\}.+\{y\}/.test(value), {
        message: "must be none or an https:// tile URL with {z}, {x} and {y}",
      })
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().default("Portal PKK <no-reply@pkk.local>"),
    // Origins (comma-separated) whose browser pages may call /api with a bearer token (CORS).
    CORS_ORIGINS: blankAsUnset(
      z
        .string()
        .regex(
          /^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/,
          "must be origins like https://dashboard.example.org, separated by commas",
        ),
    ),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    // The city's certificate (PKCS#12) that signs recap PDFs; unset = a self-signed development
    // certificate made once under DATA_DIR, which every PDF then names as such.
    SIGNING_P12_PATH: blankAsUnset(z.string().refine(existsSync, "must name an existing .p12 file")),
    SIGNING_P12_PASSWORD: z.string().optional(),
    // Hours the RW and kelurahan levels have to act on a waiting record (the RT promise is fixed at 2×24).
    VALIDATION_TARGET_RW_HOURS: z.coerce.number().int().min(1).max(720).default(48),
    VALIDATION_TARGET_KELURAHAN_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === "production" && !value.APP_SECRET) {
      ctx.addIssue({ code: "custom", path: ["APP_SECRET"], message: "is required in production" });
    }
    if (value.NODE_ENV === "production" && !value.APP_ORIGIN) {
      ctx.addIssue({ code: "custom", path: ["APP_ORIGIN"], message: "is required in production" });
    }
  });

export type Env = z.infer<typeof schema> & {
  APP_SECRET: string;
  APP_ORIGIN: string;
  DATA_DIR: string;
  demoData: boolean;
  trustProxy: TrustProxy;
  /** CORS allow-list: CORS_ORIGINS, else none in production and the app's own origin otherwise. */
  corsOrigins: string[];
};

export class EnvError extends Error {}

function ensureWritableDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch {
    throw new EnvError(`DATA_DIR ${dir} is not writable: choose another directory with DATA_DIR`);
  }
}

// In development the signing secret is generated once and kept beside the data, so restarts keep
// sessions and captchas valid without anyone having to configure a secret.
function loadOrCreateSecret(dataDir: string): string {
  const file = resolve(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  ensureWritableDir(dataDir);
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".") || "env"} ${issue.message}`);
    throw new EnvError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const value = result.data;
  const dataDir = resolve(value.DATA_DIR);
  const secret = value.APP_SECRET ?? loadOrCreateSecret(dataDir);
  const appOrigin = value.APP_ORIGIN ?? `http://localhost:${value.PORT}`;
  const corsOrigins = value.CORS_ORIGINS
    ? value.CORS_ORIGINS.split(",").map((origin) => new URL(origin.trim()).origin)
    : value.NODE_ENV === "production"
      ? []
      : [new URL(appOrigin).origin];
  return {
    ...value,
    DATA_DIR: dataDir,
    APP_SECRET: secret,
    APP_ORIGIN: appOrigin,
    corsOrigins,
    demoData: value.DEMO_DATA ? value.DEMO_DATA === "true" : value.NODE_ENV !== "production",
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
  };
}

export { ensureWritableDir };

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
