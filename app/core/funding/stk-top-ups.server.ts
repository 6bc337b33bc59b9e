/**
 * M-Pesa STK top-ups (issue 30): a member asks for a PIN prompt on a Safaricom phone for an amount;
 * the top-up is "requested" until Daraja's callback: ResultCode 0 credits it (MpesaReceiptNumber
 * as its provider reference), others fail it with the reason in plain words. The push is the
 * M-Pesa Express client's (ADR 0033) with a callback URL of the top-ups' own
 * (/webhooks/mpesa/top-up), so a payment's callbacks and a top-up's never meet.
 */
import { mobileNetworkOf } from "~/core/destinations/mobile-networks";
import type { MpesaExpressClient } from "~/core/payments/deps";
import { NOT_SAFARICOM_MESSAGE } from "~/core/payments/mpesa-pay-schema";
import { parseStkCallback, stkResultMeaning } from "~/core/providers/daraja/stk-callback";
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import { parseKenyanPhone, toMsisdn } from "~/utils/phone";
import {
  applyStkTopUpResult,
  claimStkTopUp,
  failStkTopUp,
  listRequestedStkTopUps,
  markStkTopUpSent,
  topUpAmountProblem,
  type StkTopUpApplied,
  type TopUp,
} from "./top-ups.server";

export type StkTopUpRequest =
  | { ok: true; topUp: TopUp; customerMessage: string }
  | { ok: false; field: "amount" | "phone" | "form"; message: string };

const NO_ANSWER =
  "M-Pesa did not answer in time. If your phone shows a prompt you may enter your PIN: the top-up is credited when M-Pesa confirms it.";

/** Ask for a PIN prompt: the row is claimed first, then Daraja is called with no write open. */
export async function requestStkTopUp(
  store: Store,
  stk: MpesaExpressClient,
  input: {
    merchantId: string;
    memberId: string;
    amountKes: number;
    phone: string;
    callbackUrl: string;
    now: () => number;
  },
): Promise<StkTopUpRequest> {
  if (!Number.isSafeInteger(input.amountKes))
    return { ok: false, field: "amount", message: "Enter a whole number of shillings." };
  const cents = BigInt(input.amountKes) * 100n;
  const problem = topUpAmountProblem("mpesa_stk", cents);
  if (problem) return { ok: false, field: "amount", message: problem };
  const parsed = parseKenyanPhone(input.phone);
  if (!parsed.ok) return { ok: false, field: "phone", message: parsed.error };
  if (mobileNetworkOf(parsed.e164) !== "safaricom")
    return { ok: false, field: "phone", message: NOT_SAFARICOM_MESSAGE };
  const msisdn = toMsisdn(parsed.e164);
  const topUp = await claimStkTopUp(store, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    amountKesCents: cents,
    phone: msisdn,
    now: input.now(),
  });
  if (!topUp)
    return {
      ok: false,
      field: "form",
      message:
        "A prompt is already waiting on that phone: enter your M-Pesa PIN there, or try again in two minutes.",
    };
  let answer;
  try {
    answer = await stk.stkPush({
      phone: msisdn,
      amountKes: input.amountKes,
      accountReference: input.merchantId.slice(0, 12),
      transactionDesc: "OneHop top-up",
      callbackUrl: input.callbackUrl,
    });
  } catch (error) {
    // The outcome is unknown: the row stays requested; a success callback is matched to it by
    // phone and amount.
    logger.warn("STK top-up push without an answer", {
      topUpId: topUp.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: true, topUp, customerMessage: NO_ANSWER };
  }
  if (answer.status === "refused") {
    await failStkTopUp(store, topUp.id, answer.customerMessage, input.now());
    return { ok: false, field: "form", message: answer.customerMessage };
  }
  await markStkTopUpSent(store, topUp.id, answer.checkoutRequestId, input.now());
  return {
    ok: true,
    topUp: { ...topUp, checkoutRequestId: answer.checkoutRequestId },
    customerMessage: answer.customerMessage,
  };
}

/** The raw body of a top-up's STK callback applied, or "rejected" when it is not one. */
export async function applyStkTopUpCallback(
  store: Store,
  raw: string,
  now: number,
): Promise<StkTopUpApplied | "rejected"> {
  let result;
  try {
    result = parseStkCallback(raw);
  } catch (error) {
    logger.warn("STK top-up callback rejected", {
      error: error instanceof Error ? error.message : String(error),
    });
    return "rejected";
  }
  const applied = await applyStkTopUpResult(
    store,
    result.outcome === "succeeded"
      ? {
          outcome: "succeeded",
          checkoutRequestId: result.checkoutRequestId,
          receipt: result.receipt,
          amountCents: result.amountCents,
          phone: result.phone,
        }
      : {
          outcome: "failed",
          checkoutRequestId: result.checkoutRequestId,
          reason: stkResultMeaning(result.resultCode).message,
        },
    now,
  );
  if (applied === "unknown" && result.outcome === "succeeded")
    logger.error("STK top-up money for a prompt we do not know", {
      checkoutRequestId: result.checkoutRequestId,
      receipt: result.receipt,
    });
  return applied;
}

/** Prompts without a callback after this long are asked about (STK query). */
export const STK_TOP_UP_QUERY_AFTER_MS = 60_000;
/** Prompts M-Pesa has not confirmed after this long are given up (a late success still counts). */
export const STK_TOP_UP_GIVE_UP_MS = 15 * 60_000;

const NOT_CONFIRMED =
  "M-Pesa did not confirm the prompt, so nothing was added. If money left the phone, it is added when M-Pesa confirms it.";

/**
 * Follow the prompts whose callback has not come (the top-ups' job, every minute): ask M-Pesa
 * about each; a failure fails it with M-Pesa's reason, a success credits it (the CheckoutRequestID
 * as its reference: the query carries no receipt), and a prompt still unanswered after
 * `STK_TOP_UP_GIVE_UP_MS` is given up. No write is open while M-Pesa is asked.
 */
export async function followStkTopUps(
  store: Store,
  stk: MpesaExpressClient,
  now: () => number,
): Promise<{ credited: number; failed: number }> {
  const due = await listRequestedStkTopUps(store, now() - STK_TOP_UP_QUERY_AFTER_MS);
  let credited = 0;
  let failed = 0;
  for (const topUp of due) {
    const expired = now() - topUp.createdAt >= STK_TOP_UP_GIVE_UP_MS;
    let answer;
    try {
      answer = topUp.checkoutRequestId ? await stk.stkQuery(topUp.checkoutRequestId) : undefined;
    } catch (error) {
      logger.warn("STK top-up query failed", {
        topUpId: topUp.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    if (answer?.status === "succeeded" && topUp.checkoutRequestId) {
      const applied = await applyStkTopUpResult(
        store,
        {
          outcome: "succeeded",
          checkoutRequestId: topUp.checkoutRequestId,
          receipt: topUp.checkoutRequestId,
        },
        now(),
      );
      if (applied === "credited") credited += 1;
    } else if (answer?.status === "failed" && topUp.checkoutRequestId) {
      const applied = await applyStkTopUpResult(
        store,
        {
          outcome: "failed",
          checkoutRequestId: topUp.checkoutRequestId,
          reason: stkResultMeaning(answer.resultCode).message,
        },
        now(),
      );
      if (applied === "failed") failed += 1;
    } else if (expired) {
      await failStkTopUp(store, topUp.id, NOT_CONFIRMED, now());
      failed += 1;
    }
  }
  return { credited, failed };
}
