/**
 * The PesaLink simulator's result callbacks: queued when a transfer reaches a final state, POSTed
 * to the configured callbackUrl after `callbackDelayMs`, or only on `flush()` when that is 0
 * (tests); none without a URL. The raw body is signed with the bank's key in the
 * x-jenga-signature header. The queue itself is the shared one of ../http-kit.server.ts.
 */
import type { KeyLike } from "node:crypto";
import { signText } from "~/core/providers/pesalink/signature.server";
import {
  CALLBACK_SIGNATURE_HEADER,
  type PesalinkCallbackBody,
} from "~/core/providers/pesalink/types";
import { createCallbackQueue, type CallbackQueue } from "../http-kit.server";
import type { PesalinkCallbackLog } from "./types";

export type PesalinkCallbackQueue = CallbackQueue<PesalinkCallbackBody, PesalinkCallbackLog>;

export function createPesalinkCallbackQueue(options: {
  url: string | undefined;
  bankPrivateKey: KeyLike;
  now: () => number;
  delayMs: number;
  timeoutMs: number;
}): PesalinkCallbackQueue {
  const { url, bankPrivateKey } = options;
  const queue = createCallbackQueue<PesalinkCallbackBody, PesalinkCallbackLog>({
    now: options.now,
    callbackDelayMs: options.delayMs,
    callbackTimeoutMs: options.timeoutMs,
    describe: (body, at) => ({
      at,
      url: url ?? "", // enqueue drops callbacks without a URL
      reference: body.transaction.reference,
      body,
      status: undefined,
      error: undefined,
    }),
    request: (body, entry) => {
      const raw = JSON.stringify(body);
      return {
        url: entry.url,
        body: raw,
        headers: { [CALLBACK_SIGNATURE_HEADER]: signText(raw, bankPrivateKey) },
      };
    },
  });
  return {
    ...queue,
    enqueue(body) {
      if (url) queue.enqueue(body);
    },
  };
}
