/**
 * Sessions on the store (ADR 0041): the signed-in browser's session for the sign-in, sign-out and
 * second-step pages and the root's public header. The guards (`requireMerchant`,
 * `requireOperator`) read the session through the process's store themselves (app/utils).
 */
import {
  completeSecondFactor,
  endSession,
  hasMerchantSession,
  markSteppedUp,
  readSession,
  startSession,
} from "~/utils/session.server";
import { bindStore, store } from "./store.server";

export function sessions() {
  return bindStore(store(), {
    start: startSession,
    read: readSession,
    end: endSession,
    completeSecondFactor,
    markSteppedUp,
    hasMerchantSession,
  });
}
