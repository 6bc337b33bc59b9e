import { railCallbackAction } from "~/route-support/provider-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * Airtel Money's transaction callback (the URL set in Airtel's portal; the body carries its HMAC
 * `hash`): the body limited, verified, then applied to an Airtel Money transfer only
 * (core/payments/rail-results.server.ts).
 */
export const action = railCallbackAction("airtel-money");

export { postOnlyLoader as loader };
