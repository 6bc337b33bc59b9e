/**
 * How a merchant's KES is paid out to M-Pesa: whole shillings only (M-Pesa moves whole shillings),
 * at least KES 10 and at most the rail's per-transfer limit each, at most its daily limit per EAT
 * day (the rest waits for the next day). Each transfer carries Safaricom's B2C charge for its
 * amount band (app/content/tariff.ts), taken from the same balance and passed through at cost:
 * settling the merchant's own collections carries no fee of ours
 * (docs/decisions/0018-settlement-fees.md). Whatever is left (cents, or less than a minimum
 * transfer and its charge) stays in the merchant's available balance and is carried into the next
 * settlement. Pure.
 */
import { mpesaB2cChargeKes } from "~/content/tariff";
import { railProfiles } from "~/core/rails/profiles";

export interface PlannedTransfer {
  amountKesCents: bigint;
  /** The rail's charge for this transfer (passed through to the merchant). */
  railChargeKesCents: bigint;
  /** Our fee on the transfer: 0 for settlements (kept for third-party disbursements later). */
  feeKesCents: bigint;
  /** Excise duty on that fee (ADR 0059): 0 with it. */
  exciseKesCents: bigint;
  /** EAT day, YYYY-MM-DD. */
  day: string;
}

/** The rail's charge (cents) for a transfer of `amountCents` (whole shillings, in cents). */
export type RailCharge = (amountCents: bigint) => bigint;

const CENTS_PER_KES = 100n;
/** M-Pesa's B2C minimum. */
export const MIN_TRANSFER_KES = BigInt(railProfiles.mpesa.minimumKes);

/** Safaricom's B2C charge for an M-Pesa transfer, in cents. */
export const mpesaRailCharge: RailCharge = (amountCents) =>
  BigInt(mpesaB2cChargeKes(Number(amountCents / CENTS_PER_KES))) * CENTS_PER_KES;

/**
 * The largest whole-shilling payout, at most `capCents`, whose rail charge still fits in
 * `availableCents` with it. Amount plus charge grows with the amount (charges are flat per band),
 * so the answer is found by a binary search over whole shillings. 0 when not even KES 1 fits.
 */
export function largestPayout(
  availableCents: bigint,
  charge: RailCharge,
  capCents: bigint,
): bigint {
  let low = 0n;
  let high = (availableCents < capCents ? availableCents : capCents) / CENTS_PER_KES;
  if (high <= 0n) return 0n;
  while (low < high) {
    const mid = (low + high + 1n) / 2n;
    const amount = mid * CENTS_PER_KES;
    if (amount + charge(amount) <= availableCents) low = mid;
    else high = mid - 1n;
  }
  return low * CENTS_PER_KES;
}

/** "2026-11-21" in Nairobi time. */
export function eatDay(epochMs: number): string {
  return new Date(epochMs + 3 * 3_600_000).toISOString().slice(0, 10);
}

/** When the Nairobi day holding `epochMs` began (00:00 EAT), as epoch milliseconds. */
export function eatDayStart(epochMs: number): number {
  return Date.parse(`${eatDay(epochMs)}T00:00:00+03:00`);
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Split `availableCents` into transfers. `usedByDay` says how much (cents) already counts against
 * each day's limit for this merchant and rail. What the plan does not use is the leftover, carried
 * forward.
 */
export function planTransfers(input: {
  availableCents: bigint;
  railCharge?: RailCharge;
  /** The rail's smallest transfer, whole KES (default M-Pesa's). */
  minimumKes?: number;
  perTransferKes: number;
  dailyKes: number;
  today: string;
  usedByDay: ReadonlyMap<string, bigint>;
}): PlannedTransfer[] {
  const charge = input.railCharge ?? mpesaRailCharge;
  const perTransfer = BigInt(input.perTransferKes) * CENTS_PER_KES;
  // A rail with no daily limit of its own (PesaLink: Infinity) is capped per transfer only.
  const daily = Number.isFinite(input.dailyKes) ? BigInt(input.dailyKes) * CENTS_PER_KES : null;
  const minimum = BigInt(input.minimumKes ?? MIN_TRANSFER_KES) * CENTS_PER_KES;
  const used = new Map(input.usedByDay);
  const plan: PlannedTransfer[] = [];
  let remaining = input.availableCents;
  let day = input.today;
  for (let guard = 0; guard < 10_000; guard++) {
    const room = daily === null ? perTransfer : daily - (used.get(day) ?? 0n);
    if (room < minimum) {
      day = nextDay(day);
      continue;
    }
    const cap = room < perTransfer ? room : perTransfer;
    const amount = largestPayout(remaining, charge, cap);
    if (amount < minimum) break;
    const railChargeKesCents = charge(amount);
    plan.push({
      amountKesCents: amount,
      railChargeKesCents,
      feeKesCents: 0n,
      exciseKesCents: 0n,
      day,
    });
    remaining -= amount + railChargeKesCents;
    used.set(day, (used.get(day) ?? 0n) + amount);
  }
  return plan;
}

export interface SettlementEstimate {
  /** What reaches the merchant's M-Pesa (whole shillings, in cents). */
  payoutKesCents: bigint;
  /** The M-Pesa charges of all its transfers. */
  railChargeKesCents: bigint;
  /** Left in the available balance, carried into the next settlement. */
  leftoverKesCents: bigint;
  transfers: number;
}

/**
 * What settling `netCents` on its own would pay out (ignores today's earlier transfers and
 * leftovers).
 */
export function estimateSettlement(
  netCents: bigint,
  limits: { perTransferKes: number; dailyKes: number },
  railCharge: RailCharge = mpesaRailCharge,
): SettlementEstimate {
  const plan = planTransfers({
    availableCents: netCents,
    railCharge,
    ...limits,
    today: "2000-01-01",
    usedByDay: new Map(),
  });
  const payoutKesCents = plan.reduce((sum, t) => sum + t.amountKesCents, 0n);
  const railChargeKesCents = plan.reduce((sum, t) => sum + t.railChargeKesCents, 0n);
  return {
    payoutKesCents,
    railChargeKesCents,
    leftoverKesCents: netCents - payoutKesCents - railChargeKesCents,
    transfers: plan.length,
  };
}
