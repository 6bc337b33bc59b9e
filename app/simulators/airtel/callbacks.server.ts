/**
 * The Airtel simulator's transaction callbacks `{"transaction":{id,message,status_code,
 * airtel_money_id},"hash"}`: queued when the outcome is decided, POSTed to the portal-configured
 * URL after `callbackDelayMs`, or only on `flush()` when that is 0 (tests). The hash is made by the
 * client module's `computeCallbackHash`, so both sides share one canonical input.
 */
import { computeCallbackHash } from "~/core/providers/airtel/callback.server";
import type { AirtelSimCallbackLog } from "./types";

export interface CallbackTransaction {
  id: string;
  message: string;
  status_code: "TS" | "TF";
  airtel_money_id: string;
}

export interface AirtelCallbackQueue {
  readonly callbacks: AirtelSimCallbackLog[];
  enqueue(transaction: CallbackTransaction): void;
  flush(): Promise<void>;
  pendingCount(): number;
  close(): Promise<void>;
}

export function createAirtelCallbackQueue(options: {
  now: () => number;
  url: string | undefined;
  secret: string | undefined;
  delayMs: number;
  timeoutMs: number;
}): AirtelCallbackQueue {
  const callbacks: AirtelSimCallbackLog[] = [];
  const pending: { transaction: CallbackTransaction; timer?: NodeJS.Timeout }[] = [];
  const deliveries = new Set<Promise<void>>();

  async function deliver(item: (typeof pending)[number]): Promise<void> {
    const index = pending.indexOf(item);
    if (index < 0 || !options.url) return;
    pending.splice(index, 1);
    clearTimeout(item.timer);
    const { transaction } = item;
    const raw = JSON.stringify(
      options.secret
        ? { transaction, hash: computeCallbackHash(transaction, options.secret) }
        : { transaction },
    );
    const entry: AirtelSimCallbackLog = {
      at: options.now(),
      url: options.url,
      id: transaction.id,
      raw,
      status: undefined,
      error: undefined,
    };
    callbacks.push(entry);
    try {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
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
    enqueue(transaction) {
      if (!options.url) return;
      const item: (typeof pending)[number] = { transaction };
      pending.push(item);
      if (options.delayMs > 0) {
        item.timer = setTimeout(() => track(deliver(item)), options.delayMs);
        item.timer.unref();
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
      for (const item of pending.splice(0)) clearTimeout(item.timer);
      await Promise.allSettled([...deliveries]);
    },
  };
}
