import { mpesaCallbackAction } from "~/route-support/mpesa-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/** M-Pesa's b2c-result callback (source allow-list, token, then core/payments/webhooks). */
export const action = mpesaCallbackAction("b2c-result");

export { postOnlyLoader as loader };
