/**
 * How payment states read to merchants, customers and operators. A transfer's status and a timeline
 * event's label are in catalogs/payments.ts (paymentDetailMessages).
 */
import type { PaymentStatus } from "~/core/payments/statuses";
import { paymentStatusMessages } from "~/i18n/catalogs/payment-status";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";

const statusTones: Record<PaymentStatus, "neutral" | "success" | "warning" | "danger" | "info"> = {
  awaiting_payment: "info",
  confirming: "info",
  confirmed: "success",
  in_review: "warning",
  settling: "info",
  settled: "success",
  expired: "neutral",
  underpaid: "danger",
  overpaid: "warning",
  paid_after_expiry: "warning",
  held: "warning",
  failed: "danger",
  canceled: "neutral",
};

/** A status's label in `locale` (English by default) and its badge's tone. */
export function paymentStatusLabelsIn(locale: Locale) {
  const words = inLocale(paymentStatusMessages, locale);
  return Object.fromEntries(
    (Object.keys(statusTones) as PaymentStatus[]).map((status) => [
      status,
      { label: words[status], tone: statusTones[status] },
    ]),
  ) as Record<PaymentStatus, { label: string; tone: (typeof statusTones)[PaymentStatus] }>;
}

export const paymentStatusLabels = paymentStatusLabelsIn("en");
