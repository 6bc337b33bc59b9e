/**
 * The M-Pesa Express (STK Push) callback (ADR 0033): refused unless it comes from an allowed source
 * (when the allow-list is set) with our token in the URL (only the Daraja we gave the URL to knows
 * it; each mode's runtime has its own); the body read within `STK_CALLBACK_MAX_BYTES`; parsed with
 * `parseStkCallback`; applied once per CheckoutRequestID. Daraja gets its acknowledgement.
 */
import { parseStkCallback } from "~/core/providers/daraja/stk-callback";
import { readBodyWithin } from "~/utils/body-limit.server";
import type { Db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import type { PaymentsDeps } from "./deps";
import { applyStkResult, finalFromCallback } from "./mpesa-collections.server";
import { callbackTokenMatches, type CallbackSource, type WebhookAnswer } from "./webhooks.server";

/** An STK callback is a few hundred bytes. */
export const STK_CALLBACK_MAX_BYTES = 16 * 1024;

const ACK = { ResultCode: 0, ResultDesc: "Accepted" };

export async function handleStkCallback(
  db: Db,
  runtimes: readonly Pick<PaymentsDeps, "callbackToken" | "modes">[],
  request: Request,
  now: () => number,
  source?: CallbackSource,
): Promise<WebhookAnswer> {
  if (request.method !== "POST")
    return { status: 405, body: { ResultCode: 1, ResultDesc: "Method not allowed" } };
  const sourceAllowed =
    !source?.allowed || (source.address !== null && source.allowed.has(source.address));
  const runtime = sourceAllowed
    ? runtimes.find((candidate) => callbackTokenMatches(request, candidate.callbackToken))
    : undefined;
  if (!runtime) {
    // Never the URL's query (it holds the token).
    logger.warn("STK callback refused", {
      reason: sourceAllowed ? "bad token" : "source address not allowed",
      source: source?.address ?? "unknown",
    });
    return { status: 403, body: { ResultCode: 1, ResultDesc: "Forbidden" } };
  }
  const bytes = await readBodyWithin(request.body, STK_CALLBACK_MAX_BYTES);
  if (!bytes) return { status: 413, body: { ResultCode: 1, ResultDesc: "Payload too large" } };
  let result;
  try {
    result = parseStkCallback(new TextDecoder().decode(bytes));
  } catch (error) {
    logger.warn("STK callback rejected", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 400, body: { ResultCode: 1, ResultDesc: "Rejected" } };
  }
  const applied = applyStkResult(db, finalFromCallback(result), now(), { modes: runtime.modes });
  return { status: 200, body: ACK, settlePaymentId: applied.settlePaymentId };
}
