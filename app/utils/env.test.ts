import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const dataDir = path.resolve("tests/.tmp", `env-${process.pid}`);

describe("parseEnv", () => {
  it("works with no configuration: safe local defaults and a generated secret kept on disk", () => {
    rmSync(dataDir, { recursive: true, force: true });
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir });
    expect(env.DATABASE_URL).toBe("data/onehop.sqlite");
    expect(env.PROVIDER_MODE).toBe("simulator");
    expect(env.COOKIE_SECURE).toBe(false);
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, "session-secret");
    expect(existsSync(file)).toBe(true);
    // The second start reuses the same secret, so sessions survive a restart.
    expect(parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir }).SESSION_SECRET).toBe(readFileSync(file, "utf8").trim());
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "", PROVIDER_MODE: "" });
    expect(env.PROVIDER_MODE).toBe("simulator");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("uses Secure cookies when the public site is served over HTTPS", () => {
    const env = parseEnv({ SESSION_SECRET: "x".repeat(40), PUBLIC_SITE_URL: "https://pay.example.co.ke" });
    expect(env.COOKIE_SECURE).toBe(true);
    expect(parseEnv({ SESSION_SECRET: "x".repeat(40), COOKIE_SECURE: "false", PUBLIC_SITE_URL: "https://a.example" }).COOKIE_SECURE).toBe(false);
  });

  it("names every bad variable in one clear error", () => {
    expect(() =>
      parseEnv({ SESSION_SECRET: "short", PROVIDER_MODE: "mock", PUBLIC_SITE_URL: "not a url", PORT: "99999" }),
    ).toThrowError(/SESSION_SECRET: SESSION_SECRET must be at least 32 characters[\s\S]*PUBLIC_SITE_URL[\s\S]*PROVIDER_MODE[\s\S]*PORT/);
  });
});
