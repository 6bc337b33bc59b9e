/**
 * The shapes of the API's HTTP layer: a route (method, path, what it reads, what it answers, the
 * scope it needs, its handler), the context a handler gets, and what it returns. One route table
 * (routes.server.ts) serves the requests AND generates the OpenAPI document.
 */
import type { ZodTypeAny, z } from "zod";
import type { ApiKeyAuth } from "~/core/api/keys.server";
import type { ApiScope } from "~/core/api/vocabulary";
import type { WebhookUrlPolicy } from "~/core/api/webhooks/url-rules";
import type { DisbursementsService } from "~/core/disbursements/service.server";
import type { PaymentsService } from "~/core/payments/service.server";
import type { RefundsService } from "~/core/refunds/service.server";
import type { RatesView } from "~/core/rates/read-rates.server";
import type { Handle, Store } from "~/db/store";

/** What the application gives the API (the composition place fills it; tests their own). */
export interface ApiDeps {
  /** The store (ADR 0041): the API's own queries (keys, idempotency, its reads). */
  store: Store;
  payments: () => PaymentsService;
  /** Payout batches (issue 15). */
  disbursements: () => DisbursementsService;
  /** Refunds of payments (issue 15, item 5). */
  refunds: () => RefundsService;
  rates: () => RatesView;
  /** The public site, for absolute checkout links: `https://onehop.co.ke`. */
  siteUrl: string;
  /** Whether test keys can create payments here (the simulators run in this process). */
  testModeAvailable: () => boolean;
  /**
   * The test helpers' hands on the simulators test mode runs on in this process (issue 32), or
   * null when test mode runs on the providers' sandboxes or not at all (the helpers answer 503).
   */
  testSimulation?: () => TestSimulation | null;
  /** Which webhook URLs may be registered here (the loopback allowance of simulator mode). */
  webhookUrlPolicy: WebhookUrlPolicy;
  /** Requests per second per key. */
  rateLimitPerSecond: number;
  now?: () => number;
}

/** Why a test payout fails at the rail when a test helper arms it (issue 32). */
export const testPayoutFailureReasons = ["invalid_account", "insufficient_funds"] as const;
export type TestPayoutFailureReason = (typeof testPayoutFailureReasons)[number];

/**
 * What the test helpers do to the simulators (the wiring builds it on the running ones; tests on
 * theirs). Only test mode's: nothing here touches live data.
 */
export interface TestSimulation {
  /**
   * The custody simulator sends `amount` (a decimal string) of `assetId` to `address`, then adds
   * `confirmations` (0: none); resolves once its webhooks have reached us.
   */
  sendDeposit(input: {
    address: string;
    amount: string;
    assetId: string;
    confirmations: number;
  }): Promise<void>;
  /** The M-Pesa simulator answers its pending PIN prompts now (their callbacks delivered). */
  answerMpesaPrompts(): Promise<void>;
  /**
   * The merchant's next test payout that reaches a rail (M-Pesa B2C) fails there with `reason`,
   * once. Kept in memory: a restart forgets it.
   */
  armPayoutFailure(merchantId: string, reason: TestPayoutFailureReason): void;
}

/** An incoming request, its body already read within the limit. */
export interface ApiRequest {
  method: string;
  /** Path and query as sent: `/api/v1/payments?limit=5`. */
  url: string;
  /** Lower-case names. */
  header(name: string): string | undefined;
  body: string;
  /**
   * The client's address (the socket's, or the trusted proxies' X-Forwarded-For), for throttling
   * failed key checks (key-failures.server.ts); absent or null when not known.
   */
  clientAddress?: string | null;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ApiResult {
  status: number;
  body: unknown;
}

export interface ApiContext<Q = unknown, B = unknown> {
  deps: ApiDeps;
  store: Store;
  key: ApiKeyAuth;
  params: Record<string, string>;
  query: Q;
  body: B;
  requestId: string;
  now: number;
  /** The dated API version of this request: its `OneHop-Version`, else its key's. */
  version: string;
  /** The request's Idempotency-Key (claimed for it), or null when it sent none. */
  idempotencyKey: string | null;
  /**
   * Store this response for the request's idempotency key inside the effect's transaction (`q`,
   * its handle; a no-op without a key). Await it, with what the handler then returns.
   */
  storeResponse(q: Handle, result: ApiResult): Promise<void>;
}

export interface ApiRouteDoc {
  operationId: string;
  summary: string;
  description?: string;
  tag:
    | "Payments"
    | "Refunds"
    | "Events"
    | "Balances"
    | "Rates"
    | "Webhook endpoints"
    | "Payout batches"
    | "Test helpers";
  /** Path parameters and their schema (documented). */
  params?: Record<string, ZodTypeAny>;
  /** Success status and schema. */
  response: { status: number; description: string; schema: ZodTypeAny };
  /** Error statuses this route can answer (documented with the error schema). */
  errors: number[];
  /** An example request body for the docs. */
  example?: unknown;
}

export interface ApiRoute<Q extends ZodTypeAny = ZodTypeAny, B extends ZodTypeAny = ZodTypeAny> {
  method: "GET" | "POST" | "DELETE";
  /** OpenAPI style: `/payments/{id}`. */
  path: string;
  scope: ApiScope;
  /** Largest body this route reads, when not the API's MAX_BODY_BYTES (413 past it, unread). */
  maxBodyBytes?: number;
  /**
   * Heavy work (a payout file): at most HEAVY_PER_CALLER such requests per key at once, the next
   * refused at once with 429 (utils/heavy-work.server.ts).
   */
  heavy?: boolean;
  /**
   * Validates the JSON body instead of `body` (which still documents it), for a body too big to
   * check in one go: a slice at a time, throwing the same ApiError `body` would.
   */
  parseBody?: (value: unknown) => Promise<z.infer<B>>;
  /** No body at all is read as `{}` (every field of `body` optional). */
  bodyOptional?: boolean;
  /**
   * Test keys only (the test helpers): a live key is refused with 403 `test_mode_only` before its
   * body or Idempotency-Key is read.
   */
  testOnly?: boolean;
  query?: Q;
  body?: B;
  doc: ApiRouteDoc;
  handle(context: ApiContext<z.infer<Q>, z.infer<B>>): ApiResult | Promise<ApiResult>;
}

/** Keep each route's handler typed by its own schemas. */
export const defineRoute = <Q extends ZodTypeAny = ZodTypeAny, B extends ZodTypeAny = ZodTypeAny>(
  route: ApiRoute<Q, B>,
): ApiRoute => route as unknown as ApiRoute;
