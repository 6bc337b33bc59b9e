/**
 * The zod schemas of the API (issue 13, item 5): the handlers validate with them and the OpenAPI
 * document is generated from them (app/api/openapi.server.ts), so the two cannot drift. Requests
 * are strict: an unknown field is refused and named.
 */
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { assetNetworks, defaultNetwork, networkIds } from "~/core/networks/networks";
import { OPENING_COIN } from "~/core/payments/coin-choice";
import { paymentAssets } from "~/core/payments/create-payment-schema";
import { paymentMethods, paymentStatuses } from "~/core/payments/statuses";
import { webhookEventTypes } from "~/core/api/vocabulary";
import { cryptoLimits } from "~/content/tariff";
import { formatKes } from "~/utils/format";
import { apiErrorCodeList, apiErrorTypes, type ApiErrorCode } from "~/core/api/error-codes";
import { IDEMPOTENCY_KEY_PATTERN, MAX_IDEMPOTENCY_KEY_LENGTH } from "~/core/api/idempotency.server";

/** Which networks each asset is on, for the API reference ("USDT: ethereum (default), tron"). */
const networkDoc = Object.entries(assetNetworks)
  .map(
    ([asset, ids]) =>
      `${asset} on ${ids.map((id, i) => (i === 0 ? `${id} (default)` : id)).join(", ")}`,
  )
  .join("; ");

extendZodWithOpenApi(z);

export { z };

/** Payment ids as the API shows them. */
export const paymentIdSchema = z
  .string()
  .regex(/^pay_[a-z0-9]{12}$/, "must be a payment id (pay_ followed by 12 characters)")
  .openapi({ example: "pay_k3ny4x7q2m9d" });

/** Largest body the API reads (a bigger one is 413 before it is read). */
export const MAX_BODY_BYTES = 64 * 1024;

/** A body limit in words: "64 KB", "4 MB". */
export const bodyLimitText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;

const httpsUrl = z
  .string()
  .max(2000, "must be at most 2,000 characters")
  .url("must be an absolute URL")
  .refine(
    (value) => /^https?:\/\//i.test(value),
    "must start with https:// (or http:// in test mode)",
  );

export const metadataSchema = z
  .record(
    z.string().min(1).max(40, "keys must be at most 40 characters"),
    z.string().max(500, "values must be at most 500 characters"),
  )
  .refine((value) => Object.keys(value).length <= 20, "at most 20 keys")
  .openapi({
    description: "Up to 20 string key-value pairs of your own, returned as given.",
    example: { order_id: "A-1042" },
  });

/** Amounts in KES cents: integers only, whole shillings (M-Pesa settles shillings). */
export const amountSchema = z
  .number({
    invalid_type_error: "must be an integer number of cents (a JSON number, not a string)",
  })
  .int("must be an integer number of cents, not a decimal")
  .positive("must be greater than zero")
  .max(Number.MAX_SAFE_INTEGER, "is too large")
  .refine((cents) => cents % 100 === 0, "must be whole shillings (a multiple of 100 cents)")
  .openapi({
    description: "KES in cents (250000 = KES 2,500.00), whole shillings.",
    multipleOf: 100,
    example: 250000,
  });

const kesCents = (kes: number) => kes * 100;

export const createPaymentBody = z
  .object({
    // The limits are checked by the payments core (422 amount_too_small / amount_too_large), and
    // documented here so a client can check before it asks.
    amount: amountSchema.openapi({
      description: `KES in cents, whole shillings: from ${formatKes(cryptoLimits.minimum)} to ${formatKes(cryptoLimits.reviewMaxPerTransaction)} (above ${formatKes(cryptoLimits.autoMaxPerTransaction)} the payment is held for review before it settles). Outside them: 422.`,
      minimum: kesCents(cryptoLimits.minimum),
      maximum: kesCents(cryptoLimits.reviewMaxPerTransaction),
    }),
    currency: z.literal("KES", { errorMap: () => ({ message: 'must be "KES"' }) }),
    asset: z
      .enum(paymentAssets, {
        errorMap: () => ({ message: `must be one of ${paymentAssets.join(", ")}` }),
      })
      .optional()
      .openapi({
        description: `The coin the customer pays with. Leave it out (and \`network\`) for a payment in KES only: the customer chooses the coin and network at checkout; it opens in ${OPENING_COIN} on ${defaultNetwork(OPENING_COIN)}, and the payment object shows the coin chosen.`,
      }),
    network: z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .max(40, "must be at most 40 characters")
      .optional()
      .openapi({
        description: `The network the customer pays on: ${networkDoc}. Defaults to the asset's first network; leave it out to let the customer choose at checkout where the asset has several. A network the asset is not on is refused (400).`,
        enum: [...networkIds],
        example: "tron",
      }),
    reference: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(64, "must be at most 64 characters")
      .openapi({ description: "Your own reference, such as an order number.", example: "A-1042" }),
    description: z.string().trim().max(200, "must be at most 200 characters").optional(),
    metadata: metadataSchema.optional(),
    success_url: httpsUrl.optional().openapi({
      description: "Where checkout sends the customer after paying (https; http in test mode).",
    }),
    cancel_url: httpsUrl.optional().openapi({
      description: "Where checkout's Cancel link goes (https; http in test mode).",
    }),
    customer_email: z
      .string()
      .max(254)
      .email("must be an e-mail address")
      .optional()
      .openapi({ example: "wanjiru@example.co.ke" }),
  })
  .strict()
  .openapi("CreatePayment");

export const isoTime = z
  .string()
  .openapi({ format: "date-time", example: "2026-11-25T08:30:00.000Z" });
const integerUnits = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .openapi({ description: "An integer in the currency's minor units (a string past 2^53)." });
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const paymentSchema = z
  .object({
    id: paymentIdSchema,
    object: z.literal("payment"),
    livemode: z.boolean(),
    status: z.enum(paymentStatuses),
    amount: integerUnits,
    amount_decimal: decimal.openapi({ example: "2500.00" }),
    currency: z.literal("KES"),
    fee: integerUnits.openapi({ description: "Our collection fee (C2B)." }),
    fee_decimal: decimal,
    excise: integerUnits.openapi({
      description:
        "Excise duty on our fee (10% of `fee`, rounded half up to the cent), paid on top of the fee.",
    }),
    excise_decimal: decimal,
    net: integerUnits.openapi({ description: "What you receive: amount - fee - excise." }),
    net_decimal: decimal,
    asset: z.enum(paymentAssets).openapi({
      description:
        "The coin the customer pays with. On a payment created without `asset` it is the coin the customer has chosen so far: it may change at checkout until a deposit arrives, with `crypto_amount`, `network` and `deposit_address`.",
    }),
    network: z.enum(networkIds).openapi({
      description: `The network the customer pays on: ${networkDoc}.`,
    }),
    paid_with: z.enum(paymentMethods).openapi({
      description:
        "How the customer paid: `crypto` (the default until paid) or `mpesa` (M-Pesa Express at checkout, in KES; the crypto fields then stay at zero received).",
    }),
    crypto_amount: integerUnits.openapi({
      description: "What the customer must send, in base units (satoshi, gwei, 10^-6).",
    }),
    crypto_amount_decimal: decimal.openapi({ example: "19.305019" }),
    crypto_received: integerUnits,
    crypto_received_decimal: decimal,
    crypto_scale: z.number().int().openapi({ description: "Decimal places of the base units." }),
    confirmations: z.number().int(),
    deposit_address: z.string().nullable(),
    checkout_url: z.string().openapi({ example: "https://onehop.co.ke/pay/pay_k3ny4x7q2m9d" }),
    quote: z.object({
      rate: decimal.openapi({ description: "KES per whole coin, the spread included." }),
      market_rate: decimal,
      spread_bps: z.number().int(),
      source: z.string(),
      rate_fetched_at: isoTime,
      locked_at: isoTime,
      expires_at: isoTime,
    }),
    reference: z.string(),
    description: z.string().nullable(),
    metadata: z.record(z.string()),
    success_url: z.string().nullable(),
    cancel_url: z.string().nullable(),
    customer_email: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
    confirmed_at: isoTime.nullable(),
    settled_at: isoTime.nullable(),
    canceled_at: isoTime.nullable(),
  })
  .strict()
  .openapi("Payment");

/** What `ending_before` does, on every list that pages by id. */
export const endingBeforeText =
  "The first id of the page you have: the previous page, the objects just newer than it (still newest first; `has_more` says whether there are newer ones still). Not with `starting_after`.";

/** `limit` and `starting_after` on every list. */
const pageQuery = {
  limit: z.coerce
    .number({ invalid_type_error: "must be a number from 1 to 100" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .default(10),
  created_after: isoTime
    .optional()
    .openapi({ description: "Only objects created after this time." }),
  created_before: isoTime.optional(),
};

export const listPaymentsQuery = z
  .object({
    ...pageQuery,
    starting_after: paymentIdSchema.optional().openapi({
      description: "The last id of the page you have: the next page starts after it.",
    }),
    ending_before: paymentIdSchema.optional().openapi({ description: endingBeforeText }),
    status: z.enum(paymentStatuses).optional(),
  })
  .strict();

export const eventIdSchema = z
  .string()
  .regex(/^evt_[A-Za-z0-9_-]{22}$/, "must be an event id (evt_…)")
  .openapi({ example: "evt_Wm2bX0cZ8mQ1n4Yp7tK3sA" });

export const listEventsQuery = z
  .object({
    ...pageQuery,
    starting_after: eventIdSchema.optional(),
    ending_before: eventIdSchema.optional().openapi({ description: endingBeforeText }),
    type: z.enum([...webhookEventTypes, "ping"]).optional(),
  })
  .strict();

export function listSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item),
      has_more: z.boolean(),
      next_starting_after: z.string().nullable(),
    })
    .openapi(name);
}

export const balanceSchema = z
  .object({
    object: z.literal("balance"),
    livemode: z.boolean(),
    currency: z.literal("KES"),
    available: integerUnits,
    available_decimal: decimal,
    pending: integerUnits,
    pending_decimal: decimal,
    in_flight: integerUnits,
    in_flight_decimal: decimal,
  })
  .strict()
  .openapi("Balance");

export const rateSchema = z
  .object({
    asset: z.string().openapi({ example: "USDT" }),
    rate: decimal.openapi({ description: "KES per whole coin (market, before our spread)." }),
    kind: z.enum(["live", "stale", "fallback"]),
    source: z.string(),
    as_of: isoTime.nullable(),
    spread_bps: z.number().int(),
  })
  .openapi("Rate");

export const ratesSchema = z
  .object({ object: z.literal("list"), data: z.array(rateSchema) })
  .openapi("Rates");

/** The Idempotency-Key request header (checked by handle.server.ts with the same pattern). */
export const idempotencyHeader = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN)
  .max(MAX_IDEMPOTENCY_KEY_LENGTH)
  .optional()
  .openapi({
    description:
      "Makes a retry safe: 1 to 255 printable ASCII characters (no leading or trailing space), unique per request (a UUID is a good choice). The same key and body within 24 h returns the first answer (with `Idempotent-Replayed: true`); the same key with another request is 422 `idempotency_key_reused`.",
  });

export const errorSchema = z
  .object({
    error: z.object({
      type: z.enum(apiErrorTypes).openapi({ example: "invalid_request_error" }),
      code: z.enum(apiErrorCodeList as [ApiErrorCode, ...ApiErrorCode[]]).openapi({
        description:
          "What went wrong, for your code to branch on; the codes of each status are listed with it.",
        example: "parameter_invalid",
      }),
      message: z.string(),
      param: z.string().nullable(),
      request_id: z.string().openapi({ example: "req_9x2VbQe4LmT7" }),
    }),
  })
  .openapi("Error");

/** `POST /test_helpers/payments/{id}/pay` (issue 32): how the simulated customer pays. */
export const testPayBody = z
  .object({
    method: z
      .enum(paymentMethods, {
        errorMap: () => ({ message: `must be one of ${paymentMethods.join(", ")}` }),
      })
      .default("crypto")
      .openapi({
        description:
          "`crypto` (default): the custody simulator sends the coin to the payment's deposit address. `mpesa`: an M-Pesa Express prompt that the M-Pesa simulator's customer pays.",
      }),
    amount: z
      .string({ invalid_type_error: 'must be a decimal string such as "19.35"' })
      .trim()
      .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a decimal string such as "19.35"')
      .optional()
      .openapi({
        description:
          "Crypto only: how much of the payment's coin is sent (default its `crypto_amount`). Less makes it `underpaid`, more `overpaid`.",
        example: "19.35",
      }),
    confirmations: z
      .number({ invalid_type_error: "must be an integer from 0 to 100" })
      .int("must be an integer from 0 to 100")
      .min(0, "must be an integer from 0 to 100")
      .max(100, "must be an integer from 0 to 100")
      .optional()
      .openapi({
        description:
          "Crypto only: confirmations added after the deposit (default: as many as the payment needs). 0 leaves it `confirming`.",
      }),
    phone: z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(20, "must be at most 20 characters")
      .optional()
      .openapi({
        description: "M-Pesa only: the paying Safaricom number (default +254712345678).",
        example: "+254712345678",
      }),
  })
  .strict()
  .openapi("TestPayRequest");

/** `POST /test_helpers/balance/fund`: test money for refunds and payouts. */
export const testFundBody = z
  .object({
    amount: z
      .number({
        invalid_type_error: "must be an integer number of cents (a JSON number, not a string)",
      })
      .int("must be an integer number of cents, not a decimal")
      .positive("must be greater than zero")
      .max(1_000_000_000, "must be at most 1000000000 (KES 10,000,000.00)")
      .openapi({
        description: "KES in cents, up to 1000000000 (KES 10,000,000.00).",
        example: 5_000_000,
      }),
    currency: z.literal("KES", { errorMap: () => ({ message: 'must be "KES"' }) }),
  })
  .strict()
  .openapi("TestFundRequest");
