/**
 * The callback routes of the payout rails beyond M-Pesa (/webhooks/airtel, /webhooks/pesalink,
 * /webhooks/tkash): each callback is checked against the keys of every payments runtime running
 * here (the simulators; or the live providers and, when configured, test mode's sandboxes) and
 * applied by core/payments/rail-results.server.ts.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import {
  handleRailCallback,
  type CallbackRail,
  type RailCallbackReceiver,
} from "~/core/payments/rail-results.server";
import { getDb } from "~/utils/db.server";
import { postOnlyLoader } from "~/utils/post-only.server";
import { runningPayments, runningTestPayments } from "./payments.server";

/** The runtimes running here that may be called back, with their keys and modes. */
export function railCallbackReceivers(): RailCallbackReceiver[] {
  const live = runningPayments();
  const test = runningTestPayments();
  const runtimes = test && test !== live ? [live, test] : [live];
  return runtimes.flatMap((runtime) =>
    runtime?.railCallbacks ? [{ keys: runtime.railCallbacks, modes: runtime.modes }] : [],
  );
}

/** The action of a rail's callback route. */
export function railCallbackAction(rail: CallbackRail) {
  return async function action({ request }: ActionFunctionArgs) {
    if (request.method !== "POST") return postOnlyLoader();
    const answer = await handleRailCallback(
      getDb(),
      rail,
      railCallbackReceivers(),
      request,
      Date.now,
    );
    return Response.json(answer.body, { status: answer.status });
  };
}
