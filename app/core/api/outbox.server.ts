/**
 * The webhook outbox (issue 13, item 4). An event is written in the same transaction as the change
 * that causes it, with one delivery row per enabled endpoint of the merchant (same mode) that
 * subscribes to its type, so no event is lost to a crash between the change and the sending. The
 * delivery worker (core/api/webhooks/) posts the due deliveries; `wakeDeliveries` lets it start at
 * once after the transaction commits instead of at its next poll.
 */
import { and, eq, sql } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../drizzle/schema";
import { newId } from "~/core/ids.server";
import type { DbOrTx } from "~/utils/db.server";
import { placeholders, preparedPerDb } from "~/utils/prepared.server";
import { paymentObject, withSiteUrl, type PaymentRow } from "./payment-object";
import type { ApiMode, WebhookEventType } from "./vocabulary";

export type WebhookEvent = typeof webhookEvents.$inferSelect;

export const newEventId = () => newId("evt");

/** Whether an endpoint's subscription list (JSON array, or ["*"]) takes this event type. */
export function subscribes(events: string, type: string): boolean {
  const list = JSON.parse(events) as string[];
  return type === "ping" || list.includes("*") || list.includes(type);
}

let wake: (() => void) | null = null;
let wakeScheduled = false;

/** The delivery worker registers itself here to be woken when events are written. */
export function onEventsWritten(listener: (() => void) | null): void {
  wake = listener;
}

/** After the current synchronous transaction has committed, wake the worker (once per tick). */
function scheduleWake(): void {
  if (!wake || wakeScheduled) return;
  wakeScheduled = true;
  setImmediate(() => {
    wakeScheduled = false;
    wake?.();
  });
}

/**
 * The outbox's writes, prepared once per handle: every payment change writes an event (pass the
 * root handle inside a transaction to reuse them; a transaction handle prepares its own).
 */
const statements = preparedPerDb((db: DbOrTx) => ({
  insertEvent: db
    .insert(webhookEvents)
    .values(placeholders("id", "merchantId", "mode", "type", "objectId", "data", "createdAt"))
    .prepare(),
  endpoints: db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.merchantId, sql.placeholder("merchantId")),
        eq(webhookEndpoints.mode, sql.placeholder("mode")),
        eq(webhookEndpoints.status, "enabled"),
      ),
    )
    .prepare(),
  insertDelivery: db
    .insert(webhookDeliveries)
    .values({
      ...placeholders("id", "eventId", "endpointId", "nextAttemptAt", "createdAt"),
      status: "pending",
      attempts: 0,
    })
    .prepare(),
}));

/**
 * Write an event and its deliveries. `endpointId` limits it to one endpoint (a test `ping`).
 * Returns the event.
 */
export function enqueueEvent(
  db: DbOrTx,
  input: {
    merchantId: string;
    mode: ApiMode;
    type: WebhookEventType;
    objectId: string | null;
    data: unknown;
    now: number;
    endpointId?: string;
  },
): WebhookEvent {
  const event: WebhookEvent = {
    id: newEventId(),
    merchantId: input.merchantId,
    mode: input.mode,
    type: input.type,
    objectId: input.objectId,
    data: JSON.stringify(input.data),
    createdAt: input.now,
  };
  statements(db).insertEvent.run(event);
  const endpoints = statements(db)
    .endpoints.all({ merchantId: input.merchantId, mode: input.mode })
    .filter(
      (endpoint) =>
        (input.endpointId === undefined || endpoint.id === input.endpointId) &&
        subscribes(endpoint.events, input.type),
    );
  for (const endpoint of endpoints) {
    statements(db).insertDelivery.run({
      id: newId("whd"),
      eventId: event.id,
      endpointId: endpoint.id,
      nextAttemptAt: input.now,
      createdAt: input.now,
    });
  }
  if (endpoints.length > 0) scheduleWake();
  return event;
}

/** A payment's event, its data the payment as it is now. */
export function enqueuePaymentEvent(
  db: DbOrTx,
  payment: PaymentRow & { merchantId: string },
  type: WebhookEventType,
  now: number,
): WebhookEvent {
  return enqueueEvent(db, {
    merchantId: payment.merchantId,
    mode: payment.mode,
    type,
    objectId: payment.id,
    data: { object: paymentObject(payment) },
    now,
  });
}

/**
 * The event as the API and webhooks show it. Deterministic for a row and a site: every retry of a
 * delivery posts the same bytes.
 */
export function eventObject(event: WebhookEvent, siteUrl: string) {
  const data = JSON.parse(event.data) as { object?: { checkout_url?: string } };
  return {
    id: event.id,
    object: "event" as const,
    type: event.type,
    api_version: "v1" as const,
    livemode: event.mode === "live",
    created_at: new Date(event.createdAt).toISOString(),
    data: data.object ? { ...data, object: withSiteUrl(data.object, siteUrl) } : data,
  };
}
