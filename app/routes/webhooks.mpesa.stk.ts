import type { ActionFunctionArgs } from "@remix-run/node";
import { callbackSource } from "~/route-support/mpesa-callback.server";
import { payments } from "~/wiring/payments.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * M-Pesa Express (STK Push) callbacks (ADR 0033): the source allow-list and the token in the URL
 * first (403), then the body read within its limit (413), parsed and applied by the payments
 * service (core/payments/stk-webhook.server.ts); Daraja gets `{"ResultCode":0,...}`.
 */
export async function action({ request }: ActionFunctionArgs) {
  const answer = await payments().applyStkCallback(request, callbackSource(request));
  return Response.json(answer.body, { status: answer.status });
}

export { postOnlyLoader as loader };
