/**
 * M-Pesa Pay Bill top-ups (C2B, protocols.md §1.3): Daraja asks our ValidationURL whether to take
 * a payment, then tells our ConfirmationURL that it did. The account number is the merchant id
 * ("MRC-K3NYA2", any case, spaces ignored). Validation accepts an active merchant and an amount
 * within the limits; confirmation credits the top-up (or holds it in suspense, unmatched) and is
 * acknowledged once stored. Core receives the URL's token, the source and the raw body from the
 * edge (app/route-support/paybill-webhook.server.ts) and answers a domain outcome.
 */
import type { ApiMode } from "~/core/api/vocabulary";
import {
  c2bAmountCents,
  c2bPayer,
  c2bPayloadSchema,
  C2B_REJECT,
  type C2bPayload,
} from "~/core/providers/daraja/c2b";
import { callbackTokenIs, type CallbackSource } from "~/core/payments/mpesa-results.server";
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import {
  activeMerchantId,
  creditArrivedTopUp,
  merchantIdFromAccountNumber,
  topUpAmountProblem,
  type TopUp,
} from "./top-ups.server";

/** A C2B payload is well under 2 KB. */
export const PAYBILL_CALLBACK_MAX_BYTES = 16 * 1024;

/** One set of M-Pesa credentials that may call us: its token and the mode of its money. */
export interface PaybillReceiver {
  callbackToken: string;
  mode: ApiMode;
}

/**
 * The guard: the source address first (when an allow-list is set), then the URL's token against
 * each receiver's. The receiver it names, or null (refused, logged).
 */
export function checkPaybillCallback(
  receivers: readonly PaybillReceiver[],
  given: { token: string; source?: CallbackSource; path: string },
): PaybillReceiver | null {
  const { source } = given;
  const sourceAllowed =
    !source?.allowed || (source.address !== null && source.allowed.has(source.address));
  const receiver = sourceAllowed
    ? receivers.find((candidate) => callbackTokenIs(given.token, candidate.callbackToken))
    : undefined;
  if (receiver) return receiver;
  logger.warn("Pay Bill callback refused", {
    reason: sourceAllowed ? "bad token" : "source address not allowed",
    path: given.path,
    source: source?.address ?? "unknown",
  });
  return null;
}

/** The payload of a raw body, or null when it is not C2B's. */
export function parsePaybillPayload(raw: string): C2bPayload | null {
  let json: unknown;
  try {
    json = JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
  const parsed = c2bPayloadSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export type PaybillValidation =
  { kind: "accepted" } | { kind: "rejected"; code: (typeof C2B_REJECT)[keyof typeof C2B_REJECT] };

/** Validation: an account number naming an active merchant, an amount within the limits. */
export async function validatePaybill(
  store: Store,
  payload: C2bPayload,
): Promise<PaybillValidation> {
  const cents = c2bAmountCents(payload.TransAmount);
  if (topUpAmountProblem("mpesa_paybill", cents))
    return { kind: "rejected", code: C2B_REJECT.invalidAmount };
  const merchantId = await store.read((q) =>
    activeMerchantId(q, merchantIdFromAccountNumber(payload.BillRefNumber)),
  );
  if (!merchantId) return { kind: "rejected", code: C2B_REJECT.invalidAccount };
  return { kind: "accepted" };
}

export type PaybillConfirmation =
  { kind: "rejected" } | { kind: "stored"; topUp: TopUp; created: boolean };

/**
 * Confirmation: the money moved, so it is always kept: credited to the merchant the account
 * number names, or held in suspense (unmatched) for an operator. Once per TransID.
 */
export async function confirmPaybill(
  store: Store,
  payload: C2bPayload,
  mode: ApiMode,
  now: number,
): Promise<PaybillConfirmation> {
  const cents = c2bAmountCents(payload.TransAmount);
  if (cents <= 0n) return { kind: "rejected" };
  const { topUp, created } = await creditArrivedTopUp(store, {
    method: "mpesa_paybill",
    providerReference: payload.TransID,
    amountKesCents: cents,
    merchantId: merchantIdFromAccountNumber(payload.BillRefNumber),
    accountReference: payload.BillRefNumber,
    payer: c2bPayer(payload),
    mode,
    now,
  });
  if (created && topUp.status === "unmatched")
    logger.error("Pay Bill money for an unknown account held in suspense", {
      topUpId: topUp.id,
      transId: payload.TransID,
    });
  return { kind: "stored", topUp, created };
}
