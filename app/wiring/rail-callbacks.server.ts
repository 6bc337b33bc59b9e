/**
 * Providers' callbacks as services on the store (their HTTP edge is app/route-support/
 * provider-callback.server.ts and mpesa-callback.server.ts). M-Pesa's result and balance callbacks
 * (below); the callbacks of the payout rails beyond M-Pesa (/webhooks/airtel, /webhooks/pesalink,
 * /webhooks/tkash): each callback is checked against the keys of every
 * payments runtime running here (the simulators; or the live providers and, when configured, test
 * mode's sandboxes) and applied by core/payments/rail-results.server.ts. The HTTP edge is
 * app/route-support/provider-callback.server.ts.
 */
import { applyRailCallback, type RailCallbackReceiver } from "~/core/payments/rail-results.server";
import { applyMpesaResult } from "~/core/payments/mpesa-results.server";
import { recordMpesaBalanceResult } from "~/core/reconciliation/mpesa-balance.server";
import { runningPayments, runningTestPayments, type PaymentsRuntime } from "./payments.server";
import { bindStore, store } from "./store.server";

/** The runtimes running here that may be called back, with their keys and modes. */
export function railCallbackReceivers(): RailCallbackReceiver[] {
  const live = runningPayments();
  const test = runningTestPayments();
  const runtimes = test && test !== live ? [live, test] : [live];
  return runtimes.flatMap((runtime) =>
    runtime?.railCallbacks ? [{ keys: runtime.railCallbacks, modes: runtime.modes }] : [],
  );
}

/** The rails' callbacks: the receivers running here, and applying a callback on the store. */
export function railCallbacks() {
  return {
    receivers: railCallbackReceivers,
    ...bindStore(store(), { apply: applyRailCallback }),
  };
}

/**
 * M-Pesa's callbacks as a service on the store: the runtimes whose tokens a result callback may
 * carry (test mode's first, then the live one), the tokens the balance ResultURL takes, applying a
 * result, keeping a balance Result.
 */
export function mpesaCallbacks() {
  return {
    /** Throws, as the payments service did, when payments did not start here. */
    runtimes(): PaymentsRuntime[] {
      const live = runningPayments();
      const test = runningTestPayments();
      if (!live && !test) throw new Error("The payments runtime has not started");
      return [test, live].filter((runtime): runtime is PaymentsRuntime => runtime !== null);
    },
    balanceTokens(): string[] {
      return [runningPayments(), runningTestPayments()]
        .map((runtime) => runtime?.callbackToken)
        .filter((token): token is string => Boolean(token));
    },
    ...bindStore(store(), {
      applyResult: applyMpesaResult,
      recordBalance: recordMpesaBalanceResult,
    }),
  };
}
