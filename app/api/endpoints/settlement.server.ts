/**
 * Where the merchant is paid, through the API (issue 14): the settlement destinations (masked:
 * a key is not a password, so it never reveals a full number or account) and each payment's
 * payouts with their rail and receipt. Read-only: destinations change only in the dashboard, by an
 * owner with a fresh second factor.
 */
import { z } from "zod";
import { payoutObject } from "~/core/api/payout-object";
import { findPayment } from "~/core/api/reads.server";
import { readDestinations } from "~/core/destinations/destinations.server";
import { maskedDestinationLabel } from "~/core/destinations/display";
import { destinationStatuses } from "~/core/destinations/vocabulary";
import { listTransfersForPayment, payoutRowOf } from "~/core/payments/settlement-transfers.server";
import { transferStatuses } from "~/core/payments/statuses";
import { railIds } from "~/core/rails/types";
import { notFound } from "../errors.server";
import { paymentIdSchema } from "../schemas.server";
import { defineRoute } from "../types.server";

const kesUnits = z.number().int().openapi({ description: "KES cents" });
const kesDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoTime = z.string().openapi({ format: "date-time" });

export const payoutSchema = z
  .object({
    id: z.string().openapi({ example: "trf_k3nya2q7x9m4pd" }),
    object: z.literal("payout"),
    livemode: z.boolean(),
    payment_id: z.string().nullable(),
    rail: z.enum(railIds),
    destination: z.string().openapi({ example: "M-Pesa +254 7•• ••• 678" }),
    destination_id: z.string().nullable(),
    status: z.enum(transferStatuses),
    currency: z.literal("KES"),
    amount: kesUnits,
    amount_decimal: kesDecimal,
    rail_charge: kesUnits,
    rail_charge_decimal: kesDecimal,
    receipt: z.string().nullable().openapi({ description: "The rail's receipt, once paid." }),
    failure_reason: z.string().nullable(),
    retry_of: z.string().nullable(),
    settlement_day: z.string().openapi({ description: "EAT day (YYYY-MM-DD)" }),
    created_at: isoTime,
    sent_at: isoTime.nullable(),
    completed_at: isoTime.nullable(),
  })
  .strict()
  .openapi("Payout");

const payoutListSchema = z
  .object({ object: z.literal("list"), data: z.array(payoutSchema) })
  .openapi("PayoutList");

export const destinationSchema = z
  .object({
    id: z.string().openapi({ example: "dst_k3nya2q7x9m4" }),
    object: z.literal("settlement_destination"),
    rail: z.enum(railIds),
    destination: z.string().openapi({ example: "Equity Bank Kenya account ••••9886" }),
    registered_name: z.string().nullable(),
    status: z.enum(destinationStatuses),
    is_default: z.boolean(),
    split_percent: z.number().int().nullable(),
    held_until: isoTime.nullable(),
    created_at: isoTime,
    verified_at: isoTime.nullable(),
  })
  .strict()
  .openapi("SettlementDestination");

const destinationListSchema = z
  .object({ object: z.literal("list"), data: z.array(destinationSchema) })
  .openapi("SettlementDestinationList");

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());

export const settlementRoutes = [
  defineRoute({
    method: "GET",
    path: "/payments/{id}/payouts",
    scope: "payments:read",
    doc: {
      operationId: "listPaymentPayouts",
      tag: "Payments",
      summary: "List a payment's payouts",
      description:
        "The transfers that paid the payment's net to your destinations, in order: the rail, where (masked), the amount and the rail's charge, the state and the rail's receipt. A failed payout's money returns to your balance; the payout that pays it again names it in `retry_of`.",
      params: { id: paymentIdSchema },
      response: { status: 200, description: "The payouts.", schema: payoutListSchema },
      errors: [401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      // One read: the payment (findPayment's read joins it), then its transfers.
      const transfers = await context.store.read(async (q) => {
        const payment = await findPayment(context.store, context.key, id);
        return payment && (await listTransfersForPayment(q, payment.id));
      });
      if (!transfers) throw notFound("payment", id);
      const livemode = context.key.mode === "live";
      return {
        status: 200,
        body: {
          object: "list",
          data: transfers.map((transfer) => payoutObject(payoutRowOf(transfer), livemode)),
        },
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/settlement_destinations",
    scope: "balances:read",
    doc: {
      operationId: "listSettlementDestinations",
      tag: "Balances",
      summary: "List settlement destinations",
      description:
        "Where you are paid: M-Pesa, Airtel Money and T-Kash numbers and bank accounts over PesaLink, masked, with the name the provider holds, the default and any split. Owners add and verify them in the dashboard's settlement settings.",
      response: { status: 200, description: "The destinations.", schema: destinationListSchema },
      errors: [401, 403, 429],
    },
    async handle(context) {
      const destinations = await readDestinations(context.store, context.key.merchantId);
      return {
        status: 200,
        body: {
          object: "list",
          data: destinations.map((d) => ({
            id: d.id,
            object: "settlement_destination" as const,
            rail: d.rail,
            destination: maskedDestinationLabel(d),
            registered_name: d.registeredName,
            status: d.status,
            is_default: d.isDefault,
            split_percent: d.splitPercent,
            held_until: iso(d.heldUntil),
            created_at: iso(d.createdAt) as string,
            verified_at: iso(d.verifiedAt),
          })),
        },
      };
    },
  }),
];
