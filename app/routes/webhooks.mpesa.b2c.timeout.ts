import { mpesaCallbackAction } from "~/utils/mpesa-callback.server";

/** M-Pesa's b2c-timeout callback (source allow-list, token, then core/payments/webhooks). */
export const action = mpesaCallbackAction("b2c-timeout");
