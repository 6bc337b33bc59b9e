/**
 * The webhook delivery worker's work (issue 13, item 4): claim due deliveries under a lease, POST
 * each event's exact JSON, record the attempt, schedule a retry or settle the delivery, and keep
 * the endpoint's health.
 *
 * - Claiming happens in one store write: a delivery is taken only if its lease is free or
 *   lapsed, so two workers (threads of one process or two processes) never post it at once, and a
 *   crashed worker's claim lapses after `leaseMs` (the timeout plus a margin).
 * - A request: `POST` of `eventObject(event)` (the same bytes on every retry) with Content-Type,
 *   User-Agent `OneHop-Webhooks/1`, OneHop-Signature (one `v1=` per valid secret),
 *   OneHop-Event-Id and OneHop-Event-Type; a 10 s deadline for the whole exchange; a fresh
 *   connection through the SSRF-guarded lookup (every address a name resolves to must be public,
 *   and the connected address is checked again). Redirects are not followed.
 * - Outcomes: 2xx succeeded. A network error, a refused address, a timeout, 408, 429 or 5xx is
 *   retried with exponential backoff and full jitter (a random wait up to 30 s x 2^(n-1), capped at
 *   6 h) until 3 days after the delivery was queued, then failed. Any other status (3xx, 4xx) fails
 *   at once, and the log says so.
 * - Endpoint health: the first failure of a run sets `failingSince`, a success clears it; an
 *   endpoint still failing 3 days after its run began is disabled (its pending deliveries fail,
 *   see endpoints.server.ts) and its owners are e-mailed.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import {
  merchants,
  merchantUsers,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../../../drizzle/schema";
import { renderNotice, supportLineIn } from "~/core/accounts/notifications.server";
import { memberEmailMessages } from "~/i18n/catalogs/member-emails";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { queueEmail } from "~/core/email.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatEatDateTime } from "~/utils/format";
import { logger } from "~/utils/logger.server";
import { addressRefusal, withCanonicalHost, type OwnAddress } from "~/utils/outbound-address";
import {
  guardedLookup,
  OutboundRefusedError,
  refuseNonPublicSocket,
  refuseOwnListener,
  systemResolve,
  type ResolveHost,
} from "~/utils/outbound-address.server";
import * as paths from "~/utils/paths";
import { eventObject } from "../outbox.server";
import { disableEndpointRow, signingSecrets, type WebhookEndpointRow } from "./endpoints.server";
import { SIGNATURE_HEADER, signWebhookPayload } from "./signature.server";
import {
  loopbackAllowed,
  OWN_ADDRESS_PROBLEM,
  webhookUrlProblem,
  type WebhookUrlPolicy,
} from "./url-rules";

export const WEBHOOK_USER_AGENT = "OneHop-Webhooks/1";
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 6 * 3_600_000;
/** Retries stop this long after a delivery was queued; an endpoint failing this long is off. */
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
export const RESPONSE_EXCERPT_CHARS = 500;
/** Bytes of an answer read at most (the excerpt needs 500 characters). */
const RESPONSE_READ_BYTES = 4_096;
const LEASE_MARGIN_MS = 30_000;

export interface WebhookHttpOptions {
  /** The loopback allowance (test-mode endpoints, PROVIDER_MODE=simulator only). */
  policy: WebhookUrlPolicy;
  /** The whole exchange's deadline (10 s). */
  timeoutMs?: number;
  /** How host names are resolved (tests inject one); every answer is checked. */
  resolve?: ResolveHost;
}

export interface DeliverOptions extends WebhookHttpOptions {
  /** The site's address, for the absolute links inside events (PUBLIC_SITE_URL). */
  siteUrl: string;
  /** The clock (tests inject one); epoch ms. */
  now?: number | (() => number);
  /** Deliveries claimed per run. */
  limit?: number;
  /** Requests in flight at once within a run. */
  concurrency?: number;
  /** For the jitter (tests inject one). */
  random?: () => number;
}

export interface ClaimedDelivery {
  id: string;
  /** The lease value this worker wrote: its results are recorded only while it still holds it. */
  leaseUntil: number;
}

const clock = (now: DeliverOptions["now"]) =>
  typeof now === "number" ? () => now : (now ?? Date.now);

/** Claim up to `limit` due deliveries of enabled endpoints for `leaseMs`. */
export async function claimDueDeliveries(
  store: Store,
  { now, limit, leaseMs }: { now: number; limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const leaseUntil = now + leaseMs;
  const free = or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, now));
  return store.write(async (q) => {
    const due = await store.forUpdate(
      q
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookDeliveries.status, "pending"),
            lte(webhookDeliveries.nextAttemptAt, now),
            free,
            eq(webhookEndpoints.status, "enabled"),
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(limit),
    );
    const claimed: ClaimedDelivery[] = [];
    for (const { id } of due) {
      const taken = await q
        .update(webhookDeliveries)
        .set({ leaseUntil })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, "pending"), free))
        .returning({ id: webhookDeliveries.id });
      if (taken.length === 1) claimed.push({ id, leaseUntil });
    }
    return claimed;
  });
}

type Outcome =
  | { kind: "answered"; status: number; excerpt: string }
  | { kind: "timeout" }
  | { kind: "refused"; detail: string; own?: boolean }
  | { kind: "network"; detail: string };

async function readExcerpt(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    bytes += chunk.byteLength;
    if (bytes >= RESPONSE_READ_BYTES) break; // leaving the loop destroys the stream
  }
  return Buffer.concat(chunks)
    .subarray(0, RESPONSE_READ_BYTES)
    .toString("utf8")
    .slice(0, RESPONSE_EXCERPT_CHARS);
}

/** One POST under the outbound policy (or the loopback allowance), with one deadline. */
async function post(
  url: URL,
  body: string,
  headers: Record<string, string>,
  options: { loopback: boolean; resolve: ResolveHost; timeoutMs: number; self?: OwnAddress },
): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const transport = url.protocol === "https:" ? https : http;
      const request = transport.request(
        url,
        {
          method: "POST",
          headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
          agent: false, // a fresh connection each time: no socket reused across policy decisions
          signal: controller.signal,
          // A loopback literal (the allowance) needs no lookup; anything else resolves via ours.
          ...(options.loopback ? {} : { lookup: guardedLookup(options.resolve) }),
        },
        resolve,
      );
      request.on("error", reject);
      request.once("socket", (socket) => {
        if (options.loopback)
          socket.prependOnceListener("connect", () => {
            if (addressRefusal(socket.remoteAddress ?? "") !== "loopback")
              request.destroy(
                new OutboundRefusedError("connected_address", "allowance is loopback only"),
              );
          });
        else refuseNonPublicSocket(socket, (error) => request.destroy(error));
        // Never OneHop itself, whatever the name resolved to (issue 27, item 10); prepended last,
        // so it runs first and names the reason.
        if (options.self)
          refuseOwnListener(socket, options.self, (error) => request.destroy(error));
      });
      request.end(body);
    });
    const excerpt = await readExcerpt(response);
    response.destroy();
    return { kind: "answered", status: response.statusCode ?? 0, excerpt };
  } catch (error) {
    if (controller.signal.aborted) return { kind: "timeout" };
    if (error instanceof OutboundRefusedError)
      return { kind: "refused", detail: error.detail, own: error.reason === "own_address" };
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "network", detail: code ? `${code}: ${message}` : message };
  } finally {
    clearTimeout(timer);
  }
}

/** A random wait before retry `attempt` (1 = after the first failure): full jitter, min 1 s. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(attempt - 1, 30));
  return Math.max(1_000, Math.floor(random() * ceiling));
}

const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

export type AttemptResult = "succeeded" | "retrying" | "failed" | "skipped";

/**
 * Post one claimed delivery and record what happened. Returns the delivery's new state
 * ("skipped": it was no longer ours or no longer pending).
 */
export async function attemptDelivery(
  store: Store,
  claimed: ClaimedDelivery,
  options: DeliverOptions,
): Promise<AttemptResult> {
  const now = clock(options.now);
  const row = await store.read((q) =>
    first(
      q
        .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, claimed.id))
        .limit(1),
    ),
  );
  if (
    !row ||
    row.delivery.status !== "pending" ||
    row.delivery.leaseUntil !== claimed.leaseUntil ||
    row.endpoint.status !== "enabled"
  )
    return "skipped";
  const { delivery, event, endpoint } = row;
  const body = JSON.stringify(eventObject(event, options.siteUrl));
  const startedAt = now();
  const signature = signWebhookPayload({
    rawBody: body,
    secrets: signingSecrets(endpoint, startedAt),
    now: startedAt,
  });
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    [SIGNATURE_HEADER]: signature,
    "OneHop-Event-Id": event.id,
    "OneHop-Event-Type": event.type,
  };
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const url = withCanonicalHost(new URL(endpoint.url));
  const problem = webhookUrlProblem(endpoint.url, endpoint.mode, options.policy);
  const started = performance.now();
  const outcome: Outcome = problem
    ? problem === OWN_ADDRESS_PROBLEM
      ? { kind: "refused", detail: url.host, own: true }
      : { kind: "refused", detail: problem }
    : await post(url, body, headers, {
        loopback: loopbackAllowed(url, endpoint.mode, options.policy),
        resolve: options.resolve ?? systemResolve,
        timeoutMs,
        self: options.policy.self,
      });
  const latencyMs = Math.round(performance.now() - started);
  const at = now();

  let result: "succeeded" | "retry" | "failed";
  let error: string | null = null;
  let status: number | null = null;
  let excerpt: string | null = null;
  switch (outcome.kind) {
    case "answered":
      status = outcome.status;
      excerpt = outcome.excerpt;
      if (status >= 200 && status <= 299) result = "succeeded";
      else if (isRetryableStatus(status)) {
        result = "retry";
        error = `HTTP ${status}: will retry`;
      } else if (status >= 300 && status <= 399) {
        result = "failed";
        error = `HTTP ${status}: redirects are not followed, not retried. Register the final address.`;
      } else {
        result = "failed";
        error = `HTTP ${status}: not retried (only 408, 429 and 5xx answers are retried).`;
      }
      break;
    case "timeout":
      result = "retry";
      error = `No answer within ${timeoutMs / 1000} s (timed out)`;
      break;
    case "refused":
      // The address is checked on every attempt; DNS may be fixed, so it is retried.
      result = "retry";
      error = outcome.own
        ? `Not sent: the address is OneHop's own address, not your server (${outcome.detail})`
        : `Not sent: the address is local or private (${outcome.detail})`;
      logger.warn("webhook refused by the outbound address policy", {
        endpoint: endpoint.id,
        detail: outcome.detail,
      });
      break;
    case "network":
      result = "retry";
      error = `Could not connect (${outcome.detail})`;
      break;
  }
  const attempts = delivery.attempts + 1;
  let nextAttemptAt: number | null = null;
  if (result === "retry") {
    const next = at + retryDelayMs(attempts, options.random);
    if (next > delivery.createdAt + RETRY_WINDOW_MS) {
      result = "failed";
      error = `${error}. Gave up: still failing 3 days after it was queued.`;
    } else nextAttemptAt = next;
  }
  const final = result;

  // The POST is over: its outcome is recorded in a write of its own (no network wait inside).
  return store.write(async (q): Promise<AttemptResult> => {
    await q.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      at,
      signature,
      responseStatus: status,
      responseExcerpt: excerpt ?? error,
      latencyMs,
      error,
    });
    const updated = await q
      .update(webhookDeliveries)
      .set({
        status: final === "retry" ? "pending" : final,
        attempts,
        nextAttemptAt,
        leaseUntil: null,
        lastAttemptAt: at,
        lastResponseStatus: status,
        lastError: error,
        completedAt: final === "retry" ? null : at,
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.leaseUntil, claimed.leaseUntil),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0) return "skipped";
    await recordHealth(q, endpoint.id, final === "succeeded", at);
    return final === "retry" ? "retrying" : final;
  });
}

/** Endpoint health after an attempt: see the module comment. */
async function recordHealth(
  q: Handle,
  endpointId: string,
  succeeded: boolean,
  now: number,
): Promise<void> {
  const endpoint = await first(
    q.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).limit(1),
  );
  if (!endpoint) return;
  if (succeeded) {
    if (endpoint.failingSince !== null)
      await q
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpointId));
    return;
  }
  if (endpoint.failingSince === null) {
    await q
      .update(webhookEndpoints)
      .set({ failingSince: now })
      .where(eq(webhookEndpoints.id, endpointId));
    return;
  }
  if (endpoint.status === "enabled" && now - endpoint.failingSince >= RETRY_WINDOW_MS) {
    const reason = `Every delivery failed for 3 days (since ${formatEatDateTime(endpoint.failingSince)}).`;
    await disableEndpointRow(q, endpointId, reason, now);
    await queueDisabledNotices(q, endpoint, now);
  }
}

/** E-mail the merchant's active owners that an endpoint was disabled. */
async function queueDisabledNotices(
  q: Handle,
  endpoint: WebhookEndpointRow,
  now: number,
): Promise<number> {
  const owners = await q
    .select({
      username: merchantUsers.username,
      email: merchantUsers.email,
      locale: merchantUsers.locale,
      contactEmail: merchants.contactEmail,
      businessName: merchants.businessName,
    })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(
      and(
        eq(merchantUsers.merchantId, endpoint.merchantId),
        eq(merchantUsers.role, "owner"),
        eq(merchantUsers.status, "active"),
      ),
    );
  let queued = 0;
  for (const owner of owners) {
    const to = owner.email ?? owner.contactEmail;
    if (!to) continue;
    // In each owner's language (issue 33): their choice, else English.
    const locale = owner.locale ?? DEFAULT_LOCALE;
    const m = inLocale(memberEmailMessages, locale).webhookDisabled;
    const notice = renderNotice({
      locale,
      subject: m.subject(endpoint.url),
      name: owner.username,
      lead: m.lead(owner.businessName),
      facts: [
        [m.endpoint, endpoint.url],
        [m.mode, endpoint.mode === "live" ? m.live : m.test],
        [m.failingSince, formatEatDateTime(endpoint.failingSince ?? now, locale)],
        [m.disabled, formatEatDateTime(now, locale)],
      ],
      notYou: m.notYou(supportLineIn(locale)),
      links: [[m.link, paths.merchantWebhookEndpoint(endpoint.id)]],
    });
    await queueEmail(q, { to, ...notice }, now);
    queued++;
  }
  return queued;
}

export interface DeliveryRunStats {
  claimed: number;
  succeeded: number;
  retrying: number;
  failed: number;
}

/**
 * One run: claim up to `limit` due deliveries and post them, `concurrency` at a time. For tests
 * and scripts; the running app's worker (worker.server.ts) uses the same two steps continuously.
 */
export async function deliverDueWebhooks(
  store: Store,
  options: DeliverOptions,
): Promise<DeliveryRunStats> {
  const now = clock(options.now);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const claimed = await claimDueDeliveries(store, {
    now: now(),
    limit: options.limit ?? 50,
    leaseMs: timeoutMs + LEASE_MARGIN_MS,
  });
  const stats: DeliveryRunStats = { claimed: claimed.length, succeeded: 0, retrying: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const item = claimed[next++]!;
      const result = await attemptDelivery(store, item, options);
      if (result !== "skipped") stats[result]++;
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, claimed.length)) }, lane),
  );
  return stats;
}

/** How long a claim lasts for a given timeout (exported for the worker). */
export const leaseMsFor = (timeoutMs = WEBHOOK_TIMEOUT_MS) => timeoutMs + LEASE_MARGIN_MS;
