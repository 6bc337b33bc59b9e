/**
 * How a merchant's KES is paid out to a mobile-money rail: whole shillings only, at most the rail's
 * per-transfer limit each, at most its daily limit per EAT day (the rest waits for the next day), and
 * each transfer carries the B2C fee, taken from the same balance. Pure.
 */
import { bpsOf } from "./quote";

export interface PlannedTransfer {
  amountKesCents: bigint;
  feeKesCents: bigint;
  /** EAT day, YYYY-MM-DD. */
  day: string;
}

const CENTS_PER_KES = 100n;
/** M-Pesa's B2C minimum. */
export const MIN_TRANSFER_KES = 10n;

/** The largest whole-shilling payout whose fee still fits in `availableCents`. */
export function largestPayout(availableCents: bigint, feeBps: number): bigint {
  let payout = ((availableCents * 10_000n) / BigInt(10_000 + feeBps) / CENTS_PER_KES) * CENTS_PER_KES;
  while (payout > 0n && payout + bpsOf(payout, feeBps) > availableCents) payout -= CENTS_PER_KES;
  return payout < 0n ? 0n : payout;
}

/** "2026-11-21" in Nairobi time. */
export function eatDay(epochMs: number): string {
  return new Date(epochMs + 3 * 3_600_000).toISOString().slice(0, 10);
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Split `availableCents` into transfers. `usedByDay` says how much (cents) already counts against each
 * day's limit for this merchant and rail.
 */
export function planTransfers(input: {
  availableCents: bigint;
  feeBps: number;
  perTransferKes: number;
  dailyKes: number;
  today: string;
  usedByDay: ReadonlyMap<string, bigint>;
}): PlannedTransfer[] {
  const perTransfer = BigInt(input.perTransferKes) * CENTS_PER_KES;
  const daily = BigInt(input.dailyKes) * CENTS_PER_KES;
  const used = new Map(input.usedByDay);
  const plan: PlannedTransfer[] = [];
  let remaining = input.availableCents;
  let day = input.today;
  for (let guard = 0; guard < 10_000; guard++) {
    const room = daily - (used.get(day) ?? 0n);
    if (room < MIN_TRANSFER_KES * CENTS_PER_KES) {
      day = nextDay(day);
      continue;
    }
    const cap = ((room < perTransfer ? room : perTransfer) / CENTS_PER_KES) * CENTS_PER_KES;
    let amount = largestPayout(remaining, input.feeBps);
    if (amount > cap) amount = cap;
    if (amount < MIN_TRANSFER_KES * CENTS_PER_KES) break;
    const fee = bpsOf(amount, input.feeBps);
    plan.push({ amountKesCents: amount, feeKesCents: fee, day });
    remaining -= amount + fee;
    used.set(day, (used.get(day) ?? 0n) + amount);
  }
  return plan;
}
