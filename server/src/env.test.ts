import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "./env.ts";
import { useTempDirs } from "../test/temp-dirs.ts";

const dataDir = useTempDirs("pkk-env-");

describe("env", () => {
  test("defaults: port 3000, Kota Bekasi, embedded database", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.CITY_CODE).toBe("32.75");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.APP_ORIGIN).toBe("http://localhost:3000");
  });

  test("a missing secret is generated once in development and kept", () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(first.APP_SECRET).toHaveLength(64);
    expect(second.APP_SECRET).toBe(first.APP_SECRET);
    expect(readFileSync(join(dir, "app-secret"), "utf8")).toBe(first.APP_SECRET);
  });

  test("CORS_ORIGINS: the listed origins; else the app's own origin in development and none in production", () => {
    const dir = dataDir();
    expect(parseEnv({ DATA_DIR: dir }).corsOrigins).toEqual(["http://localhost:3000"]);
    const secret = "x".repeat(32);
    const production = {
      NODE_ENV: "production",
      APP_SECRET: secret,
      APP_ORIGIN: "https://pkk.contoh.id",
      DATA_DIR: dir,
    };
    expect(parseEnv(production).corsOrigins).toEqual([]);
    expect(
      parseEnv({ ...production, CORS_ORIGINS: "https://dasbor.contoh.id, http://localhost:5173" }).corsOrigins,
    ).toEqual(["https://dasbor.contoh.id", "http://localhost:5173"]);
    expect(() => parseEnv({ ...production, CORS_ORIGINS: "dasbor.contoh.id" })).toThrow(/CORS_ORIGINS/);
    expect(() => parseEnv({ ...production, CORS_ORIGINS: "https://dasbor.contoh.id/path" })).toThrow(/CORS_ORIGINS/);
  });

  test("bad values fail fast naming the variable", () => {
    expect(() => parseEnv({ PORT: "abc", APP_SECRET: "x".repeat(32) })).toThrow(/PORT/);
    expect(() => parseEnv({ CITY_CODE: "bekasi", APP_SECRET: "x".repeat(32) })).toThrow(
      /CITY_CODE must look like 32.75/,
    );
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", APP_SECRET: "x".repeat(32) })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/APP_SECRET is required in production/);
  });

  test("contact and audio settings are checked, blank contacts count as unset", () => {
    const secret = { APP_SECRET: "x".repeat(32) };
    expect(() => parseEnv({ ...secret, CONTACT_EMAIL: "bukan-email" })).toThrow(/CONTACT_EMAIL/);
    expect(() => parseEnv({ ...secret, CONTACT_PHONE: "telepon" })).toThrow(/CONTACT_PHONE/);
    expect(() => parseEnv({ ...secret, AUDIO_URL: "ftp://contoh/lagu.mp3" })).toThrow(/AUDIO_URL/);
    const env = parseEnv({ ...secret, CONTACT_PHONE: "", CONTACT_EMAIL: "" });
    expect([env.CONTACT_PHONE, env.CONTACT_EMAIL, env.AUDIO_URL]).toEqual([
      undefined,
      undefined,
      "/media/mars-pkk.wav",
    ]);
  });

  test("an unwritable DATA_DIR is named", () => {
    expect(() => parseEnv({ DATA_DIR: "/proc/pkk-not-writable" })).toThrow(/DATA_DIR .* is not writable/);
  });

  test("TRUST_PROXY takes hops, true/false or CIDRs; session limits default to 30 and 90 days", () => {
    const secret = { APP_SECRET: "x".repeat(32) };
    expect(parseEnv({ ...secret, TRUST_PROXY: "true" }).trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(parseEnv({ ...secret }).trustProxy).toEqual({ kind: "hops", hops: 0 });
    expect(parseEnv({ ...secret, TRUST_PROXY: "2" }).trustProxy).toEqual({ kind: "hops", hops: 2 });
    expect(parseEnv({ ...secret, TRUST_PROXY: "10.0.0.0/8, ::1" }).trustProxy.kind).toBe("addresses");
    expect(() => parseEnv({ ...secret, TRUST_PROXY: "ya" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ ...secret, TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    const env = parseEnv(secret);
    expect([env.SESSION_MAX_DAYS, env.SESSION_MAX_DAYS_REMEMBER]).toEqual([30, 90]);
    expect(() => parseEnv({ ...secret, SESSION_MAX_DAYS: "0" })).toThrow(/SESSION_MAX_DAYS/);
  });
});
