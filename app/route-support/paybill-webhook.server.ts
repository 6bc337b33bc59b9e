/**
 * The edge of the M-Pesa Pay Bill (C2B) callbacks (issue 30; core/funding/paybill.server.ts):
 * only POST (405); the source allow-list and the URL's token pass core's guard (403); the body is
 * read within `PAYBILL_CALLBACK_MAX_BYTES` (413) and parsed as C2B's payload (400); then the
 * validation answers `{"ResultCode":"0","ResultDesc":"Accepted"}` or a C2B refusal code, and the
 * confirmation `{"ResultCode":0,"ResultDesc":"Success"}` once the top-up is stored.
 *
 * The URLs are /webhooks/paybill/{validation,confirmation}: Daraja's register-URL refuses URLs
 * with "mpesa" in them (protocols.md §1.1).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import {
  checkPaybillCallback,
  confirmPaybill,
  parsePaybillPayload,
  PAYBILL_CALLBACK_MAX_BYTES,
  validatePaybill,
  type PaybillReceiver,
} from "~/core/funding/paybill.server";
import type { CallbackSource } from "~/core/payments/mpesa-results.server";
import { C2B_ACCEPT, C2B_CONFIRMED, C2B_REJECT, c2bReject } from "~/core/providers/daraja/c2b";
import type { Store } from "~/db/store";
import { readBodyWithin } from "~/utils/body-limit.server";
import { paybillReceivers } from "~/wiring/top-ups.server";
import { store } from "~/wiring/store.server";
import { callbackSource } from "./mpesa-callback.server";
import type { CallbackAnswer } from "./provider-callback.server";

export type PaybillCallbackKind = "validation" | "confirmation";

/** One Pay Bill callback of `kind`, for `receivers`, applied on `on`. */
export async function answerPaybillCallback(
  request: Request,
  kind: PaybillCallbackKind,
  receivers: readonly PaybillReceiver[],
  source: CallbackSource | undefined,
  on: Store,
  now: () => number,
): Promise<CallbackAnswer> {
  if (request.method !== "POST")
    return { status: 405, body: { ResultCode: 1, ResultDesc: "Method not allowed" } };
  const url = new URL(request.url);
  const receiver = checkPaybillCallback(receivers, {
    token: url.searchParams.get("token") ?? "",
    source,
    path: url.pathname,
  });
  if (!receiver) return { status: 403, body: { ResultCode: 1, ResultDesc: "Forbidden" } };
  const bytes = await readBodyWithin(request.body, PAYBILL_CALLBACK_MAX_BYTES);
  if (!bytes) return { status: 413, body: { ResultCode: 1, ResultDesc: "Payload too large" } };
  const payload = parsePaybillPayload(new TextDecoder().decode(bytes));
  if (kind === "validation") {
    if (!payload) return { status: 400, body: c2bReject(C2B_REJECT.other) };
    const validation = await validatePaybill(on, payload);
    return {
      status: 200,
      body: validation.kind === "accepted" ? C2B_ACCEPT : c2bReject(validation.code),
    };
  }
  if (!payload) return { status: 400, body: { ResultCode: 1, ResultDesc: "Rejected" } };
  const confirmation = await confirmPaybill(on, payload, receiver.mode, now());
  return confirmation.kind === "stored"
    ? { status: 200, body: C2B_CONFIRMED }
    : { status: 400, body: { ResultCode: 1, ResultDesc: "Rejected" } };
}

/** The action of /webhooks/paybill/validation or /webhooks/paybill/confirmation. */
export function paybillCallbackAction(kind: PaybillCallbackKind) {
  return async function action({ request }: ActionFunctionArgs) {
    const answer = await answerPaybillCallback(
      request,
      kind,
      paybillReceivers(),
      callbackSource(request),
      store(),
      Date.now,
    );
    return Response.json(answer.body, { status: answer.status });
  };
}
