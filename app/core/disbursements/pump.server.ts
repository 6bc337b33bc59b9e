/**
 * Sending a large disbursement batch at the rails' allowed rate (ADR 0035): each rail gets at most
 * its profile's `sendsPerSecond` requests a second, the rails side by side, for up to `budgetMs`
 * (the payments run calls it after its own sends, so settlements always go first). A round that
 * finds nothing more to send on any rail ends the pump early. One pump per database at a time in
 * this process: the run and an approval's immediate send never double the rate.
 */
import { profileOf } from "~/core/rails/charges";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { PayoutRails, RailId } from "~/core/rails/types";
import type { Store } from "~/db/store";
import { disbursementEngine } from "./transfers.server";

const pumping = new WeakSet<Store>();

export interface PumpOptions {
  modes?: readonly LedgerBook[];
  /** How long to keep sending (default 8 s: inside the payments run's 10 s interval). */
  budgetMs?: number;
  /** Waits between rounds (tests pass their clock's). */
  wait?: (ms: number) => Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Send queued disbursement rows, paced per rail; returns how many were sent. */
export async function pumpDisbursements(
  store: Store,
  rails: PayoutRails,
  now: () => number,
  { modes, budgetMs = 8_000, wait = realWait }: PumpOptions = {},
): Promise<number> {
  if (pumping.has(store)) return 0;
  pumping.add(store);
  try {
    const started = now();
    let sent = 0;
    for (;;) {
      const round = now();
      const counts = await Promise.all(
        (Object.keys(rails) as RailId[]).map(async (id) => {
          const limit = profileOf(id).sendsPerSecond;
          const done = await disbursementEngine.sendPendingTransfers(
            store,
            { [id]: rails[id] },
            now,
            {
              modes,
              purpose: "disbursement",
              limit,
            },
          );
          // A full round means more may be waiting on this rail.
          return { done, full: done >= limit };
        }),
      );
      sent += counts.reduce((sum, c) => sum + c.done, 0);
      if (!counts.some((c) => c.full)) return sent;
      const elapsed = now() - round;
      if (now() - started + Math.max(0, 1_000 - elapsed) >= budgetMs) return sent;
      if (elapsed < 1_000) await wait(1_000 - elapsed);
    }
  } finally {
    pumping.delete(store);
  }
}
