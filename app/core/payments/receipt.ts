/**
 * The customer's receipt (issue 30, item 3), as the pages show it: the shape receipt.server.ts
 * reads and the message "Share on WhatsApp" sends. Isomorphic and pure.
 */
import { receiptMessages } from "~/i18n/catalogs/receipt";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { formatEatDateTime, formatKesCents } from "~/utils/format";

export type ReceiptPaidWith =
  | {
      method: "crypto";
      /** "6.22 USDT": what arrived. */
      amount: string;
      /** The network's label ("Tron (TRC-20)"). */
      network: string;
      /** The customer's transaction, when custody reported its hash. */
      txHash: string | null;
      txUrl: string | null;
    }
  | { method: "mpesa"; receipt: string | null };

export interface Receipt {
  paymentId: string;
  businessName: string;
  reference: string;
  description: string | null;
  amountKesCents: string;
  paidWith: ReceiptPaidWith;
  /** When the payment was confirmed (epoch ms). */
  paidAt: number;
}

/** The message a shared receipt carries: who was paid, how much, the reference, when, the link. */
export function receiptMessage(receipt: Receipt, link: string, locale: Locale = "en"): string {
  return inLocale(receiptMessages, locale).message(
    formatKesCents(receipt.amountKesCents),
    receipt.businessName,
    receipt.reference,
    formatEatDateTime(receipt.paidAt, locale),
    link,
  );
}
