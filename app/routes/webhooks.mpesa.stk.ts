import { stkCallbackAction } from "~/route-support/stk-webhook.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * M-Pesa Express (STK Push) callbacks (ADR 0033): the edge is
 * app/route-support/stk-webhook.server.ts, core is core/payments/stk-webhook.server.ts.
 */
export const action = stkCallbackAction;

export { postOnlyLoader as loader };
