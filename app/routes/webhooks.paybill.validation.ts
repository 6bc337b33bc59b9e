import { paybillCallbackAction } from "~/route-support/paybill-webhook.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * M-Pesa Pay Bill (C2B) validation (issue 30, top-ups): the edge is
 * app/route-support/paybill-webhook.server.ts, core is core/funding/paybill.server.ts.
 */
export const action = paybillCallbackAction("validation");

export { postOnlyLoader as loader };
