/**
 * The API's objects and parameters, derived from the generated OpenAPI types
 * (./generated/openapi.ts) by path and method, never written by hand: when the document changes
 * (a new field, an enum, the Event union's variants), these follow at the next `generate`.
 */
import type { components, paths } from "./generated/openapi.js";

export type { components, paths };

/** Every named schema of the document: `Schemas["Payment"]`. */
export type Schemas = components["schemas"];

type Method = "get" | "post" | "delete";

/** The operation at a path and method of the document (never when there is none). */
export type Operation<P extends string, M extends Method> = P extends keyof paths
  ? NonNullable<paths[P][M]>
  : never;

type JsonOf<C> = C extends { content: { "application/json": infer B } } ? B : never;

/** The JSON body of an operation's success (2xx) answer. */
export type ResponseOf<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<R[S]> : never }[keyof R]
  : never;

/** The JSON request body of an operation (never when it takes none). */
export type BodyOf<O> = O extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

/** The query parameters of an operation (never when it takes none). */
export type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** What `path` answers to `method`. */
type Answer<P extends keyof paths, M extends Method> = ResponseOf<Operation<P, M>>;
/** The JSON body `path` takes with `method`. */
type Body<P extends keyof paths, M extends Method> = BodyOf<Operation<P, M>>;
type Query<P extends keyof paths> = QueryOf<Operation<P, "get">>;
/** One item of a list answer. */
type ItemOf<L> = L extends { data: (infer T)[] } ? T : never;

// Lists (awaited: one page; iterated: every item).
export type PaymentList = Answer<"/payments", "get">;
export type PaymentPayoutList = Answer<"/payments/{id}/payouts", "get">;
export type RefundList = Answer<"/refunds", "get">;
export type EventList = Answer<"/events", "get">;
export type PayoutBatchList = Answer<"/payout_batches", "get">;
export type PayoutBatchRowList = Answer<"/payout_batches/{id}/rows", "get">;
export type SettlementDestinationList = Answer<"/settlement_destinations", "get">;
export type WebhookEndpointList = Answer<"/webhook_endpoints", "get">;
export type RateList = Answer<"/rates", "get">;

// Objects.
export type Payment = Answer<"/payments", "post">;
/** A payment read with `expand`: its `refunds` and/or `payouts` as well. */
export type ExpandedPayment = Answer<"/payments/{id}", "get">;
export type Refund = Answer<"/refunds/{id}", "get">;
export type Event = Answer<"/events/{id}", "get">;
export type Balance = Answer<"/balances", "get">;
export type Rate = ItemOf<RateList>;
export type PaymentPayout = ItemOf<PaymentPayoutList>;
export type SettlementDestination = ItemOf<SettlementDestinationList>;
export type WebhookEndpoint = Answer<"/webhook_endpoints/{id}", "get">;
/** A new endpoint, or one whose secret was just rotated: the secret is shown this once. */
export type WebhookEndpointWithSecret = Answer<"/webhook_endpoints", "post">;
export type PayoutBatch = Answer<"/payout_batches/{id}", "get">;
export type PayoutBatchRow = ItemOf<PayoutBatchRowList>;
/** The `error` of an error answer (as the document's `Error` schema says, when it has one). */
export type ApiErrorBody = Schemas extends { Error: { error: infer E } }
  ? E
  : { type: string; code: string; message: string; param: string | null; request_id: string };

/** Every event type the document names (a string while it names none). */
export type EventType = Event["type"];
/** The event of one type (the whole union while the document does not tell them apart). */
export type EventOf<T extends EventType> = [Extract<Event, { type: T }>] extends [never]
  ? Event
  : Extract<Event, { type: T }>;

// Parameters.
export type PaymentCreateParams = Body<"/payments", "post">;
export type PaymentListParams = Query<"/payments">;
/** What `expand` may name on a payment read by id. */
export type PaymentExpandable = NonNullable<Query<"/payments/{id}">["expand[]"]>[number];
export interface PaymentRetrieveParams {
  /** Add the payment's `refunds` and/or `payouts` to the answer (`expand[]` in the query). */
  expand?: PaymentExpandable[];
}
export type RefundCreateParams = Body<"/refunds", "post">;
export type RefundListParams = Query<"/refunds">;
export type EventListParams = Query<"/events">;
export type PayoutBatchCreateParams = Body<"/payout_batches", "post">;
export type PayoutBatchListParams = Query<"/payout_batches">;
export type PayoutBatchRowListParams = Query<"/payout_batches/{id}/rows">;
export type WebhookEndpointCreateParams = Body<"/webhook_endpoints", "post">;
export type WebhookEndpointUpdateParams = Body<"/webhook_endpoints/{id}", "post">;
export type WebhookReplayParams = Body<"/webhook_endpoints/{id}/replay", "post">;

// Answers that are not one of the objects above.
export type WebhookEndpointDeleted = Answer<"/webhook_endpoints/{id}", "delete">;
export type WebhookPing = Answer<"/webhook_endpoints/{id}/ping", "post">;
export type WebhookReplay = Answer<"/webhook_endpoints/{id}/replay", "post">;

// Test mode's helpers.
export type TestPaymentPayParams = Body<"/test_helpers/payments/{id}/pay", "post">;
export type TestBalanceFundParams = Body<"/test_helpers/balance/fund", "post">;
export type TestPayoutFailNextParams = Body<"/test_helpers/payouts/fail_next", "post">;
export type TestPaymentPaid = Answer<"/test_helpers/payments/{id}/pay", "post">;
export type TestBalanceFunded = Answer<"/test_helpers/balance/fund", "post">;
export type TestPayoutFailure = Answer<"/test_helpers/payouts/fail_next", "post">;
