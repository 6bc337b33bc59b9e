import { mpesaCallbackAction } from "~/route-support/mpesa-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * M-Pesa's B2B result callback (source allow-list, token, then core/payments/webhooks):
 * the transfer is named by the URL's `transfer` query parameter (ADR 0035, "B2B").
 */
export const action = mpesaCallbackAction("b2b-result");

export { postOnlyLoader as loader };
