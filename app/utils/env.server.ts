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
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
});

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  COOKIE_SECURE: boolean;
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
