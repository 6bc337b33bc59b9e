/**
 * A payment of a merchant on a daily schedule (ADR 0050): credited to the OneHop balance when it is
 * confirmed (its status "settled": the money is the merchant's, in its balance), its payable share
 * added to what the day's settlement pays out (core/funding/daily-settlement.server.ts). The rest
 * of its net, if the policy keeps a percentage, stays in the balance for payouts. In the caller's
 * write, the payment locked.
 */
import { netOfFees } from "~/core/fees/excise";
import { payableShare, type SettlementPolicy } from "~/core/funding/policy";
import { addDue } from "~/core/funding/policy.server";
import type { Handle } from "~/db/store";
import { formatKesCents } from "~/utils/format";
import { type Payment, transition } from "./payments.server";

export async function creditForDailySettlement(
  q: Handle,
  payment: Payment,
  policy: SettlementPolicy,
  now: number,
): Promise<"credited" | "claimed_elsewhere"> {
  const net = netOfFees(payment);
  const share = payableShare(net, policy);
  const kept = net - share;
  const credited = await transition(q, payment, ["confirmed"], "settled", {
    type: "credited_to_balance",
    cause: `${formatKesCents(net)} credited to your OneHop balance: ${formatKesCents(share)} is paid out with your daily settlement at ${policy.dailyTime}${kept > 0n ? `, ${formatKesCents(kept)} stays for payouts` : ""}`,
    at: now,
    set: { settledAt: now },
  });
  if (!credited) return "claimed_elsewhere";
  await addDue(q, payment.merchantId, payment.mode, share, now);
  return "credited";
}
