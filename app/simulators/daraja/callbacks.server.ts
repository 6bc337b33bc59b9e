/**
 * The Daraja simulator's callbacks (B2C Results, queue timeouts, status Results): queued when the
 * request is accepted, POSTed after `callbackDelayMs`, or only on `flush()` when that is 0 (tests).
 * Every attempt is logged with the receiver's answer.
 */
import type { SimulatorCallbackKind, SimulatorCallbackLog } from "./types";

export interface CallbackBody {
  Result: { OriginatorConversationID: string } & Record<string, unknown>;
}

interface PendingCallback {
  kind: SimulatorCallbackKind;
  url: string;
  body: CallbackBody;
  timer: NodeJS.Timeout | undefined;
}

export interface CallbackQueue {
  /** Callbacks delivered (or attempted), oldest first (live array). */
  readonly callbacks: SimulatorCallbackLog[];
  enqueue(kind: SimulatorCallbackKind, url: string, body: CallbackBody): void;
  /** Deliver every pending callback now, in order, and wait for them. */
  flush(): Promise<void>;
  pendingCount(): number;
  /** Drop what is pending and wait for deliveries in flight. */
  close(): Promise<void>;
}

export function createCallbackQueue(options: {
  now: () => number;
  callbackDelayMs: number;
  callbackTimeoutMs: number;
}): CallbackQueue {
  const { now, callbackDelayMs, callbackTimeoutMs } = options;
  const callbacks: SimulatorCallbackLog[] = [];
  const pending: PendingCallback[] = [];
  const deliveries = new Set<Promise<void>>();

  async function deliver(callback: PendingCallback): Promise<void> {
    const index = pending.indexOf(callback);
    if (index < 0) return;
    pending.splice(index, 1);
    if (callback.timer) clearTimeout(callback.timer);
    const entry: SimulatorCallbackLog = {
      at: now(),
      kind: callback.kind,
      url: callback.url,
      originatorConversationId: callback.body.Result.OriginatorConversationID,
      body: callback.body,
      status: undefined,
      error: undefined,
    };
    callbacks.push(entry);
    try {
      const response = await fetch(callback.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(callback.body),
        signal: AbortSignal.timeout(callbackTimeoutMs),
        redirect: "manual",
      });
      entry.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
    }
  }

  function track(delivery: Promise<void>) {
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  return {
    callbacks,
    enqueue(kind, url, body) {
      const callback: PendingCallback = { kind, url, body, timer: undefined };
      pending.push(callback);
      if (callbackDelayMs > 0) {
        callback.timer = setTimeout(() => track(deliver(callback)), callbackDelayMs);
        callback.timer.unref();
      }
    },
    async flush() {
      while (pending.length > 0 || deliveries.size > 0) {
        const next = pending[0];
        if (next) await deliver(next);
        else await Promise.all([...deliveries]);
      }
    },
    pendingCount: () => pending.length,
    async close() {
      for (const callback of pending.splice(0)) if (callback.timer) clearTimeout(callback.timer);
      await Promise.allSettled([...deliveries]);
    },
  };
}
