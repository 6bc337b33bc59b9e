import type { ActionFunctionArgs } from "@remix-run/node";
import { handleMpesaBalanceResult } from "~/core/reconciliation/mpesa-balance.server";
import { getDb } from "~/utils/db.server";
import { callbackSource } from "~/route-support/mpesa-callback.server";
import { postOnlyLoader } from "~/utils/post-only.server";
import { runningPayments, runningTestPayments } from "~/wiring/payments.server";

/**
 * M-Pesa's AccountBalance Result (and its queue timeout), for the daily reconciliation: the source
 * allow-list and the URL's token (of the live or the test runtime) as for the other M-Pesa
 * callbacks, the body limited by the /webhooks/ body policy; then stored for the run waiting for it
 * (core/reconciliation/mpesa-balance.server.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  const tokens = [runningPayments(), runningTestPayments()]
    .map((runtime) => runtime?.callbackToken)
    .filter((token): token is string => Boolean(token));
  const answer = await handleMpesaBalanceResult(
    getDb(),
    tokens,
    request,
    Date.now,
    callbackSource(request),
  );
  return Response.json(answer.body, { status: answer.status });
}

export { postOnlyLoader as loader };
