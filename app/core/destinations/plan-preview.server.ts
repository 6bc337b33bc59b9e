/**
 * The settlement plan a payment page shows before the payment settles (issue 14, item 6): where its
 * net would go now (the default destination or the split, failover included), on which rail, how
 * much after that rail's charges, in how many transfers, and how soon it usually arrives. An
 * estimate for this payment alone; after settlement the page shows the transfers actually made.
 */
import { planTransfers, eatDay } from "~/core/payments/settlement-plan";
import { profileOf, railChargeCents } from "~/core/rails/charges";
import type { RailId } from "~/core/rails/types";
import type { Handle } from "~/db/store";
import { destinationLabel, heldDestinationNotice, maskedDestinationLabel } from "./display";
import { routeSettlement, splitByPercent } from "./routing.server";
import type { PlannedLeg, PlanPreview } from "./views";

export async function previewSettlementPlan(
  q: Handle,
  merchantId: string,
  netCents: bigint,
  now: number,
  runningRails?: readonly RailId[],
): Promise<PlanPreview> {
  const route = await routeSettlement(q, merchantId, now, { runningRails });
  if (route.kind === "no_destination") return { kind: "no_destination" };
  if (route.kind === "held")
    return {
      kind: "held",
      notice: heldDestinationNotice(maskedDestinationLabel(route.destination), route.heldUntil),
    };
  const today = eatDay(now);
  const parts = splitByPercent(
    netCents > 0n ? netCents : 0n,
    route.targets.map((target) => target.percent),
  );
  return {
    kind: "legs",
    legs: route.targets.map((target, index): PlannedLeg => {
      const { rail } = target.destination;
      const profile = profileOf(rail);
      const plan = planTransfers({
        availableCents: parts[index]!,
        railCharge: (amount) => railChargeCents(rail, amount),
        minimumKes: profile.minimumKes,
        perTransferKes: profile.perTransferKes,
        dailyKes: profile.dailyKes,
        today,
        usedByDay: new Map(),
      });
      return {
        destination: destinationLabel(target.destination),
        rail,
        percent: target.percent,
        payoutKesCents: plan.reduce((sum, t) => sum + t.amountKesCents, 0n).toString(),
        railChargeKesCents: plan.reduce((sum, t) => sum + t.railChargeKesCents, 0n).toString(),
        transfers: plan.length,
        daysAfterToday: new Set(plan.map((t) => t.day).filter((day) => day !== today)).size,
        typicalArrival: profile.typicalArrival,
        insteadOf: target.insteadOf ? destinationLabel(target.insteadOf) : null,
      };
    }),
  };
}
