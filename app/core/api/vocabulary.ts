/**
 * The merchant API's vocabulary (issue 13): key modes and scopes, webhook event types, and which
 * payment status change is which event. Isomorphic: the schema builds its columns from these lists,
 * and components, routes and core import them from here (docs/decisions/0020-import-boundaries.md).
 */
import type { PaymentStatus } from "~/core/payments/statuses";

/** Test keys work on test data against the simulators; live keys on live data. */
export const apiModes = ["test", "live"] as const;
export type ApiMode = (typeof apiModes)[number];

/** What a key may do (later issues extend the list). */
export const apiScopes = [
  "payments:read",
  "payments:write",
  "payouts:read",
  "payouts:write",
  "refunds:write",
  "balances:read",
  "webhooks:manage",
] as const;
export type ApiScope = (typeof apiScopes)[number];

export const apiScopeLabels: Record<ApiScope, string> = {
  "payments:read": "Read payments, events and rates",
  "payments:write": "Create and cancel payments",
  "payouts:read": "Read payout batches and their rows",
  "payouts:write": "Send payouts",
  "refunds:write": "Issue refunds",
  "balances:read": "Read balances",
  "webhooks:manage": "Manage webhook endpoints",
};

/** Key prefixes: the mode is visible in the key itself. */
export const apiKeyPrefixes: Record<ApiMode, string> = { test: "oh_test_", live: "oh_live_" };

// The networks a payment travels on, as the API names them: core/networks (ADR 0031).

/** Events a webhook endpoint can subscribe to; `ping` is sent only by "Send test event". */
export const webhookEventTypes = [
  "payment.created",
  "payment.confirming",
  "payment.paid",
  "payment.in_review",
  "payment.settled",
  "payment.expired",
  "payment.underpaid",
  "payment.overpaid",
  "payment.paid_after_expiry",
  "payment.failed",
  "payment.canceled",
  "payout.succeeded",
  "payout.failed",
  "payout_batch.approved",
  "payout_batch.rejected",
  "payout_batch.completed",
  "disbursement.succeeded",
  "disbursement.failed",
  "refund.created",
  "refund.succeeded",
  "refund.failed",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number] | "ping";

/** The event a payment moving into a status causes (none for internal steps). */
export const paymentStatusEvents: Partial<Record<PaymentStatus, WebhookEventType>> = {
  awaiting_payment: "payment.created",
  confirming: "payment.confirming",
  confirmed: "payment.paid",
  in_review: "payment.in_review",
  settled: "payment.settled",
  expired: "payment.expired",
  underpaid: "payment.underpaid",
  overpaid: "payment.overpaid",
  paid_after_expiry: "payment.paid_after_expiry",
  failed: "payment.failed",
  canceled: "payment.canceled",
};

export const webhookEndpointStatuses = ["enabled", "disabled"] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

export const idempotencyStates = ["running", "done"] as const;
