/**
 * The M-Pesa result routes (/webhooks/mpesa/{b2c,b2b,status}/{result,timeout}): the source address
 * (socket, or the right-most untrusted hop behind a TRUST_PROXY proxy) checked against
 * MPESA_CALLBACK_ALLOWED_IPS when it is set, then the token, then the payments service
 * (core/payments/webhooks).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { CallbackSource, MpesaCallbackKind } from "~/core/payments/webhooks.server";
import { payments } from "~/wiring/payments.server";
import { clientAddress } from "~/utils/client-address.server";
import { env } from "~/utils/env.server";
import { AddressList } from "~/utils/ip-address.server";

let allowList: AddressList | null | undefined;
/**
 * Safaricom's callback addresses from MPESA_CALLBACK_ALLOWED_IPS, or null (any source) when unset.
 */
export function callbackAllowList(): AddressList | null {
  allowList ??= env.MPESA_CALLBACK_ALLOWED_IPS
    ? new AddressList(env.MPESA_CALLBACK_ALLOWED_IPS)
    : null;
  return allowList;
}

export function callbackSource(
  request: Request,
  allowed: AddressList | null = callbackAllowList(),
): CallbackSource {
  return { address: clientAddress(request), allowed };
}

export type { MpesaCallbackKind };

/** The route's action for one kind of M-Pesa callback. */
export function mpesaCallbackAction(kind: MpesaCallbackKind) {
  return async function action({ request }: ActionFunctionArgs) {
    const answer = await payments().applyMpesaCallback(kind, request, callbackSource(request));
    return Response.json(answer.body, { status: answer.status });
  };
}
