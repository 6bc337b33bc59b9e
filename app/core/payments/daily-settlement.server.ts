/**
 * The daily settlement (issue 30, item 1; ADR 0050): a merchant on a daily schedule has each
 * payment credited to its balance when confirmed (daily-credit.server.ts) and, once a day at the
 * time it chose (EAT), what its collections owe ("due") paid out in one transfer per destination
 * (more only where a rail's per-transfer limit needs it), so one M-Pesa charge a day. A kept float
 * stays: the settlement pays at most what is above it. Top-ups and money back from payouts are
 * never due, so never swept.
 *
 * The transfers are of purpose "sweep", named by their settlement (`settlement_sweeps`, one per
 * merchant, book and day); the transfer engine sends them like any settlement. A failed one's money
 * is back in the available balance (the engine reverses its posting) and due again: the next day's
 * settlement pays it (sweep-transfers.server.ts).
 */
import { and, eq } from "drizzle-orm";
import { settlementSweeps } from "../../../drizzle/schema";
import { routeSettlement, type RoutingOptions } from "~/core/destinations/routing.server";
import { afterFloat, dailyTimeReached, eatMinutesOf } from "~/core/funding/policy";
import { dueOf, markSwept, merchantsWithDue, storedPolicyOn } from "~/core/funding/policy.server";
import { readableCode } from "~/core/ids.server";
import { type LedgerBook, ledgerBooks } from "~/core/ledger/ledger.server";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { eatDay } from "./settlement-plan";
import { freeBalanceCents, planToTargets } from "./settlement.server";

export const newSweepId = () => `swp_${readableCode(14).toLowerCase()}`;

export type DailySettlementOutcome = "planned" | "not_due" | "no_destination" | "held";

/**
 * Run the day's settlement of one merchant's book if it is due: one write that locks the
 * merchant's accounts (as every settlement does), reads what is due after the lock, plans it and
 * marks the day done. Run twice at once, the second finds the day done.
 */
export function settleDay(
  store: Store,
  merchantId: string,
  mode: LedgerBook,
  now: number,
  options: RoutingOptions = {},
): Promise<DailySettlementOutcome> {
  return store.write(async (q): Promise<DailySettlementOutcome> => {
    const route = await routeSettlement(q, merchantId, now, options);
    // Without a usable destination the money stays due; the next run tries again.
    if (route.kind === "no_destination") return "no_destination";
    if (route.kind === "held") return "held";
    const today = eatDay(now);
    const [free, stored, done] = await Promise.all([
      freeBalanceCents(
        store,
        q,
        { merchantId, mode, exceptPaymentId: null },
        route.targets.map((target) => target.destination.rail),
      ),
      storedPolicyOn(q, merchantId),
      first(
        q
          .select({ id: settlementSweeps.id })
          .from(settlementSweeps)
          .where(
            and(
              eq(settlementSweeps.merchantId, merchantId),
              eq(settlementSweeps.mode, mode),
              eq(settlementSweeps.day, today),
            ),
          )
          .limit(1),
      ),
    ]);
    const stillDue = dueOf(stored, mode);
    if (
      done ||
      stored.policy.schedule !== "daily" ||
      stillDue <= 0n ||
      !dailyTimeReached(stored.policy, eatMinutesOf(now))
    )
      return "not_due";
    // What the balance can pay of it: above a kept float, and not more than is there (the merchant
    // may have paid some of it out already: that part is simply no longer owed to the rails).
    const open = afterFloat(free, stored.policy);
    const cents = open < stillDue ? open : stillDue;
    const sweepId = newSweepId();
    const { planned } = await planToTargets(store, q, {
      merchantId,
      mode,
      targets: route.targets,
      cents,
      now,
      transfer: (base) => ({ ...base, paymentId: null, purpose: "sweep", sweepId }),
      record: () => Promise.resolve(),
    });
    await q.insert(settlementSweeps).values({
      id: sweepId,
      merchantId,
      mode,
      day: today,
      dueKesCents: stillDue,
      plannedKesCents: planned,
      createdAt: now,
    });
    // What the rails could not send (cents, under a minimum) stays due; the rest is paid or kept.
    await markSwept(q, merchantId, mode, today, cents - planned - stillDue);
    return "planned";
  });
}

/**
 * Every merchant's daily settlement that is due now (the payments run calls this): at most 500
 * merchants a book per run, the next run takes the rest. Returns how many were planned.
 */
export async function runDailySettlements(
  store: Store,
  now: number,
  options: RoutingOptions & { modes?: readonly LedgerBook[] } = {},
): Promise<number> {
  const today = eatDay(now);
  const minutes = eatMinutesOf(now);
  let planned = 0;
  for (const mode of options.modes ?? ledgerBooks) {
    const candidates = await store.read((q) => merchantsWithDue(q, mode, today));
    for (const candidate of candidates) {
      if (!dailyTimeReached(candidate, minutes)) continue;
      const outcome = await settleDay(store, candidate.merchantId, mode, now, options);
      if (outcome === "planned") planned++;
    }
  }
  return planned;
}
