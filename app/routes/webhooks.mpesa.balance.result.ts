import { mpesaBalanceAction } from "~/route-support/mpesa-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * M-Pesa's AccountBalance Result (and its queue timeout), for the daily reconciliation: the source
 * allow-list and the URL's token (of the live or the test runtime) as for the other M-Pesa
 * callbacks, the body limited by the /webhooks/ body policy; then stored for the run waiting for it
 * (core/reconciliation/mpesa-balance.server.ts).
 */
export const action = mpesaBalanceAction;

export { postOnlyLoader as loader };
