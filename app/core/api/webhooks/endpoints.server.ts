/**
 * Webhook endpoints (issue 13, item 4): what the Developers > Webhooks pages and the API's
 * /api/v1/webhook_endpoints call. Every read and change is scoped by merchant AND mode: another
 * merchant's endpoint, or one of the other mode through an API key, is "not found".
 *
 * - The signing secret (`whsec_…`) is returned once, by create and rotate, and stored sealed
 *   (AES-256-GCM, the two-factor sealing key). A rotation keeps the old secret signing beside the
 *   new one for 24 h (both `v1=` in the header, new first).
 * - URLs follow url-rules.ts, and a host name must resolve to public addresses only (checked here
 *   and again by the delivery worker on every connection, so a later DNS change cannot reach us).
 * - Disabling an endpoint (the merchant, or 3 days of failures) marks its pending deliveries
 *   failed ("Endpoint disabled"): nothing piles up while it is off. After re-enabling, "Replay all
 *   since …" sends what it missed.
 * - Deleting removes the endpoint with its deliveries and attempts (the URL and the secret are
 *   gone, as the merchant asked). The events themselves stay (GET /api/v1/events); to keep the
 *   delivery log, disable instead.
 * - Resend and replay put deliveries back to pending with a fresh 3-day retry window.
 */
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { LookupAddress } from "node:dns";
import {
  merchants,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../../../drizzle/schema";
import { openSecret, sealSecret } from "~/core/accounts/totp.server";
import { newId } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { addressRefusal, canonicalHost, withCanonicalHost } from "~/utils/outbound-address";
import { systemResolve, type ResolveHost } from "~/utils/outbound-address.server";
import { totpSealingKey } from "~/utils/two-factor-key.server";
import { enqueueEvent, type WebhookEvent } from "../outbox.server";
import type { ApiMode, WebhookDeliveryStatus, WebhookEndpointStatus } from "../vocabulary";
import {
  descriptionSchema,
  eventsSchema,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_REPLAY_CAP,
  WEBHOOK_SECRET_OVERLAP_MS,
} from "./endpoint-input";
import { newWebhookSecret } from "./signature.server";
import { loopbackAllowed, webhookUrlProblem, type WebhookUrlPolicy } from "./url-rules";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** Whose endpoints: a merchant and a mode (an API key's), or both modes (the dashboard: null). */
export interface EndpointScope {
  merchantId: string;
  mode: ApiMode | null;
}

/** How URLs are checked: the loopback allowance (wiring) and the resolver (tests inject one). */
export interface UrlCheckOptions {
  policy: WebhookUrlPolicy;
  resolve?: ResolveHost;
}

export interface WebhookEndpointView {
  id: string;
  mode: ApiMode;
  url: string;
  description: string | null;
  /** Event types, or ["*"]. */
  events: string[];
  status: WebhookEndpointStatus;
  failingSince: number | null;
  disabledAt: number | null;
  disabledReason: string | null;
  /** While a rotated-out secret still signs: when it stops. */
  previousSecretExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export function endpointView(row: WebhookEndpointRow, now = Date.now()): WebhookEndpointView {
  const overlap =
    row.previousSecretSealed && (row.previousSecretExpiresAt ?? 0) > now
      ? row.previousSecretExpiresAt
      : null;
  return {
    id: row.id,
    mode: row.mode,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    status: row.status,
    failingSince: row.failingSince,
    disabledAt: row.disabledAt,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: overlap,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The endpoint as the API shows it (snake_case, ISO times; never the secret). */
export function webhookEndpointObject(view: WebhookEndpointView) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: view.id,
    object: "webhook_endpoint" as const,
    livemode: view.mode === "live",
    url: view.url,
    description: view.description,
    enabled_events: view.events,
    status: view.status,
    failing_since: iso(view.failingSince),
    disabled_reason: view.disabledReason,
    created_at: iso(view.createdAt)!,
  };
}

/** The secrets that sign now: the current one, then a rotated-out one during its overlap. */
export function signingSecrets(row: WebhookEndpointRow, now: number, key = totpSealingKey()) {
  const secrets = [openSecret(row.secretSealed, key)];
  if (row.previousSecretSealed && (row.previousSecretExpiresAt ?? 0) > now)
    secrets.push(openSecret(row.previousSecretSealed, key));
  return secrets;
}

function scoped(scope: EndpointScope, id: string) {
  return and(
    eq(webhookEndpoints.id, id),
    eq(webhookEndpoints.merchantId, scope.merchantId),
    scope.mode ? eq(webhookEndpoints.mode, scope.mode) : undefined,
  );
}

async function findRow(
  q: Handle,
  scope: EndpointScope,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  if (id.length > 64) return undefined;
  return first(q.select().from(webhookEndpoints).where(scoped(scope, id)).limit(1));
}

/** A refusal: `field` names the input at fault (null: the request as a whole). */
export interface Problem {
  ok: false;
  field: "url" | "description" | "events" | null;
  message: string;
  /** The endpoint (or delivery, event) is not the scope's: answer 404. */
  notFound?: true;
}
type FieldProblem = Problem;
type NotFound = Problem;

const NOT_FOUND: NotFound = {
  ok: false,
  field: null,
  message: "No such webhook endpoint.",
  notFound: true,
};

const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * The URL rules (url-rules.ts) and, for a host name, DNS: every address it resolves to must be
 * public. Returns the normalised URL or what is wrong, in the merchant's words.
 */
export async function checkWebhookUrl(
  value: string,
  mode: ApiMode,
  options: UrlCheckOptions,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const problem = webhookUrlProblem(value, mode, options.policy);
  if (problem) return { ok: false, message: problem };
  // Checked and stored in one spelling: `http://0x7f.1:9/` is `http://127.0.0.1:9/`.
  const url = withCanonicalHost(new URL(value.trim()));
  const host = canonicalHost(url.hostname);
  const literal = addressRefusal(host) !== "not_an_address";
  if (!literal && !loopbackAllowed(url, mode, options.policy)) {
    const resolve = options.resolve ?? systemResolve;
    let addresses: readonly LookupAddress[];
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("timeout")), RESOLVE_TIMEOUT_MS);
        }),
      ]);
    } catch {
      return { ok: false, message: `We could not find ${host}: check the address.` };
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0)
      return { ok: false, message: `We could not find ${host}: check the address.` };
    if (addresses.some(({ address }) => addressRefusal(address) !== null))
      return {
        ok: false,
        message: `${host} points to a local or private network address: use your server's public address.`,
      };
  }
  return { ok: true, url: url.toString() };
}

export interface CreateEndpointInput {
  merchantId: string;
  mode: ApiMode;
  url: string;
  description?: string | null;
  /** Event types or ["*"]. */
  events: readonly string[];
  now: number;
}

/**
 * Register an endpoint. Returns it with its signing secret: the only time the secret is shown.
 */
export async function createWebhookEndpoint(
  store: Store,
  input: CreateEndpointInput,
  options: UrlCheckOptions,
): Promise<{ ok: true; endpoint: WebhookEndpointView; secret: string } | FieldProblem> {
  const description = descriptionSchema.safeParse(input.description ?? "");
  if (!description.success)
    return { ok: false, field: "description", message: description.error.issues[0]!.message };
  const events = eventsSchema.safeParse(input.events);
  if (!events.success)
    return { ok: false, field: "events", message: events.error.issues[0]!.message };
  const url = await checkWebhookUrl(input.url, input.mode, options);
  if (!url.ok) return { ok: false, field: "url", message: url.message };
  const secret = newWebhookSecret();
  const row: WebhookEndpointRow = {
    id: newId("we"),
    merchantId: input.merchantId,
    mode: input.mode,
    url: url.url,
    description: description.data === "" ? null : description.data,
    events: JSON.stringify(events.data),
    secretSealed: sealSecret(secret, totpSealingKey()),
    previousSecretSealed: null,
    previousSecretExpiresAt: null,
    status: "enabled",
    failingSince: null,
    disabledAt: null,
    disabledReason: null,
    createdAt: input.now,
    updatedAt: input.now,
  };
  // Check the limit, then write: one write. The merchant's row is locked first (a lock on the
  // endpoints counted would not stop a concurrent insert), so two creations count in turn.
  const created = await store.write(async (q) => {
    await store.forUpdate(
      q.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId)),
    );
    const count = await first(
      q
        .select({ n: sql<number>`count(*)` })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.merchantId, input.merchantId),
            eq(webhookEndpoints.mode, input.mode),
          ),
        )
        .limit(1),
    );
    if ((count?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) return false;
    await q.insert(webhookEndpoints).values(row);
    return true;
  });
  if (!created)
    return {
      ok: false,
      field: "url",
      message: `You already have ${WEBHOOK_ENDPOINTS_MAX} ${input.mode} endpoints: delete one you no longer use first.`,
    };
  return { ok: true, endpoint: endpointView(row, input.now), secret };
}

/** The merchant's endpoints (of the scope's mode, or both), newest first. */
export async function listWebhookEndpoints(
  store: Store,
  scope: EndpointScope,
  now = Date.now(),
): Promise<WebhookEndpointView[]> {
  const rows = await store.read((q) =>
    q
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.merchantId, scope.merchantId),
          scope.mode ? eq(webhookEndpoints.mode, scope.mode) : undefined,
        ),
      )
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)),
  );
  return rows.map((row) => endpointView(row, now));
}

export async function getWebhookEndpoint(
  store: Store,
  scope: EndpointScope,
  id: string,
  now = Date.now(),
): Promise<WebhookEndpointView | null> {
  const row = await store.read((q) => findRow(q, scope, id));
  return row ? endpointView(row, now) : null;
}

/** Mark an endpoint's pending deliveries failed (it was disabled or deleted). */
async function failPending(
  q: Handle,
  endpointId: string,
  reason: string,
  now: number,
): Promise<number> {
  const failed = await q
    .update(webhookDeliveries)
    .set({
      status: "failed",
      completedAt: now,
      leaseUntil: null,
      nextAttemptAt: null,
      lastError: reason,
    })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")),
    )
    .returning({ id: webhookDeliveries.id });
  return failed.length;
}

export const DISABLED_BY_MERCHANT = "Disabled by you.";
export const DELIVERY_STOPPED = "Endpoint disabled: not sent.";

/** Disable an endpoint now (the row must exist): its pending deliveries stop. */
export async function disableEndpointRow(
  q: Handle,
  endpointId: string,
  reason: string,
  now: number,
): Promise<void> {
  await q
    .update(webhookEndpoints)
    .set({ status: "disabled", disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(eq(webhookEndpoints.id, endpointId));
  await failPending(q, endpointId, DELIVERY_STOPPED, now);
}

export interface UpdateEndpointInput {
  url?: string;
  description?: string | null;
  events?: readonly string[];
  /** "enabled" re-enables (clears the failure run); "disabled" stops deliveries. */
  status?: WebhookEndpointStatus;
  now: number;
}

/** Change an endpoint. Not found (another merchant's, another mode's) is `notFound`. */
export async function updateWebhookEndpoint(
  store: Store,
  scope: EndpointScope,
  id: string,
  input: UpdateEndpointInput,
  options: UrlCheckOptions,
): Promise<{ ok: true; endpoint: WebhookEndpointView } | FieldProblem | NotFound> {
  const existing = await store.read((q) => findRow(q, scope, id));
  if (!existing) return NOT_FOUND;
  const changes: Partial<WebhookEndpointRow> = { updatedAt: input.now };
  if (input.description !== undefined) {
    const description = descriptionSchema.safeParse(input.description ?? "");
    if (!description.success)
      return { ok: false, field: "description", message: description.error.issues[0]!.message };
    changes.description = description.data === "" ? null : description.data;
  }
  if (input.events !== undefined) {
    const events = eventsSchema.safeParse(input.events);
    if (!events.success)
      return { ok: false, field: "events", message: events.error.issues[0]!.message };
    changes.events = JSON.stringify(events.data);
  }
  if (input.url !== undefined) {
    const url = await checkWebhookUrl(input.url, existing.mode, options);
    if (!url.ok) return { ok: false, field: "url", message: url.message };
    changes.url = url.url;
  }
  // The URL's DNS check (above) is done before the write: no network wait inside it.
  const row = await store.write(async (q) => {
    const current = await findRow(q, scope, id);
    if (!current) return null;
    if (input.status === "enabled" && current.status !== "enabled") {
      Object.assign(changes, {
        status: "enabled",
        disabledAt: null,
        disabledReason: null,
        failingSince: null,
      });
    }
    await q.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id));
    if (input.status === "disabled" && current.status !== "disabled")
      await disableEndpointRow(q, id, DISABLED_BY_MERCHANT, input.now);
    return (await findRow(q, scope, id)) ?? null;
  });
  return row ? { ok: true, endpoint: endpointView(row, input.now) } : NOT_FOUND;
}

/** Delete an endpoint with its delivery log (the events stay). False when not found. */
export function deleteWebhookEndpoint(
  store: Store,
  scope: EndpointScope,
  id: string,
): Promise<boolean> {
  return store.write(async (q) => {
    if (!(await findRow(q, scope, id))) return false;
    const deliveryIds = q
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, id));
    await q.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds));
    await q.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    await q.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return true;
  });
}

/**
 * A new signing secret, returned once. The current one keeps signing beside it until
 * `previousSecretExpiresAt` (24 h); a rotation during an overlap drops the oldest secret.
 */
export async function rotateWebhookSecret(
  store: Store,
  scope: EndpointScope,
  id: string,
  now: number,
): Promise<{ ok: true; secret: string; previousSecretExpiresAt: number } | NotFound> {
  const secret = newWebhookSecret();
  const expiresAt = now + WEBHOOK_SECRET_OVERLAP_MS;
  const done = await store.write(async (q) => {
    const row = await findRow(q, scope, id);
    if (!row) return false;
    await q
      .update(webhookEndpoints)
      .set({
        secretSealed: sealSecret(secret, totpSealingKey()),
        previousSecretSealed: row.secretSealed,
        previousSecretExpiresAt: expiresAt,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id));
    return true;
  });
  return done ? { ok: true, secret, previousSecretExpiresAt: expiresAt } : NOT_FOUND;
}

// ---------------------------------------------------------------------------------------------
// The delivery log

export interface AttemptView {
  at: number;
  signature: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  latencyMs: number;
  error: string | null;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  createdAt: number;
  completedAt: number | null;
  /** Newest first. */
  attemptLog: AttemptView[];
}

export const DELIVERY_LOG_PAGE = 50;
const ATTEMPTS_SHOWN = 20;

/**
 * An endpoint's deliveries, newest first (`before`: a createdAt to page from), each with its last
 * attempts. Null when the endpoint is not found in the scope.
 */
export function listWebhookDeliveries(
  store: Store,
  scope: EndpointScope,
  endpointId: string,
  options: { limit?: number; before?: number } = {},
): Promise<DeliveryView[] | null> {
  return store.read((q) => deliveriesOf(q, scope, endpointId, options));
}

async function deliveriesOf(
  q: Handle,
  scope: EndpointScope,
  endpointId: string,
  options: { limit?: number; before?: number },
): Promise<DeliveryView[] | null> {
  if (!(await findRow(q, scope, endpointId))) return null;
  const limit = Math.min(Math.max(options.limit ?? DELIVERY_LOG_PAGE, 1), 100);
  const rows = await q
    .select({
      delivery: webhookDeliveries,
      eventType: webhookEvents.type,
      eventCreatedAt: webhookEvents.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        options.before !== undefined ? lt(webhookDeliveries.createdAt, options.before) : undefined,
      ),
    )
    .orderBy(
      desc(webhookDeliveries.createdAt),
      desc(webhookEvents.createdAt),
      desc(webhookDeliveries.id),
    )
    .limit(limit);
  const attempts = new Map<string, AttemptView[]>();
  if (rows.length > 0) {
    const all = await q
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((row) => row.delivery.id),
        ),
      )
      .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id));
    for (const attempt of all) {
      const list = attempts.get(attempt.deliveryId) ?? [];
      if (list.length < ATTEMPTS_SHOWN)
        list.push({
          at: attempt.at,
          signature: attempt.signature,
          responseStatus: attempt.responseStatus,
          responseExcerpt: attempt.responseExcerpt,
          latencyMs: attempt.latencyMs,
          error: attempt.error,
        });
      attempts.set(attempt.deliveryId, list);
    }
  }
  return rows.map(({ delivery, eventType, eventCreatedAt }) => ({
    id: delivery.id,
    eventId: delivery.eventId,
    eventType,
    eventCreatedAt,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: delivery.status === "pending" ? delivery.nextAttemptAt : null,
    lastAttemptAt: delivery.lastAttemptAt,
    lastResponseStatus: delivery.lastResponseStatus,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt,
    completedAt: delivery.completedAt,
    attemptLog: attempts.get(delivery.id) ?? [],
  }));
}

const requeued = (now: number) => ({
  status: "pending" as const,
  nextAttemptAt: now,
  leaseUntil: null,
  completedAt: null,
  createdAt: now,
});

const DISABLED: Problem = {
  ok: false,
  field: null,
  message: "This endpoint is disabled: enable it first.",
};

/**
 * Send one event to the endpoint again now: by its delivery id or its event id (an event of the
 * merchant and mode that this endpoint never got is queued for it). A delivery already waiting is
 * simply made due now.
 */
export function resendWebhook(
  store: Store,
  scope: EndpointScope,
  endpointId: string,
  target: { deliveryId: string } | { eventId: string },
  now: number,
): Promise<{ ok: true; deliveryId: string } | NotFound | FieldProblem> {
  return store.write(async (q): Promise<{ ok: true; deliveryId: string } | Problem> => {
    const endpoint = await findRow(q, scope, endpointId);
    if (!endpoint) return NOT_FOUND;
    if (endpoint.status !== "enabled") return DISABLED;
    let event: WebhookEvent | undefined;
    if ("deliveryId" in target) {
      const delivery = await first(
        q
          .select()
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.id, target.deliveryId.slice(0, 64)),
              eq(webhookDeliveries.endpointId, endpointId),
            ),
          )
          .limit(1),
      );
      if (!delivery) return { ...NOT_FOUND, message: "No such delivery for this endpoint." };
      event = await first(
        q.select().from(webhookEvents).where(eq(webhookEvents.id, delivery.eventId)).limit(1),
      );
    } else {
      event = await first(
        q
          .select()
          .from(webhookEvents)
          .where(
            and(
              eq(webhookEvents.id, target.eventId.slice(0, 64)),
              eq(webhookEvents.merchantId, endpoint.merchantId),
              eq(webhookEvents.mode, endpoint.mode),
            ),
          )
          .limit(1),
      );
    }
    if (!event) return { ...NOT_FOUND, message: "No such event." };
    return { ok: true as const, deliveryId: await requeue(q, endpointId, event.id, now) };
  });
}

/** Make the delivery of `eventId` to the endpoint pending and due now (inserting it if needed). */
async function requeue(
  q: Handle,
  endpointId: string,
  eventId: string,
  now: number,
): Promise<string> {
  const id = newId("whd");
  const [row] = await q
    .insert(webhookDeliveries)
    .values({ id, eventId, endpointId, attempts: 0, ...requeued(now) })
    .onConflictDoUpdate({
      target: [webhookDeliveries.eventId, webhookDeliveries.endpointId],
      set: requeued(now),
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

/**
 * "Replay all since …": every event of the endpoint's merchant and mode created at or after
 * `since` (epoch ms) that the endpoint subscribes to, queued again (oldest first), at most
 * WEBHOOK_REPLAY_CAP. Says how many were queued and whether more were left out (then replay
 * again from the last one's time).
 */
export function replayWebhooksSince(
  store: Store,
  scope: EndpointScope,
  endpointId: string,
  since: number,
  now: number,
  cap = WEBHOOK_REPLAY_CAP,
): Promise<
  | { ok: true; queued: number; capped: boolean; lastEventAt: number | null }
  | NotFound
  | FieldProblem
> {
  return store.write(
    async (
      q,
    ): Promise<
      { ok: true; queued: number; capped: boolean; lastEventAt: number | null } | Problem
    > => {
      const endpoint = await findRow(q, scope, endpointId);
      if (!endpoint) return NOT_FOUND;
      if (endpoint.status !== "enabled") return DISABLED;
      const subscribed = JSON.parse(endpoint.events) as string[];
      const events = await q
        .select({ id: webhookEvents.id, createdAt: webhookEvents.createdAt })
        .from(webhookEvents)
        .where(
          and(
            eq(webhookEvents.merchantId, endpoint.merchantId),
            eq(webhookEvents.mode, endpoint.mode),
            gte(webhookEvents.createdAt, since),
            subscribed.includes("*") ? undefined : inArray(webhookEvents.type, subscribed),
          ),
        )
        .orderBy(webhookEvents.createdAt, webhookEvents.id)
        .limit(cap + 1);
      const taken = events.slice(0, cap);
      for (const event of taken) await requeue(q, endpointId, event.id, now);
      return {
        ok: true as const,
        queued: taken.length,
        capped: events.length > cap,
        lastEventAt: taken.at(-1)?.createdAt ?? null,
      };
    },
  );
}

/** "Send test event": a `ping` event to this endpoint only. Returns the event id. */
export function sendWebhookPing(
  store: Store,
  scope: EndpointScope,
  endpointId: string,
  now: number,
): Promise<{ ok: true; eventId: string } | NotFound | FieldProblem> {
  return store.write(async (q): Promise<{ ok: true; eventId: string } | Problem> => {
    const endpoint = await findRow(q, scope, endpointId);
    if (!endpoint) return NOT_FOUND;
    if (endpoint.status !== "enabled") return DISABLED;
    const event = await enqueueEvent(q, {
      merchantId: endpoint.merchantId,
      mode: endpoint.mode,
      type: "ping",
      objectId: endpoint.id,
      data: { object: { id: endpoint.id, object: "webhook_endpoint", url: endpoint.url } },
      now,
      endpointId: endpoint.id,
    });
    return { ok: true as const, eventId: event.id };
  });
}
