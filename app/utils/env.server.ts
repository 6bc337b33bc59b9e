/**
 * The one place that reads `process.env`. Parsed with zod at boot; a bad value stops the process
 * with a message that names the variable. `.env` (if present) is loaded first.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

if (existsSync(".env") && typeof process.loadEnvFile === "function") {
  process.loadEnvFile(".env");
}

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .min(1)
    .default("data/onehop.sqlite")
    .describe("Path of the SQLite file (created on first start)"),
  DATA_DIR: z.string().min(1).default("data"),
  SESSION_SECRET: z
    .string()
    .min(32, "SESSION_SECRET must be at least 32 characters")
    .optional(),
  PUBLIC_SITE_URL: z.string().url().default("http://localhost:3000"),
  API_DOCS_URL: z.string().url().default("https://docs.onehop.co.ke"),
  DEMO_SCHEDULING_URL: z.string().url().default("https://cal.com/onehop/demo"),
  COOKIE_SECURE: booleanString.optional(),
  PROVIDER_MODE: z.enum(["simulator", "live"]).default("simulator"),
  // Exchange rates (app/core/rates, docs/decisions/0010-rates-service.md).
  COINGECKO_BASE_URL: z.string().url().optional(),
  COINGECKO_API_KEY: z.string().min(1).optional(),
  COINGECKO_API_KEY_KIND: z.enum(["demo", "pro"]).default("demo"),
  FX_BASE_URL: z.string().url().default("https://open.er-api.com"),
  RATES_REFRESH_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
  RATES_MIN_MANUAL_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  RATES_STALE_AFTER_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  RATES_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  TRUST_PROXY: booleanString.default("false"),
  SESSION_TTL_MINUTES: z.coerce.number().int().min(10).max(60 * 24 * 30).default(480),
  SET_PASSWORD_LINK_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(72),
  OPERATOR_BOOTSTRAP_EMAIL: z.string().email().optional(),
  OPERATOR_BOOTSTRAP_PASSWORD: z.string().min(12, "OPERATOR_BOOTSTRAP_PASSWORD must be at least 12 characters").optional(),
  OPERATOR_BOOTSTRAP_NAME: z.string().min(1).default("Administrator"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("OneHop <no-reply@onehop.co.ke>"),
  DEMO_SEED: booleanString.optional(),
  PAYMENTS_SPREAD_BPS: z.coerce.number().int().min(0).max(99, "PAYMENTS_SPREAD_BPS must be under 100 (1%)").default(50),
  QUOTE_TTL_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  CONFIRMATIONS_BTC: z.coerce.number().int().min(1).max(3).default(3),
  CONFIRMATIONS_ETH: z.coerce.number().int().min(1).max(3).default(2),
  CONFIRMATIONS_USDT: z.coerce.number().int().min(1).max(3).default(2),
  CONFIRMATIONS_USDC: z.coerce.number().int().min(1).max(3).default(2),
  CUSTODY_BASE_URL: z.string().url().optional(),
  CUSTODY_API_KEY: z.string().min(1).optional(),
  CUSTODY_API_SECRET_PEM: z.string().min(1).optional(),
  CUSTODY_WEBHOOK_PUBLIC_KEY_PEM: z.string().min(1).optional(),
  CUSTODY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  SIMULATOR_AUTO_CONFIRM_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DARAJA_BASE_URL: z.string().url().optional(),
  DARAJA_CONSUMER_KEY: z.string().min(1).optional(),
  DARAJA_CONSUMER_SECRET: z.string().min(1).optional(),
  DARAJA_INITIATOR_NAME: z.string().min(1).optional(),
  DARAJA_SECURITY_CREDENTIAL: z.string().min(1).optional(),
  DARAJA_SHORTCODE: z.string().min(1).optional(),
  DARAJA_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(15_000),
  DARAJA_SIM_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_500),
  MPESA_FLOAT_OPENING_KES: z.coerce.number().int().min(0).default(0),
  NEWS_FEED_BASE_URL: z.string().url().optional().describe("Fetch news feeds through this origin (feed simulator or proxy)"),
  NEWS_FEED_FIXTURES_DIR: z.string().min(1).default("tests/fixtures/feeds"),
  NEWS_FEED_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  NEWS_FEED_MAX_BYTES: z.coerce.number().int().min(64 * 1024).max(100 * 1024 * 1024).default(5 * 1024 * 1024),
});

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  COOKIE_SECURE: boolean;
  DEMO_SEED: boolean;
  isProduction: boolean;
};

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty value (`SESSION_SECRET=` copied from .env.example) means "use the default".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const values = parsed.data;
  let secret = values.SESSION_SECRET;
  if (!secret) {
    secret = readOrCreateSecret(values.DATA_DIR);
    if (values.NODE_ENV !== "test") {
      console.warn(
        `[env] SESSION_SECRET is not set: using a generated secret kept in ${path.join(values.DATA_DIR, "session-secret")}. Set SESSION_SECRET for any shared or public deployment.`,
      );
    }
  }
  return {
    ...values,
    SESSION_SECRET: secret,
    COOKIE_SECURE: values.COOKIE_SECURE ?? values.PUBLIC_SITE_URL.startsWith("https://"),
    // Demo accounts only on a local site unless asked for explicitly.
    DEMO_SEED: values.DEMO_SEED ?? ["localhost", "127.0.0.1"].includes(new URL(values.PUBLIC_SITE_URL).hostname),
    isProduction: values.NODE_ENV === "production",
  };
}

export const env: Env = parseEnv(process.env);

/** What the browser may know: sent through the root loader as `window.ENV`. */
export function publicEnv() {
  return {
    API_DOCS_URL: env.API_DOCS_URL,
    DEMO_SCHEDULING_URL: env.DEMO_SCHEDULING_URL,
    PUBLIC_SITE_URL: env.PUBLIC_SITE_URL,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
