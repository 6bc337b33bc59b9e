import { mpesaCallbackAction } from "~/utils/mpesa-callback.server";

/** M-Pesa's status-result callback (source allow-list, token, then core/payments/webhooks). */
export const action = mpesaCallbackAction("status-result");
