/**
 * The M-Pesa Express (STK Push) callback (ADR 0033), in core: refused unless it comes from an
 * allowed source (when the allow-list is set) with our token in the URL (only the Daraja we gave
 * the URL to knows it; each mode's runtime has its own); its body parsed with `parseStkCallback`
 * and applied once per CheckoutRequestID. The HTTP (the method, the body read within
 * `STK_CALLBACK_MAX_BYTES`, the status codes and Daraja's acknowledgement) is the edge's
 * (app/route-support/stk-webhook.server.ts, issue 28 part 4): core receives the URL's token, the
 * source and the raw body, and answers with a domain outcome.
 */
import { parseStkCallback } from "~/core/providers/daraja/stk-callback";
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import type { PaymentsDeps } from "./deps";
import { applyStkResult, finalFromCallback } from "./mpesa-collections.server";
import { callbackTokenIs, type CallbackSource } from "./mpesa-results.server";

/** An STK callback is a few hundred bytes. */
export const STK_CALLBACK_MAX_BYTES = 16 * 1024;

/** What an STK callback showed of itself before its body is read. */
export interface StkCallbackCredentials {
  /** The URL's `token` ("" when absent). */
  token: string;
  source?: CallbackSource;
}

/** What an STK callback that passed the guard did. */
export type StkCallbackOutcome =
  /** Not an STK callback (not JSON, or not of its shape). */
  | { kind: "rejected" }
  /** Applied (or a prompt we do not know, logged); `settlePaymentId`: a payment it confirmed. */
  | { kind: "applied"; settlePaymentId?: string };

/**
 * The STK callback's guard: the source address first (when an allow-list is set), then the URL's
 * token against each runtime's. The index in `runtimes` of the one it carries, or null (refused,
 * and logged).
 */
export function checkStkCallback(
  runtimes: readonly Pick<PaymentsDeps, "callbackToken">[],
  given: StkCallbackCredentials,
): number | null {
  const { source } = given;
  const sourceAllowed =
    !source?.allowed || (source.address !== null && source.allowed.has(source.address));
  const index = sourceAllowed
    ? runtimes.findIndex((candidate) => callbackTokenIs(given.token, candidate.callbackToken))
    : -1;
  if (index >= 0) return index;
  // Never the URL's query (it holds the token).
  logger.warn("STK callback refused", {
    reason: sourceAllowed ? "bad token" : "source address not allowed",
    source: source?.address ?? "unknown",
  });
  return null;
}

/** Parse and apply the body of a callback that passed `checkStkCallback` for `runtime`. */
export async function applyStkCallback(
  store: Store,
  runtime: Pick<PaymentsDeps, "modes">,
  raw: string,
  now: () => number,
): Promise<StkCallbackOutcome> {
  let result;
  try {
    result = parseStkCallback(raw);
  } catch (error) {
    logger.warn("STK callback rejected", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { kind: "rejected" };
  }
  const final = finalFromCallback(result);
  // One write of its own (applyStkResult's), as before.
  const applied = await applyStkResult(store, final, now(), { modes: runtime.modes });
  return { kind: "applied", settlePaymentId: applied.settlePaymentId };
}
