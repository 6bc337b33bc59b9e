/**
 * The customer's receipt (issue 30, item 3): what a paid checkout shows in place of "Pay …", and
 * its printable page. Who was paid, the reference, the KES amount, how it was paid (the crypto
 * received with its transaction on the network's explorer, or the M-Pesa receipt) and when, in
 * Nairobi time; a link to share it on WhatsApp. Only for a payment the customer has paid.
 */
import { asc, eq } from "drizzle-orm";
import { paymentEvents } from "../../../drizzle/schema";
import { explorerTxUrl } from "~/core/networks";
import type { Store } from "~/db/store";
import { customerMpesaReceipts } from "./mpesa-collections.server";
import { formatCryptoUnits } from "./quote";
import type { Payment } from "./payments.server";
import type { Receipt } from "./receipt";
import { isPaidStatus } from "./statuses";
import { displayNetwork, storedNetworkId } from "~/core/networks/networks";

/** The chain hash of the customer's transaction, from the payment's deposit events. */
function txHashOf(events: readonly { detail: string | null }[], custodyTxId: string | null) {
  let found: string | null = null;
  for (const event of events) {
    if (!event.detail) continue;
    try {
      const detail = JSON.parse(event.detail) as { txId?: unknown; txHash?: unknown };
      if (typeof detail.txHash === "string" && detail.txHash && detail.txId === custodyTxId)
        found = detail.txHash;
    } catch {
      // A detail that is not JSON says nothing about the transaction.
    }
  }
  return found;
}

/** The receipt of `payment`, or null while it is not paid. */
export async function paymentReceipt(
  store: Store,
  payment: Payment,
  businessName: string,
): Promise<Receipt | null> {
  if (!isPaidStatus(payment.status)) return null;
  const base = {
    paymentId: payment.id,
    businessName,
    reference: payment.reference,
    description: payment.description,
    amountKesCents: payment.amountKesCents.toString(),
    paidAt: payment.confirmedAt ?? payment.updatedAt,
  };
  if (payment.paidWith === "mpesa") {
    const receipts = await store.read((q) => customerMpesaReceipts(q, [payment.id]));
    return { ...base, paidWith: { method: "mpesa", receipt: receipts.get(payment.id) ?? null } };
  }
  const events = await store.read((q) =>
    q
      .select({ detail: paymentEvents.detail })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, payment.id))
      .orderBy(asc(paymentEvents.id)),
  );
  const txHash = txHashOf(events, payment.custodyTxId);
  const units = payment.receivedUnits > 0n ? payment.receivedUnits : payment.cryptoAmountUnits;
  return {
    ...base,
    paidWith: {
      method: "crypto",
      amount: `${formatCryptoUnits(units, payment.asset)} ${payment.asset}`,
      network: displayNetwork(payment.network, payment.asset),
      txHash,
      txUrl: txHash
        ? explorerTxUrl(storedNetworkId(payment.network, payment.asset), txHash, payment.mode)
        : null,
    },
  };
}
