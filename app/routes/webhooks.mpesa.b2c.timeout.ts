import { mpesaCallbackAction } from "~/route-support/mpesa-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/** M-Pesa's b2c-timeout callback (source allow-list, token, then core/payments/webhooks). */
export const action = mpesaCallbackAction("b2c-timeout");

export { postOnlyLoader as loader };
