/**
 * The edge of M-Pesa's callbacks (issue 28, part 4): the result routes
 * (/webhooks/mpesa/{b2c,b2b,status}/{result,timeout}) and the balance ResultURL
 * (/webhooks/mpesa/balance/result). The source address (socket, or the right-most untrusted hop
 * behind a TRUST_PROXY proxy) and the URL's token pass core's one guard (`checkMpesaCallback`;
 * 403), the body is parsed as JSON (400), and core's outcome is answered as Daraja expects (200
 * with `{"ResultCode":0,...}`, or 400 "Rejected" for a body not of its kind). The body size is
 * limited before the route by the /webhooks/ body policy.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import {
  checkMpesaCallback,
  type CallbackSource,
  type MpesaCallbackKind,
  type MpesaResultOutcome,
} from "~/core/payments/mpesa-results.server";
import { mpesaCallbacks } from "~/wiring/rail-callbacks.server";
import { clientAddress } from "~/utils/client-address.server";
import { env } from "~/utils/env.server";
import { AddressList } from "~/utils/ip-address.server";
import type { CallbackAnswer } from "./provider-callback.server";

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

const ACK = { ResultCode: 0, ResultDesc: "Accepted" };

/**
 * One M-Pesa callback: refused (403) unless it passes the guard with one of `tokens`; its body read
 * as JSON (400); then `apply(body, index of the token it carried, the URL)` and its outcome's
 * answer.
 */
export async function answerMpesaCallback(
  request: Request,
  kind: MpesaCallbackKind | "balance-result",
  tokens: readonly string[],
  source: CallbackSource | undefined,
  apply: (body: unknown, tokenIndex: number, url: URL) => Promise<MpesaResultOutcome>,
): Promise<CallbackAnswer> {
  const url = new URL(request.url);
  const given = { token: url.searchParams.get("token") ?? "", source, kind, path: url.pathname };
  const tokenIndex = checkMpesaCallback(given, tokens);
  if (tokenIndex === null) return { status: 403, body: { ResultCode: 1, ResultDesc: "Forbidden" } };
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { status: 400, body: { ResultCode: 1, ResultDesc: "Body is not JSON" } };
  }
  return (await apply(body, tokenIndex, url)) === "accepted"
    ? { status: 200, body: ACK }
    : { status: 400, body: { ResultCode: 1, ResultDesc: "Rejected" } };
}

const respond = (answer: CallbackAnswer) => Response.json(answer.body, { status: answer.status });

/** The route's action for one kind of M-Pesa result callback. */
export function mpesaCallbackAction(kind: MpesaCallbackKind) {
  return async function action({ request }: ActionFunctionArgs) {
    const service = mpesaCallbacks();
    // The runtime whose token the URL carries says which mode's M-Pesa sent it.
    const runtimes = service.runtimes();
    const answer = await answerMpesaCallback(
      request,
      kind,
      runtimes.map((runtime) => runtime.callbackToken),
      callbackSource(request),
      (body, tokenIndex, url) =>
        service.applyResult(
          runtimes[tokenIndex]!,
          { kind, body, transferId: url.searchParams.get("transfer") },
          Date.now,
        ),
    );
    return respond(answer);
  };
}

/**
 * The balance ResultURL's action: the token of the live or the test runtime, then the Result kept
 * for the reconciliation run waiting for it (core/reconciliation/mpesa-balance.server.ts).
 */
export async function mpesaBalanceAction({ request }: ActionFunctionArgs) {
  const service = mpesaCallbacks();
  const answer = await answerMpesaCallback(
    request,
    "balance-result",
    service.balanceTokens(),
    callbackSource(request),
    (body) => service.recordBalance(body, Date.now),
  );
  return respond(answer);
}
