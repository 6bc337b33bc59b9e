import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv, RAIL_SETTINGS, railConfigured, SANDBOX_SETTINGS } from "./env.server";

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
    expect(parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir }).SESSION_SECRET).toBe(
      readFileSync(file, "utf8").trim(),
    );
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "",
      PROVIDER_MODE: "",
    });
    expect(env.PROVIDER_MODE).toBe("simulator");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("uses Secure cookies when the public site is served over HTTPS", () => {
    const env = parseEnv({
      SESSION_SECRET: "x".repeat(40),
      PUBLIC_SITE_URL: "https://pay.example.co.ke",
      PROVIDER_MODE: "live",
    });
    expect(env.COOKIE_SECURE).toBe(true);
    expect(
      parseEnv({
        SESSION_SECRET: "x".repeat(40),
        COOKIE_SECURE: "false",
        PUBLIC_SITE_URL: "https://a.example",
        PROVIDER_MODE: "live",
      }).COOKIE_SECURE,
    ).toBe(false);
  });

  it("names every bad variable in one clear error", () => {
    expect(() =>
      parseEnv({
        SESSION_SECRET: "short",
        PROVIDER_MODE: "mock",
        PUBLIC_SITE_URL: "not a url",
        PORT: "99999",
      }),
    ).toThrowError(
      /SESSION_SECRET: SESSION_SECRET must be at least 32 characters[\s\S]*PUBLIC_SITE_URL[\s\S]*PROVIDER_MODE[\s\S]*PORT/,
    );
  });

  describe("start-up rules (issue 10, items 10 and 11)", () => {
    const secret = "s".repeat(40);

    it("a site that is not local must choose PROVIDER_MODE: simulators are never the silent default there", () => {
      for (const site of [
        "https://pay.example.co.ke",
        "http://10.0.0.5:3000",
        "http://onehop.internal",
      ]) {
        expect(() =>
          parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret, PUBLIC_SITE_URL: site }),
        ).toThrowError(/PROVIDER_MODE: must be set for PUBLIC_SITE_URL=/);
        // Also outside production: a staging site on simulators says so.
        expect(() => parseEnv({ SESSION_SECRET: secret, PUBLIC_SITE_URL: site })).toThrowError(
          /PROVIDER_MODE/,
        );
      }
      expect(
        parseEnv({
          NODE_ENV: "production",
          SESSION_SECRET: secret,
          PUBLIC_SITE_URL: "https://pay.example.co.ke",
          PROVIDER_MODE: "live",
        }).PROVIDER_MODE,
      ).toBe("live");
      expect(
        parseEnv({
          NODE_ENV: "production",
          SESSION_SECRET: secret,
          PUBLIC_SITE_URL: "https://staging.example.co.ke",
          PROVIDER_MODE: "simulator",
        }).PROVIDER_MODE,
      ).toBe("simulator");
    });

    it("a local run keeps simulator as the default", () => {
      for (const site of ["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000"]) {
        expect(
          parseEnv({ NODE_ENV: "production", SESSION_SECRET: secret, PUBLIC_SITE_URL: site })
            .PROVIDER_MODE,
        ).toBe("simulator");
      }
    });

    it("production on a public https site stops without SESSION_SECRET and writes no generated one", () => {
      rmSync(dataDir, { recursive: true, force: true });
      expect(() =>
        parseEnv({
          NODE_ENV: "production",
          DATA_DIR: dataDir,
          PUBLIC_SITE_URL: "https://pay.example.co.ke",
          PROVIDER_MODE: "live",
        }),
      ).toThrowError(
        /SESSION_SECRET: must be set in production for PUBLIC_SITE_URL=https:\/\/pay\.example\.co\.ke \(a generated secret is for local runs only\)/,
      );
      expect(existsSync(path.join(dataDir, "session-secret"))).toBe(false);
      // Both rules at once: one message names both variables.
      expect(() =>
        parseEnv({
          NODE_ENV: "production",
          DATA_DIR: dataDir,
          PUBLIC_SITE_URL: "https://pay.example.co.ke",
        }),
      ).toThrowError(/PROVIDER_MODE[\s\S]*SESSION_SECRET/);
    });

    it("a generated secret is still fine for a local production build and outside production", () => {
      rmSync(dataDir, { recursive: true, force: true });
      expect(
        parseEnv({
          NODE_ENV: "production",
          DATA_DIR: dataDir,
          PUBLIC_SITE_URL: "http://localhost:3000",
        }).SESSION_SECRET,
      ).toMatch(/^[0-9a-f]{64}$/);
      expect(
        parseEnv({
          NODE_ENV: "development",
          DATA_DIR: dataDir,
          PUBLIC_SITE_URL: "https://staging.example.co.ke",
          PROVIDER_MODE: "simulator",
        }).SESSION_SECRET,
      ).toMatch(/^[0-9a-f]{64}$/);
      rmSync(dataDir, { recursive: true, force: true });
    });
  });

  it("test mode's sandbox settings are all set or none: a partial set names what is missing", () => {
    const secret = "s".repeat(64);
    const base = { NODE_ENV: "test", SESSION_SECRET: secret, PROVIDER_MODE: "live" };
    expect(() =>
      parseEnv({
        ...base,
        TEST_CUSTODY_BASE_URL: "https://sandbox.example.test",
        TEST_CUSTODY_API_KEY: "key",
      }),
    ).toThrow(
      /TEST_CUSTODY_API_SECRET_PEM, TEST_CUSTODY_WEBHOOK_PUBLIC_KEY_PEM, TEST_DARAJA_BASE_URL, .*TEST_DARAJA_SHORTCODE: test mode's sandbox settings are all set or none/,
    );
    expect(parseEnv(base).TEST_CUSTODY_BASE_URL).toBeUndefined();
    const all = Object.fromEntries(SANDBOX_SETTINGS.map((name) => [name, "https://x.example"]));
    expect(parseEnv({ ...base, ...all }).TEST_DARAJA_SHORTCODE).toBe("https://x.example");
  });

  describe("the payout rails' settings (issue 14)", () => {
    const base = { NODE_ENV: "test", SESSION_SECRET: "s".repeat(64), PROVIDER_MODE: "live" };
    /** A value each setting accepts. */
    const valueOf = (name: string) =>
      name.endsWith("_BASE_URL")
        ? "https://rail.example.test"
        : name.endsWith("AIRTEL_PIN")
          ? "1234"
          : name.endsWith("SOURCE_ACCOUNT_NUMBER")
            ? "1100000000001"
            : "value";
    const complete = (names: readonly string[], prefix = "") =>
      Object.fromEntries(names.map((name) => [`${prefix}${name}`, valueOf(name)]));

    it("are all set or none per rail: a partial set stops the start naming the missing ones", () => {
      expect(() =>
        parseEnv({ ...base, AIRTEL_BASE_URL: "https://openapi.airtel.africa", AIRTEL_PIN: "1234" }),
      ).toThrow(
        /AIRTEL_CLIENT_ID, AIRTEL_CLIENT_SECRET, AIRTEL_PIN_PUBLIC_KEY, AIRTEL_CALLBACK_SECRET: the settings of the airtel-money payout rail are all set or none/,
      );
      expect(() => parseEnv({ ...base, TKASH_API_KEY: "key" })).toThrow(
        /TKASH_BASE_URL, TKASH_API_SECRET: the settings of the t-kash payout rail/,
      );
      const pesalink = complete(RAIL_SETTINGS.pesalink);
      delete pesalink.PESALINK_BANK_PUBLIC_KEY_PEM;
      expect(() => parseEnv({ ...base, ...pesalink })).toThrow(
        /- PESALINK_BANK_PUBLIC_KEY_PEM: the settings of the pesalink payout rail/,
      );
    });

    it("a rail without settings is not configured; a complete set configures it alone", () => {
      const none = parseEnv(base);
      for (const rail of ["airtel-money", "pesalink", "t-kash"] as const)
        expect(railConfigured(none, rail, "live")).toBe(false);
      const tkash = parseEnv({ ...base, ...complete(RAIL_SETTINGS["t-kash"]) });
      expect(railConfigured(tkash, "t-kash", "live")).toBe(true);
      expect(railConfigured(tkash, "airtel-money", "live")).toBe(false);
      expect(railConfigured(tkash, "t-kash", "test")).toBe(false);
    });

    it("checks the values it can: Airtel's PIN is 4 digits, the PesaLink source account digits", () => {
      const airtel = complete(RAIL_SETTINGS["airtel-money"]);
      expect(() => parseEnv({ ...base, ...airtel, AIRTEL_PIN: "12345" })).toThrow(
        /AIRTEL_PIN: AIRTEL_PIN is the 4-digit disbursement wallet PIN/,
      );
      const pesalink = complete(RAIL_SETTINGS.pesalink);
      expect(() =>
        parseEnv({ ...base, ...pesalink, PESALINK_SOURCE_ACCOUNT_NUMBER: "ACC-1" }),
      ).toThrow(/PESALINK_SOURCE_ACCOUNT_NUMBER/);
    });

    it("a rail's sandbox (TEST_ settings): all or none too, and only beside test mode's sandboxes", () => {
      expect(() => parseEnv({ ...base, TEST_TKASH_API_KEY: "key" })).toThrow(
        /TEST_TKASH_BASE_URL, TEST_TKASH_API_SECRET: the sandbox settings of the t-kash payout rail/,
      );
      const tkashSandbox = complete(RAIL_SETTINGS["t-kash"], "TEST_");
      expect(() => parseEnv({ ...base, ...tkashSandbox })).toThrow(
        /the t-kash sandbox serves test mode on a live deployment, which needs test mode's sandbox settings/,
      );
      const sandboxes = Object.fromEntries(
        SANDBOX_SETTINGS.map((name) => [name, "https://x.example"]),
      );
      const env = parseEnv({ ...base, ...sandboxes, ...tkashSandbox });
      expect(railConfigured(env, "t-kash", "test")).toBe(true);
      expect(railConfigured(env, "t-kash", "live")).toBe(false);
    });
  });
});
