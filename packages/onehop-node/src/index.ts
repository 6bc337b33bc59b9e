/**
 * @onehop/node: the OneHop API for Node.js servers.
 *
 *   const onehop = new OneHop(process.env.ONEHOP_SECRET_KEY!);
 *   const payment = await onehop.payments.create({ amount: 250000, currency: "KES", reference });
 */
import { HttpClient, type OneHopConfig } from "./http.js";
import {
  Balances,
  Events,
  Payments,
  PayoutBatches,
  RatesResource,
  Refunds,
  SettlementDestinations,
  TestHelpers,
  WebhookEndpoints,
} from "./resources.js";
import { Webhooks } from "./webhooks.js";

export class OneHop {
  readonly payments: Payments;
  readonly refunds: Refunds;
  readonly payoutBatches: PayoutBatches;
  readonly balances: Balances;
  readonly rates: RatesResource;
  readonly settlementDestinations: SettlementDestinations;
  readonly events: Events;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly testHelpers: TestHelpers;
  /** Verifying webhook signatures (needs no key: also `OneHop.webhooks`). */
  readonly webhooks: Webhooks;
  static readonly webhooks = new Webhooks();

  constructor(secretKey: string, config: OneHopConfig = {}) {
    const http = new HttpClient(secretKey, config);
    this.payments = new Payments(http);
    this.refunds = new Refunds(http);
    this.payoutBatches = new PayoutBatches(http);
    this.balances = new Balances(http);
    this.rates = new RatesResource(http);
    this.settlementDestinations = new SettlementDestinations(http);
    this.events = new Events(http);
    this.webhookEndpoints = new WebhookEndpoints(http);
    this.testHelpers = new TestHelpers(http);
    this.webhooks = OneHop.webhooks;
  }
}

export default OneHop;
export type { OneHopConfig, RequestOptions } from "./http.js";
export { VERSION } from "./http.js";
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  IdempotencyError,
  InvalidRequestError,
  NotFoundError,
  OneHopError,
  PermissionError,
  RateLimitError,
  SignatureVerificationError,
} from "./errors.js";
export { ListPromise } from "./pagination.js";
export type { ListPage } from "./pagination.js";
export { Webhooks, SIGNATURE_HEADER, DEFAULT_TOLERANCE_SECONDS } from "./webhooks.js";
export type * from "./types.js";
