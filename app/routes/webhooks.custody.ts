import type { ActionFunctionArgs } from "@remix-run/node";
import { paymentsRuntime, settleNow } from "~/core/payments/runtime.server";
import { handleCustodyWebhook } from "~/core/payments/webhooks.server";
import { getDb } from "~/utils/db.server";

/** Custody deposit notifications (signed; verified before parsing). */
export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const answer = await handleCustodyWebhook(db, paymentsRuntime(), request, Date.now);
  // Settle a confirmed payment at once (the background tick would also pick it up).
  if (answer.settlePaymentId) void settleNow(db, answer.settlePaymentId);
  return Response.json(answer.body, { status: answer.status });
}
