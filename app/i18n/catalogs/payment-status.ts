/** How a payment's status reads, to customers and merchants alike (issue 33). */
import { defineMessages } from "../messages";

export const paymentStatusMessages = defineMessages(
  {
    awaiting_payment: "Awaiting payment",
    confirming: "Confirming",
    confirmed: "Confirmed",
    in_review: "In review",
    settling: "Settling",
    settled: "Settled",
    expired: "Expired",
    underpaid: "Underpaid",
    overpaid: "Overpaid",
    paid_after_expiry: "Paid after expiry",
    held: "Held for review",
    failed: "Failed",
    canceled: "Canceled",
  },
  {
    awaiting_payment: "Inasubiri malipo",
    confirming: "Inathibitishwa",
    confirmed: "Imethibitishwa",
    in_review: "Inakaguliwa",
    settling: "Ulipaji unaendelea",
    settled: "Imelipwa kwako",
    expired: "Muda umeisha",
    underpaid: "Pungufu",
    overpaid: "Ziada",
    paid_after_expiry: "Imelipwa baada ya muda",
    held: "Imezuiliwa kwa ukaguzi",
    failed: "Imeshindikana",
    canceled: "Imeghairiwa",
  },
);
