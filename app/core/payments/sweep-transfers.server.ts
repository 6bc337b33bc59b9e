/**
 * The transfer engine's handler for daily settlements (ADR 0050): transfers of purpose "sweep",
 * named by their settlement (`settlement_sweeps`), whose book they move in. Their "sent" posting is
 * made when planned or released, like a payment's settlement; a failed one's money (the engine has
 * reversed the posting) is due again, so the next daily settlement pays it.
 */
import { eq, sql } from "drizzle-orm";
import { settlementSweeps, settlementTransfers } from "../../../drizzle/schema";
import { addDue } from "~/core/funding/policy.server";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { TransferHandler } from "~/core/transfers/engine.server";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";

/** A daily settlement transfer's book: its settlement's, as SQL over `settlement_transfers`. */
export const sweepTransferMode = sql`(select ${settlementSweeps.mode} from ${settlementSweeps} where ${settlementSweeps.id} = ${settlementTransfers.sweepId})`;

/** The book of a daily settlement's transfer (live without one). */
export async function bookOfSweepTransfer(
  q: Handle,
  transfer: { sweepId: string | null },
): Promise<LedgerBook> {
  if (!transfer.sweepId) return "live";
  return (
    (
      await first(
        q
          .select({ mode: settlementSweeps.mode })
          .from(settlementSweeps)
          .where(eq(settlementSweeps.id, transfer.sweepId))
          .limit(1),
      )
    )?.mode ?? "live"
  );
}

/** Daily settlements as the transfer engine sends and settles them. */
export const sweepTransferHandler: TransferHandler = {
  purpose: "sweep",
  book: bookOfSweepTransfer,
  modeSql: sweepTransferMode,
  remarks: (_q, transfer) => Promise.resolve(`OneHop daily settlement ${transfer.settlementDay}`),
  succeededKind: "payout.succeeded",
  onSucceeded: () => Promise.resolve(),
  // The engine has reversed the posting: the money is back in the balance and due again.
  onFailed: async (q, transfer, _result, now) => {
    await addDue(
      q,
      transfer.merchantId,
      await bookOfSweepTransfer(q, transfer),
      transfer.amountKesCents +
        transfer.railChargeKesCents +
        transfer.feeKesCents +
        transfer.exciseKesCents,
      now,
    );
  },
};
