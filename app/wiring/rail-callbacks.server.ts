/**
 * The callbacks of the payout rails beyond M-Pesa (/webhooks/airtel, /webhooks/pesalink,
 * /webhooks/tkash), as a service on the store: each callback is checked against the keys of every
 * payments runtime running here (the simulators; or the live providers and, when configured, test
 * mode's sandboxes) and applied by core/payments/rail-results.server.ts. The HTTP edge is
 * app/route-support/provider-callback.server.ts.
 */
import { applyRailCallback, type RailCallbackReceiver } from "~/core/payments/rail-results.server";
import { runningPayments, runningTestPayments } from "./payments.server";
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
