/**
 * The PesaLink simulator's result callbacks: queued when a transfer reaches a final state, POSTed
 * to the configured callbackUrl after `callbackDelayMs`, or only on `flush()` when that is 0
 * (tests). The raw body is signed with the bank's key in the x-jenga-signature header.
 */
import type { KeyLike } from "node:crypto";
import { signText } from "~/core/providers/pesalink/signature.server";
import {
  CALLBACK_SIGNATURE_HEADER,
  type PesalinkCallbackBody,
} from "~/core/providers/pesalink/types";
import type { PesalinkCallbackLog } from "./types";

interface Pending {
  body: PesalinkCallbackBody;
  timer: NodeJS.Timeout | undefined;
}

export interface PesalinkCallbackQueue {
  readonly callbacks: PesalinkCallbackLog[];
  enqueue(body: PesalinkCallbackBody): void;
  flush(): Promise<void>;
  pendingCount(): number;
  close(): Promise<void>;
}

export function createPesalinkCallbackQueue(options: {
  url: string | undefined;
  bankPrivateKey: KeyLike;
  now: () => number;
  delayMs: number;
  timeoutMs: number;
}): PesalinkCallbackQueue {
  const callbacks: PesalinkCallbackLog[] = [];
  const pending: Pending[] = [];
  const deliveries = new Set<Promise<void>>();

  async function deliver(item: Pending, url: string) {
    const index = pending.indexOf(item);
    if (index < 0) return;
    pending.splice(index, 1);
    if (item.timer) clearTimeout(item.timer);
    const raw = JSON.stringify(item.body);
    const entry: PesalinkCallbackLog = {
      at: options.now(),
      url,
      reference: item.body.transaction.reference,
      body: item.body,
      status: undefined,
      error: undefined,
    };
    callbacks.push(entry);
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [CALLBACK_SIGNATURE_HEADER]: signText(raw, options.bankPrivateKey),
        },
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
    enqueue(body) {
      const url = options.url;
      if (!url) return;
      const item: Pending = { body, timer: undefined };
      pending.push(item);
      if (options.delayMs > 0) {
        item.timer = setTimeout(() => track(deliver(item, url)), options.delayMs);
        item.timer.unref();
      }
    },
    async flush() {
      while (pending.length > 0 || deliveries.size > 0) {
        const next = pending[0];
        if (next && options.url) await deliver(next, options.url);
        else await Promise.all([...deliveries]);
      }
    },
    pendingCount: () => pending.length,
    async close() {
      for (const item of pending.splice(0)) if (item.timer) clearTimeout(item.timer);
      await Promise.allSettled([...deliveries]);
    },
  };
}
