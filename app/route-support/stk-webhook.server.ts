/**
 * The edge of the M-Pesa Express (STK Push) callback (issue 28, part 4; ADR 0033): only POST
 * (405); the source allow-list and the URL's token pass core's guard first (403); then the body is
 * read within `STK_CALLBACK_MAX_BYTES` (413) and handed to core, which parses it (400 "Rejected")
 * and applies it; Daraja gets `{"ResultCode":0,...}`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import {
  STK_CALLBACK_MAX_BYTES,
  type StkCallbackCredentials,
  type StkCallbackOutcome,
} from "~/core/payments/stk-webhook.server";
import { readBodyWithin } from "~/utils/body-limit.server";
import { payments } from "~/wiring/payments.server";
import { callbackSource } from "./mpesa-callback.server";
import type { CallbackAnswer } from "./provider-callback.server";

const ACK = { ResultCode: 0, ResultDesc: "Accepted" };

/** An STK callback's answer, with the payment it confirmed (the caller settles it). */
export type StkCallbackAnswer = CallbackAnswer & { settlePaymentId?: string };

/**
 * One STK callback: 405 unless POST; `check` (core's guard: the index of the runtime whose token
 * it carries, or null: 403); the body within its limit (413); `apply(raw, index)` and its answer.
 */
export async function answerStkCallback(
  request: Request,
  source: StkCallbackCredentials["source"],
  check: (given: StkCallbackCredentials) => number | null,
  apply: (raw: string, runtimeIndex: number) => Promise<StkCallbackOutcome>,
): Promise<StkCallbackAnswer> {
  if (request.method !== "POST")
    return { status: 405, body: { ResultCode: 1, ResultDesc: "Method not allowed" } };
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const runtimeIndex = check({ token, source });
  if (runtimeIndex === null)
    return { status: 403, body: { ResultCode: 1, ResultDesc: "Forbidden" } };
  const bytes = await readBodyWithin(request.body, STK_CALLBACK_MAX_BYTES);
  if (!bytes) return { status: 413, body: { ResultCode: 1, ResultDesc: "Payload too large" } };
  const outcome = await apply(new TextDecoder().decode(bytes), runtimeIndex);
  return outcome.kind === "rejected"
    ? { status: 400, body: { ResultCode: 1, ResultDesc: "Rejected" } }
    : { status: 200, body: ACK, settlePaymentId: outcome.settlePaymentId };
}

/** The route's action: the payments service's runtimes (the token says which mode's M-Pesa). */
export async function stkCallbackAction({ request }: ActionFunctionArgs) {
  const service = payments();
  const answer = await answerStkCallback(
    request,
    callbackSource(request),
    (given) => service.checkStkCallback(given),
    (raw, runtimeIndex) => service.applyStkCallback(runtimeIndex, raw),
  );
  return Response.json(answer.body, { status: answer.status });
}
