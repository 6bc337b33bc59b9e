/**
 * The webhook outbox (issue 13, item 4). An event is written in the same transaction as the change
 * that causes it, with one delivery row per enabled endpoint of the merchant (same mode) that
 * subscribes to its type, so no event is lost to a crash between the change and the sending. The
 * delivery worker (core/api/webhooks/) posts the due deliveries; `wakeDeliveries` lets it start at
 * once after the transaction commits instead of at its next poll.
 */
import { and, eq, sql, type Placeholder } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../../drizzle/schema";
import { newId } from "~/core/ids.server";
import { placeholders, prepared } from "~/db/prepared";
import type { Handle } from "~/db/store";
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

/** After the current transaction has committed, wake the worker (once per tick). */
function scheduleWake(): void {
  if (!wake || wakeScheduled) return;
  wakeScheduled = true;
  setImmediate(() => {
    wakeScheduled = false;
    wake?.();
  });
}

/** What `enqueueEvent` is given. */
export interface EventInput {
  merchantId: string;
  mode: ApiMode;
  type: WebhookEventType;
  objectId: string | null;
  data: unknown;
  now: number;
  /** Limits the event to this one endpoint (a test `ping`). */
  endpointId?: string;
}

const eventRow = (input: EventInput): WebhookEvent => ({
  id: newEventId(),
  merchantId: input.merchantId,
  mode: input.mode,
  type: input.type,
  objectId: input.objectId,
  data: JSON.stringify(input.data),
  createdAt: input.now,
});

/** An event's delivery rows: one per enabled endpoint (its merchant's, same mode) taking it. */
function deliveryRows(
  event: WebhookEvent,
  input: EventInput,
  endpoints: readonly { id: string; events: string }[],
) {
  return endpoints
    .filter(
      (endpoint) =>
        (input.endpointId === undefined || endpoint.id === input.endpointId) &&
        subscribes(endpoint.events, input.type),
    )
    .map((endpoint) => ({
      id: newId("whd"),
      eventId: event.id,
      endpointId: endpoint.id,
      status: "pending" as const,
      attempts: 0,
      nextAttemptAt: input.now,
      createdAt: input.now,
    }));
}

const enabledEndpoints = (merchantId: string | Placeholder, mode: ApiMode | Placeholder) =>
  and(
    eq(webhookEndpoints.merchantId, merchantId),
    eq(webhookEndpoints.mode, mode),
    eq(webhookEndpoints.status, "enabled"),
  );

/** The outbox's queries every payment change runs, built once (app/db/prepared.ts). */
const insertEvent = prepared("outbox.insertEvent", (q) =>
  q
    .insert(webhookEvents)
    .values(placeholders("id", "merchantId", "mode", "type", "objectId", "data", "createdAt")),
);
const endpointsTaking = prepared("outbox.endpoints", (q) =>
  q
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(enabledEndpoints(sql.placeholder("merchantId"), sql.placeholder("mode"))),
);

/**
 * Write an event and its deliveries, in the caller's write. `endpointId` limits it to one endpoint
 * (a test `ping`). Returns the event.
 */
export async function enqueueEvent(q: Handle, input: EventInput): Promise<WebhookEvent> {
  const event = eventRow(input);
  // Started in order, awaited together: one round trip on PostgreSQL (pipelined, ADR 0048).
  const [, endpoints] = await Promise.all([
    insertEvent(q).run(event),
    endpointsTaking(q).all({ merchantId: input.merchantId, mode: input.mode }),
  ]);
  const deliveries = deliveryRows(event, input, endpoints);
  if (deliveries.length > 0) {
    await q.insert(webhookDeliveries).values(deliveries);
    scheduleWake();
  }
  return event;
}

const paymentEvent = (
  payment: PaymentRow & { merchantId: string },
  type: WebhookEventType,
  now: number,
): EventInput => ({
  merchantId: payment.merchantId,
  mode: payment.mode,
  type,
  objectId: payment.id,
  data: { object: paymentObject(payment) },
  now,
});

/** A payment's event, its data the payment as it is now, in the caller's write. */
export function enqueuePaymentEvent(
  q: Handle,
  payment: PaymentRow & { merchantId: string },
  type: WebhookEventType,
  now: number,
): Promise<WebhookEvent> {
  return enqueueEvent(q, paymentEvent(payment, type, now));
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
