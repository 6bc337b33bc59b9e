/** The core rows of `npm run bench` (core-bench.ts), for the full run and BENCH_ONLY=core. */
import type { LedgerFigures, PaymentsFigures } from "./core-bench";

export function formatLedger(ledger: LedgerFigures): string {
  return `  ${ledger.ratio >= 0.5 ? "PASS" : "FAIL"}  ledger postings/s vs bare SQLite commits/s, same pragmas: ${Math.round(ledger.postingsPerSecond)} / ${Math.round(ledger.bareCommitsPerSecond)} = ${ledger.ratio.toFixed(2)} (target >= 0.5)`;
}

export function formatPayments(paid: PaymentsFigures): string[] {
  return [
    `Payments end to end through the simulators: ${paid.payments} in ${paid.seconds.toFixed(1)} s = ${paid.perSecond.toFixed(1)} payments/s at concurrency ${paid.concurrency}; ${paid.settled} settled`,
    `  p99 per step (ms): ${Object.entries(paid.p99Ms)
      .map(([step, ms]) => `${step} ${ms.toFixed(1)}`)
      .join(", ")}`,
  ];
}
