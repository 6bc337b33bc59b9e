/**
 * The transfer engine's handler for settlements (ADR 0043): a payment's transfers to the
 * merchant's destinations. Their "sent" posting (merchant available -> in flight, the rail's float
 * earmarked) is made when they are planned or released (`postTransferSent`), before the engine
 * sends them; when the rail answers, the payment hears of it (`transfer_succeeded` /
 * `transfer_failed`, `payout.succeeded` / `payout.failed` for the merchant's systems) and is
 * settled once every transfer is paid. Also how a payment's transfers read (with where they went).
 *
 * On the store (ADR 0041): the handler runs on the engine's handle; the posting and the reads run
 * in the caller's handle.
 */
import { asc, eq, sql } from "drizzle-orm";
import { payments, settlementDestinations, settlementTransfers } from "../../../drizzle/schema";
import {
  type LedgerBook,
  ledgerBook,
  type Lock,
  postTransaction,
} from "~/core/ledger/ledger.server";
import { queueSettlementPaidSms } from "~/core/notifications/sms-queue.server";
import { enqueueEvent } from "~/core/api/outbox.server";
import { payoutObject, type PayoutRow } from "~/core/api/payout-object";
import { destinationLabel, maskedDestinationLabel } from "~/core/destinations/display";
import { railNames } from "~/core/destinations/schema";
import type { Transfer, TransferHandler } from "~/core/transfers/engine.server";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import { getPayment, recordEvent, transition } from "./payments.server";

/** The mode of a settlement transfer's payment, as SQL over `settlement_transfers` (null: none). */
export const paymentTransferMode = sql`(select ${payments.mode} from ${payments} where ${payments.id} = ${settlementTransfers.paymentId})`;

/** The mode of a transfer's payment: the query's columns and condition. */
const paymentModeQuery = (paymentId: string) => ({
  columns: { mode: payments.mode },
  where: eq(payments.id, paymentId),
});

/**
 * The ledger book of a settlement transfer: its payment's mode (test payments settle in the test
 * book). A transfer without a payment is live money. In the caller's transaction.
 */
export async function bookOfSettlementTransferOn(
  q: Handle,
  transfer: Pick<Transfer, "paymentId">,
): Promise<LedgerBook> {
  if (!transfer.paymentId) return "live";
  const { columns, where } = paymentModeQuery(transfer.paymentId);
  return (await first(q.select(columns).from(payments).where(where).limit(1)))?.mode ?? "live";
}

/**
 * Post a transfer's "sent" movement: the merchant's available balance pays the amount (now in
 * flight to the merchant) and the rail's charge for it, which leaves our float on that rail with
 * the amount (the charge is what the rail takes from the float for the transfer: passed through at
 * cost). A fee of ours (none for settlements) would go to fee revenue, its excise to excise
 * payable. A failure reverses all of
 * it. In the book of the transfer's payment (`mode`, when the caller has it), in the caller's write
 * (the guarded accounts read through `lock`, the store).
 */
export async function postTransferSent(
  q: Handle,
  transfer: Transfer,
  now: number,
  { mode, lock }: { mode?: LedgerBook; lock?: Lock } = {},
): Promise<void> {
  const charge = transfer.railChargeKesCents;
  const book = ledgerBook(mode ?? (await bookOfSettlementTransferOn(q, transfer)));
  const { excisePayable, feeRevenue, merchantAvailable, merchantInFlight } = book;
  const { railFloat, railInFlight } = book;
  const entries = [
    {
      account: merchantAvailable(transfer.merchantId),
      amount: transfer.amountKesCents + charge + transfer.feeKesCents + transfer.exciseKesCents,
    },
    { account: merchantInFlight(transfer.merchantId), amount: -transfer.amountKesCents },
    { account: railInFlight(transfer.rail), amount: transfer.amountKesCents },
    { account: railFloat(transfer.rail), amount: -(transfer.amountKesCents + charge) },
  ];
  if (transfer.feeKesCents > 0n)
    entries.push({ account: feeRevenue(), amount: -transfer.feeKesCents });
  if (transfer.exciseKesCents > 0n)
    entries.push({ account: excisePayable(), amount: -transfer.exciseKesCents });
  const result = await postTransaction(
    q,
    {
      idempotencyKey: `transfer:${transfer.id}:sent`,
      kind: "payout.sent",
      description: `Payout ${transfer.id} to ${railNames[transfer.rail]}${transfer.phone ? ` ${transfer.phone}` : ""}${charge > 0n ? `, ${railNames[transfer.rail]} charge ${charge / 100n} KES` : ""}`,
      reference: { type: "transfer", id: transfer.id },
      entries,
      guards: [merchantAvailable(transfer.merchantId), railFloat(transfer.rail)],
      now,
    },
    lock,
  );
  await q
    .update(settlementTransfers)
    .set({ status: "pending", ledgerTransactionId: result.transactionId, updatedAt: now })
    .where(eq(settlementTransfers.id, transfer.id));
}

/** When every transfer of the payment has succeeded, the payment is settled. */
async function settleIfDone(q: Handle, paymentId: string | null, now: number): Promise<void> {
  if (!paymentId) return;
  const transfers = await q
    .select({
      id: settlementTransfers.id,
      status: settlementTransfers.status,
      retryOf: settlementTransfers.retryOf,
    })
    .from(settlementTransfers)
    .where(eq(settlementTransfers.paymentId, paymentId));
  // A failed transfer counts until it is paid again (a retry names it): its money is not paid yet.
  const retried = new Set(transfers.map((t) => t.retryOf).filter((id) => id !== null));
  const open = transfers.filter((t) => t.status !== "failed" || !retried.has(t.id));
  if (open.length > 0 && open.every((t) => t.status === "succeeded")) {
    const payment = await getPayment(q, paymentId);
    if (payment)
      await transition(q, payment, ["settling"], "settled", {
        type: "settled",
        cause: "every transfer paid",
        at: now,
        set: { settledAt: now },
      });
  }
}

/** A transfer with where it went, written for people ("M-Pesa +254 712 345 678"), and masked. */
export type TransferWithDestination = Transfer & {
  destinationLabel: string;
  destinationMasked: string;
};

/** A payment's transfers in order, with where each went. In the caller's handle. */
export async function listTransfersForPayment(
  q: Handle,
  paymentId: string,
): Promise<TransferWithDestination[]> {
  const rows = await q
    .select({ transfer: settlementTransfers, destination: settlementDestinations })
    .from(settlementTransfers)
    .leftJoin(
      settlementDestinations,
      eq(settlementDestinations.id, settlementTransfers.destinationId),
    )
    .where(eq(settlementTransfers.paymentId, paymentId))
    .orderBy(asc(settlementTransfers.sequence));
  return rows.map(({ transfer, destination }) => withDestination(transfer, destination));
}

type DestinationRow = typeof settlementDestinations.$inferSelect;

function withDestination(
  transfer: Transfer,
  destination: DestinationRow | null | undefined,
): TransferWithDestination {
  const where = destination ?? {
    rail: transfer.rail,
    phone: transfer.phone,
    bankCode: null,
    accountNumber: null,
  };
  return {
    ...transfer,
    destinationLabel: destinationLabel(where),
    destinationMasked: maskedDestinationLabel(where),
  };
}

/** A transfer as the API's payout object reads it. */
export function payoutRowOf(transfer: TransferWithDestination): PayoutRow {
  return { ...transfer, destination: transfer.destinationMasked };
}

/**
 * `payout.succeeded` / `payout.failed` for a settlement transfer of a payment: the merchant's
 * systems learn the rail and the receipt (issue 14). In the transfer's transaction.
 */
async function enqueuePayoutEvent(q: Handle, transferId: string, now: number): Promise<void> {
  const row = await first(
    q
      .select({ transfer: settlementTransfers, destination: settlementDestinations })
      .from(settlementTransfers)
      .leftJoin(
        settlementDestinations,
        eq(settlementDestinations.id, settlementTransfers.destinationId),
      )
      .where(eq(settlementTransfers.id, transferId))
      .limit(1),
  );
  if (!row || row.transfer.purpose !== "settlement" || !row.transfer.paymentId) return;
  const { transfer } = row;
  if (transfer.status !== "succeeded" && transfer.status !== "failed") return;
  const mode = await bookOfSettlementTransferOn(q, transfer);
  await enqueueEvent(q, {
    merchantId: transfer.merchantId,
    mode,
    type: transfer.status === "succeeded" ? "payout.succeeded" : "payout.failed",
    objectId: transfer.id,
    data: {
      object: payoutObject(
        payoutRowOf(withDestination(transfer, row.destination)),
        mode === "live",
      ),
    },
    now,
  });
}

/** Settlements as the transfer engine sends and settles them. */
export const settlementTransferHandler: TransferHandler = {
  purpose: "settlement",
  book: bookOfSettlementTransferOn,
  modeSql: paymentTransferMode,
  remarks: (_q, transfer) =>
    Promise.resolve(`OneHop settlement ${transfer.paymentId ?? transfer.id}`),
  succeededKind: "payout.succeeded",
  onSucceeded: async (q, transfer, result, now) => {
    await enqueuePayoutEvent(q, transfer.id, now);
    if (transfer.paymentId) {
      await recordEvent(
        q,
        { id: transfer.paymentId },
        {
          type: "transfer_succeeded",
          cause: `${railNames[transfer.rail]} paid the merchant`,
          at: now,
          detail: {
            transferId: transfer.id,
            receipt: result.receipt,
            amountKesCents: transfer.amountKesCents,
          },
        },
      );
    }
    await queueSettlementPaidSms(
      q,
      { ...transfer, railName: railNames[transfer.rail] },
      result.receipt ?? null,
      now,
    );
    await settleIfDone(q, transfer.paymentId, now);
  },
  onFailed: async (q, transfer, result, now) => {
    await enqueuePayoutEvent(q, transfer.id, now);
    if (transfer.paymentId) {
      await recordEvent(
        q,
        { id: transfer.paymentId },
        {
          type: "transfer_failed",
          cause: `${result.description}; the money is back in the available balance and can be retried`,
          at: now,
          detail: { transferId: transfer.id, code: result.code },
        },
      );
    }
  },
};
