import type { ActionFunctionArgs } from "@remix-run/node";
import { paymentsRuntime } from "~/core/payments/runtime.server";
import { handleMpesaCallback } from "~/core/payments/webhooks.server";
import { getDb } from "~/utils/db.server";

/** M-Pesa's status-timeout callback. */
export async function action({ request }: ActionFunctionArgs) {
  const answer = await handleMpesaCallback(getDb(), paymentsRuntime(), "status-timeout", request, Date.now);
  return Response.json(answer.body, { status: answer.status });
}
