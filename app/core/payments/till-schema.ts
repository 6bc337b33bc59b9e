/**
 * The cashier's till (issue 32, item 5): its forms (client and server) and how a sale's payment
 * status reads at the counter. A sale is a payment made exactly as "Create Payment" makes one with
 * "Customer chooses" (ADR 0052): in KES only, the coin left to the customer at checkout. Isomorphic
 * and pure.
 */
import { z } from "zod";
import type { tillStateText } from "~/content/till";
import { amountKesField, createPaymentSchema, CUSTOMER_CHOOSES } from "./create-payment-schema";
import type { PaymentStatus } from "./statuses";

/** The reference of a sale without a note (a payment's reference cannot be empty). */
export const TILL_DEFAULT_REFERENCE = "Till sale";

/** The longest note: it becomes the payment's reference, which has this limit. */
export const TILL_NOTE_MAX = 64;

/** "Start sale": the amount in KES and an optional note. */
export const tillSaleSchema = z.object({
  intent: z.literal("sell"),
  amountKes: amountKesField,
  note: z
    .string()
    .trim()
    .max(TILL_NOTE_MAX, `Keep the note under ${TILL_NOTE_MAX} characters`)
    .optional(),
});

/**
 * What "Create Payment" would receive for this sale: the same form values through the same schema
 * (its limits, messages and the "Customer chooses" transform), never a copy of its rules.
 */
export function tillPaymentInput(sale: { amountKes: number; note?: string }) {
  const { intent: _intent, ...input } = createPaymentSchema.parse({
    intent: "create",
    amountKes: String(sale.amountKes),
    asset: CUSTOMER_CHOOSES,
    reference: sale.note || TILL_DEFAULT_REFERENCE,
  });
  return input;
}

/** How a sale stands at the counter (the till's words for each: content/till.ts). */
export type TillState = keyof typeof tillStateText;

const states: Record<PaymentStatus, TillState> = {
  awaiting_payment: "waiting",
  confirming: "confirming",
  confirmed: "paid",
  in_review: "paid",
  settling: "paid",
  settled: "paid",
  expired: "expired",
  canceled: "canceled",
  underpaid: "underpaid",
  overpaid: "attention",
  paid_after_expiry: "attention",
  held: "attention",
  failed: "attention",
};

export const tillState = (status: PaymentStatus): TillState => states[status];

/** Still moving by itself: the page follows it (polling with JavaScript, "Check again" without). */
export const tillWaiting = (state: TillState) => state === "waiting" || state === "confirming";
