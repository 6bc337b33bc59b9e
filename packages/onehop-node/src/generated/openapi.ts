/**
 * Generated from the OneHop API's OpenAPI document by scripts/openapi-export.ts
 * (openapi-typescript). Do not edit: run `npm run generate -w @onehop/node` after the API changes.
 */
/* eslint-disable max-len -- the document's descriptions, as they are */

export interface paths {
  "/payments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payments
     * @description Newest first. Page with `starting_after` (the last id you have), or back with `ending_before` (the first id you have): the page just newer than it.
     *
     *     Scope: `payments:read`.
     */
    get: operations["listPayments"];
    put?: never;
    /**
     * Create a payment
     * @description Locks a KES quote at today's live rate and opens a deposit address. Show the customer `checkout_url`, or the `deposit_address` and `crypto_amount` yourself, before `quote.expires_at`.
     *
     *     Scope: `payments:write`.
     */
    post: operations["createPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a payment
     * @description With `expand[]=refunds` and/or `expand[]=payouts`, the answer also carries the payment's refunds and payouts.
     *
     *     Scope: `payments:read`.
     */
    get: operations["getPayment"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payments/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a payment
     * @description Only while it awaits the customer. Its address stays watched: money that still arrives is held as paid after expiry, never lost.
     *
     *     Scope: `payments:write`.
     */
    post: operations["cancelPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/refunds": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a payment's refunds
     * @description Every refund of the payment (made through the API or in the dashboard), newest first, in one page. A payment of the other mode is not found (404).
     *
     *     Scope: `payments:read`.
     */
    get: operations["listRefunds"];
    put?: never;
    /**
     * Refund a payment
     * @description Gives the customer money back for a paid payment (confirmed, settling or settled), in full or in part, the way they paid.
     *
     *     A **crypto** payment is refunded in its coin to `address` (on the payment's network): `amount` KES at the rate you choose, `locked` (the payment's rate: a full refund returns exactly the crypto the customer sent) or `current` (today's rate). Custody sends it; OneHop pays the network fee, stated in `network_fee` and `network_fee_asset`.
     *
     *     An **M-Pesa Express** payment is refunded to the phone that paid, by M-Pesa B2C, in whole shillings; M-Pesa's charge (`rail_charge`) is taken from your balance with the amount.
     *
     *     The money leaves your available balance at once and returns if the refund fails. Refunds of a payment together never exceed it (409 `amount_too_large`), nor your balance (409 `insufficient_balance`). With `source: held`, the crypto held for the customer (an overpayment's excess) is sent instead, and nothing leaves your balance.
     *
     *     **Travel rule**: a crypto refund worth USD 1,000 or more (its KES value at the current USD/KES rate) needs `beneficiary`: the customer's name and where their wallet is (`unhosted` or a named `vasp`). Without it the refund is refused with 400 `beneficiary_required` (param `beneficiary`) and nothing moves. Below the threshold it is optional and not stored.
     *
     *     Send an Idempotency-Key: a retry with it never refunds twice, even after its 24 hours. Webhooks: `refund.created`, then `refund.succeeded` or `refund.failed`. A payment of the other mode is not found (404). The body may be up to 4 KB.
     *
     *     Scope: `refunds:write`.
     */
    post: operations["createRefund"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/refunds/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a refund
     * @description Its status, what the customer receives and, once sent, the hash or receipt.
     *
     *     Scope: `payments:read`.
     */
    get: operations["getRefund"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List events
     * @description Newest first, kept for 30 days. After an outage, page through these to catch up: each event's `id` is the one its webhook carried. Page with `starting_after` (the last id you have) or back with `ending_before` (the first id you have).
     *
     *     Scope: `payments:read`.
     */
    get: operations["listEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/events/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve an event
     * @description Scope: `payments:read`.
     */
    get: operations["getEvent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/balances": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve the balance
     * @description KES owed to you: `available` (converted, waiting for settlement), `pending` (held: review, waiting for the next day's M-Pesa limit), `in_flight` (sent to your rail, not yet confirmed).
     *
     *     Scope: `balances:read`.
     */
    get: operations["getBalance"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/rates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List rates
     * @description KES per whole coin for each asset, as our quotes use them (a payment's quote adds `spread_bps`). Only `live` rates are quoted: with a `stale` or `fallback` rate, creating a payment answers 503.
     *
     *     Scope: `payments:read`.
     */
    get: operations["listRates"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payments/{id}/payouts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a payment's payouts
     * @description The transfers that paid the payment's net to your destinations, in order: the rail, where (masked), the amount and the rail's charge, the state and the rail's receipt. A failed payout's money returns to your balance; the payout that pays it again names it in `retry_of`.
     *
     *     Scope: `payments:read`.
     */
    get: operations["listPaymentPayouts"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/settlement_destinations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List settlement destinations
     * @description Where you are paid: M-Pesa, Airtel Money and T-Kash numbers and bank accounts over PesaLink, masked, with the name the provider holds, the default and any split. Owners add and verify them in the dashboard's settlement settings.
     *
     *     Scope: `balances:read`.
     */
    get: operations["listSettlementDestinations"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook_endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints
     * @description Scope: `webhooks:manage`.
     */
    get: operations["listWebhookEndpoints"];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description Events of the key's mode go to `url` (https in live mode; never a private or local address). The response carries the signing `secret`: store it, it is not shown again.
     *
     *     Scope: `webhooks:manage`.
     */
    post: operations["createWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook_endpoints/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a webhook endpoint
     * @description Scope: `webhooks:manage`.
     */
    get: operations["getWebhookEndpoint"];
    put?: never;
    /**
     * Update a webhook endpoint
     * @description Change its URL, events or description, or disable it (pending deliveries stop) and enable it again (then replay what you missed).
     *
     *     Scope: `webhooks:manage`.
     */
    post: operations["updateWebhookEndpoint"];
    /**
     * Delete a webhook endpoint
     * @description Deletes it with its delivery log; the events stay (GET /events).
     *
     *     Scope: `webhooks:manage`.
     */
    delete: operations["deleteWebhookEndpoint"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook_endpoints/{id}/rotate_secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the signing secret
     * @description A new secret, shown once. For 24 hours deliveries carry a `v1=` signature for each secret, so your receiver can switch without missing events.
     *
     *     Scope: `webhooks:manage`.
     */
    post: operations["rotateWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook_endpoints/{id}/ping": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Queues a `ping` event to this endpoint only.
     *
     *     Scope: `webhooks:manage`.
     */
    post: operations["pingWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhook_endpoints/{id}/replay": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replay events since a time
     * @description After an outage: queue again every subscribed event created since `since`, oldest first, at most 10,000 per call (`capped` says when to call again from `last_event_at`).
     *
     *     Scope: `webhooks:manage`.
     */
    post: operations["replayWebhooks"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payout_batches": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payout batches
     * @description The batches of the key's mode (made through the API or in the dashboard), newest first. Page with `starting_after` (the last id you have), or back with `ending_before` (the first id you have).
     *
     *     Scope: `payouts:read`.
     */
    get: operations["listPayoutBatches"];
    put?: never;
    /**
     * Create a payout batch
     * @description A draft batch from a payout file (`csv`) or a list (`payouts`): every row is checked and stored, valid or not, with its fee, the rail's charge, duplicates (in the batch and in the last 7 days) and, where the rail tells it, the registered name. Rows that need fixing are listed with their errors: fix the file and create a new batch, or drop them in the dashboard. Nothing is paid yet: `submit` the batch, then another member approves it at `approval_url` (the API cannot approve). A file that cannot be read at all is 400 with the reason. The body may be up to 4 MB.
     *
     *     Scope: `payouts:write`.
     */
    post: operations["createPayoutBatch"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payout_batches/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a payout batch
     * @description Its status, counts per row status, totals and what to look at.
     *
     *     Scope: `payouts:read`.
     */
    get: operations["getPayoutBatch"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payout_batches/{id}/rows": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a batch's rows
     * @description The batch's rows (disbursements) in file order, a page at a time: page with `starting_after` (the last `line` you have).
     *
     *     Scope: `payouts:read`.
     */
    get: operations["listPayoutBatchRows"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/payout_batches/{id}/submit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit a batch for approval
     * @description A draft goes to `awaiting_approval`: another member with the Finance, Admin or Owner role approves or rejects it in the dashboard at `approval_url`, with a fresh second factor. The API cannot approve a live batch (in test mode the test helper `POST /test_helpers/payout_batches/{id}/approve` plays that member): the webhooks `payout_batch.approved` or `payout_batch.rejected` tell you the decision. Refused (409) while a row needs fixing, or with no row to pay.
     *
     *     Scope: `payouts:write`.
     */
    post: operations["submitPayoutBatch"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/test_helpers/payout_batches/{id}/approve": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a test batch
     * @description Test keys only (403 `test_mode_only` with a live key). Plays the second member who approves a batch awaiting approval in the dashboard: the money is reserved, the rows are queued to their rails and `payout_batch.approved` is sent, as after a real approval. A live batch can only be approved in the dashboard.
     *
     *     Scope: `payouts:write`.
     */
    post: operations["testApprovePayoutBatch"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/test_helpers/payments/{id}/pay": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pay a test payment
     * @description Test keys only (403 `test_mode_only` with a live key). Pays a test payment awaiting payment the way a customer would: in `crypto`, the custody simulator sends the coin to its deposit address and adds confirmations; with `mpesa`, an M-Pesa Express prompt that the simulator's customer pays. Answers once our server has processed the provider's webhook, so the payment shows its new status: `confirmed` (then `settled`), `underpaid`, `overpaid`, or `confirming` with too few confirmations. A payment whose customer chooses the coin is paid in the coin it opened in. The body may be left out.
     *
     *     Scope: `payments:write`.
     */
    post: operations["testPayPayment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/test_helpers/balance/fund": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Fund the test balance
     * @description Test keys only (403 `test_mode_only` with a live key). Credits your available test balance (one balanced transaction in the test book, from test capital; never live money), so that test refunds and payout batches have money to use. With the same Idempotency-Key it is credited once.
     *
     *     Scope: `payouts:write`.
     */
    post: operations["testFundBalance"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/test_helpers/payouts/fail_next": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Fail the next test payout
     * @description Test keys only (403 `test_mode_only` with a live key). The next test payout of yours that goes to M-Pesa (a settlement, a payout batch row, a refund to M-Pesa) fails at the M-Pesa simulator with `reason`, once: the payout shows `failed` with M-Pesa's words and the money returns to your balance; the one after goes through. Payouts to Airtel Money, T-Kash, PesaLink or a Paybill or Till are not affected. Armed in the server's memory: a restart forgets it; arming again replaces the reason. The body may be left out.
     *
     *     Scope: `payouts:write`.
     */
    post: operations["testFailNextPayout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  "payment.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.created` event
     * @description Posted to each enabled endpoint that subscribed to `payment.created`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_created"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.confirming": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.confirming` event
     * @description Posted to each enabled endpoint that subscribed to `payment.confirming`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_confirming"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.paid": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.paid` event
     * @description Posted to each enabled endpoint that subscribed to `payment.paid`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_paid"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.in_review": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.in_review` event
     * @description Posted to each enabled endpoint that subscribed to `payment.in_review`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_in_review"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.settled": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.settled` event
     * @description Posted to each enabled endpoint that subscribed to `payment.settled`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_settled"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.expired": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.expired` event
     * @description Posted to each enabled endpoint that subscribed to `payment.expired`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_expired"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.underpaid": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.underpaid` event
     * @description Posted to each enabled endpoint that subscribed to `payment.underpaid`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_underpaid"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.overpaid": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.overpaid` event
     * @description Posted to each enabled endpoint that subscribed to `payment.overpaid`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_overpaid"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.paid_after_expiry": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.paid_after_expiry` event
     * @description Posted to each enabled endpoint that subscribed to `payment.paid_after_expiry`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_paid_after_expiry"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.failed` event
     * @description Posted to each enabled endpoint that subscribed to `payment.failed`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_failed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payment.canceled": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payment.canceled` event
     * @description Posted to each enabled endpoint that subscribed to `payment.canceled`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payment_canceled"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.succeeded": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payout.succeeded` event
     * @description Posted to each enabled endpoint that subscribed to `payout.succeeded`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payout_succeeded"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payout.failed` event
     * @description Posted to each enabled endpoint that subscribed to `payout.failed`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payout_failed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `refund.created` event
     * @description Posted to each enabled endpoint that subscribed to `refund.created`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_refund_created"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.succeeded": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `refund.succeeded` event
     * @description Posted to each enabled endpoint that subscribed to `refund.succeeded`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_refund_succeeded"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "refund.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `refund.failed` event
     * @description Posted to each enabled endpoint that subscribed to `refund.failed`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_refund_failed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout_batch.approved": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payout_batch.approved` event
     * @description Posted to each enabled endpoint that subscribed to `payout_batch.approved`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payout_batch_approved"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout_batch.rejected": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payout_batch.rejected` event
     * @description Posted to each enabled endpoint that subscribed to `payout_batch.rejected`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payout_batch_rejected"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout_batch.completed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `payout_batch.completed` event
     * @description Posted to each enabled endpoint that subscribed to `payout_batch.completed`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_payout_batch_completed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "disbursement.succeeded": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `disbursement.succeeded` event
     * @description Posted to each enabled endpoint that subscribed to `disbursement.succeeded`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_disbursement_succeeded"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "disbursement.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `disbursement.failed` event
     * @description Posted to each enabled endpoint that subscribed to `disbursement.failed`. Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_disbursement_failed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ping: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The `ping` event
     * @description Posted to each enabled endpoint that subscribed to `ping` (sent only by “Send test event”). Verify `OneHop-Signature` against the raw body before trusting it; answer 2xx within 10 s.
     */
    post: operations["webhook_ping"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    Payment: {
      /** @example pay_k3ny4x7q2m9d */
      id: string;
      /** @enum {string} */
      object: "payment";
      livemode: boolean;
      /** @enum {string} */
      status:
        | "awaiting_payment"
        | "confirming"
        | "confirmed"
        | "in_review"
        | "settling"
        | "settled"
        | "expired"
        | "underpaid"
        | "overpaid"
        | "paid_after_expiry"
        | "held"
        | "failed"
        | "canceled";
      /** @description An integer in the currency's minor units (a string past 2^53). */
      amount: number | string;
      /** @example 2500.00 */
      amount_decimal: string;
      /** @enum {string} */
      currency: "KES";
      /** @description Our collection fee (C2B). */
      fee: number | string;
      fee_decimal: string;
      /** @description Excise duty on our fee (10% of `fee`, rounded half up to the cent), paid on top of the fee. */
      excise: number | string;
      excise_decimal: string;
      /** @description What you receive: amount - fee - excise. */
      net: number | string;
      net_decimal: string;
      /**
       * @description The coin the customer pays with. On a payment created without `asset` it is the coin the customer has chosen so far: it may change at checkout until a deposit arrives, with `crypto_amount`, `network` and `deposit_address`.
       * @enum {string}
       */
      asset: "USDT" | "USDC" | "BTC" | "ETH";
      /**
       * @description The network the customer pays on: BTC on bitcoin (default); ETH on ethereum (default); USDT on tron (default), ethereum; USDC on ethereum (default), base.
       * @enum {string}
       */
      network: "bitcoin" | "ethereum" | "tron" | "base";
      /**
       * @description How the customer paid: `crypto` (the default until paid) or `mpesa` (M-Pesa Express at checkout, in KES; the crypto fields then stay at zero received).
       * @enum {string}
       */
      paid_with: "crypto" | "mpesa";
      /** @description What the customer must send, in base units (satoshi, gwei, 10^-6). */
      crypto_amount: number | string;
      /** @example 19.305019 */
      crypto_amount_decimal: string;
      /** @description An integer in the currency's minor units (a string past 2^53). */
      crypto_received: number | string;
      crypto_received_decimal: string;
      /** @description Decimal places of the base units. */
      crypto_scale: number;
      confirmations: number;
      deposit_address: string | null;
      /** @example https://onehop.co.ke/pay/pay_k3ny4x7q2m9d */
      checkout_url: string;
      quote: {
        /** @description KES per whole coin, the spread included. */
        rate: string;
        market_rate: string;
        spread_bps: number;
        source: string;
        /**
         * Format: date-time
         * @example 2026-11-25T08:30:00.000Z
         */
        rate_fetched_at: string;
        /**
         * Format: date-time
         * @example 2026-11-25T08:30:00.000Z
         */
        locked_at: string;
        /**
         * Format: date-time
         * @example 2026-11-25T08:30:00.000Z
         */
        expires_at: string;
      };
      reference: string;
      description: string | null;
      metadata: {
        [key: string]: string;
      };
      success_url: string | null;
      cancel_url: string | null;
      customer_email: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      updated_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      confirmed_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      settled_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      canceled_at: string | null;
    };
    Error: {
      error: {
        /**
         * @example invalid_request_error
         * @enum {string}
         */
        type:
          | "invalid_request_error"
          | "authentication_error"
          | "permission_error"
          | "not_found_error"
          | "conflict_error"
          | "idempotency_error"
          | "rate_limit_error"
          | "api_error";
        /**
         * @description What went wrong, for your code to branch on; the codes of each status are listed with it.
         * @example parameter_invalid
         * @enum {string}
         */
        code:
          | "parameter_missing"
          | "parameter_invalid"
          | "parameter_unknown"
          | "invalid_json"
          | "idempotency_key_invalid"
          | "invalid_amount"
          | "invalid_destination"
          | "beneficiary_required"
          | "invalid_file"
          | "api_version_invalid"
          | "api_key_missing"
          | "api_key_invalid"
          | "api_key_revoked"
          | "api_key_expired"
          | "missing_scope"
          | "scope_beyond_role"
          | "browser_requests_refused"
          | "maker_cannot_approve"
          | "second_factor_required"
          | "test_mode_only"
          | "resource_missing"
          | "route_not_found"
          | "method_not_allowed"
          | "request_timeout"
          | "payment_not_cancelable"
          | "payment_not_payable"
          | "not_refundable"
          | "nothing_held"
          | "insufficient_balance"
          | "rail_unavailable"
          | "not_editable"
          | "nothing_to_pay"
          | "rows_need_fixing"
          | "too_many_drafts"
          | "already_decided"
          | "not_retryable"
          | "endpoint_disabled"
          | "idempotency_key_in_use"
          | "body_too_large"
          | "unsupported_media_type"
          | "amount_too_small"
          | "amount_too_large"
          | "daily_limit_exceeded"
          | "idempotency_key_reused"
          | "rate_limited"
          | "too_many_failed_keys"
          | "too_many_concurrent"
          | "daily_rows_exceeded"
          | "internal_error"
          | "rate_unavailable"
          | "custody_unavailable"
          | "test_mode_unavailable";
        message: string;
        param: string | null;
        /** @example req_9x2VbQe4LmT7 */
        request_id: string;
      };
    };
    CreatePayment: {
      /**
       * @description KES in cents, whole shillings: from KES 500 to KES 5,000,000 (above KES 1,000,000 the payment is held for review before it settles). Outside them: 422.
       * @example 250000
       */
      amount: number;
      /** @enum {string} */
      currency: "KES";
      /**
       * @description The coin the customer pays with. Leave it out (and `network`) for a payment in KES only: the customer chooses the coin and network at checkout; it opens in USDT on tron, and the payment object shows the coin chosen.
       * @enum {string}
       */
      asset?: "USDT" | "USDC" | "BTC" | "ETH";
      /**
       * @description The network the customer pays on: BTC on bitcoin (default); ETH on ethereum (default); USDT on tron (default), ethereum; USDC on ethereum (default), base. Defaults to the asset's first network; leave it out to let the customer choose at checkout where the asset has several. A network the asset is not on is refused (400).
       * @example tron
       * @enum {string}
       */
      network?: "bitcoin" | "ethereum" | "tron" | "base";
      /**
       * @description Your own reference, such as an order number.
       * @example A-1042
       */
      reference: string;
      description?: string;
      /**
       * @description Up to 20 string key-value pairs of your own, returned as given.
       * @example {
       *       "order_id": "A-1042"
       *     }
       */
      metadata?: {
        [key: string]: string;
      };
      /**
       * Format: uri
       * @description Where checkout sends the customer after paying (https; http in test mode).
       */
      success_url?: string;
      /**
       * Format: uri
       * @description Where checkout's Cancel link goes (https; http in test mode).
       */
      cancel_url?: string;
      /**
       * Format: email
       * @example wanjiru@example.co.ke
       */
      customer_email?: string;
    };
    PaymentList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Payment"][];
      has_more: boolean;
      next_starting_after: string | null;
    };
    /** @description Money given back to a customer for a payment. Network fees of crypto refunds are paid by OneHop (`network_fee`, `network_fee_asset`); M-Pesa's charge for an M-Pesa refund is `rail_charge`. */
    Refund: {
      /** @example rfd_k3ny4x7q2m9dpa8w */
      id: string;
      /** @enum {string} */
      object: "refund";
      livemode: boolean;
      /** @example pay_k3ny4x7q2m9d */
      payment_id: string;
      /**
       * @description `pending` (the money is set aside, being handed over) → `sent` (custody or M-Pesa took it) → `succeeded`; or `failed` (`failure_reason` says why; the money is back in your available balance, or still held for the customer).
       * @enum {string}
       */
      status: "pending" | "sent" | "succeeded" | "failed";
      /**
       * @description `crypto` (to an address, by custody) or `mpesa` (to the paying phone, B2C).
       * @enum {string}
       */
      method: "crypto" | "mpesa";
      /** @enum {string} */
      source: "balance" | "held";
      /** @description KES that left your balance for the refund (0 for `source: held`). */
      amount: number | string;
      /** @example 500.00 */
      amount_decimal: string;
      /** @enum {string} */
      currency: "KES";
      /** @description M-Pesa refunds: M-Pesa's own charge for the transfer in cents, passed through at cost and taken from your balance with `amount`. 0 for crypto. */
      rail_charge: number | string;
      /** @description Crypto refunds: the coin sent. */
      asset: string | null;
      /**
       * @description Crypto refunds: what the customer receives, in whole coins.
       * @example 3.869969
       */
      crypto_amount: string | null;
      /**
       * @description Crypto refunds from the balance: `locked` or `current`.
       * @enum {string|null}
       */
      rate_choice: "locked" | "current" | null;
      /**
       * @description The rate used, KES per whole coin.
       * @example 129.2
       */
      rate: string | null;
      /**
       * @description Crypto refunds: the network fee, in `network_fee_asset`, as custody estimated it. OneHop pays it: the customer receives `crypto_amount` in full and nothing more leaves your balance.
       * @example 0.00042
       */
      network_fee: string | null;
      /** @example ETH */
      network_fee_asset: string | null;
      /** @description The customer's address (crypto) or phone in E.164 (M-Pesa). */
      destination: string;
      reason: string | null;
      /** @description Crypto: the transfer's hash, once sent. */
      tx_hash: string | null;
      /** @description M-Pesa's receipt, once paid. */
      receipt: string | null;
      failure_reason: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      updated_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      completed_at: string | null;
    };
    Payout: {
      /** @example trf_k3nya2q7x9m4pd */
      id: string;
      /** @enum {string} */
      object: "payout";
      livemode: boolean;
      payment_id: string | null;
      /** @enum {string} */
      rail: "mpesa" | "airtel-money" | "t-kash" | "pesalink";
      /** @example M-Pesa +254 7•• ••• 678 */
      destination: string;
      destination_id: string | null;
      /** @enum {string} */
      status: "scheduled" | "pending" | "sent" | "succeeded" | "failed";
      /** @enum {string} */
      currency: "KES";
      /** @description KES cents */
      amount: number;
      amount_decimal: string;
      /** @description KES cents */
      rail_charge: number;
      rail_charge_decimal: string;
      /** @description The rail's receipt, once paid. */
      receipt: string | null;
      failure_reason: string | null;
      retry_of: string | null;
      /** @description EAT day (YYYY-MM-DD) */
      settlement_day: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      sent_at: string | null;
      /** Format: date-time */
      completed_at: string | null;
    };
    /** @description A payment, with the `refunds` and `payouts` that `expand[]` asked for. */
    ExpandedPayment: {
      /** @example pay_k3ny4x7q2m9d */
      id: string;
      /** @enum {string} */
      object: "payment";
      livemode: boolean;
      /** @enum {string} */
      status:
        | "awaiting_payment"
        | "confirming"
        | "confirmed"
        | "in_review"
        | "settling"
        | "settled"
        | "expired"
        | "underpaid"
        | "overpaid"
        | "paid_after_expiry"
        | "held"
        | "failed"
        | "canceled";
      /** @description An integer in the currency's minor units (a string past 2^53). */
      amount: number | string;
      /** @example 2500.00 */
      amount_decimal: string;
      /** @enum {string} */
      currency: "KES";
      /** @description Our collection fee (C2B). */
      fee: number | string;
      fee_decimal: string;
      /** @description Excise duty on our fee (10% of `fee`, rounded half up to the cent), paid on top of the fee. */
      excise: number | string;
      excise_decimal: string;
      /** @description What you receive: amount - fee - excise. */
      net: number | string;
      net_decimal: string;
      /**
       * @description The coin the customer pays with. On a payment created without `asset` it is the coin the customer has chosen so far: it may change at checkout until a deposit arrives, with `crypto_amount`, `network` and `deposit_address`.
       * @enum {string}
       */
      asset: "USDT" | "USDC" | "BTC" | "ETH";
      /**
       * @description The network the customer pays on: BTC on bitcoin (default); ETH on ethereum (default); USDT on tron (default), ethereum; USDC on ethereum (default), base.
       * @enum {string}
       */
      network: "bitcoin" | "ethereum" | "tron" | "base";
      /**
       * @description How the customer paid: `crypto` (the default until paid) or `mpesa` (M-Pesa Express at checkout, in KES; the crypto fields then stay at zero received).
       * @enum {string}
       */
      paid_with: "crypto" | "mpesa";
      /** @description What the customer must send, in base units (satoshi, gwei, 10^-6). */
      crypto_amount: number | string;
      /** @example 19.305019 */
      crypto_amount_decimal: string;
      /** @description An integer in the currency's minor units (a string past 2^53). */
      crypto_received: number | string;
      crypto_received_decimal: string;
      /** @description Decimal places of the base units. */
      crypto_scale: number;
      confirmations: number;
      deposit_address: string | null;
      /** @example https://onehop.co.ke/pay/pay_k3ny4x7q2m9d */
      checkout_url: string;
      quote: {
        /** @description KES per whole coin, the spread included. */
        rate: string;
        market_rate: string;
        spread_bps: number;
        source: string;
        /**
         * Format: date-time
         * @example 2026-11-25T08:30:00.000Z
         */
        rate_fetched_at: string;
        /**
         * Format: date-time
         * @example 2026-11-25T08:30:00.000Z
         */
        locked_at: string;
        /**
         * Format: date-time
         * @example 2026-11-25T08:30:00.000Z
         */
        expires_at: string;
      };
      reference: string;
      description: string | null;
      metadata: {
        [key: string]: string;
      };
      success_url: string | null;
      cancel_url: string | null;
      customer_email: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      updated_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      confirmed_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      settled_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      canceled_at: string | null;
      /** @description With `expand[]=refunds`: the payment's refunds, newest first. */
      refunds?: components["schemas"]["Refund"][];
      /** @description With `expand[]=payouts`: the payouts that settled the payment, in order. */
      payouts?: components["schemas"]["Payout"][];
    };
    /** @description The customer receiving a crypto refund, for the travel rule: required when the refund is worth USD 1,000 or more (its KES value at the current USD/KES rate), optional below. Stored with the refund as IVMS101 data, with your business (from your application) as the originator and OneHop as the originating VASP. */
    RefundBeneficiary: {
      /**
       * @description The customer's family name (surname), as on their ID.
       * @example Otieno
       */
      family_name: string;
      /**
       * @description Their given names.
       * @example Jane Achieng
       */
      given_names?: string;
      /**
       * @description Their address, one line.
       * @example Kenyatta Avenue 12, Nairobi
       */
      address?: string;
      /**
       * @description Their country, ISO 3166-1 alpha-2.
       * @example KE
       */
      country?: string;
      /**
       * @description Where the address is, as the customer declares: `unhosted` (their own wallet) or `vasp` (an exchange or other virtual asset service provider: name it in `vasp_name`).
       * @enum {string}
       */
      wallet: "unhosted" | "vasp";
      /**
       * @description With `wallet: vasp`: the provider's name.
       * @example Binance
       */
      vasp_name?: string;
    };
    CreateRefund: {
      /**
       * @description The payment to refund (of the key's mode).
       * @example pay_k3ny4x7q2m9d
       */
      payment_id: string;
      /**
       * @description KES in cents to give back (50000 = KES 500.00). Default: what is left to refund of the payment. Refunds of a payment together never exceed it, and each must be covered by your available balance. An M-Pesa refund is whole shillings. Not with `source: held`.
       * @example 50000
       */
      amount?: number;
      /**
       * @description Crypto refunds: the rate that turns `amount` into the coin. `locked` (default): the rate locked when the customer paid, so a full refund gives back exactly what they sent. `current`: today's rate, so they get today's value of `amount`. Not for M-Pesa payments.
       * @enum {string}
       */
      rate?: "locked" | "current";
      /**
       * @description Crypto refunds (required): the customer's address on the payment's network, for its coin. Refused for M-Pesa payments: they are refunded to the phone that paid.
       * @example 0x8ba1f109551bd432803012645ac136ddd64dba72
       */
      address?: string;
      /**
       * @description Why, for your records (shown in the dashboard).
       * @example Order A-1042 cancelled
       */
      reason?: string;
      beneficiary?: components["schemas"]["RefundBeneficiary"];
      /**
       * @description `balance` (default): paid from your available balance. `held`: send the customer the crypto held for them, such as an overpayment's excess (nothing leaves your balance; no `amount` or `rate`).
       * @enum {string}
       */
      source?: "balance" | "held";
    };
    RefundList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Refund"][];
      has_more: boolean;
      next_starting_after: string | null;
    };
    /** @description An event about a payment: `payment.created`, `payment.confirming`, `payment.paid`, `payment.in_review`, `payment.settled`, `payment.expired`, `payment.underpaid`, `payment.overpaid`, `payment.paid_after_expiry`, `payment.failed`, `payment.canceled`. */
    PaymentEvent: {
      /** @example evt_Wm2bX0cZ8mQ1n4Yp7tK3sA */
      id: string;
      /** @enum {string} */
      object: "event";
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type:
        | "payment.created"
        | "payment.confirming"
        | "payment.paid"
        | "payment.in_review"
        | "payment.settled"
        | "payment.expired"
        | "payment.underpaid"
        | "payment.overpaid"
        | "payment.paid_after_expiry"
        | "payment.failed"
        | "payment.canceled";
      /** @enum {string} */
      api_version: "v1";
      livemode: boolean;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      data: {
        object: components["schemas"]["Payment"] & unknown;
      };
    };
    /** @description An event about a payment's payout: `payout.succeeded`, `payout.failed`. */
    PayoutEvent: {
      /** @example evt_Wm2bX0cZ8mQ1n4Yp7tK3sA */
      id: string;
      /** @enum {string} */
      object: "event";
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: "payout.succeeded" | "payout.failed";
      /** @enum {string} */
      api_version: "v1";
      livemode: boolean;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      data: {
        object: components["schemas"]["Payout"] & unknown;
      };
    };
    /** @description An event about a refund: `refund.created`, `refund.succeeded`, `refund.failed`. */
    RefundEvent: {
      /** @example evt_Wm2bX0cZ8mQ1n4Yp7tK3sA */
      id: string;
      /** @enum {string} */
      object: "event";
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: "refund.created" | "refund.succeeded" | "refund.failed";
      /** @enum {string} */
      api_version: "v1";
      livemode: boolean;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      data: {
        object: components["schemas"]["Refund"] & unknown;
      };
    };
    /** @description a payout batch, as it was when the event happened. */
    PayoutBatch: {
      /** @example dsb_k3ny4x7q2m9dpa */
      id: string;
      /** @enum {string} */
      object: "payout_batch";
      livemode: boolean;
      /**
       * @description `bulk` (a file or a list) or `single` (one payout made in the dashboard).
       * @enum {string}
       */
      kind: "bulk" | "single";
      /**
       * @description `draft` (check and submit it) → `awaiting_approval` (another member approves it in the dashboard) → `processing` (approved: the money is reserved and the payouts go out) → `completed`. Or `rejected`, or `withdrawn`, or `expired` (a draft left for 7 days: its rows are gone). `checking` is a file's batch for the moment its rows are written (not listed).
       * @enum {string}
       */
      status:
        | "checking"
        | "draft"
        | "awaiting_approval"
        | "rejected"
        | "withdrawn"
        | "processing"
        | "completed"
        | "expired";
      title: string;
      file_name: string | null;
      sms_receipts: boolean;
      /** @enum {string} */
      currency: "KES";
      /** @description Rows in the batch, whatever their status. */
      rows: number;
      /** @description Rows per status. */
      counts: {
        ready: number;
        invalid: number;
        dropped: number;
        queued: number;
        sent: number;
        paid: number;
        failed: number;
        cancelled: number;
      };
      /** @description What the recipients get: the rows that pay (ready, queued, sent, paid or failed). */
      amount: number | string;
      /** @example 126500.00 */
      amount_decimal: string;
      /** @description Our fee on those rows. */
      fee: number | string;
      fee_decimal: string;
      /** @description Excise duty on our fee (10% of each row's fee, rounded half up to the cent). */
      excise: number | string;
      excise_decimal: string;
      /** @description The rails' own charges, at cost. */
      rail_charge: number | string;
      rail_charge_decimal: string;
      /** @description What leaves your balance: amount + fee + excise + rail charge. */
      total: number | string;
      total_decimal: string;
      /** @description Of `amount`, what was paid so far. */
      paid_amount: number | string;
      paid_amount_decimal: string;
      /** @description Reserved from your available balance at approval (null before). */
      reserved: number | string | null;
      reserved_decimal: string | null;
      /** @description Rows to look at before approving. */
      attention: {
        duplicates_in_file: number;
        /** @description Rows paying a recipient the same amount as a payout of the last 7 days. */
        recent_duplicates: number;
        name_mismatches: number;
        names_not_found: number;
        names_pending: number;
      };
      /**
       * @description The batch's page in the dashboard, where another member approves or rejects it.
       * @example https://onehop.co.ke/merchant/payouts/dsb_k3ny4x7q2m9dpa
       */
      approval_url: string;
      /** @description Why it was rejected. */
      decision_note: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      updated_at: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      submitted_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      decided_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      completed_at: string | null;
    };
    /** @description An event about a payout batch: `payout_batch.approved`, `payout_batch.rejected`, `payout_batch.completed`. */
    PayoutBatchEvent: {
      /** @example evt_Wm2bX0cZ8mQ1n4Yp7tK3sA */
      id: string;
      /** @enum {string} */
      object: "event";
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: "payout_batch.approved" | "payout_batch.rejected" | "payout_batch.completed";
      /** @enum {string} */
      api_version: "v1";
      livemode: boolean;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      data: {
        object: components["schemas"]["PayoutBatch"];
      };
    };
    /** @description one payout of a batch, as it was when the event happened. */
    Disbursement: {
      /** @example dsr_p8x2m4k7q9d3na */
      id: string;
      /** @enum {string} */
      object: "disbursement";
      livemode: boolean;
      /** @example dsb_k3ny4x7q2m9dpa */
      batch_id: string;
      /** @description The row's line in the file (header: 1). */
      line: number;
      /**
       * @description Before approval `ready`, `invalid` (see `errors`) or `dropped`; after it `queued` → `sent` → `paid`, or `failed` (the money is back in your balance) then retried or `cancelled`.
       * @enum {string}
       */
      status: "ready" | "invalid" | "dropped" | "queued" | "sent" | "paid" | "failed" | "cancelled";
      /**
       * @description E.164 for a mobile number, the account number for a bank; as sent if invalid.
       * @example +254712345678
       */
      recipient: string;
      /** @enum {string|null} */
      rail: "mpesa" | "airtel-money" | "t-kash" | "pesalink" | null;
      /**
       * @description `paybill` or `till` for an M-Pesa B2B payout (its `rail` is `mpesa`, `recipient` the Paybill or Till number); null otherwise.
       * @enum {string|null}
       */
      b2b: "paybill" | "till" | null;
      bank_code: string | null;
      /** @description The account number at the Paybill, for a `paybill` payout; null otherwise. */
      account: string | null;
      /** @enum {string} */
      currency: "KES";
      /** @description KES in cents (a string past 2^53). */
      amount: number | string | null;
      amount_decimal: string | null;
      /** @description KES in cents (a string past 2^53). */
      fee: number | string | null;
      fee_decimal: string | null;
      /** @description Excise duty on the row's fee. */
      excise: number | string | null;
      excise_decimal: string | null;
      /** @description KES in cents (a string past 2^53). */
      rail_charge: number | string | null;
      rail_charge_decimal: string | null;
      reference: string | null;
      name: string | null;
      /** @description The name the rail holds for the recipient, where it tells it. */
      registered_name: string | null;
      /** @enum {string} */
      name_check:
        "not_offered" | "pending" | "match" | "partial" | "mismatch" | "not_found" | "unavailable";
      /** @description An earlier line of the batch paying the same recipient the same amount. */
      duplicate_of_line: number | null;
      /** @description A payout of the last 7 days to the same recipient for the same amount. */
      recent_duplicate_of: string | null;
      /** @description What to fix, per field (empty unless `invalid`). */
      errors: {
        field: string;
        message: string;
      }[];
      /** @description The row as sent (amount in shillings). */
      input: {
        recipient: string;
        rail: string;
        amount: string;
        reference: string;
        name: string;
        bank_code: string;
        account: string;
      };
      /** @description The rail's receipt, once paid. */
      receipt: string | null;
      failure_reason: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      completed_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      updated_at: string;
    };
    /** @description An event about one payout of a batch: `disbursement.succeeded`, `disbursement.failed`. */
    DisbursementEvent: {
      /** @example evt_Wm2bX0cZ8mQ1n4Yp7tK3sA */
      id: string;
      /** @enum {string} */
      object: "event";
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: "disbursement.succeeded" | "disbursement.failed";
      /** @enum {string} */
      api_version: "v1";
      livemode: boolean;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      data: {
        object: components["schemas"]["Disbursement"];
      };
    };
    /** @description a webhook endpoint (a test ping), as it was when the event happened. */
    PingObject: {
      id: string;
      /** @enum {string} */
      object: "webhook_endpoint";
      url: string;
    };
    /** @description An event about a webhook endpoint (a test ping): `ping`. */
    PingEvent: {
      /** @example evt_Wm2bX0cZ8mQ1n4Yp7tK3sA */
      id: string;
      /** @enum {string} */
      object: "event";
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: "ping";
      /** @enum {string} */
      api_version: "v1";
      livemode: boolean;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      created_at: string;
      data: {
        object: components["schemas"]["PingObject"];
      };
    };
    /** @description Something that happened to one of your objects: its `type` says which, and `data.object` is the object as it was then. */
    Event:
      | components["schemas"]["PaymentEvent"]
      | components["schemas"]["PayoutEvent"]
      | components["schemas"]["RefundEvent"]
      | components["schemas"]["PayoutBatchEvent"]
      | components["schemas"]["DisbursementEvent"]
      | components["schemas"]["PingEvent"];
    EventList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Event"][];
      has_more: boolean;
      next_starting_after: string | null;
    };
    Balance: {
      /** @enum {string} */
      object: "balance";
      livemode: boolean;
      /** @enum {string} */
      currency: "KES";
      /** @description An integer in the currency's minor units (a string past 2^53). */
      available: number | string;
      available_decimal: string;
      /** @description An integer in the currency's minor units (a string past 2^53). */
      pending: number | string;
      pending_decimal: string;
      /** @description An integer in the currency's minor units (a string past 2^53). */
      in_flight: number | string;
      in_flight_decimal: string;
    };
    Rate: {
      /** @example USDT */
      asset: string;
      /** @description KES per whole coin (market, before our spread). */
      rate: string;
      /** @enum {string} */
      kind: "live" | "stale" | "fallback";
      source: string;
      /**
       * Format: date-time
       * @example 2026-11-25T08:30:00.000Z
       */
      as_of: string | null;
      spread_bps: number;
    };
    Rates: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Rate"][];
    };
    PayoutList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Payout"][];
    };
    SettlementDestination: {
      /** @example dst_k3nya2q7x9m4 */
      id: string;
      /** @enum {string} */
      object: "settlement_destination";
      /** @enum {string} */
      rail: "mpesa" | "airtel-money" | "t-kash" | "pesalink";
      /** @example Equity Bank Kenya account ••••9886 */
      destination: string;
      registered_name: string | null;
      /** @enum {string} */
      status: "verifying" | "confirm_name" | "verified" | "failed" | "removed";
      is_default: boolean;
      split_percent: number | null;
      /** Format: date-time */
      held_until: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      verified_at: string | null;
    };
    SettlementDestinationList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["SettlementDestination"][];
    };
    WebhookEndpointWithSecret: {
      /** @example we_3kT9xQ2mV8bN1cR5yL7wPa */
      id: string;
      /** @enum {string} */
      object: "webhook_endpoint";
      livemode: boolean;
      url: string;
      description: string | null;
      enabled_events: string[];
      /** @enum {string} */
      status: "enabled" | "disabled";
      failing_since: string | null;
      disabled_reason: string | null;
      created_at: string;
      /** @description The signing secret (whsec_…), shown only here. */
      secret: string;
    };
    CreateWebhookEndpoint: {
      /** @example https://shop.example.co.ke/onehop/webhooks */
      url: string;
      /**
       * @description Event types to send, or ["*"] for all.
       * @example [
       *       "payment.paid"
       *     ]
       */
      enabled_events: (
        | "payment.created"
        | "payment.confirming"
        | "payment.paid"
        | "payment.in_review"
        | "payment.settled"
        | "payment.expired"
        | "payment.underpaid"
        | "payment.overpaid"
        | "payment.paid_after_expiry"
        | "payment.failed"
        | "payment.canceled"
        | "payout.succeeded"
        | "payout.failed"
        | "payout_batch.approved"
        | "payout_batch.rejected"
        | "payout_batch.completed"
        | "disbursement.succeeded"
        | "disbursement.failed"
        | "refund.created"
        | "refund.succeeded"
        | "refund.failed"
        | "*"
      )[];
      description?: string;
    };
    WebhookEndpoint: {
      /** @example we_3kT9xQ2mV8bN1cR5yL7wPa */
      id: string;
      /** @enum {string} */
      object: "webhook_endpoint";
      livemode: boolean;
      url: string;
      description: string | null;
      enabled_events: string[];
      /** @enum {string} */
      status: "enabled" | "disabled";
      failing_since: string | null;
      disabled_reason: string | null;
      created_at: string;
    };
    UpdateWebhookEndpoint: {
      url?: string;
      /**
       * @description Event types to send, or ["*"] for all.
       * @example [
       *       "payment.paid"
       *     ]
       */
      enabled_events?: (
        | "payment.created"
        | "payment.confirming"
        | "payment.paid"
        | "payment.in_review"
        | "payment.settled"
        | "payment.expired"
        | "payment.underpaid"
        | "payment.overpaid"
        | "payment.paid_after_expiry"
        | "payment.failed"
        | "payment.canceled"
        | "payout.succeeded"
        | "payout.failed"
        | "payout_batch.approved"
        | "payout_batch.rejected"
        | "payout_batch.completed"
        | "disbursement.succeeded"
        | "disbursement.failed"
        | "refund.created"
        | "refund.succeeded"
        | "refund.failed"
        | "*"
      )[];
      description?: string | null;
      /** @enum {string} */
      status?: "enabled" | "disabled";
    };
    ReplayWebhooks: {
      /**
       * Format: date-time
       * @description Re-send every subscribed event created at or after this time.
       */
      since: string;
    };
    PayoutItem: {
      /**
       * @description A Kenyan mobile number (0712 345 678, +254 712 345 678), a bank account number (with `bank_code`), or an M-Pesa Paybill or Till number (5 to 7 digits, with `rail` `paybill` or `till`).
       * @example 0712345678
       */
      recipient: string;
      /**
       * @description `mpesa`, `airtel-money`, `t-kash`, `pesalink` (a bank account, with `bank_code`; `bank` is accepted too and answered as `pesalink`), `paybill` (M-Pesa B2B to a Paybill, with `account`) or `till` (M-Pesa B2B to a Till). Leave it out for a mobile number: the number's prefix says the network. Paybill and Till payouts are charged the B2B rate plus M-Pesa's B2B charge. A row's `rail` in the answers is the rail it is paid on: `mpesa` for Paybill and Till (with `b2b`), `pesalink` for a bank account.
       * @example mpesa
       * @enum {string}
       */
      rail?: "mpesa" | "airtel-money" | "t-kash" | "pesalink" | "bank" | "paybill" | "till";
      /**
       * @description KES in cents (250000 = KES 2,500.00), whole shillings.
       * @example 250000
       */
      amount: number;
      /**
       * @description Your reference, shown to you and in the results (at most 40 characters, checked with the row).
       * @example Salary Nov
       */
      reference?: string;
      /**
       * @description The recipient's name (at most 100 characters): required for a bank payout, compared with the registered name where the rail tells it (Airtel Money, PesaLink).
       * @example Wanjiku Kamau
       */
      name?: string;
      /**
       * @description The bank's 2-digit code, for a bank payout (68: Equity Bank Kenya).
       * @example 68
       */
      bank_code?: string;
      /**
       * @description The account number at the Paybill, for a `paybill` payout (required there, at most 13 characters, never shortened). Not for any other payout.
       * @example 123456
       */
      account?: string;
    };
    CreatePayoutBatch: {
      /**
       * @description What you call the batch.
       * @example November salaries
       */
      title: string;
      /** @description Text each recipient a receipt when their payout is paid (default false). */
      sms_receipts?: boolean;
      /**
       * @description The payout file's text, as uploaded in the dashboard: a header naming the columns recipient, rail, amount, reference, name, bank_code, account (recipient and amount required; amount in whole shillings), one payout per line, at most 2 MB and 10,000 payouts. Give `csv` or `payouts`, not both.
       * @example recipient,amount,reference
       *     0712345678,1500,Invoice 1042
       */
      csv?: string;
      /** @description The payouts as JSON (at most 10,000), each checked like a line of the file: a row's `line` is its index + 2 (as if it followed a header line). */
      payouts?: components["schemas"]["PayoutItem"][];
    };
    PayoutBatchList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["PayoutBatch"][];
      has_more: boolean;
      next_starting_after: string | null;
    };
    DisbursementList: {
      /** @enum {string} */
      object: "list";
      data: components["schemas"]["Disbursement"][];
      has_more: boolean;
      /** @description The last line of this page: pass it as `starting_after` for the next. */
      next_starting_after: number | null;
    };
    TestPayRequest: {
      /**
       * @description `crypto` (default): the custody simulator sends the coin to the payment's deposit address. `mpesa`: an M-Pesa Express prompt that the M-Pesa simulator's customer pays.
       * @default crypto
       * @enum {string}
       */
      method?: "crypto" | "mpesa";
      /**
       * @description Crypto only: how much of the payment's coin is sent (default its `crypto_amount`). Less makes it `underpaid`, more `overpaid`.
       * @example 19.35
       */
      amount?: string;
      /** @description Crypto only: confirmations added after the deposit (default: as many as the payment needs). 0 leaves it `confirming`. */
      confirmations?: number;
      /**
       * @description M-Pesa only: the paying Safaricom number (default +254712345678).
       * @example +254712345678
       */
      phone?: string;
    };
    TestFundRequest: {
      /**
       * @description KES in cents, up to 1000000000 (KES 10,000,000.00).
       * @example 5000000
       */
      amount: number;
      /** @enum {string} */
      currency: "KES";
    };
    TestPayoutFailure: {
      /** @enum {string} */
      object: "test_helpers.payout_failure";
      /** @enum {boolean} */
      armed: true;
      /** @enum {string} */
      reason: "invalid_account" | "insufficient_funds";
    };
    TestPayoutFailureRequest: {
      /**
       * @description `invalid_account` (default; M-Pesa ResultCode 7, the number cannot receive M-Pesa) or `insufficient_funds` (ResultCode 1, the paying float is short).
       * @default invalid_account
       * @enum {string}
       */
      reason?: "invalid_account" | "insufficient_funds";
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /**
     * @description This request's id: quote it to us. Equal to `error.request_id` on an error.
     * @example req_9x2VbQe4LmT7
     */
    "Request-Id": string;
    /**
     * @description The dated API version this answer was made with: the request's `OneHop-Version`, else the key's.
     * @example 2026-12-01
     */
    "OneHop-Version": "2026-12-01";
    /**
     * @description Requests this key may make per second.
     * @example 25
     */
    "RateLimit-Limit": number;
    /**
     * @description Requests left in this second.
     * @example 24
     */
    "RateLimit-Remaining": number;
    /**
     * @description Seconds until the window resets.
     * @example 1
     */
    "RateLimit-Reset": number;
    /**
     * @description The policy: `<limit>;w=1` (per second).
     * @example 25;w=1
     */
    "RateLimit-Policy": string;
    /**
     * @description Seconds to wait before retrying.
     * @example 1
     */
    "Retry-After": number;
    /**
     * @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key.
     * @example true
     */
    "Idempotent-Replayed": "true";
    /**
     * @description How to authenticate.
     * @example Bearer realm="OneHop API"
     */
    "WWW-Authenticate": string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listPayments: {
    parameters: {
      query?: {
        limit?: number;
        created_after?: string;
        created_before?: string;
        starting_after?: string;
        ending_before?: string;
        status?:
          | "awaiting_payment"
          | "confirming"
          | "confirmed"
          | "in_review"
          | "settling"
          | "settled"
          | "expired"
          | "underpaid"
          | "overpaid"
          | "paid_after_expiry"
          | "held"
          | "failed"
          | "canceled";
      };
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of payments. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PaymentList"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createPayment: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": 250000,
         *       "currency": "KES",
         *       "asset": "USDT",
         *       "reference": "A-1042",
         *       "metadata": {
         *         "order_id": "A-1042"
         *       },
         *       "success_url": "https://shop.example.co.ke/thanks"
         *     }
         */
        "application/json": components["schemas"]["CreatePayment"];
      };
    };
    responses: {
      /** @description The payment, awaiting the customer. */
      201: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Payment"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No live rate to quote from, custody did not answer, or test mode is not available here: retry later with the same Idempotency-Key. Codes: `rate_unavailable`, `custody_unavailable`, `test_mode_unavailable`. */
      503: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPayment: {
    parameters: {
      query?: {
        "expand[]"?: ("refunds" | "payouts")[];
      };
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ExpandedPayment"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  cancelPayment: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The canceled payment. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Payment"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listRefunds: {
    parameters: {
      query: {
        payment_id: string;
      };
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payment's refunds. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefundList"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createRefund: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "payment_id": "pay_k3ny4x7q2m9d",
         *       "amount": 50000,
         *       "rate": "locked",
         *       "address": "0x8ba1f109551bd432803012645ac136ddd64dba72",
         *       "reason": "Order A-1042 cancelled"
         *     }
         */
        "application/json": components["schemas"]["CreateRefund"];
      };
    };
    responses: {
      /** @description The refund, on its way to the customer. */
      201: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Refund"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 4 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No live rate to quote from, custody did not answer, or test mode is not available here: retry later with the same Idempotency-Key. Codes: `rate_unavailable`, `custody_unavailable`, `test_mode_unavailable`. */
      503: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getRefund: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The refund. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Refund"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        limit?: number;
        created_after?: string;
        created_before?: string;
        starting_after?: string;
        ending_before?: string;
        type?:
          | "payment.created"
          | "payment.confirming"
          | "payment.paid"
          | "payment.in_review"
          | "payment.settled"
          | "payment.expired"
          | "payment.underpaid"
          | "payment.overpaid"
          | "payment.paid_after_expiry"
          | "payment.failed"
          | "payment.canceled"
          | "payout.succeeded"
          | "payout.failed"
          | "payout_batch.approved"
          | "payout_batch.rejected"
          | "payout_batch.completed"
          | "disbursement.succeeded"
          | "disbursement.failed"
          | "refund.created"
          | "refund.succeeded"
          | "refund.failed"
          | "ping";
      };
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EventList"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Event"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBalance: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The balance. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Balance"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listRates: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The rates. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Rates"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPaymentPayouts: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payouts. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutList"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listSettlementDestinations: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The destinations. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SettlementDestinationList"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The key's endpoints (at most 16 per mode), newest first. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {string} */
            object: "list";
            data: components["schemas"]["WebhookEndpoint"][];
          };
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://shop.example.co.ke/onehop/webhooks",
         *       "enabled_events": [
         *         "payment.paid",
         *         "payment.expired"
         *       ],
         *       "description": "Order fulfilment"
         *     }
         */
        "application/json": components["schemas"]["CreateWebhookEndpoint"];
      };
    };
    responses: {
      /** @description The endpoint and its secret. */
      201: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpointWithSecret"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "status": "disabled"
         *     }
         */
        "application/json": components["schemas"]["UpdateWebhookEndpoint"];
      };
    };
    responses: {
      /** @description The endpoint. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookEndpoint"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @example we_3kT9xQ2mV8bN1cR5yL7wPa */
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            /** @enum {boolean} */
            deleted: true;
          };
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new secret. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @example we_3kT9xQ2mV8bN1cR5yL7wPa */
            id: string;
            secret: string;
            previous_secret_expires_at: string;
          };
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  pingWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued: its delivery shows in the log. */
      202: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @example evt_Wm2bX0cZ8mQ1n4Yp7tK3sA */
            event_id: string;
          };
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replayWebhooks: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "since": "2026-11-25T06:00:00Z"
         *     }
         */
        "application/json": components["schemas"]["ReplayWebhooks"];
      };
    };
    responses: {
      /** @description Queued. */
      202: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            queued: number;
            capped: boolean;
            last_event_at: string | null;
          };
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPayoutBatches: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: string;
        ending_before?: string;
        status?:
          | "checking"
          | "draft"
          | "awaiting_approval"
          | "rejected"
          | "withdrawn"
          | "processing"
          | "completed"
          | "expired";
      };
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of batches. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutBatchList"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createPayoutBatch: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "November salaries",
         *       "sms_receipts": true,
         *       "payouts": [
         *         {
         *           "recipient": "0712345678",
         *           "amount": 150000,
         *           "reference": "Salary Nov"
         *         },
         *         {
         *           "recipient": "1450160649886",
         *           "rail": "bank",
         *           "bank_code": "68",
         *           "amount": 12500000,
         *           "reference": "Supplier May",
         *           "name": "Acme Supplies Ltd"
         *         },
         *         {
         *           "recipient": "247247",
         *           "rail": "paybill",
         *           "account": "123456",
         *           "amount": 800000,
         *           "reference": "Rent June"
         *         },
         *         {
         *           "recipient": "123456",
         *           "rail": "till",
         *           "amount": 95000,
         *           "reference": "Office supplies"
         *         }
         *       ]
         *     }
         */
        "application/json": components["schemas"]["CreatePayoutBatch"];
      };
    };
    responses: {
      /** @description The draft batch. */
      201: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutBatch"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 4 MB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No live rate to quote from, custody did not answer, or test mode is not available here: retry later with the same Idempotency-Key. Codes: `rate_unavailable`, `custody_unavailable`, `test_mode_unavailable`. */
      503: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getPayoutBatch: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The batch. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutBatch"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listPayoutBatchRows: {
    parameters: {
      query?: {
        limit?: number;
        starting_after?: number | null;
        filter?: "all" | "attention" | "invalid" | "failed" | "paid" | "open";
      };
      header?: {
        "OneHop-Version"?: "2026-12-01";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of rows. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["DisbursementList"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  submitPayoutBatch: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The batch, awaiting approval. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutBatch"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testApprovePayoutBatch: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The batch, approved (`processing`). */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["PayoutBatch"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testPayPayment: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "method": "crypto",
         *       "amount": "19.35",
         *       "confirmations": 2
         *     }
         */
        "application/json": components["schemas"]["TestPayRequest"];
      };
    };
    responses: {
      /** @description The payment, paid. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Payment"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from. Codes: `resource_missing`, `route_not_found`. */
      404: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No live rate to quote from, custody did not answer, or test mode is not available here: retry later with the same Idempotency-Key. Codes: `rate_unavailable`, `custody_unavailable`, `test_mode_unavailable`. */
      503: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testFundBalance: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": 5000000,
         *       "currency": "KES"
         *     }
         */
        "application/json": components["schemas"]["TestFundRequest"];
      };
    };
    responses: {
      /** @description The test balance. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Balance"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No live rate to quote from, custody did not answer, or test mode is not available here: retry later with the same Idempotency-Key. Codes: `rate_unavailable`, `custody_unavailable`, `test_mode_unavailable`. */
      503: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testFailNextPayout: {
    parameters: {
      query?: never;
      header?: {
        "OneHop-Version"?: "2026-12-01";
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "reason": "invalid_account"
         *     }
         */
        "application/json": components["schemas"]["TestPayoutFailureRequest"];
      };
    };
    responses: {
      /** @description Armed. */
      200: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TestPayoutFailure"];
        };
      };
      /** @description The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version. Codes: `parameter_missing`, `parameter_invalid`, `parameter_unknown`, `invalid_json`, `idempotency_key_invalid`, `invalid_amount`, `invalid_destination`, `beneficiary_required`, `invalid_file`, `api_version_invalid`. */
      400: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No API key, or one that is invalid, revoked or expired. Codes: `api_key_missing`, `api_key_invalid`, `api_key_revoked`, `api_key_expired`. */
      401: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser. Codes: `missing_scope`, `scope_beyond_role`, `browser_requests_refused`, `maker_cannot_approve`, `second_factor_required`, `test_mode_only`. */
      403: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key. Codes: `request_timeout`. */
      408: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed. Codes: `payment_not_cancelable`, `payment_not_payable`, `not_refundable`, `nothing_held`, `insufficient_balance`, `rail_unavailable`, `not_editable`, `nothing_to_pay`, `rows_need_fixing`, `too_many_drafts`, `already_decided`, `not_retryable`, `endpoint_disabled`, `idempotency_key_in_use`. */
      409: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is larger than 64 KB. Codes: `body_too_large`. */
      413: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The body is not `application/json`. Codes: `unsupported_media_type`. */
      415: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Refused: an amount outside the limits, or an Idempotency-Key reused with another request. Codes: `amount_too_small`, `amount_too_large`, `daily_limit_exceeded`, `idempotency_key_reused`. */
      422: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Too many requests: wait `Retry-After` seconds. Codes: `rate_limited`, `too_many_failed_keys`, `too_many_concurrent`, `daily_rows_exceeded`. */
      429: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          "Retry-After": components["headers"]["Retry-After"];
          "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something went wrong on our side: retry with the same Idempotency-Key. Codes: `internal_error`. */
      500: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description No live rate to quote from, custody did not answer, or test mode is not available here: retry later with the same Idempotency-Key. Codes: `rate_unavailable`, `custody_unavailable`, `test_mode_unavailable`. */
      503: {
        headers: {
          "Request-Id": components["headers"]["Request-Id"];
          "OneHop-Version": components["headers"]["OneHop-Version"];
          "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
          "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
          "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
          "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  webhook_payment_created: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_confirming: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_paid: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_in_review: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_settled: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_expired: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_underpaid: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_overpaid: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_paid_after_expiry: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_failed: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payment_canceled: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PaymentEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_succeeded: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_failed: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_refund_created: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RefundEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_refund_succeeded: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RefundEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_refund_failed: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RefundEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_batch_approved: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutBatchEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_batch_rejected: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutBatchEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_payout_batch_completed: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutBatchEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_disbursement_succeeded: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisbursementEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_disbursement_failed: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DisbursementEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_ping: {
    parameters: {
      query?: never;
      header: {
        "OneHop-Signature": string;
        "OneHop-Event-Id": string;
        "OneHop-Event-Type": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PingEvent"];
      };
    };
    responses: {
      /** @description Received: any 2xx stops the retries. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
