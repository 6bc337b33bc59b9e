import { bankTransferAction } from "~/route-support/top-up-webhooks.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * The bank's notification of money received on our collection account over PesaLink (top-ups,
 * issue 30): signed like its result callbacks (x-jenga-signature). The edge is
 * app/route-support/top-up-webhooks.server.ts, core is core/funding/bank-transfers.server.ts.
 */
export const action = bankTransferAction;

export { postOnlyLoader as loader };
