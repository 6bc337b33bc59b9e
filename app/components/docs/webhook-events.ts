/**
 * One line per webhook event type for the docs. Typed by the vocabulary: an event type added to
 * `webhookEventTypes` without a line here does not compile.
 */
import type { WebhookEventType } from "~/core/api/vocabulary";

export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  "payment.created": "A payment was created and awaits the customer's deposit.",
  "payment.confirming": "The deposit was seen on chain and is collecting confirmations.",
  "payment.paid": "The deposit is confirmed: the customer has paid in full. Fulfil the order.",
  "payment.in_review": "The payment is held for a compliance review before settlement.",
  "payment.settled":
    "Every payout of the payment reached your destinations (M-Pesa, Airtel Money, T-Kash or a bank over PesaLink).",
  "payment.expired": "The quote expired before any deposit arrived.",
  "payment.underpaid": "Less than the quoted amount arrived: `crypto_received` says how much.",
  "payment.overpaid": "More than the quoted amount arrived: `crypto_received` says how much.",
  "payment.paid_after_expiry":
    "A deposit arrived after the quote expired: it is held, never lost; decide with support.",
  "payment.failed": "The payment failed and will not settle.",
  "payment.canceled": "You canceled the payment (API or dashboard) before it was paid.",
  "payout.succeeded":
    "A settlement payout reached your destination: `data.object` is the payout, with its `rail`, `destination` (masked), `amount` and the rail's `receipt`.",
  "payout.failed":
    "A settlement payout was refused by its rail (`failure_reason` says why): the money is back in your available balance, to retry from the payment's page or move to your other destination if you allow failover.",
  "payout_batch.approved":
    "Another member approved a payout batch in the dashboard: its money is reserved and its payouts go out. `data.object` is the batch.",
  "payout_batch.rejected":
    "Another member rejected a payout batch (`decision_note` says why): nothing was paid. `data.object` is the batch.",
  "payout_batch.completed":
    "Every row of a payout batch is paid, failed for good or cancelled: `counts` and `paid_amount` say how it went. `data.object` is the batch.",
  "disbursement.succeeded":
    "One payout of a batch reached its recipient: `data.object` is the row (a disbursement, with its `batch_id`), with the rail's `receipt`.",
  "disbursement.failed":
    "The rail refused one payout of a batch (`failure_reason` says why): its money is back in your available balance, to retry or cancel on the batch's page. `data.object` is the row.",
  "refund.created":
    "A refund was started (dashboard or `POST /api/v1/refunds`): its money left your available balance (or the money held for the customer is on its way). `data.object` is the refund.",
  "refund.succeeded":
    "A refund reached the customer: crypto confirmed on chain (`tx_hash`), or M-Pesa paid the payer's phone (`receipt`). `data.object` is the refund.",
  "refund.failed":
    "A refund could not be sent (`failure_reason` says why): its money is back in your available balance, or still held for the customer. `data.object` is the refund.",
  ping: 'Sent only by “Send test event” on the Developers page, to that endpoint: `data.object` is the endpoint (`id`, `object: "webhook_endpoint"`, `url`), not a payment.',
};
