/**
 * What the cashier's till reads (issue 32, item 5), in one `store.read` (ADR 0041): the sale in
 * progress (a payment of the signed-in merchant, live, as the merchant app makes them) with its
 * M-Pesa prompts, and the day's sales made in the app (not through the API nor a payment link),
 * newest first. Routes reach it through the wiring (app/wiring/payment-pages.server.ts).
 */
import { and, desc, gte, isNull, lt } from "drizzle-orm";
import { payments } from "../../../drizzle/schema";
import { paymentsInMode } from "~/core/api/mode.server";
import type { Store } from "~/db/store";
import { listCollections, type MpesaCollection } from "./mpesa-collections.server";
import { readPayment, type Payment } from "./payments.server";

/** How many of the day's sales the till lists. */
export const TILL_RECENT_SALES = 10;

export interface TillPageInput {
  merchantId: string;
  /** The sale the address names (`?sale=pay_…`), if any. */
  saleId: string | null;
  /** The Nairobi day's bounds: [start, end) in epoch milliseconds. */
  dayStartMs: number;
  dayEndMs: number;
}

export interface TillPage {
  /** The sale, or null when none is named or it is not this merchant's (live) payment. */
  sale: { payment: Payment; collections: MpesaCollection[] } | null;
  /** The day's sales made in the app, newest first, at most TILL_RECENT_SALES. */
  recent: Payment[];
}

export function tillPage(store: Store, input: TillPageInput): Promise<TillPage> {
  return store.read(async (q) => {
    const found = input.saleId ? await readPayment(q, input.saleId) : undefined;
    const payment =
      found && found.merchantId === input.merchantId && found.mode === "live" ? found : null;
    const recent = await q
      .select()
      .from(payments)
      .where(
        and(
          paymentsInMode(input.merchantId, "live"),
          isNull(payments.apiKeyId),
          isNull(payments.paymentLinkId),
          gte(payments.createdAt, input.dayStartMs),
          lt(payments.createdAt, input.dayEndMs),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(TILL_RECENT_SALES);
    return {
      sale: payment ? { payment, collections: await listCollections(q, payment.id) } : null,
      recent,
    };
  });
}
