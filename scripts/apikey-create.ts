/**
 * Create an API key for a merchant from the command line (issue 13, item 1), for operators and
 * deployment scripts:
 *
 *   npm run apikey:create -- --merchant MRC-K3NYA2 --mode test \
 *     --scopes payments:read,payments:write [--name "Shop"] [--expires-days 90] [--member demo]
 *
 * The key belongs to a member of the merchant (`--member`, a username; the first active owner when
 * left out): it never does more than that member's role, stops when they are suspended or removed,
 * and whatever it does is recorded as theirs (ADR 0038).
 * Prints the key once, alone on stdout (so `KEY=$(npm run -s apikey:create -- …)` works), and a
 * short note on stderr. Only the key's hash is stored. Bad or missing arguments and an unknown
 * merchant: one line on stderr, exit code 2. Opens the database like scripts/db-setup.ts
 * (DATABASE_URL, a SQLite file or PostgreSQL, migrated first); one that cannot be used: one line,
 * exit code 1.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { createKeyFromCommandLine } from "../app/core/api/key-management.server";
import { API_KEY_NAME_MAX } from "../app/core/api/key-schema";
import { apiModes, apiScopes } from "../app/core/api/vocabulary";
import { MERCHANT_ID_PATTERN } from "../app/core/id-formats";
import { databaseLabel } from "../app/db/pg-errors.server";
import { env } from "../app/utils/env.server";
import { onDatabase } from "./on-database";

const USAGE =
  "usage: npm run apikey:create -- --merchant MRC-XXXXXX --mode test|live --scopes a,b " +
  '[--name "…"] [--expires-days N] [--member USERNAME]';

function fail(message: string): never {
  console.error(`apikey:create: ${message}`);
  process.exit(2);
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      merchant: { type: "string" },
      mode: { type: "string" },
      scopes: { type: "string" },
      name: { type: "string" },
      "expires-days": { type: "string" },
      member: { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(`${(error as Error).message.split("\n")[0]} (${USAGE})`);
}

const input = z
  .object({
    merchant: z
      .string({ required_error: `--merchant is required (${USAGE})` })
      .regex(MERCHANT_ID_PATTERN, "--merchant must be a merchant ID such as MRC-K3NYA2"),
    mode: z.enum(apiModes, {
      errorMap: (issue) => ({
        message:
          issue.code === "invalid_type"
            ? `--mode is required: test or live (${USAGE})`
            : "--mode must be test or live",
      }),
    }),
    scopes: z
      .string({ required_error: `--scopes is required: ${apiScopes.join(",")} (${USAGE})` })
      .max(500, "--scopes is too long")
      .transform((list, context) => {
        const scopes = list
          .split(",")
          .map((scope) => scope.trim())
          .filter(Boolean);
        const unknown = scopes.filter((scope) => !(apiScopes as readonly string[]).includes(scope));
        if (unknown.length > 0 || scopes.length === 0) {
          context.addIssue({
            code: "custom",
            message:
              scopes.length === 0
                ? `--scopes needs at least one of ${apiScopes.join(", ")}`
                : `--scopes: unknown scope ${unknown.join(", ")} (known: ${apiScopes.join(", ")})`,
          });
          return z.NEVER;
        }
        return [...new Set(scopes)] as (typeof apiScopes)[number][];
      }),
    name: z
      .string()
      .trim()
      .min(1, "--name must not be empty")
      .max(API_KEY_NAME_MAX, `--name must be at most ${API_KEY_NAME_MAX} characters`)
      .default("Created from the command line"),
    "expires-days": z
      .string()
      .regex(/^\d{1,4}$/, "--expires-days must be a whole number of days from 1 to 3650")
      .transform(Number)
      .refine(
        (days) => days >= 1 && days <= 3650,
        "--expires-days must be a whole number of days from 1 to 3650",
      )
      .optional(),
    member: z
      .string()
      .trim()
      .min(1, "--member must be a username")
      .max(64, "--member must be a username")
      .optional(),
  })
  .safeParse(values);
if (!input.success) fail(input.error.issues[0]!.message);

const { merchant, mode, scopes, name, member } = input.data;
const days = input.data["expires-days"];
const now = Date.now();
const made = await onDatabase((store) =>
  createKeyFromCommandLine(
    store,
    merchant,
    {
      name,
      mode,
      scopes,
      member,
      expiresAt: days === undefined ? null : now + days * 24 * 3_600_000,
    },
    now,
  ),
);
if (!made.ok) {
  if (made.reason === "no_merchant")
    fail(`no merchant ${merchant} in ${databaseLabel(env.DATABASE_URL)}`);
  if (made.reason === "no_member")
    fail(
      member === undefined
        ? `${merchant} has no active owner to own the key: name a member with --member`
        : `${merchant} has no active member ${member}`,
    );
  fail(
    `--scopes: ${made.scopes.join(", ")} ${made.scopes.length === 1 ? "is" : "are"} beyond the ${made.role} role of the key's member (a key never does more than its member)`,
  );
}

process.stdout.write(`${made.secret}\n`);
console.error(
  `Created ${mode} API key "${name}" (${made.key.prefix}…) for ${merchant} (member ${made.member}) with ` +
    `${scopes.join(", ")}${days === undefined ? ", no expiry" : `, expiring in ${days} days`}. ` +
    "It is shown only this once: store it now.",
);
