import { mpesaCallbackAction } from "~/route-support/mpesa-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/** M-Pesa's status-timeout callback (source allow-list, token, then core/payments/webhooks). */
export const action = mpesaCallbackAction("status-timeout");

export { postOnlyLoader as loader };
