/** `/payments`: create, list, read and cancel payments. */
import { OPENING_COIN } from "~/core/payments/coin-choice";
import { paymentObject, withSiteUrl } from "~/core/api/payment-object";
import { payoutObject } from "~/core/api/payout-object";
import { listTransfersForPayment, payoutRowOf } from "~/core/payments/settlement-transfers.server";
import { refundObject } from "~/core/refunds/object";
import { findPayment, listPayments } from "~/core/api/reads.server";
import { networkRefusal, type NetworkId } from "~/core/networks";
import { PaymentError, type Payment } from "~/core/payments/payments.server";
import { ApiError, notFound } from "../errors.server";
import {
  createPaymentBody,
  listPaymentsQuery,
  listSchema,
  paymentIdSchema,
  paymentSchema,
  z,
} from "../schemas.server";
import { defineRoute, type ApiContext } from "../types.server";
import { cursorNotFound, pageCursor, pageOf, timeFilter } from "./lists.server";
import { refundSchema } from "./refunds.server";
import { payoutSchema } from "./settlement.server";
import type { ApiErrorCode } from "~/core/api/error-codes";

const paymentList = listSchema(paymentSchema, "PaymentList");

/** What `expand[]` can add to a payment read by id. */
export const paymentExpandables = ["refunds", "payouts"] as const;

const getPaymentQuery = z
  .object({
    "expand[]": z
      .array(
        z.enum(paymentExpandables, {
          errorMap: () => ({ message: `must be ${paymentExpandables.join(" or ")}` }),
        }),
      )
      .optional()
      .openapi({
        description:
          "Add the payment's `refunds` (as `GET /refunds?payment_id=` lists them) or its `payouts` (as `GET /payments/{id}/payouts` lists them) to this answer. Give it once per item: `expand[]=refunds&expand[]=payouts`.",
      }),
  })
  .strict();

/** A payment with what `expand[]` asked for: the refunds and payouts keys only when asked. */
const expandedPaymentSchema = z
  .object({
    ...paymentSchema.shape,
    refunds: z.array(refundSchema).optional().openapi({
      description: "With `expand[]=refunds`: the payment's refunds, newest first.",
    }),
    payouts: z.array(payoutSchema).optional().openapi({
      description: "With `expand[]=payouts`: the payouts that settled the payment, in order.",
    }),
  })
  .strict()
  .openapi("ExpandedPayment", {
    description: "A payment, with the `refunds` and `payouts` that `expand[]` asked for.",
  });

export const paymentJson = (context: ApiContext, payment: Payment) =>
  withSiteUrl(paymentObject(payment), context.deps.siteUrl);

/** The API code each refusal of the payments core answers with (its status: domainErrorStatus). */
export const paymentErrorCode: Record<PaymentError["code"], ApiErrorCode> = {
  below_minimum: "amount_too_small",
  above_maximum: "amount_too_large",
  daily_limit: "daily_limit_exceeded",
  rate_unavailable: "rate_unavailable",
  custody_unavailable: "custody_unavailable",
  invalid_network: "parameter_invalid",
  not_found: "resource_missing",
};

function returnUrl(value: string | undefined, param: string, live: boolean): string | undefined {
  if (value !== undefined && live && !value.toLowerCase().startsWith("https://"))
    throw new ApiError(
      "parameter_invalid",
      `${param}: must start with https:// in live mode`,
      param,
    );
  return value;
}

const paymentParams = { id: paymentIdSchema };

export const paymentRoutes = [
  defineRoute({
    method: "POST",
    path: "/payments",
    scope: "payments:write",
    body: createPaymentBody,
    doc: {
      operationId: "createPayment",
      tag: "Payments",
      summary: "Create a payment",
      description:
        "Locks a KES quote at today's live rate and opens a deposit address. Show the customer `checkout_url`, or the `deposit_address` and `crypto_amount` yourself, before `quote.expires_at`.",
      response: {
        status: 201,
        description: "The payment, awaiting the customer.",
        schema: paymentSchema,
      },
      errors: [400, 401, 403, 409, 413, 415, 422, 429, 503],
      example: {
        amount: 250000,
        currency: "KES",
        asset: "USDT",
        reference: "A-1042",
        metadata: { order_id: "A-1042" },
        success_url: "https://shop.example.co.ke/thanks",
      },
    },
    async handle(context) {
      const { body, key } = context;
      const refusal =
        body.network === undefined
          ? null
          : body.asset === undefined
            ? "leave it out when you leave out asset: the customer chooses the coin and its network at checkout."
            : networkRefusal(body.asset, body.network);
      if (refusal) throw new ApiError("parameter_invalid", `network: ${refusal}`, "network");
      const live = key.mode === "live";
      if (!live && !context.deps.testModeAvailable())
        throw new ApiError(
          "test_mode_unavailable",
          "Test payments need the provider simulators, which do not run on this server.",
        );
      try {
        const payment = await context.deps.payments().create(
          { type: "api_key", id: key.keyId, merchantId: key.merchantId, mode: key.mode },
          {
            amountKes: body.amount / 100,
            // No asset: the payment is in KES only and the customer chooses the coin (ADR 0052).
            asset: body.asset ?? OPENING_COIN,
            customerChoosesCoin: body.asset === undefined,
            network: body.network as NetworkId | undefined,
            reference: body.reference,
            description: body.description,
            metadata: body.metadata,
            successUrl: returnUrl(body.success_url, "success_url", live),
            cancelUrl: returnUrl(body.cancel_url, "cancel_url", live),
            customerEmail: body.customer_email,
          },
          (q, created) =>
            context.storeResponse(q, { status: 201, body: paymentJson(context, created) }),
        );
        return { status: 201, body: paymentJson(context, payment) };
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        const code = paymentErrorCode[error.code];
        throw new ApiError(
          code,
          error.message,
          code.startsWith("amount")
            ? "amount"
            : error.code === "invalid_network"
              ? "network"
              : null,
        );
      }
    },
  }),
  defineRoute({
    method: "GET",
    path: "/payments",
    scope: "payments:read",
    query: listPaymentsQuery,
    doc: {
      operationId: "listPayments",
      tag: "Payments",
      summary: "List payments",
      description:
        "Newest first. Page with `starting_after` (the last id you have), or back with `ending_before` (the first id you have): the page just newer than it.",
      response: { status: 200, description: "A page of payments.", schema: paymentList },
      errors: [400, 401, 403, 429],
    },
    async handle(context) {
      const { query } = context;
      const page = await listPayments(context.store, context.key, {
        limit: query.limit,
        ...pageCursor(query),
        status: query.status,
        ...timeFilter(query),
      });
      if (!page) throw cursorNotFound("payment", query);
      return { status: 200, body: pageOf(page, (payment) => paymentJson(context, payment)) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/payments/{id}",
    scope: "payments:read",
    query: getPaymentQuery,
    doc: {
      operationId: "getPayment",
      tag: "Payments",
      summary: "Retrieve a payment",
      description:
        "With `expand[]=refunds` and/or `expand[]=payouts`, the answer also carries the payment's refunds and payouts.",
      params: paymentParams,
      response: { status: 200, description: "The payment.", schema: expandedPaymentSchema },
      errors: [400, 401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const { key } = context;
      const expand = new Set(context.query["expand[]"] ?? []);
      const payment = await findPayment(context.store, key, id);
      if (!payment) throw notFound("payment", id);
      const body: Record<string, unknown> = paymentJson(context, payment);
      if (expand.has("refunds")) {
        const refunds = await context.deps
          .refunds()
          .listForPayment({ merchantId: key.merchantId, mode: key.mode }, payment.id);
        body.refunds = (refunds ?? []).map(refundObject);
      }
      if (expand.has("payouts")) {
        const transfers = await context.store.read((q) => listTransfersForPayment(q, payment.id));
        body.payouts = transfers.map((t) => payoutObject(payoutRowOf(t), key.mode === "live"));
      }
      return { status: 200, body };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/payments/{id}/cancel",
    scope: "payments:write",
    doc: {
      operationId: "cancelPayment",
      tag: "Payments",
      summary: "Cancel a payment",
      description:
        "Only while it awaits the customer. Its address stays watched: money that still arrives is held as paid after expiry, never lost.",
      params: paymentParams,
      response: { status: 200, description: "The canceled payment.", schema: paymentSchema },
      errors: [401, 403, 404, 409, 413, 415, 422, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const { key } = context;
      const outcome = await context.deps
        .payments()
        .cancel(
          { type: "api_key", id: key.keyId, merchantId: key.merchantId, mode: key.mode },
          { paymentId: id },
          (q, canceled) =>
            context.storeResponse(q, { status: 200, body: paymentJson(context, canceled) }),
        );
      if (!outcome.ok && outcome.reason === "not_found") throw notFound("payment", id);
      if (!outcome.ok)
        throw new ApiError(
          "payment_not_cancelable",
          `Only a payment awaiting payment can be canceled; this one is ${outcome.payment.status}.`,
        );
      return { status: 200, body: paymentJson(context, outcome.payment) };
    },
  }),
];
