import { railCallbackAction } from "~/route-support/provider-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * The bank's PesaLink result callback (the raw body signed by the bank, x-jenga-signature): the
 * body limited, verified, then applied to a PesaLink transfer only
 * (core/payments/rail-results.server.ts).
 */
export const action = railCallbackAction("pesalink");

export { postOnlyLoader as loader };
