/**
 * Bank transfer top-ups over PesaLink (issue 30): a merchant sends money to OneHop's collection
 * account quoting its reference ("OH" + its code, `bankReferenceFor`); the bank notifies us
 * (core/providers/pesalink/incoming.ts), the raw body signed with the bank's key as its result
 * callbacks are. Verified against the PesaLink keys of each runtime here, then credited once per
 * bank reference: to the merchant the quoted reference names, or to suspense (unmatched).
 */
import type { ApiMode } from "~/core/api/vocabulary";
import type { RailCallback, RailCallbackReceiver } from "~/core/payments/rail-results.server";
import { verifyCallbackSignature } from "~/core/providers/pesalink/client.server";
import { incomingAmountCents, pesalinkIncomingSchema } from "~/core/providers/pesalink/incoming";
import type { Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import { creditArrivedTopUp, merchantIdFromBankReference, type TopUp } from "./top-ups.server";

/** Where the bank notifies money received (the simulator is told the same). */
export const BANK_TRANSFERS_PATH = "/webhooks/bank-transfers";

export type BankTransferOutcome =
  | { kind: "unverified" }
  | { kind: "not_json" }
  | { kind: "malformed" }
  /** Not a completed credit (nothing to book). */
  | { kind: "ignored" }
  | { kind: "stored"; topUp: TopUp; created: boolean };

export async function applyBankTransferNotification(
  store: Store,
  receivers: readonly RailCallbackReceiver[],
  { raw, signature }: RailCallback,
  now: number,
): Promise<BankTransferOutcome> {
  const receiver = receivers.find(
    ({ keys }) =>
      keys.pesalink && verifyCallbackSignature(raw, signature, keys.pesalink.bankPublicKey),
  );
  if (!receiver) {
    logger.warn("bank transfer notification with a bad signature refused");
    return { kind: "unverified" };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw) as unknown;
  } catch {
    return { kind: "not_json" };
  }
  const parsed = pesalinkIncomingSchema.safeParse(json);
  if (!parsed.success) return { kind: "malformed" };
  const { customer, transaction, bank } = parsed.data;
  if (transaction.status.toUpperCase() !== "SUCCESS") return { kind: "ignored" };
  const cents = incomingAmountCents(transaction.amount);
  if (cents <= 0n) return { kind: "malformed" };
  const quoted = customer.reference || transaction.remarks;
  const mode: ApiMode = !receiver.modes || receiver.modes.includes("live") ? "live" : "test";
  const { topUp, created } = await creditArrivedTopUp(store, {
    method: "bank",
    providerReference: transaction.reference,
    amountKesCents: cents,
    merchantId: merchantIdFromBankReference(quoted),
    accountReference: quoted,
    payer: [customer.name, bank.senderBank, bank.senderAccount].filter(Boolean).join(", "),
    mode,
    now,
  });
  if (created && topUp.status === "unmatched")
    logger.error("bank transfer for an unknown reference held in suspense", {
      topUpId: topUp.id,
      bankReference: transaction.reference,
    });
  return { kind: "stored", topUp, created };
}
