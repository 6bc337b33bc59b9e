/**
 * The merchant API (issue 13): API keys, idempotency records, webhook endpoints, the event outbox
 * and its deliveries. Every merchant-owned row carries its `mode` (test or live): test data never
 * mixes with live data (core/api/mode.server.ts filters in one place).
 */
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { bigintInteger } from "./ledger";
import { merchants, merchantUsers } from "./merchants";
// The vocabulary lives in core (isomorphic); the schema only builds its columns from it (ADR 0020).
import {
  apiModes,
  idempotencyStates,
  webhookDeliveryStatuses,
  webhookEndpointStatuses,
} from "../../app/core/api/vocabulary";

export const apiKeys = sqliteTable(
  "api_keys",
  {
    /** key_… (internal; never the secret). */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    mode: text("mode", { enum: apiModes }).notNull(),
    name: text("name").notNull(),
    /** The start of the key as shown in lists (oh_test_AbCd…); not enough to use it. */
    prefix: text("prefix").notNull(),
    /** SHA-256 (hex) of the whole key: the key itself is shown once and never stored. */
    secretHash: text("secret_hash").notNull().unique(),
    /** JSON array of scopes (core/api/vocabulary.ts). */
    scopes: text("scopes").notNull(),
    /** The team member who created it; null when created by `npm run apikey:create`. */
    createdBy: text("created_by").references(() => merchantUsers.id),
    createdAt: integer("created_at").notNull(),
    /** Written at most once a minute per key. */
    lastUsedAt: integer("last_used_at"),
    expiresAt: integer("expires_at"),
    revokedAt: integer("revoked_at"),
    revokedBy: text("revoked_by"),
    /**
     * The dated API version the key is pinned to (core/api/versions.ts): the current one when it
     * was made; `OneHop-Version` overrides it per request.
     */
    apiVersion: text("api_version").notNull().default("2026-12-01"),
  },
  (table) => [index("api_keys_merchant_idx").on(table.merchantId, table.mode, table.createdAt)],
);

/**
 * One `Idempotency-Key` per merchant and mode, kept 24 h: the request's fingerprint and, once done,
 * the stored response (written in the same transaction as the effect).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    mode: text("mode", { enum: apiModes }).notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request answers 422. */
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: idempotencyStates }).notNull(),
    /** While running: when a crashed request's claim lapses (then a retry may run it again). */
    lockedUntil: integer("locked_until"),
    /**
     * While running: the server process answering it (`onehop <pid>@<host>`, ADR 0047). A retry
     * takes the claim over at once when that process is gone (a kill -9), not after the lapse.
     */
    holder: text("holder"),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.mode, table.key] }),
    index("idempotency_keys_expires_idx").on(table.expiresAt),
  ],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    /** we_… */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    mode: text("mode", { enum: apiModes }).notNull(),
    url: text("url").notNull(),
    description: text("description"),
    /** JSON array of event types (core/api/vocabulary.ts), or ["*"] for all. */
    events: text("events").notNull(),
    /** The signing secret (whsec_…), sealed with AES-256-GCM. */
    secretSealed: text("secret_sealed").notNull(),
    /** After a rotation: the old secret, still signing beside the new one until it lapses. */
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: integer("previous_secret_expires_at"),
    status: text("status", { enum: webhookEndpointStatuses }).notNull(),
    /** First failure of the current run of failures (cleared by a success). */
    failingSince: integer("failing_since"),
    disabledAt: integer("disabled_at"),
    disabledReason: text("disabled_reason"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [index("webhook_endpoints_merchant_idx").on(table.merchantId, table.mode)],
);

/**
 * The outbox: one row per event, written in the same transaction as the change that causes it.
 * `data` is the object as it was then (the API's JSON), so a late delivery says what happened.
 */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    /** evt_… : stable across retries (receivers dedupe by it). */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    mode: text("mode", { enum: apiModes }).notNull(),
    type: text("type").notNull(),
    /** The object the event is about (pay_…), if any. */
    objectId: text("object_id"),
    data: text("data").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("webhook_events_merchant_created_idx").on(table.merchantId, table.mode, table.createdAt),
  ],
);

/** One event to one endpoint: attempted until it succeeds or its 3 days run out. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    status: text("status", { enum: webhookDeliveryStatuses }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at"),
    /** A sender's claim while it posts (so two workers never post the same delivery at once). */
    leaseUntil: integer("lease_until"),
    lastAttemptAt: integer("last_attempt_at"),
    /** HTTP status of the last answer, null after a network error or timeout. */
    lastResponseStatus: integer("last_response_status"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_event_endpoint_idx").on(table.eventId, table.endpointId),
    index("webhook_deliveries_due_idx").on(table.status, table.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
  ],
);

/** Every attempt, for the delivery log: what was sent, what came back, how long it took. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    at: integer("at").notNull(),
    /** The OneHop-Signature header sent. */
    signature: text("signature").notNull(),
    responseStatus: integer("response_status"),
    /** First 500 characters of the answer (or the error). */
    responseExcerpt: text("response_excerpt"),
    latencyMs: integer("latency_ms").notNull(),
    error: text("error"),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.at)],
);

/**
 * A reusable payment link (issue 13, item 6): each visitor who opens it gets a fresh payment (a
 * fixed amount, or one they enter within the limits).
 */
export const paymentLinks = sqliteTable(
  "payment_links",
  {
    /** lnk_ + readable code; the public URL is /pay/link/{id}. */
    id: text("id").primaryKey(),
    merchantId: text("merchant_id")
      .notNull()
      .references(() => merchants.id),
    mode: text("mode", { enum: apiModes }).notNull(),
    /** What the customer pays for, shown on the link's page. */
    title: text("title").notNull(),
    description: text("description"),
    /** KES cents; null: the customer enters the amount. */
    amountKesCents: bigintInteger("amount_kes_cents"),
    /** The asset to pay with; null: the customer chooses. */
    asset: text("asset", { enum: ["BTC", "ETH", "USDT", "USDC"] }),
    successUrl: text("success_url"),
    cancelUrl: text("cancel_url"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdBy: text("created_by").references(() => merchantUsers.id),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("payment_links_merchant_idx").on(table.merchantId, table.mode, table.createdAt),
  ],
);
