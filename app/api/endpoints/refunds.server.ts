/**
 * `/refunds` (issue 15, item 5; ADR 0037): give a customer money back for a payment, the way they
 * paid. A crypto payment is refunded in its coin to an address the customer gives, at the rate
 * locked when they paid or at today's rate, sent by custody (OneHop pays the network fee); an
 * M-Pesa Express payment is refunded to the phone it came from by M-Pesa B2C (M-Pesa's charge is
 * added). The money leaves the available balance at once and comes back if the refund fails. A
 * key sees and refunds only its own mode's payments: a test key never touches live money.
 */
import { findCountry } from "~/content/countries";
import {
  BENEFICIARY_LIMITS,
  beneficiaryWallets,
  TRAVEL_RULE_THRESHOLD_USD,
  type BeneficiaryInput,
} from "~/core/compliance/travel-rule/ivms101";
import { RefundError } from "~/core/refunds/errors";
import { refundObject } from "~/core/refunds/object";
import {
  REFUND_REASON_MAX,
  refundMethods,
  refundRates,
  refundSources,
  refundStatuses,
} from "~/core/refunds/vocabulary";
import { ApiError, notFound } from "../errors.server";
import { listSchema, paymentIdSchema, z } from "../schemas.server";
import { defineRoute } from "../types.server";
import type { ApiErrorCode } from "~/core/api/error-codes";

/** A refund request is a few short fields: 4 KB is plenty (413 past it, unread). */
export const REFUND_MAX_BODY_BYTES = 4 * 1024;

// ---------------------------------------------------------------------------------------------
// Schemas (the handlers validate with them; the OpenAPI document is generated from them).

export const refundIdSchema = z
  .string()
  .regex(/^rfd_[a-z0-9]{16}$/, "must be a refund id (rfd_ followed by 16 characters)")
  .openapi({ example: "rfd_k3ny4x7q2m9dpa8w" });

const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-25T08:30:00.000Z" });
const integerUnits = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .openapi({ description: "KES in cents (a string past 2^53)." });
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

const shortText = (max: number) =>
  z
    .string({ invalid_type_error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`);

/** The customer as the travel rule names them (ADR 0060). */
export const beneficiarySchema = z
  .object({
    family_name: shortText(BENEFICIARY_LIMITS.name).openapi({
      description: "The customer's family name (surname), as on their ID.",
      example: "Otieno",
    }),
    given_names: shortText(BENEFICIARY_LIMITS.name)
      .optional()
      .openapi({ description: "Their given names.", example: "Jane Achieng" }),
    address: shortText(BENEFICIARY_LIMITS.address)
      .optional()
      .openapi({ description: "Their address, one line.", example: "Kenyatta Avenue 12, Nairobi" }),
    country: z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .refine(
        (value) => findCountry(value) !== undefined,
        "must be an ISO 3166-1 alpha-2 country code we know",
      )
      .optional()
      .openapi({ description: "Their country, ISO 3166-1 alpha-2.", example: "KE" }),
    wallet: z
      .enum(beneficiaryWallets, {
        errorMap: () => ({ message: `must be one of ${beneficiaryWallets.join(", ")}` }),
      })
      .openapi({
        description:
          "Where the address is, as the customer declares: `unhosted` (their own wallet) or `vasp` (an exchange or other virtual asset service provider: name it in `vasp_name`).",
      }),
    vasp_name: shortText(BENEFICIARY_LIMITS.vaspName)
      .optional()
      .openapi({ description: "With `wallet: vasp`: the provider's name.", example: "Binance" }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.wallet === "vasp" && !value.vasp_name)
      ctx.addIssue({
        code: "custom",
        path: ["vasp_name"],
        message: "is required with wallet vasp: the exchange or provider holding the address",
      });
  })
  .openapi("RefundBeneficiary", {
    description: `The customer receiving a crypto refund, for the travel rule: required when the refund is worth USD ${TRAVEL_RULE_THRESHOLD_USD.toLocaleString("en-KE")} or more (its KES value at the current USD/KES rate), optional below. Stored with the refund as IVMS101 data, with your business (from your application) as the originator and OneHop as the originating VASP.`,
  });

export const createRefundBody = z
  .object({
    payment_id: paymentIdSchema.openapi({
      description: "The payment to refund (of the key's mode).",
    }),
    amount: z
      .number({
        invalid_type_error: "must be an integer number of cents (a JSON number, not a string)",
      })
      .int("must be an integer number of cents, not a decimal")
      .positive("must be greater than zero")
      .max(Number.MAX_SAFE_INTEGER, "is too large")
      .optional()
      .openapi({
        description:
          "KES in cents to give back (50000 = KES 500.00). Default: what is left to refund of the payment. Refunds of a payment together never exceed it, and each must be covered by your available balance. An M-Pesa refund is whole shillings. Not with `source: held`.",
        example: 50000,
      }),
    rate: z
      .enum(refundRates, {
        errorMap: () => ({ message: `must be one of ${refundRates.join(", ")}` }),
      })
      .optional()
      .openapi({
        description:
          "Crypto refunds: the rate that turns `amount` into the coin. `locked` (default): the rate locked when the customer paid, so a full refund gives back exactly what they sent. `current`: today's rate, so they get today's value of `amount`. Not for M-Pesa payments.",
      }),
    address: z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(128, "must be at most 128 characters")
      .optional()
      .openapi({
        description:
          "Crypto refunds (required): the customer's address on the payment's network, for its coin. Refused for M-Pesa payments: they are refunded to the phone that paid.",
        example: "0x8ba1f109551bd432803012645ac136ddd64dba72",
      }),
    reason: z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .max(REFUND_REASON_MAX, `must be at most ${REFUND_REASON_MAX} characters`)
      .optional()
      .openapi({
        description: "Why, for your records (shown in the dashboard).",
        example: "Order A-1042 cancelled",
      }),
    beneficiary: beneficiarySchema.optional(),
    source: z
      .enum(refundSources, {
        errorMap: () => ({ message: `must be one of ${refundSources.join(", ")}` }),
      })
      .optional()
      .openapi({
        description:
          "`balance` (default): paid from your available balance. `held`: send the customer the crypto held for them, such as an overpayment's excess (nothing leaves your balance; no `amount` or `rate`).",
      }),
  })
  .strict()
  .openapi("CreateRefund");

export const refundSchema = z
  .object({
    id: refundIdSchema,
    object: z.literal("refund"),
    livemode: z.boolean(),
    payment_id: paymentIdSchema,
    status: z.enum(refundStatuses).openapi({
      description:
        "`pending` (the money is set aside, being handed over) → `sent` (custody or M-Pesa took it) → `succeeded`; or `failed` (`failure_reason` says why; the money is back in your available balance, or still held for the customer).",
    }),
    method: z.enum(refundMethods).openapi({
      description: "`crypto` (to an address, by custody) or `mpesa` (to the paying phone, B2C).",
    }),
    source: z.enum(refundSources),
    amount: integerUnits.openapi({
      description: "KES that left your balance for the refund (0 for `source: held`).",
    }),
    amount_decimal: decimal.openapi({ example: "500.00" }),
    currency: z.literal("KES"),
    rail_charge: integerUnits.openapi({
      description:
        "M-Pesa refunds: M-Pesa's own charge for the transfer in cents, passed through at cost and taken from your balance with `amount`. 0 for crypto.",
    }),
    asset: z.string().nullable().openapi({ description: "Crypto refunds: the coin sent." }),
    crypto_amount: decimal.nullable().openapi({
      description: "Crypto refunds: what the customer receives, in whole coins.",
      example: "3.869969",
    }),
    rate_choice: z.enum(refundRates).nullable().openapi({
      description: "Crypto refunds from the balance: `locked` or `current`.",
    }),
    rate: decimal.nullable().openapi({
      description: "The rate used, KES per whole coin.",
      example: "129.2",
    }),
    network_fee: z.string().nullable().openapi({
      description:
        "Crypto refunds: the network fee, in `network_fee_asset`, as custody estimated it. OneHop pays it: the customer receives `crypto_amount` in full and nothing more leaves your balance.",
      example: "0.00042",
    }),
    network_fee_asset: z.string().nullable().openapi({ example: "ETH" }),
    destination: z.string().openapi({
      description: "The customer's address (crypto) or phone in E.164 (M-Pesa).",
    }),
    reason: z.string().nullable(),
    tx_hash: z
      .string()
      .nullable()
      .openapi({ description: "Crypto: the transfer's hash, once sent." }),
    receipt: z.string().nullable().openapi({ description: "M-Pesa's receipt, once paid." }),
    failure_reason: z.string().nullable(),
    created_at: isoTime,
    updated_at: isoTime,
    completed_at: isoTime.nullable(),
  })
  .strict()
  .openapi("Refund", {
    description:
      "Money given back to a customer for a payment. Network fees of crypto refunds are paid by OneHop (`network_fee`, `network_fee_asset`); M-Pesa's charge for an M-Pesa refund is `rail_charge`.",
  });

const refundList = listSchema(refundSchema, "RefundList");

const listRefundsQuery = z
  .object({
    payment_id: paymentIdSchema.openapi({ description: "The payment whose refunds to list." }),
  })
  .strict();

// ---------------------------------------------------------------------------------------------

/** The API code of each refusal of the refunds core (its status and type follow from the code). */
export const refundErrorCode: Record<RefundError["code"], ApiErrorCode> = {
  not_found: "resource_missing",
  not_refundable: "not_refundable",
  invalid_amount: "invalid_amount",
  amount_too_large: "amount_too_large",
  invalid_destination: "invalid_destination",
  nothing_held: "nothing_held",
  insufficient_balance: "insufficient_balance",
  rate_unavailable: "rate_unavailable",
  rail_unavailable: "rail_unavailable",
  custody_unavailable: "custody_unavailable",
  beneficiary_required: "beneficiary_required",
};

/** The request's field a refusal is about (the core names its form's fields). */
const paramOf: Record<NonNullable<RefundError["field"]>, string> = {
  amount: "amount",
  destination: "address",
  beneficiary: "beneficiary",
};

/** A refusal of the refunds core as the API's error (its code and message as they are). */
function apiErrorOf(error: unknown, paymentId: string): unknown {
  if (!(error instanceof RefundError)) return error;
  if (error.code === "not_found") return notFound("payment", paymentId, "payment_id");
  return new ApiError(
    refundErrorCode[error.code],
    error.message,
    error.field ? paramOf[error.field] : null,
  );
}

/** The API's beneficiary in the core's words. */
function beneficiaryInputOf(body: z.infer<typeof beneficiarySchema>): BeneficiaryInput {
  return {
    familyName: body.family_name,
    givenNames: body.given_names ?? null,
    address: body.address ?? null,
    country: body.country ? body.country.toUpperCase() : null,
    wallet: body.wallet,
    vaspName: body.wallet === "vasp" ? (body.vasp_name ?? null) : null,
  };
}

const invalid = (param: string, message: string) =>
  new ApiError("parameter_invalid", `${param}: ${message}`, param);

const refundParams = { id: refundIdSchema };

export const refundRoutes = [
  defineRoute({
    method: "POST",
    path: "/refunds",
    scope: "refunds:write",
    maxBodyBytes: REFUND_MAX_BODY_BYTES,
    body: createRefundBody,
    doc: {
      operationId: "createRefund",
      tag: "Refunds",
      summary: "Refund a payment",
      description: [
        "Gives the customer money back for a paid payment (confirmed, settling or settled), in full or in part, the way they paid.",
        "A **crypto** payment is refunded in its coin to `address` (on the payment's network): `amount` KES at the rate you choose, `locked` (the payment's rate: a full refund returns exactly the crypto the customer sent) or `current` (today's rate). Custody sends it; OneHop pays the network fee, stated in `network_fee` and `network_fee_asset`.",
        "An **M-Pesa Express** payment is refunded to the phone that paid, by M-Pesa B2C, in whole shillings; M-Pesa's charge (`rail_charge`) is taken from your balance with the amount.",
        "The money leaves your available balance at once and returns if the refund fails. Refunds of a payment together never exceed it (409 `amount_too_large`), nor your balance (409 `insufficient_balance`). With `source: held`, the crypto held for the customer (an overpayment's excess) is sent instead, and nothing leaves your balance.",
        `**Travel rule**: a crypto refund worth USD ${TRAVEL_RULE_THRESHOLD_USD.toLocaleString("en-KE")} or more (its KES value at the current USD/KES rate) needs \`beneficiary\`: the customer's name and where their wallet is (\`unhosted\` or a named \`vasp\`). Without it the refund is refused with 400 \`beneficiary_required\` (param \`beneficiary\`) and nothing moves. Below the threshold it is optional and not stored.`,
        "Send an Idempotency-Key: a retry with it never refunds twice, even after its 24 hours. Webhooks: `refund.created`, then `refund.succeeded` or `refund.failed`. A payment of the other mode is not found (404). The body may be up to 4 KB.",
      ].join("\n\n"),
      response: {
        status: 201,
        description: "The refund, on its way to the customer.",
        schema: refundSchema,
      },
      errors: [400, 401, 403, 404, 409, 413, 415, 422, 429, 503],
      example: {
        payment_id: "pay_k3ny4x7q2m9d",
        amount: 50000,
        rate: "locked",
        address: "0x8ba1f109551bd432803012645ac136ddd64dba72",
        reason: "Order A-1042 cancelled",
      },
    },
    async handle(context) {
      const { body, key } = context;
      if (key.mode === "test" && !context.deps.testModeAvailable())
        throw new ApiError(
          "test_mode_unavailable",
          "Test refunds need the provider simulators, which do not run on this server.",
        );
      const source = body.source ?? "balance";
      if (source === "held" && body.amount !== undefined)
        throw invalid("amount", "leave it out with source held: everything held is sent");
      if (source === "held" && body.rate !== undefined)
        throw invalid("rate", "leave it out with source held: the crypto held is sent as it is");
      // The same Idempotency-Key makes one refund even after its record is gone (24 h).
      const requestKey = context.idempotencyKey
        ? `api:${key.mode}:${context.idempotencyKey}`
        : `api:${context.requestId}`;

      const scope = { merchantId: key.merchantId, mode: key.mode };
      const service = context.deps.refunds();
      const overview = await service.overview(scope, body.payment_id);
      if (!overview) throw notFound("payment", body.payment_id, "payment_id");
      const { refundability } = overview;
      if (refundability.method === "mpesa") {
        if (body.address !== undefined)
          throw invalid(
            "address",
            "leave it out: an M-Pesa payment is refunded to the phone that paid",
          );
        if (body.rate !== undefined)
          throw invalid("rate", "leave it out: an M-Pesa payment is refunded in shillings");
        if (body.beneficiary !== undefined)
          throw invalid(
            "beneficiary",
            "leave it out: the travel rule is for crypto refunds; an M-Pesa refund goes back to the phone that paid",
          );
      }
      const reason = body.reason ? body.reason : null;
      try {
        const { refund } = await service.create(
          { ...scope, createdBy: key.memberId, createdWithKey: key.keyId },
          {
            paymentId: body.payment_id,
            source,
            // Left out: what is left of the payment (the service works it out).
            amountKesCents: body.amount === undefined ? undefined : BigInt(body.amount),
            rate: body.rate,
            address: body.address,
            beneficiary: body.beneficiary && beneficiaryInputOf(body.beneficiary),
          },
          { requestKey, reason },
        );
        return { status: 201, body: refundObject(refund) };
      } catch (error) {
        throw apiErrorOf(error, body.payment_id);
      }
    },
  }),
  defineRoute({
    method: "GET",
    path: "/refunds",
    scope: "payments:read",
    query: listRefundsQuery,
    doc: {
      operationId: "listRefunds",
      tag: "Refunds",
      summary: "List a payment's refunds",
      description:
        "Every refund of the payment (made through the API or in the dashboard), newest first, in one page. A payment of the other mode is not found (404).",
      response: { status: 200, description: "The payment's refunds.", schema: refundList },
      errors: [400, 401, 403, 404, 429],
    },
    async handle(context) {
      const { key, query } = context;
      const list = await context.deps
        .refunds()
        .listForPayment({ merchantId: key.merchantId, mode: key.mode }, query.payment_id);
      if (!list) throw notFound("payment", query.payment_id, "payment_id");
      return {
        status: 200,
        body: {
          object: "list" as const,
          data: list.map(refundObject),
          has_more: false,
          next_starting_after: null,
        },
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/refunds/{id}",
    scope: "payments:read",
    doc: {
      operationId: "getRefund",
      tag: "Refunds",
      summary: "Retrieve a refund",
      description: "Its status, what the customer receives and, once sent, the hash or receipt.",
      params: refundParams,
      response: { status: 200, description: "The refund.", schema: refundSchema },
      errors: [401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const { key } = context;
      const refund = await context.deps
        .refunds()
        .get({ merchantId: key.merchantId, mode: key.mode }, id);
      if (!refund) throw notFound("refund", id);
      return { status: 200, body: refundObject(refund) };
    },
  }),
];
