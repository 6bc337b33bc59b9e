import { stkTopUpCallbackAction } from "~/route-support/top-up-webhooks.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * M-Pesa Express callbacks of top-up prompts (issue 30): the edge is
 * app/route-support/top-up-webhooks.server.ts, core is core/funding/stk-top-ups.server.ts.
 */
export const action = stkTopUpCallbackAction;

export { postOnlyLoader as loader };
