/**
 * Screen an address where money is about to move and, on a hit, hold what would move it under a
 * critical case (issue 31, item 2; ADR 0055): a deposit's sender, a refund's destination. In the
 * caller's write, so the check and the hold are one with the money's own step.
 */
import type { Handle } from "~/db/store";
import { openCase } from "../cases.server";
import type { HoldTarget, ScreeningContext } from "../vocabulary";
import { screenAddress } from "./addresses.server";

/** True when `address` is listed: the screening is stored either way; the case holds `hold`. */
export async function heldOnListedAddress(
  q: Handle,
  input: {
    address: string;
    network: string;
    context: ScreeningContext;
    hold: { target: HoldTarget; targetId: string };
    merchantId: string;
    title: string;
    evidence: Record<string, unknown>;
    now: number;
  },
): Promise<boolean> {
  const { hits, screeningId } = await screenAddress(q, {
    subjectRef: input.hold.targetId,
    address: input.address,
    network: input.network,
    context: input.context,
    now: input.now,
  });
  if (hits.length === 0) return false;
  await openCase(q, {
    kind: "sanctions_hit",
    severity: "critical",
    title: input.title,
    merchantId: input.merchantId,
    evidence: { ...input.evidence, address: input.address, network: input.network, hits },
    holds: [input.hold],
    screeningIds: [screeningId],
    now: input.now,
  });
  return true;
}
