/**
 * The custody simulator's webhooks: each event signed RSA-SHA512 over the exact body bytes (as
 * Fireblocks v1 does), POSTed to the webhook URL, a failed attempt (non-2xx or no answer) retried
 * up to `maxRetries` times, and every attempt recorded.
 */
import { setMaxListeners } from "node:events";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { KeyObject } from "node:crypto";
import { signWebhookBody } from "~/core/providers/custody/webhook.server";
import type { PendingEvent } from "./state.server";
import type { DeliveryOptions, WebhookDelivery } from "./types";

export interface WebhookSenderOptions {
  signingKey: KeyObject;
  webhookUrl: () => string;
  now: () => number;
  maxRetries: number;
  retryDelayMs: number;
  deliveryTimeoutMs: number;
  maxRecordedDeliveries: number;
}

export interface WebhookSender {
  /** Delivery attempts in order, the latest `maxRecordedDeliveries` of them (live array). */
  readonly deliveries: WebhookDelivery[];
  /** Attempts made so far, and how many of them failed. */
  counts(): { total: number; failed: number };
  /** Deliver one step's events, one after another, in the order the options ask for. */
  deliverBatch(events: PendingEvent[], delivery?: DeliveryOptions): Promise<void>;
  /** Stop: abort what is in flight, wait for it, close the connections. */
  close(): Promise<void>;
}

function describeError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.message : String(error);
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { signingKey, now, maxRetries, retryDelayMs, deliveryTimeoutMs, maxRecordedDeliveries } =
    options;
  const deliveries: WebhookDelivery[] = [];
  let deliverySeq = 0;
  let failedDeliveries = 0;
  let closed = false;
  const closing = new AbortController();
  // Every in-flight delivery listens for close; there can be many.
  setMaxListeners(0, closing.signal);
  const inflight = new Set<Promise<unknown>>();

  // node:http with keep-alive rather than fetch: a few times faster per delivery, which matters
  // when a bench pushes thousands of payments through the simulator.
  const agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: 32 }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }),
  };

  function sleep(ms: number): Promise<void> {
    if (ms <= 0 || closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        closing.signal.removeEventListener("abort", done);
        resolve();
      }
      closing.signal.addEventListener("abort", done, { once: true });
    });
  }

  /**
   * POST one webhook; resolves with the HTTP status, rejects on a network error, timeout or close.
   */
  function postWebhook(url: string, body: string, signature: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== "http:" && target.protocol !== "https:") {
        reject(new Error(`webhook URL must be http(s): ${url}`));
        return;
      }
      const send = target.protocol === "https:" ? httpsRequest : httpRequest;
      const request = send(
        target,
        {
          method: "POST",
          agent: target.protocol === "https:" ? agents.https : agents.http,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            "Fireblocks-Signature": signature,
            "User-Agent": "Fireblocks-Webhook-Simulator",
          },
          signal: closing.signal,
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      request.setTimeout(deliveryTimeoutMs, () =>
        request.destroy(
          Object.assign(new Error(`no answer within ${deliveryTimeoutMs} ms`), {
            code: "ETIMEDOUT",
          }),
        ),
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  /** Deliver one webhook, retrying a failure up to maxRetries times. */
  async function deliverOne(pending: PendingEvent, badSignature: boolean): Promise<void> {
    let signature = signWebhookBody(pending.body, signingKey);
    if (badSignature) {
      const bytes = Buffer.from(signature, "base64");
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
      signature = bytes.toString("base64");
    }
    for (let attempt = 1; attempt <= 1 + maxRetries; attempt += 1) {
      if (closed) return;
      if (attempt > 1) await sleep(retryDelayMs * 2 ** (attempt - 2));
      if (closed) return;
      let url = "";
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        url = options.webhookUrl();
        statusCode = await postWebhook(url, pending.body, signature);
      } catch (caught) {
        error = describeError(caught);
      }
      deliveries.push({
        seq: ++deliverySeq,
        url,
        attempt,
        statusCode,
        error,
        body: pending.body,
        signature,
        signatureValid: !badSignature,
        type: pending.type,
        txId: pending.txId,
        status: pending.status,
        numOfConfirmations: pending.numOfConfirmations,
        at: now(),
      });
      // Trim in batches so a long run stays within memory without shifting the array every time.
      if (deliveries.length > maxRecordedDeliveries + Math.ceil(maxRecordedDeliveries / 10)) {
        deliveries.splice(0, deliveries.length - maxRecordedDeliveries);
      }
      if (statusCode !== null && statusCode >= 200 && statusCode < 300) return;
      failedDeliveries += 1;
    }
  }

  async function deliverBatch(
    events: PendingEvent[],
    delivery: DeliveryOptions = {},
  ): Promise<void> {
    const ordered = delivery.outOfOrder ? [...events].reverse() : events;
    // One transaction's events in order; different transactions' at once, as custody sends them
    // (one payment's notice is not held behind another's, which may take its receiver long).
    const byTx = new Map<string, PendingEvent[]>();
    for (const pending of ordered)
      byTx.set(pending.txId, [...(byTx.get(pending.txId) ?? []), pending]);
    const run = Promise.all(
      [...byTx.values()].map(async (events) => {
        for (const pending of events)
          for (let copy = 0; copy < (delivery.duplicate ? 2 : 1); copy += 1)
            await deliverOne(pending, Boolean(delivery.badSignature));
      }),
    );
    inflight.add(run);
    try {
      await run;
    } finally {
      inflight.delete(run);
    }
  }

  return {
    deliveries,
    counts: () => ({ total: deliverySeq, failed: failedDeliveries }),
    deliverBatch,
    async close() {
      closed = true;
      closing.abort();
      await Promise.allSettled([...inflight]);
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
