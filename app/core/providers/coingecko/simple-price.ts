/**
 * Validation of CoinGecko's `/simple/price` body:
 * `{"bitcoin":{"usd":67187.33,"kes":...,"last_updated_at":1711356300}, ...}`.
 * Each requested asset is judged on its own: one bad price never hides the others, and nothing
 * unusable (missing, zero, negative, non-numeric, non-finite) becomes a price.
 */
import { z } from "zod";
import { decimalFromJsonNumber } from "~/core/rates/decimal";
import type { MarketPrices, MarketQuote } from "~/core/rates/types";

const price = z
  .number({ invalid_type_error: "is not a number" })
  .finite()
  .positive("is not a positive number");
const unixSeconds = z.number().int().positive();

/** The body is an object of objects; anything else is not a /simple/price answer. */
export const simplePriceBody = z.record(z.string(), z.unknown());

/**
 * CoinGecko's error envelope, sometimes sent with HTTP 200 by caches:
 * `{"status":{"error_code":429,...}}`.
 */
const errorEnvelope = z.object({
  status: z.object({ error_code: z.number(), error_message: z.string().optional() }),
});

export function errorEnvelopeMessage(body: unknown): string | undefined {
  const parsed = errorEnvelope.safeParse(body);
  if (!parsed.success) return undefined;
  return `error ${parsed.data.status.error_code}${parsed.data.status.error_message ? `: ${parsed.data.status.error_message}` : ""}`;
}

function describe(value: unknown): string {
  return typeof value === "string" ? `"${value.slice(0, 20)}"` : String(value).slice(0, 20);
}

type Field = { value: string | null; problem?: string };

function readPrice(entry: Record<string, unknown>, currency: "usd" | "kes"): Field {
  if (!(currency in entry)) return { value: null };
  const parsed = price.safeParse(entry[currency]);
  if (!parsed.success) {
    return {
      value: null,
      problem: `${currency} ${parsed.error.issues[0]?.message ?? "is invalid"} (${describe(entry[currency])})`,
    };
  }
  return { value: decimalFromJsonNumber(parsed.data) };
}

/** Turn a validated body into quotes for `ids`, with a reason for every id left out. */
export function readSimplePrice(
  body: Record<string, unknown>,
  ids: readonly string[],
): MarketPrices {
  const quotes = new Map<string, MarketQuote>();
  const rejected: MarketPrices["rejected"] = [];
  for (const id of ids) {
    const raw = body[id];
    if (raw === undefined) {
      rejected.push({ id, reason: "missing from the response" });
      continue;
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      rejected.push({ id, reason: "not an object" });
      continue;
    }
    const entry = raw as Record<string, unknown>;
    const usd = readPrice(entry, "usd");
    const kes = readPrice(entry, "kes");
    const problems = [usd.problem, kes.problem].filter((problem): problem is string =>
      Boolean(problem),
    );
    let lastUpdatedAt: number | null = null;
    if ("last_updated_at" in entry) {
      const parsed = unixSeconds.safeParse(entry.last_updated_at);
      if (!parsed.success)
        problems.push(`last_updated_at is not a unix time (${describe(entry.last_updated_at)})`);
      else lastUpdatedAt = parsed.data * 1000;
    }
    if (problems.length > 0 || (usd.value === null && kes.value === null)) {
      rejected.push({
        id,
        reason: problems.length > 0 ? problems.join("; ") : "no usd or kes price",
      });
      continue;
    }
    quotes.set(id, { id, usd: usd.value, kes: kes.value, lastUpdatedAt });
  }
  return { quotes, rejected };
}
