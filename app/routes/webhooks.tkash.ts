import { railCallbackAction } from "~/route-support/provider-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * The T-Kash aggregator's payout callback (X-Signature, an HMAC over its time and the body): the
 * body limited, verified, then applied to a T-Kash transfer only
 * (core/payments/rail-results.server.ts).
 */
export const action = railCallbackAction("t-kash");

export { postOnlyLoader as loader };
