/**
 * The Daraja simulator's callbacks (B2C Results, queue timeouts, status Results, STK callbacks):
 * queued when the request is accepted, POSTed after `callbackDelayMs`, or only on `flush()` when
 * that is 0 (tests). Every attempt is logged with the receiver's answer. The queue itself is the
 * shared one of ../http-kit.server.ts; this module says what a Daraja callback and its log entry
 * are.
 */
import {
  createCallbackQueue as createSharedCallbackQueue,
  type CallbackQueue as SharedCallbackQueue,
} from "../http-kit.server";
import type { SimulatorCallbackKind, SimulatorCallbackLog } from "./types";

export interface ResultCallbackBody {
  Result: { OriginatorConversationID: string } & Record<string, unknown>;
}

export interface StkCallbackBody {
  Body: { stkCallback: { CheckoutRequestID: string } & Record<string, unknown> };
}

export type CallbackBody = ResultCallbackBody | StkCallbackBody;

interface PendingCallback {
  kind: SimulatorCallbackKind;
  url: string;
  body: CallbackBody;
  /** Called as the delivery starts (the STK simulator marks the prompt answered). */
  onDeliver?: () => void;
}

export interface CallbackQueue extends Omit<
  SharedCallbackQueue<PendingCallback, SimulatorCallbackLog>,
  "enqueue"
> {
  enqueue(
    kind: SimulatorCallbackKind,
    url: string,
    body: CallbackBody,
    onDeliver?: () => void,
  ): void;
}

export function createCallbackQueue(options: {
  now: () => number;
  callbackDelayMs: number;
  callbackTimeoutMs: number;
}): CallbackQueue {
  const queue = createSharedCallbackQueue<PendingCallback, SimulatorCallbackLog>({
    ...options,
    describe: (callback, at) => ({
      at,
      kind: callback.kind,
      url: callback.url,
      ...("Result" in callback.body
        ? { originatorConversationId: callback.body.Result.OriginatorConversationID }
        : {
            originatorConversationId: "",
            checkoutRequestId: callback.body.Body.stkCallback.CheckoutRequestID,
          }),
      body: callback.body,
      status: undefined,
      error: undefined,
    }),
    request: (callback) => {
      callback.onDeliver?.();
      return { url: callback.url, body: JSON.stringify(callback.body) };
    },
  });
  return {
    ...queue,
    enqueue: (kind, url, body, onDeliver) => queue.enqueue({ kind, url, body, onDeliver }),
  };
}
