/** The API's resources, one class each, every method typed from the OpenAPI document. */
import type { HttpClient, RequestOptions } from "./http.js";
import { ListPromise, type ListPage } from "./pagination.js";
import type {
  Balance,
  Event,
  EventListParams,
  ExpandedPayment,
  EventList,
  Payment,
  PaymentCreateParams,
  PaymentList,
  PaymentListParams,
  PaymentPayoutList,
  PaymentRetrieveParams,
  PayoutBatch,
  PayoutBatchCreateParams,
  PayoutBatchList,
  PayoutBatchListParams,
  PayoutBatchRowList,
  PayoutBatchRowListParams,
  RateList,
  Refund,
  RefundCreateParams,
  RefundList,
  RefundListParams,
  SettlementDestinationList,
  TestBalanceFunded,
  TestBalanceFundParams,
  TestPaymentPaid,
  TestPaymentPayParams,
  TestPayoutFailNextParams,
  TestPayoutFailure,
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
  WebhookPing,
  WebhookReplay,
  WebhookReplayParams,
} from "./types.js";

const id = (value: string) => {
  if (typeof value !== "string" || !value)
    throw new TypeError("An id is needed (a non-empty string).");
  return encodeURIComponent(value);
};

abstract class Resource {
  constructor(protected readonly http: HttpClient) {}

  protected get<T>(path: string, query?: object, options?: RequestOptions) {
    return this.http.request<T>({ method: "GET", path, query, options });
  }

  protected post<T>(path: string, body?: object, options?: RequestOptions) {
    return this.http.request<T>({ method: "POST", path, body, options });
  }

  /**
   * A list that pages with `starting_after` (`for await` walks every page), or back to newer pages
   * with `ending_before` when the query has it.
   */
  protected paged<L extends ListPage<unknown>>(
    path: string,
    query: object = {},
    options?: RequestOptions,
  ) {
    const backward = "ending_before" in query && query.ending_before !== undefined;
    const cursorName = backward ? "ending_before" : "starting_after";
    return new ListPromise<L>(
      (cursor) =>
        this.get<L>(
          path,
          cursor === undefined ? query : { ...query, [cursorName]: cursor },
          options,
        ),
      backward,
    );
  }
}

export class Payments extends Resource {
  /** Locks a KES quote and opens a deposit address (201). */
  create(params: PaymentCreateParams, options?: RequestOptions): Promise<Payment> {
    return this.post("/payments", params, options);
  }

  retrieve(paymentId: string, options?: RequestOptions): Promise<Payment>;
  /** With `expand: ["refunds", "payouts"]`: the payment with its refunds and/or payouts. */
  retrieve(
    paymentId: string,
    params: PaymentRetrieveParams,
    options?: RequestOptions,
  ): Promise<ExpandedPayment>;
  retrieve(
    paymentId: string,
    paramsOrOptions?: PaymentRetrieveParams | RequestOptions,
    options?: RequestOptions,
  ): Promise<ExpandedPayment> {
    const params = paramsOrOptions && "expand" in paramsOrOptions ? paramsOrOptions : undefined;
    const expand = params?.expand?.length ? { "expand[]": params.expand } : undefined;
    return this.get(
      `/payments/${id(paymentId)}`,
      expand,
      params ? options : ((paramsOrOptions as RequestOptions | undefined) ?? options),
    );
  }

  /** Newest first: await it for a page, or `for await` over every payment. */
  list(params: PaymentListParams = {}, options?: RequestOptions) {
    return this.paged<PaymentList>("/payments", params, options);
  }

  /** Only while it awaits the customer (else 409 `payment_not_cancelable`). */
  cancel(paymentId: string, options?: RequestOptions): Promise<Payment> {
    return this.post(`/payments/${id(paymentId)}/cancel`, undefined, options);
  }

  /** The payouts that settled this payment. */
  listPayouts(paymentId: string, options?: RequestOptions) {
    return this.paged<PaymentPayoutList>(`/payments/${id(paymentId)}/payouts`, {}, options);
  }
}

export class Refunds extends Resource {
  create(params: RefundCreateParams, options?: RequestOptions): Promise<Refund> {
    return this.post("/refunds", params, options);
  }

  retrieve(refundId: string, options?: RequestOptions): Promise<Refund> {
    return this.get(`/refunds/${id(refundId)}`, undefined, options);
  }

  /** A payment's refunds, newest first (one page). */
  list(params: RefundListParams, options?: RequestOptions) {
    return this.paged<RefundList>("/refunds", params, options);
  }
}

export class PayoutBatches extends Resource {
  /** A draft batch from `payouts` (a list) or `csv` (a payout file's text). */
  create(params: PayoutBatchCreateParams, options?: RequestOptions): Promise<PayoutBatch> {
    return this.post("/payout_batches", params, options);
  }

  retrieve(batchId: string, options?: RequestOptions): Promise<PayoutBatch> {
    return this.get(`/payout_batches/${id(batchId)}`, undefined, options);
  }

  list(params: PayoutBatchListParams = {}, options?: RequestOptions) {
    return this.paged<PayoutBatchList>("/payout_batches", params, options);
  }

  /** The batch's rows in file order (pages by `line`). */
  listRows(batchId: string, params: PayoutBatchRowListParams = {}, options?: RequestOptions) {
    return this.paged<PayoutBatchRowList>(`/payout_batches/${id(batchId)}/rows`, params, options);
  }

  /** Sends a draft for approval by another member, in the dashboard. */
  submit(batchId: string, options?: RequestOptions): Promise<PayoutBatch> {
    return this.post(`/payout_batches/${id(batchId)}/submit`, undefined, options);
  }
}

export class Balances extends Resource {
  retrieve(options?: RequestOptions): Promise<Balance> {
    return this.get("/balances", undefined, options);
  }
}

export class RatesResource extends Resource {
  /** KES per whole coin for each asset, as quotes use them (one page: every asset). */
  list(options?: RequestOptions) {
    return this.paged<RateList>("/rates", {}, options);
  }
}

export class SettlementDestinations extends Resource {
  list(options?: RequestOptions) {
    return this.paged<SettlementDestinationList>("/settlement_destinations", {}, options);
  }
}

export class Events extends Resource {
  retrieve(eventId: string, options?: RequestOptions): Promise<Event> {
    return this.get(`/events/${id(eventId)}`, undefined, options);
  }

  /** Newest first, kept 30 days: after an outage, walk them to catch up. */
  list(params: EventListParams = {}, options?: RequestOptions) {
    return this.paged<EventList>("/events", params, options);
  }
}

export class WebhookEndpoints extends Resource {
  /** The answer carries the endpoint's `secret`, this once: store it. */
  create(
    params: WebhookEndpointCreateParams,
    options?: RequestOptions,
  ): Promise<WebhookEndpointWithSecret> {
    return this.post("/webhook_endpoints", params, options);
  }

  retrieve(endpointId: string, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.get(`/webhook_endpoints/${id(endpointId)}`, undefined, options);
  }

  list(options?: RequestOptions) {
    return this.paged<WebhookEndpointList>("/webhook_endpoints", {}, options);
  }

  update(
    endpointId: string,
    params: WebhookEndpointUpdateParams,
    options?: RequestOptions,
  ): Promise<WebhookEndpoint> {
    return this.post(`/webhook_endpoints/${id(endpointId)}`, params, options);
  }

  delete(endpointId: string, options?: RequestOptions): Promise<WebhookEndpointDeleted> {
    return this.http.request({
      method: "DELETE",
      path: `/webhook_endpoints/${id(endpointId)}`,
      options,
    });
  }

  /** A new secret; the old one keeps signing alongside it for a while. */
  rotateSecret(endpointId: string, options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this.post(`/webhook_endpoints/${id(endpointId)}/rotate_secret`, undefined, options);
  }

  /** Sends a `ping` event to the endpoint (202). */
  ping(endpointId: string, options?: RequestOptions): Promise<WebhookPing> {
    return this.post(`/webhook_endpoints/${id(endpointId)}/ping`, undefined, options);
  }

  /** Sends past events to the endpoint again (202). */
  replay(
    endpointId: string,
    params: WebhookReplayParams,
    options?: RequestOptions,
  ): Promise<WebhookReplay> {
    return this.post(`/webhook_endpoints/${id(endpointId)}/replay`, params, options);
  }
}

class TestPayments extends Resource {
  /** Pays a test payment as a customer would (crypto by default; `amount` to under/overpay). */
  pay(
    paymentId: string,
    params: TestPaymentPayParams = {},
    options?: RequestOptions,
  ): Promise<TestPaymentPaid> {
    return this.post(`/test_helpers/payments/${id(paymentId)}/pay`, params, options);
  }
}

class TestBalance extends Resource {
  /** Adds test KES to the available balance (for refunds and payouts). */
  fund(params: TestBalanceFundParams, options?: RequestOptions): Promise<TestBalanceFunded> {
    return this.post("/test_helpers/balance/fund", params, options);
  }
}

class TestPayouts extends Resource {
  /** The next test payout that reaches M-Pesa fails there with `reason`, once. */
  failNext(
    params: TestPayoutFailNextParams = {},
    options?: RequestOptions,
  ): Promise<TestPayoutFailure> {
    return this.post("/test_helpers/payouts/fail_next", params, options);
  }
}

class TestPayoutBatches extends Resource {
  /** Approves a submitted test batch, as the second member would in the dashboard. */
  approve(batchId: string, options?: RequestOptions): Promise<PayoutBatch> {
    return this.post(`/test_helpers/payout_batches/${id(batchId)}/approve`, undefined, options);
  }
}

/** Test mode only (an `oh_test_` key; a live key gets 403 `test_mode_only`). */
export class TestHelpers {
  readonly payments: TestPayments;
  readonly balance: TestBalance;
  readonly payouts: TestPayouts;
  readonly payoutBatches: TestPayoutBatches;

  constructor(http: HttpClient) {
    this.payments = new TestPayments(http);
    this.balance = new TestBalance(http);
    this.payouts = new TestPayouts(http);
    this.payoutBatches = new TestPayoutBatches(http);
  }
}
