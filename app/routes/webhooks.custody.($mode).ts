import { custodyWebhookAction } from "~/route-support/custody-webhook.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * Custody deposit notifications (signed; verified before parsing): the edge is
 * app/route-support/custody-webhook.server.ts.
 */
export const action = custodyWebhookAction;

export { postOnlyLoader as loader };
