/**
 * The one place that reads `process.env`. Parsed with zod at boot; a bad value stops the process
 * with a message that names the variable. `.env` (if present) is loaded first.
 */
import { randomBytes } from "node:crypto";
import {
  existsSync,
  linkSync,
  renameSync,
  rmSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOOPBACK, parseAddressList } from "./ip-address.server";

if (existsSync(".env") && typeof process.loadEnvFile === "function") {
  process.loadEnvFile(".env");
}

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * A list of IPs and CIDRs ("10.0.0.0/8, 203.0.113.7"); empty = none (false). With `flags`, also
 * `false`/`no`/`0` = none and `true`/`yes`/`1` = the loopback ranges.
 */
const addressList =
  (flags = false) =>
  (value: string, ctx: z.RefinementCtx): false | string[] => {
    const text = value.trim().toLowerCase();
    if (text === "" || (flags && ["false", "0", "no"].includes(text))) return false;
    if (flags && ["true", "1", "yes"].includes(text)) return [...LOOPBACK];
    try {
      const list = parseAddressList(value);
      return list.length > 0 ? list : false;
    } catch (error) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: error instanceof Error ? error.message : String(error),
      });
      return z.NEVER;
    }
  };

const setting = z.string().min(1).optional();
/**
 * The sandbox settings test mode needs on a live deployment (ADR 0028): the custody provider's and
 * Daraja's sandboxes, as the live CUSTODY_* and DARAJA_* settings. All or none.
 */
const sandboxSettings = {
  TEST_CUSTODY_BASE_URL: z.string().url().optional(),
  TEST_CUSTODY_API_KEY: setting,
  TEST_CUSTODY_API_SECRET_PEM: setting,
  TEST_CUSTODY_WEBHOOK_PUBLIC_KEY_PEM: setting,
  TEST_DARAJA_BASE_URL: z.string().url().optional(),
  TEST_DARAJA_CONSUMER_KEY: setting,
  TEST_DARAJA_CONSUMER_SECRET: setting,
  TEST_DARAJA_INITIATOR_NAME: setting,
  TEST_DARAJA_SECURITY_CREDENTIAL: setting,
  TEST_DARAJA_SHORTCODE: setting,
};
export const SANDBOX_SETTINGS = Object.keys(sandboxSettings) as (keyof typeof sandboxSettings)[];

/**
 * M-Pesa Express (STK Push) collections (ADR 0033) on the live Daraja app (`DARAJA_BASE_URL` and
 * its keys): the Lipa na M-Pesa Online shortcode and passkey, both or neither ("Pay with M-Pesa" is
 * offered only with them), and the transaction type (default CustomerPayBillOnline). The same with
 * `TEST_` in front for Daraja's sandbox serving test mode on a live deployment (ADR 0028).
 */
const stkShortcode = z
  .string()
  .regex(/^\d{5,7}$/, "the STK shortcode is 5 to 7 digits (Paybill or Buy Goods head office)")
  .optional();
const stkTransactionType = z.enum(["CustomerPayBillOnline", "CustomerBuyGoodsOnline"]).optional();
const stkSettings = {
  DARAJA_STK_SHORTCODE: stkShortcode,
  /** OneHop's Pay Bill for top-ups (issue 30; default: the STK shortcode). */
  DARAJA_C2B_SHORTCODE: stkShortcode,
  DARAJA_STK_PASSKEY: setting,
  DARAJA_STK_TRANSACTION_TYPE: stkTransactionType,
  TEST_DARAJA_STK_SHORTCODE: stkShortcode,
  TEST_DARAJA_STK_PASSKEY: setting,
  TEST_DARAJA_STK_TRANSACTION_TYPE: stkTransactionType,
};
/** The STK settings that must be set together, per mode. */
export const STK_SETTINGS = {
  live: ["DARAJA_STK_SHORTCODE", "DARAJA_STK_PASSKEY"],
  test: ["TEST_DARAJA_STK_SHORTCODE", "TEST_DARAJA_STK_PASSKEY"],
} as const;

/**
 * The payout rails beyond M-Pesa (issue 14, ADR 0029): each rail's live settings, all or none per
 * rail. A rail without them does not run in this process (absent from its PayoutRails, shown as not
 * configured). Read only with PROVIDER_MODE=live: in simulator mode every rail runs on its local
 * simulator. The same names with `TEST_` in front are that rail's sandbox for test mode on a live
 * deployment (ADR 0028), beside the TEST_CUSTODY_* / TEST_DARAJA_* settings.
 */
const pem = z.string().min(1).optional();
const liveRailSettings = {
  // Airtel Money Kenya disbursements (Airtel Africa Open API, protocols.md §2.1).
  AIRTEL_BASE_URL: z.string().url().optional(),
  AIRTEL_CLIENT_ID: setting,
  AIRTEL_CLIENT_SECRET: setting,
  AIRTEL_PIN: z
    .string()
    .regex(/^\d{4}$/, "AIRTEL_PIN is the 4-digit disbursement wallet PIN")
    .optional(),
  AIRTEL_PIN_PUBLIC_KEY: pem,
  AIRTEL_CALLBACK_SECRET: setting,
  // PesaLink through a bank's API modelled on Equity's Jenga (protocols.md §2.3).
  PESALINK_BASE_URL: z.string().url().optional(),
  PESALINK_API_KEY: setting,
  PESALINK_MERCHANT_CODE: setting,
  PESALINK_CONSUMER_SECRET: setting,
  PESALINK_PRIVATE_KEY_PEM: pem,
  PESALINK_BANK_PUBLIC_KEY_PEM: pem,
  PESALINK_SOURCE_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{6,20}$/, "PESALINK_SOURCE_ACCOUNT_NUMBER is the account we pay from, digits only")
    .optional(),
  PESALINK_SOURCE_NAME: setting,
  // T-Kash through a payout aggregator (ADR 0030: Telkom publishes no API).
  TKASH_BASE_URL: z.string().url().optional(),
  TKASH_API_KEY: setting,
  TKASH_API_SECRET: setting,
};
export type RailSettingName = keyof typeof liveRailSettings;
const testRailSettings = Object.fromEntries(
  Object.entries(liveRailSettings).map(([name, schema]) => [`TEST_${name}`, schema]),
) as { [K in RailSettingName as `TEST_${K}`]: (typeof liveRailSettings)[K] };

/** The rails configured through settings, and each one's settings (without the TEST_ prefix). */
export const RAIL_SETTINGS = {
  "airtel-money": [
    "AIRTEL_BASE_URL",
    "AIRTEL_CLIENT_ID",
    "AIRTEL_CLIENT_SECRET",
    "AIRTEL_PIN",
    "AIRTEL_PIN_PUBLIC_KEY",
    "AIRTEL_CALLBACK_SECRET",
  ],
  pesalink: [
    "PESALINK_BASE_URL",
    "PESALINK_API_KEY",
    "PESALINK_MERCHANT_CODE",
    "PESALINK_CONSUMER_SECRET",
    "PESALINK_PRIVATE_KEY_PEM",
    "PESALINK_BANK_PUBLIC_KEY_PEM",
    "PESALINK_SOURCE_ACCOUNT_NUMBER",
    "PESALINK_SOURCE_NAME",
  ],
  "t-kash": ["TKASH_BASE_URL", "TKASH_API_KEY", "TKASH_API_SECRET"],
} as const satisfies Record<string, readonly RailSettingName[]>;
export type ConfigurableRail = keyof typeof RAIL_SETTINGS;
export const CONFIGURABLE_RAILS = Object.keys(RAIL_SETTINGS) as ConfigurableRail[];

/** The names of `rail`'s settings for the live providers ("live") or their sandboxes ("test"). */
export function railSettingNames(
  rail: ConfigurableRail,
  mode: "live" | "test",
): (RailSettingName | `TEST_${RailSettingName}`)[] {
  return RAIL_SETTINGS[rail].map((name) => (mode === "test" ? (`TEST_${name}` as const) : name));
}

/** Whether all of `rail`'s settings of that mode are set in `values` (the check refuses some). */
export function railConfigured(
  values: Partial<Record<string, unknown>>,
  rail: ConfigurableRail,
  mode: "live" | "test",
): boolean {
  return railSettingNames(rail, mode).every((name) => Boolean(values[name]));
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .min(1)
    .default("data/onehop.sqlite")
    .describe("Path of the SQLite file (created on first start)"),
  DATA_DIR: z.string().min(1).default("data"),
  // Backups (issue 28, ADR 0042): `hourly`, `daily`, or every N minutes or hours (`30m`, `6h`);
  // unset: the server takes none (`npm run backup` still works). Copies go to BACKUP_DIR
  // (default DATA_DIR/backups); the newest of each of the last BACKUP_KEEP_HOURLY hours and
  // BACKUP_KEEP_DAILY days are kept.
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(
      /^(hourly|daily|[1-9]\d*[mh])$/,
      "BACKUP_SCHEDULE must be hourly, daily, or a number of minutes or hours such as 30m or 6h",
    )
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP_HOURLY: z.coerce.number().int().min(1).max(100_000).default(48),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).max(100_000).default(30),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  // Key that seals two-factor (TOTP) secrets at rest, 64 hex characters (32 bytes). Optional: by
  // default it is derived from SESSION_SECRET (issue 12); set it to rotate SESSION_SECRET without
  // locking every two-factor user out.
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "TOTP_ENCRYPTION_KEY must be 64 hex characters (32 bytes)")
    .optional(),
  PUBLIC_SITE_URL: z.string().url().default("http://localhost:3000"),
  DEMO_SCHEDULING_URL: z.string().url().default("https://cal.com/onehop/demo"),
  COOKIE_SECURE: booleanString.optional(),
  // simulator | live. No default in the schema: unset means simulator only for a local
  // PUBLIC_SITE_URL (localhost, 127.0.0.1); any other site must choose (see resolveProviderMode
  // below).
  PROVIDER_MODE: z.enum(["simulator", "live"]).optional(),
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
  // Server processes on this machine (node:cluster, ADR 0047): 1 (default) is one process.
  WEB_CONCURRENCY: z.coerce
    .number({ invalid_type_error: "WEB_CONCURRENCY is the number of server processes, like 2" })
    .int()
    .min(1, "WEB_CONCURRENCY is the number of server processes: at least 1")
    .max(64, "WEB_CONCURRENCY is the number of server processes: at most 64")
    .default(1),
  // Set by server.mjs, not by hand: "primary" in node:cluster's primary (no boot there, ADR 0047).
  ONEHOP_PROCESS_ROLE: z.enum(["app", "primary"]).default("app"),
  // Reverse proxies whose X-Forwarded-For is believed (app/utils/client-address.server.ts): a
  // comma-separated list of IPs and CIDRs; `false` (default) = none; `true` = loopback only.
  TRUST_PROXY: z.string().default("false").transform(addressList(true)),
  // Where M-Pesa result callbacks may come from (IPs and CIDRs, comma-separated); empty = anywhere.
  MPESA_CALLBACK_ALLOWED_IPS: z.string().default("").transform(addressList()),
  SESSION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(10)
    .max(60 * 24 * 30)
    .default(480),
  SET_PASSWORD_LINK_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(72),
  OPERATOR_BOOTSTRAP_EMAIL: z.string().email().optional(),
  OPERATOR_BOOTSTRAP_PASSWORD: z
    .string()
    .min(12, "OPERATOR_BOOTSTRAP_PASSWORD must be at least 12 characters")
    .optional(),
  OPERATOR_BOOTSTRAP_NAME: z.string().min(1).default("Administrator"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default("OneHop <no-reply@onehop.co.ke>"),
  // Members' SMS notifications (issue 30, item 9; ADR 0051) through Africa's Talking. Live mode
  // sends only when the username and API key are set (until then SMS stay queued, like e-mail
  // without SMTP); simulator mode uses the local simulator.
  AFRICASTALKING_USERNAME: setting,
  AFRICASTALKING_API_KEY: setting,
  AFRICASTALKING_BASE_URL: z.string().url().optional(),
  AFRICASTALKING_SENDER_ID: z.string().min(1).max(11).optional(),
  SMS_DAILY_CAP_PER_MEMBER: z.coerce.number().int().min(0).max(10_000).default(30),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  SMS_SIM_REPORT_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  DEMO_SEED: booleanString.optional(),
  PAYMENTS_SPREAD_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(99, "PAYMENTS_SPREAD_BPS must be under 100 (1%)")
    .default(50),
  QUOTE_TTL_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  // Reconciliation (issue 10, item 4): a payment still awaiting/confirming, or an M-Pesa transfer
  // still unanswered, this long after its last change is asked about at the provider (then again
  // each interval).
  PAYMENTS_RECONCILE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  CONFIRMATIONS_BTC: z.coerce.number().int().min(1).max(3).default(3),
  CONFIRMATIONS_ETH: z.coerce.number().int().min(1).max(3).default(2),
  CONFIRMATIONS_USDT: z.coerce.number().int().min(1).max(3).default(2),
  CONFIRMATIONS_USDC: z.coerce.number().int().min(1).max(3).default(2),
  CUSTODY_BASE_URL: z.string().url().optional(),
  CUSTODY_API_KEY: z.string().min(1).optional(),
  CUSTODY_API_SECRET_PEM: z.string().min(1).optional(),
  CUSTODY_WEBHOOK_PUBLIC_KEY_PEM: z.string().min(1).optional(),
  CUSTODY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  // Merchant API (issue 13): requests per second per API key (429 past it).
  API_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(100),
  // Deposit addresses made ahead per mode and asset (ADR 0027): "20", or "20,test:USDT=6000".
  DEPOSIT_ADDRESS_POOL: z.string().trim().max(500).default("20"),
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
  ...stkSettings,
  // Test mode on a live deployment (ADR 0028): the providers' sandboxes, all set or none (test
  // API keys answer 503 test_mode_unavailable without them). Ignored in simulator mode, where the
  // simulators serve both modes.
  ...sandboxSettings,
  // Payout rails beyond M-Pesa (issue 14): each rail's settings all or none (see liveRailSettings
  // above), its sandbox's with TEST_ in front; a rail without them does not run here.
  ...liveRailSettings,
  ...testRailSettings,
  RAIL_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(15_000),
  RAIL_SIM_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_500),
  // Hours a NEW payout destination (a changed M-Pesa number) waits before it is paid (issue 10,
  // item 14). The first number a merchant sets is never held. 0 turns the hold off.
  PAYOUT_DESTINATION_COOLING_OFF_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  NEWS_FEED_BASE_URL: z
    .string()
    .url()
    .optional()
    .describe("Fetch news feeds through this origin (feed simulator or proxy)"),
  NEWS_FEED_FIXTURES_DIR: z.string().min(1).default("tests/fixtures/feeds"),
  NEWS_FEED_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  NEWS_FEED_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  // Sanctions lists (issue 31, item 1; ADR 0054): fetched daily when set, off when unset. The UN
  // Consolidated List XML; OFAC's classic sdn.xml, or (when that is unset) the folder of its CSV
  // files (sdn.csv, alt.csv, sdn_comments.csv). Fetched through the outbound policy (public
  // addresses only) with a deadline and a size cap.
  SANCTIONS_UN_URL: z.string().url().optional(),
  SANCTIONS_OFAC_URL: z.string().url().optional(),
  SANCTIONS_OFAC_CSV_BASE_URL: z.string().url().optional(),
  SANCTIONS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  SANCTIONS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(256 * 1024 * 1024)
    .default(64 * 1024 * 1024),
});

export type Env = Omit<z.infer<typeof envSchema>, "PROVIDER_MODE"> & {
  PROVIDER_MODE: "simulator" | "live";
  SESSION_SECRET: string;
  COOKIE_SECURE: boolean;
  DEMO_SEED: boolean;
  isProduction: boolean;
};

/**
 * The generated secret, made once: several processes starting together (WEB_CONCURRENCY) all use
 * the first one written. It is written whole to a file of this process's, then linked into place
 * (atomic; refused if another process linked first, whose secret is then read).
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  const stored = () => (existsSync(file) ? readFileSync(file, "utf8").trim() : "");
  if (stored().length >= 32) return stored();
  mkdirSync(dataDir, { recursive: true });
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, randomBytes(32).toString("hex") + "\n", { mode: 0o600 });
  try {
    if (existsSync(file))
      renameSync(mine, file); // a short or empty one is replaced
    else linkSync(mine, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(mine, { force: true });
  }
  return stored();
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
  const siteUrl = new URL(values.PUBLIC_SITE_URL);
  const localSite = isLocalHostname(siteUrl.hostname);
  const problems: string[] = [];
  // Simulators are chosen, never fallen into: only a local run gets them without asking (issue 10,
  // item 11).
  if (!values.PROVIDER_MODE && !localSite) {
    problems.push(
      `PROVIDER_MODE: must be set for PUBLIC_SITE_URL=${siteUrl.origin} (not a local address): "live" for the real custody, M-Pesa and market-data providers, or "simulator" for a test deployment (its control pages need an operator session)`,
    );
  }
  const sandboxMissing = SANDBOX_SETTINGS.filter((name) => !values[name]);
  if (sandboxMissing.length > 0 && sandboxMissing.length < SANDBOX_SETTINGS.length) {
    problems.push(
      `${sandboxMissing.join(", ")}: test mode's sandbox settings are all set or none (ADR 0028); the others are set`,
    );
  }
  const sandboxSet = sandboxMissing.length === 0;
  for (const rail of CONFIGURABLE_RAILS) {
    for (const mode of ["live", "test"] as const) {
      const names = railSettingNames(rail, mode);
      const missing = names.filter((name) => !values[name]);
      if (missing.length > 0 && missing.length < names.length)
        problems.push(
          `${missing.join(", ")}: ${mode === "test" ? "the sandbox settings" : "the settings"} of the ${rail} payout rail are all set or none; the others are set`,
        );
      else if (mode === "test" && missing.length === 0 && !sandboxSet)
        problems.push(
          `${names[0]}…: the ${rail} sandbox serves test mode on a live deployment, which needs test mode's sandbox settings (${SANDBOX_SETTINGS[0]}…, ADR 0028) too`,
        );
    }
  }
  for (const mode of ["live", "test"] as const) {
    const names = STK_SETTINGS[mode];
    const missing = names.filter((name) => !values[name]);
    const typeName =
      mode === "test" ? "TEST_DARAJA_STK_TRANSACTION_TYPE" : "DARAJA_STK_TRANSACTION_TYPE";
    if (
      (missing.length > 0 && missing.length < names.length) ||
      (missing.length > 0 && values[typeName])
    )
      problems.push(
        `${missing.join(", ")}: the M-Pesa Express (STK) settings are all set or none (ADR 0033); the others are set`,
      );
    else if (mode === "test" && missing.length === 0 && !sandboxSet)
      problems.push(
        `${names[0]}…: M-Pesa Express on Daraja's sandbox serves test mode on a live deployment, which needs test mode's sandbox settings (${SANDBOX_SETTINGS[0]}…, ADR 0028) too`,
      );
  }
  // A generated secret is for local runs: a public production site must have its own (item 10).
  if (
    !values.SESSION_SECRET &&
    values.NODE_ENV === "production" &&
    siteUrl.protocol === "https:" &&
    !localSite
  ) {
    problems.push(
      `SESSION_SECRET: must be set in production for PUBLIC_SITE_URL=${siteUrl.origin} (a generated secret is for local runs only); generate one with: node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"`,
    );
  }
  if (problems.length > 0) {
    throw new Error(
      `Invalid environment configuration:\n${problems.map((line) => `  - ${line}`).join("\n")}\nSee .env.example.`,
    );
  }
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
    PROVIDER_MODE: values.PROVIDER_MODE ?? "simulator",
    SESSION_SECRET: secret,
    COOKIE_SECURE: values.COOKIE_SECURE ?? values.PUBLIC_SITE_URL.startsWith("https://"),
    // Demo accounts only on a local site unless asked for explicitly.
    DEMO_SEED: values.DEMO_SEED ?? ["localhost", "127.0.0.1"].includes(siteUrl.hostname),
    isProduction: values.NODE_ENV === "production",
  };
}

/**
 * A site on this machine: the only place simulators and a generated session secret are the default.
 */
export function isLocalHostname(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * Parse `process.env`; a bad configuration stops a running app with the message alone (every bad
 * variable named, no stack trace) and exit code 1. Under test it throws, for the test to see.
 */
function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (process.env.NODE_ENV === "test" || process.env.VITEST) throw error;
    console.error(`[onehop] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

export const env: Env = loadEnv();

/** What the browser may know: sent through the root loader as `window.ENV`. */
export function publicEnv() {
  return {
    DEMO_SCHEDULING_URL: env.DEMO_SCHEDULING_URL,
    PUBLIC_SITE_URL: env.PUBLIC_SITE_URL,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
