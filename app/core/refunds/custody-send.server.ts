/**
 * Crypto refunds through custody (ADR 0037). A pending refund is claimed (a lease, so two runs
 * never send it together), then handed to custody as an outbound transfer whose `externalTxId` is
 * the refund's id: custody refuses a second transaction with the same external id and the client
 * answers with the first, so a retry after a lost answer, a crash or a second run never sends
 * twice. Custody's webhooks (and, for lost ones, a look-up by external id) bring the outcome:
 * COMPLETED pays the refund out of what we owe the customer and books the network fee OneHop paid;
 * a failed, rejected, blocked or cancelled transfer fails the refund and gives the money back.
 *
 * On the store (ADR 0041): custody is asked between the store's transactions, never inside one. A
 * refund is claimed by a conditional update (its lease, or for the overdue question its
 * `updated_at`) in a write of its own before custody is asked, and custody's answer is recorded in
 * another; two runs at once (two processes) never both ask. The ledger's posting runs in the write
 * (its accounts read through `forUpdate`).
 */
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { complianceHolds, payments, refunds } from "../../../drizzle/schema";
import {
  type CryptoAsset,
  type LedgerBook,
  ledgerBook,
  postTransaction,
  toUnits,
} from "~/core/ledger/ledger.server";
import { CustodyHttpError } from "~/core/providers/custody/client.server";
import type { CustodyTransaction, CustodyTransfers } from "~/core/providers/custody/types";
import { formatCryptoUnits, type QuoteAsset } from "~/core/payments/quote";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import { failRefundOn, getRefundOn, markRefundSucceededOn, type Refund } from "./refunds.server";

/** What refunds use of the custody client (createCustodyClient satisfies it). */
export type RefundCustody = Pick<
  CustodyTransfers,
  "createTransfer" | "findTransactionByExternalId"
>;

/** The fields of a custody transaction a refund's outcome reads (a create's answer has two). */
type RefundCustodyTransaction = Pick<CustodyTransaction, "id" | "status"> &
  Partial<
    Pick<CustodyTransaction, "subStatus" | "externalTxId" | "txHash" | "feeCurrency" | "feeInfo">
  >;

/** Fireblocks' final states: COMPLETED pays; the rest fail the refund. */
const FAILED_STATUSES = new Set(["CANCELLED", "BLOCKED", "REJECTED", "FAILED", "TIMEOUT"]);

/** The vault refunds are sent from (Fireblocks' default vault: ADR 0037). */
export const REFUND_SOURCE_VAULT = "0";

/** A claim lasts longer than any custody call; an unanswered one is retried after it. */
export const REFUND_SEND_LEASE_MS = 2 * 60_000;

/** Fee currencies (custody asset ids) we keep books for, and their ledger asset. */
const FEE_ASSETS: Readonly<Record<string, CryptoAsset>> = {
  BTC: "BTC",
  BTC_TEST: "BTC",
  ETH: "ETH",
  ETH_TEST5: "ETH",
  ETH_TEST6: "ETH",
};

/** Take the refund's send lease, if nobody holds it: whether this run may send it. */
/**
 * No compliance case holds it (issue 31; ADR 0055): part of the claim's own condition, so a hold
 * placed before the claim always stops the send.
 */
const notHeld = sql`not exists (select 1 from ${complianceHolds} where ${complianceHolds.target} = 'refund' and ${complianceHolds.targetId} = ${refunds.id} and ${complianceHolds.status} = 'held')`;

async function claim(q: Handle, refund: Refund, now: number): Promise<boolean> {
  const done = await q
    .update(refunds)
    .set({ sendLeaseUntil: now + REFUND_SEND_LEASE_MS, attempts: refund.attempts + 1 })
    .where(
      and(
        eq(refunds.id, refund.id),
        eq(refunds.status, "pending"),
        or(isNull(refunds.sendLeaseUntil), lt(refunds.sendLeaseUntil, now + 1)),
        notHeld,
      ),
    )
    .returning({ id: refunds.id });
  return done.length === 1;
}

/** The custody asset id a refund is sent in: its payment's. */
async function assetIdOf(q: Handle, refund: Refund): Promise<string | null> {
  const row = await first(
    q
      .select({ id: payments.custodyAssetId })
      .from(payments)
      .where(eq(payments.id, refund.paymentId))
      .limit(1),
  );
  return row?.id ?? null;
}

/**
 * Send pending crypto refunds (of `modes`, when given) to custody. Returns how many custody took.
 * A refusal (4xx) fails the refund at once; a timeout or 5xx leaves it pending for the next run.
 */
export async function sendPendingRefunds(
  store: Store,
  custody: RefundCustody,
  now: () => number,
  { modes, limit = 20 }: { modes?: readonly LedgerBook[]; limit?: number } = {},
): Promise<number> {
  const due = await store.read((q) =>
    q
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.method, "crypto"),
          eq(refunds.status, "pending"),
          or(isNull(refunds.sendLeaseUntil), lt(refunds.sendLeaseUntil, now() + 1)),
          notHeld,
          modes ? inArray(refunds.mode, [...modes]) : undefined,
        ),
      )
      .orderBy(refunds.createdAt)
      .limit(limit),
  );
  let sent = 0;
  for (const refund of due) {
    if (!(await store.write((q) => claim(q, refund, now())))) continue;
    const assetId = await store.read((q) => assetIdOf(q, refund));
    if (!assetId || !refund.asset || refund.cryptoUnits === null) {
      await store.write((q) =>
        failRefundOn(q, refund.id, "the payment has no custody asset to send", now()),
      );
      continue;
    }
    try {
      const answer = await custody.createTransfer({
        externalTxId: refund.id,
        assetId,
        sourceVaultAccountId: REFUND_SOURCE_VAULT,
        destinationAddress: refund.destination,
        amount: formatCryptoUnits(refund.cryptoUnits, refund.asset as QuoteAsset),
        note: `OneHop refund ${refund.id} of payment ${refund.paymentId}`,
      });
      await store.write((q) => markSent(q, refund.id, answer.id, now()));
      sent++;
      if (answer.status === "COMPLETED" || FAILED_STATUSES.has(answer.status))
        await applyRefundTransaction(
          store,
          { id: answer.id, status: answer.status },
          now(),
          refund.id,
        );
    } catch (error) {
      if (error instanceof CustodyHttpError && !error.isRetryable && !error.isAuthError) {
        await store.write((q) => failRefundOn(q, refund.id, custodyRefusal(error), now()));
        continue;
      }
      // Timeout, network, 5xx, credentials: pending; the lease makes the next run wait a while.
      logger.warn("refund not sent yet", {
        refundId: refund.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return sent;
}

function custodyRefusal(error: CustodyHttpError): string {
  return `custody refused the transfer: ${error.providerMessage ?? `HTTP ${error.status}`}`;
}

async function markSent(q: Handle, refundId: string, custodyTxId: string, now: number) {
  await q
    .update(refunds)
    .set({ status: "sent", custodyTxId, sentAt: now, updatedAt: now, sendLeaseUntil: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
}

/**
 * The refund a custody transaction is about: its external id is the refund's (we set it on every
 * transfer, and custody echoes it), or none. Deposits carry no external id: no query for them.
 */
export async function refundOfTransaction(
  q: Handle,
  transaction: Pick<RefundCustodyTransaction, "externalTxId">,
): Promise<Refund | undefined> {
  return transaction.externalTxId?.startsWith("rfd_")
    ? getRefundOn(q, transaction.externalTxId)
    : undefined;
}

/**
 * Apply custody's (authoritative, re-read) state of a refund's transaction, in one write. Repeats
 * and out-of-order deliveries change nothing twice. Returns what it did.
 */
export function applyRefundTransaction(
  store: Store,
  transaction: RefundCustodyTransaction,
  now: number,
  refundId?: string,
): Promise<"succeeded" | "failed" | "sent" | "ignored"> {
  return store.write(async (q) => {
    const refund = refundId
      ? await getRefundOn(q, refundId)
      : await refundOfTransaction(q, transaction);
    if (!refund || refund.method !== "crypto") return "ignored";
    if (refund.status === "pending") await markSent(q, refund.id, transaction.id, now);
    if (FAILED_STATUSES.has(transaction.status)) {
      const why = transaction.subStatus
        ? `custody ${transaction.status.toLowerCase()} it (${transaction.subStatus})`
        : `custody ${transaction.status.toLowerCase()} it`;
      return (await failRefundOn(q, refund.id, why, now)) ? "failed" : "ignored";
    }
    if (transaction.status !== "COMPLETED") return refund.status === "pending" ? "sent" : "ignored";
    const current = (await getRefundOn(q, refund.id))!;
    if (current.status !== "pending" && current.status !== "sent") return "ignored";
    const asset = current.asset as QuoteAsset;
    const units = current.cryptoUnits!;
    const book = ledgerBook(current.mode);
    const entries = [
      { account: book.customerRefundsPayable(asset), amount: units },
      { account: book.custody(asset), amount: -units },
    ];
    const fee = bookedFee(transaction);
    if (fee) {
      entries.push({ account: book.networkFees(fee.asset), amount: fee.units });
      entries.push({ account: book.custody(fee.asset), amount: -fee.units });
    }
    await postTransaction(
      q,
      {
        idempotencyKey: `refund:${current.id}:sent-on-chain`,
        kind: "refund.paid_on_chain",
        description: `Refund ${current.id}: ${formatCryptoUnits(units, asset)} ${asset} sent to the customer`,
        reference: { type: "refund", id: current.id },
        entries,
        now,
      },
      store,
    );
    await q.update(refunds).set({ custodyTxId: transaction.id }).where(eq(refunds.id, current.id));
    await markRefundSucceededOn(q, current, { txHash: transaction.txHash ?? null }, now);
    return "succeeded";
  });
}

/** The network fee custody charged, when it is in an asset we keep books for. */
function bookedFee(
  transaction: RefundCustodyTransaction,
): { asset: CryptoAsset; units: bigint } | null {
  const asset = transaction.feeCurrency ? FEE_ASSETS[transaction.feeCurrency] : undefined;
  const fee = transaction.feeInfo?.networkFee;
  if (!asset || !fee) return null;
  try {
    const units = toUnits(fee, asset, "ceil");
    return units > 0n ? { asset, units } : null;
  } catch {
    return null;
  }
}

/**
 * Refunds custody took but whose outcome has not come (a lost webhook): ask custody by external id,
 * at most once per `olderThanMs` each. Also refunds still pending after their lease (a crash
 * between custody taking them and our write): the look-up finds them too.
 */
export async function queryOverdueRefunds(
  store: Store,
  custody: RefundCustody,
  now: () => number,
  olderThanMs: number,
  { modes, limit = 50 }: { modes?: readonly LedgerBook[]; limit?: number } = {},
): Promise<number> {
  const cutoff = now() - olderThanMs;
  const overdue = await store.read((q) =>
    q
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.method, "crypto"),
          eq(refunds.status, "sent"),
          lt(refunds.updatedAt, cutoff),
          modes ? inArray(refunds.mode, [...modes]) : undefined,
        ),
      )
      .limit(limit),
  );
  let changed = 0;
  for (const refund of overdue) {
    // Claim the question: only the run whose update still finds it overdue and sent asks custody
    // (two runs at once, e.g. two processes, must not both ask).
    const claimed = await store.write((q) =>
      q
        .update(refunds)
        .set({ updatedAt: now() })
        .where(
          and(
            eq(refunds.id, refund.id),
            eq(refunds.status, "sent"),
            eq(refunds.updatedAt, refund.updatedAt),
          ),
        )
        .returning({ id: refunds.id }),
    );
    if (claimed.length === 0) continue;
    try {
      const transaction = await custody.findTransactionByExternalId(refund.id);
      if (!transaction) continue;
      const outcome = await applyRefundTransaction(store, transaction, now(), refund.id);
      if (outcome === "succeeded" || outcome === "failed") changed++;
    } catch (error) {
      logger.warn("refund status query failed", {
        refundId: refund.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return changed;
}
