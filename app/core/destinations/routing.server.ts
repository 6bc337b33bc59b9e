/**
 * Where a settlement goes (issue 14, item 6): the merchant's default destination, or their split
 * (whole percent per destination); and, when the merchant allows it, another verified destination
 * instead of one whose rail is down (health from our own recent transfers) or not running here.
 * Limits and daily caps are the planner's: what a rail cannot take today waits for the next day, as
 * before. Pure reads, inside the settlement's transaction.
 */
import { railUnavailableOn } from "~/core/rails/health.server";
import type { RailId } from "~/core/rails/types";
import type { Handle } from "~/db/store";
import {
  failoverAllowed,
  heldUntilOf,
  isUsable,
  listDestinations,
  type Destination,
} from "./destinations.server";

export interface SettlementTarget {
  destination: Destination;
  /** Whole percent of the settlement (100 without a split). */
  percent: number;
  /** The destination this one replaces because its rail was unavailable. */
  insteadOf?: Destination;
}

export type SettlementRoute =
  | { kind: "no_destination" }
  | { kind: "held"; destination: Destination; heldUntil: number }
  | { kind: "targets"; targets: SettlementTarget[] };

export interface RoutingOptions {
  /** Rails running in this process (undefined: all of them). */
  runningRails?: readonly RailId[];
}

export async function routeSettlement(
  q: Handle,
  merchantId: string,
  now: number,
  options: RoutingOptions = {},
): Promise<SettlementRoute> {
  const destinations = (await listDestinations(q, merchantId)).filter(
    (d) => d.status === "verified",
  );
  const split = destinations.filter((d) => d.splitPercent !== null && d.splitPercent > 0);
  const chosen: SettlementTarget[] =
    split.length > 0
      ? split.map((destination) => ({ destination, percent: destination.splitPercent! }))
      : destinations
          .filter((d) => d.isDefault)
          .slice(0, 1)
          .map((destination) => ({ destination, percent: 100 }));
  if (chosen.length === 0) return { kind: "no_destination" };
  // A destination still in its cooling-off period holds the whole settlement: the tick plans it
  // after (splitting around it would pay the other destinations more than the merchant chose).
  for (const { destination } of chosen) {
    const heldUntil = heldUntilOf(destination, now);
    if (heldUntil !== null) return { kind: "held", destination, heldUntil };
  }
  if (!(await failoverAllowed(q, merchantId))) return { kind: "targets", targets: chosen };
  // Each rail's health, asked once: the rails of the merchant's destinations.
  const down = new Set<RailId>();
  for (const rail of new Set(destinations.map((d) => d.rail)))
    if (await railUnavailableOn(q, rail, now, options.runningRails)) down.add(rail);
  const targets = chosen.map((target): SettlementTarget => {
    if (!down.has(target.destination.rail)) return target;
    // The default first, then the oldest verified destination on a rail that is up.
    const fallback = destinations.find(
      (d) =>
        d.id !== target.destination.id &&
        isUsable(d, now) &&
        d.rail !== target.destination.rail &&
        !down.has(d.rail),
    );
    return fallback
      ? { destination: fallback, percent: target.percent, insteadOf: target.destination }
      : target;
  });
  return { kind: "targets", targets };
}

/**
 * Split `cents` by whole percents: each share rounded down, the remainder to the last target, so
 * the parts always add up to the whole.
 */
export function splitByPercent(cents: bigint, percents: readonly number[]): bigint[] {
  let given = 0n;
  return percents.map((percent, index) => {
    if (index === percents.length - 1) return cents - given;
    const part = (cents * BigInt(percent)) / 100n;
    given += part;
    return part;
  });
}
