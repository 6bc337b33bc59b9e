/**
 * What a custody deposit does to a payment. The caller has verified the webhook and re-read the
 * transaction from custody; this applies that (authoritative) state, so duplicate and out-of-order
 * webhooks change nothing twice: confirmations only grow and every posting has an idempotency key.
 *
 * At the required confirmations: the exact amount converts at the locked rate (merchant credited
 * net of the C2B fee, the fee to revenue; held in `pending` when the payment needs manual review);
 * an under-, over- or late payment is held in suspense for an operator (nothing is lost).
 *
 * On the store (ADR 0041).
 */
import { eq } from "drizzle-orm";
import { payments } from "../../../drizzle/schema";
import { ledgerBook, postTransaction, toUnits } from "~/core/ledger/ledger.server";
import { isFailed, type CustodyTransaction } from "~/core/providers/custody/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { storedNetworkId } from "~/core/networks/networks";
import { requiredConfirmations, type PaymentsConfig } from "./config";
import { readPaymentForUpdate, recordEvent, transition, type Payment } from "./payments.server";
import type { QuoteAsset } from "./quote";
import { postConversion, postToSuspense } from "./deposit-postings.server";
import { heldForSanctions } from "./sanctions-hold.server";

export type DepositOutcome =
  | "unknown_address"
  | "ignored"
  | "failed"
  | "confirming"
  | "confirmed"
  | "in_review"
  | "underpaid"
  | "overpaid"
  | "paid_after_expiry"
  /** Crypto sent to a payment already paid with M-Pesa (ADR 0033): held for an operator. */
  | "held_after_mpesa"
  /** From an address on a sanctions list (issue 31, item 2): held for a compliance case. */
  | "held";

export async function findPaymentByAddress(
  q: Handle,
  address: string,
): Promise<Payment | undefined> {
  return first(q.select().from(payments).where(eq(payments.depositAddress, address)).limit(1));
}

export async function applyCustodyTransaction(
  store: Store,
  transaction: CustodyTransaction,
  config: PaymentsConfig,
  now: number,
): Promise<DepositOutcome> {
  const address = transaction.destinationAddress;
  const found = address ? await store.read((q) => findPaymentByAddress(q, address)) : undefined;
  if (!found) return "unknown_address";
  /** An event on the payment's timeline for an operator, in a write of its own. */
  const note = (event: Parameters<typeof recordEvent>[2]) =>
    store.write((q) => recordEvent(q, found, event));
  if (found.custodyTxId && found.custodyTxId !== transaction.id) {
    await note({
      type: "second_deposit",
      cause: `another deposit (${transaction.id}) to the same address: for an operator`,
      at: now,
      detail: { txId: transaction.id, amount: transaction.amountInfo.amount },
    });
    return "ignored";
  }
  const asset = found.asset as QuoteAsset;
  // Another asset id at the same address is a deposit on another network (an EVM vault has one
  // address on Ethereum and Base alike) or of another token: never credited as this payment's; the
  // coins stay at custody and the timeline says so, for an operator (ADR 0031).
  if (found.custodyAssetId && transaction.assetId !== found.custodyAssetId) {
    await note({
      type: "wrong_network_deposit",
      cause: `a ${transaction.assetId} deposit (${transaction.id}) to this ${found.custodyAssetId} address: for an operator`,
      at: now,
      detail: {
        txId: transaction.id,
        assetId: transaction.assetId,
        amount: transaction.amountInfo.amount,
        status: transaction.status,
      },
    });
    return "ignored";
  }
  const network = storedNetworkId(found.network, asset);
  const required = requiredConfirmations(config, asset, network);

  return store.write(async (q): Promise<DepositOutcome> => {
    const payment = (await readPaymentForUpdate(store, q, found.id))!;
    if (isFailed(transaction.status)) {
      const moved = await transition(q, payment, ["awaiting_payment", "confirming"], "failed", {
        type: "deposit_failed",
        cause: `custody reported the deposit ${transaction.status}`,
        at: now,
        detail: {
          txId: transaction.id,
          status: transaction.status,
          subStatus: transaction.subStatus,
        },
      });
      return moved ? "failed" : "ignored";
    }
    const units = toUnits(transaction.amountInfo.amount, asset, "floor");
    // Paid with M-Pesa (ADR 0033): this crypto is not the payment's. The payment's own fields are
    // left alone; at the required confirmations the coins are held in suspense and flagged for an
    // operator (refund to the customer), once per custody transaction.
    if (payment.paidWith === "mpesa") {
      if (
        units === 0n ||
        (transaction.numOfConfirmations < required && transaction.status !== "COMPLETED")
      )
        return "ignored";
      const { custody, suspense } = ledgerBook(payment.mode);
      const held = await postTransaction(
        q,
        {
          idempotencyKey: `payment:${payment.id}:deposit:${transaction.id}:held`,
          kind: "payment.held",
          description: `Payment ${payment.id}: ${units} units sent after it was paid with M-Pesa, held for an operator`,
          reference: { type: "payment", id: payment.id },
          entries: [
            { account: custody(asset), amount: units },
            { account: suspense(asset), amount: -units },
          ],
          now,
        },
        store,
      );
      if (held.created)
        await recordEvent(q, payment, {
          type: "deposit_after_mpesa",
          cause: `a ${asset} deposit (${transaction.id}) arrived after the payment was paid with M-Pesa: held for an operator to refund`,
          at: now,
          detail: { txId: transaction.id, txHash: transaction.txHash, receivedUnits: units },
        });
      return "held_after_mpesa";
    }
    const confirmations = Math.max(payment.confirmations, transaction.numOfConfirmations);
    const progressed =
      confirmations > payment.confirmations ||
      payment.custodyTxId === null ||
      units !== payment.receivedUnits;
    const payerAddress = transaction.sourceAddress ?? payment.payerAddress;
    // The same state applied again (a late webhook after reconciliation, a repeat) changes nothing.
    if (progressed || payerAddress !== payment.payerAddress) {
      await q
        .update(payments)
        .set({
          custodyTxId: transaction.id,
          receivedUnits: units,
          confirmations,
          payerAddress,
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
    }
    const current = {
      ...payment,
      receivedUnits: units,
      confirmations,
      custodyTxId: transaction.id,
    };

    // A deposit to an expired or canceled payment is still the customer's money: it is confirmed
    // like any other and then held as paid after expiry (an exception an operator resolves).
    const closed = payment.status === "expired" || payment.status === "canceled";
    if (payment.status === "awaiting_payment" || closed) {
      await transition(q, current, ["awaiting_payment", "expired", "canceled"], "confirming", {
        type: "deposit_detected",
        cause: "custody saw the customer's transfer",
        at: now,
        detail: {
          txId: transaction.id,
          txHash: transaction.txHash,
          amount: transaction.amountInfo.amount,
          confirmations,
        },
      });
    } else if (payment.status === "confirming" && progressed) {
      await recordEvent(q, current, {
        type: "confirmation",
        cause: "custody reported more confirmations",
        at: now,
        detail: { confirmations, required },
      });
    }
    if (current.status !== "confirming" && payment.status !== "awaiting_payment" && !closed) {
      return "ignored";
    }

    const enough = confirmations >= required || transaction.status === "COMPLETED";
    if (!enough) return "confirming";

    const late = transaction.createdAt > payment.expiresAt || closed;
    // Sanctions (issue 31, item 2; ADR 0055): the sender is screened once the deposit counts; the
    // crypto of a listed sender is held in suspense, neither converted nor settled, for a case.
    if (
      payerAddress &&
      (await heldForSanctions(q, current, {
        payerAddress,
        network,
        late,
        units,
        txId: transaction.id,
        now,
      }))
    )
      return "held";
    const hold = async (
      to: "underpaid" | "overpaid" | "paid_after_expiry",
      cause: string,
    ): Promise<DepositOutcome> => {
      await postToSuspense(q, current, units, now);
      await transition(q, current, ["confirming"], to, {
        type: to,
        cause,
        at: now,
        set: { confirmedAt: now },
        detail: { receivedUnits: units, expectedUnits: payment.cryptoAmountUnits },
      });
      return to;
    };
    if (late) return hold("paid_after_expiry", "the deposit arrived after the quote expired");
    if (units < payment.cryptoAmountUnits)
      return hold("underpaid", "the customer sent less than the quote");
    if (units > payment.cryptoAmountUnits)
      return hold("overpaid", "the customer sent more than the quote");

    await postConversion(q, current, {
      units,
      grossKesCents: payment.amountKesCents,
      feeKesCents: payment.feeKesCents,
      exciseKesCents: payment.exciseKesCents,
      fromSuspense: false,
      key: `payment:${payment.id}:converted`,
      now,
    });
    const to = payment.requiresReview ? "in_review" : "confirmed";
    await transition(q, current, ["confirming"], to, {
      type: "converted",
      cause: payment.requiresReview
        ? "confirmed on-chain; converted at the locked rate and held for manual review (above the automatic limit)"
        : "confirmed on-chain; converted at the locked rate",
      at: now,
      set: { confirmedAt: now },
      detail: {
        confirmations,
        grossKesCents: payment.amountKesCents,
        feeKesCents: payment.feeKesCents,
        exciseKesCents: payment.exciseKesCents,
      },
    });
    return to;
  });
}
