/**
 * The edges of two top-up callbacks (issue 30):
 *
 * - /webhooks/mpesa/top-up?token=…: M-Pesa Express callbacks of top-up prompts (their own
 *   CallBackURL, so a payment's prompt and a top-up's never meet). The STK callback's edge
 *   (`answerStkCallback`: 405, 403 without our token, 413, 400 for a body not of its shape) and
 *   Daraja's acknowledgement.
 * - /webhooks/bank-transfers: the bank's signed notification of money received (PesaLink); the body
 *   within the rails' callback limit (413), verified (401), parsed (400), stored (200).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { BankTransferOutcome } from "~/core/funding/bank-transfers.server";
import {
  RAIL_CALLBACK_MAX_BYTES,
  RAIL_SIGNATURE_HEADERS,
  type RailCallback,
} from "~/core/payments/rail-results.server";
import { readBodyWithin } from "~/utils/body-limit.server";
import { topUps } from "~/wiring/top-ups.server";
import { callbackSource } from "./mpesa-callback.server";
import type { CallbackAnswer } from "./provider-callback.server";
import { answerStkCallback } from "./stk-webhook.server";

export async function stkTopUpCallbackAction({ request }: ActionFunctionArgs) {
  const service = topUps();
  const answer = await answerStkCallback(
    request,
    callbackSource(request),
    (given) => service.checkStkCallback(given),
    async (raw) =>
      (await service.applyStkCallback(raw)) === "rejected"
        ? { kind: "rejected" }
        : { kind: "applied" },
  );
  return Response.json(answer.body, { status: answer.status });
}

function bankAnswer(outcome: BankTransferOutcome): CallbackAnswer {
  switch (outcome.kind) {
    case "unverified":
      return { status: 401, body: { error: "invalid signature" } };
    case "not_json":
      return { status: 400, body: { error: "not JSON" } };
    case "malformed":
      return { status: 400, body: { error: "malformed notification" } };
    case "ignored":
      return { status: 200, body: { received: true, outcome: "ignored" } };
    case "stored":
      return { status: 200, body: { received: true, outcome: outcome.topUp.status } };
  }
}

/** One bank notification: 404 when no PesaLink runs here, 413 past the limit, then `apply`. */
export async function answerBankTransfer(
  request: Request,
  pesalinkHere: boolean,
  apply: (callback: RailCallback) => Promise<BankTransferOutcome>,
): Promise<CallbackAnswer> {
  if (request.method !== "POST") return { status: 405, body: { error: "method not allowed" } };
  if (!pesalinkHere) return { status: 404, body: { error: "not found" } };
  const bytes = await readBodyWithin(request.body, RAIL_CALLBACK_MAX_BYTES);
  if (!bytes) return { status: 413, body: { error: "payload too large" } };
  const header = RAIL_SIGNATURE_HEADERS.pesalink!;
  return bankAnswer(
    await apply({ raw: new TextDecoder().decode(bytes), signature: request.headers.get(header) }),
  );
}

export async function bankTransferAction({ request }: ActionFunctionArgs) {
  const service = topUps();
  const answer = await answerBankTransfer(
    request,
    service.bankTransferReceivers().some(({ keys }) => keys.pesalink),
    (callback) => service.applyBankTransfer(callback),
  );
  return Response.json(answer.body, { status: answer.status });
}
