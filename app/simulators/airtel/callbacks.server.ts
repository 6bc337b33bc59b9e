/**
 * The Airtel simulator's transaction callbacks `{"transaction":{id,message,status_code,
 * airtel_money_id},"hash"}`: queued when the outcome is decided, POSTed to the portal-configured
 * URL after `callbackDelayMs`, or only on `flush()` when that is 0 (tests); none without a URL.
 * The hash is made by the client module's `computeCallbackHash`, so both sides share one canonical
 * input. The queue itself is the shared one of ../http-kit.server.ts.
 */
import { computeCallbackHash } from "~/core/providers/airtel/callback.server";
import { createCallbackQueue, type CallbackQueue } from "../http-kit.server";
import type { AirtelSimCallbackLog } from "./types";

export interface CallbackTransaction {
  id: string;
  message: string;
  status_code: "TS" | "TF";
  airtel_money_id: string;
}

export type AirtelCallbackQueue = CallbackQueue<CallbackTransaction, AirtelSimCallbackLog>;

export function createAirtelCallbackQueue(options: {
  now: () => number;
  url: string | undefined;
  secret: string | undefined;
  delayMs: number;
  timeoutMs: number;
}): AirtelCallbackQueue {
  const { url, secret } = options;
  const queue = createCallbackQueue<CallbackTransaction, AirtelSimCallbackLog>({
    now: options.now,
    callbackDelayMs: options.delayMs,
    callbackTimeoutMs: options.timeoutMs,
    describe: (transaction, at) => ({
      at,
      url: url ?? "", // enqueue drops callbacks without a URL
      id: transaction.id,
      raw: JSON.stringify(
        secret ? { transaction, hash: computeCallbackHash(transaction, secret) } : { transaction },
      ),
      status: undefined,
      error: undefined,
    }),
    request: (_transaction, entry) => ({ url: entry.url, body: entry.raw }),
  });
  return {
    ...queue,
    enqueue(transaction) {
      if (url) queue.enqueue(transaction);
    },
  };
}
