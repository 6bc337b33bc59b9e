/**
 * The edge of the providers' callbacks (issue 28, part 4: HTTP stays at the edge): what arrives
 * over HTTP is checked and read here (the method, the body limit, the signature's header), handed
 * to core as a typed payload, and core's domain outcome is turned back into the provider's status
 * code and body. Core never sees a `Request` or a status code.
 *
 * - Rails beyond M-Pesa (/webhooks/airtel, /webhooks/pesalink, /webhooks/tkash): 404 when the rail
 *   runs nowhere here; the body within RAIL_CALLBACK_MAX_BYTES (413); then core verifies it against
 *   the keys of each runtime (401), parses it (400) and applies it (200, every provider stops
 *   sending on a 200).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import {
  RAIL_CALLBACK_MAX_BYTES,
  RAIL_SIGNATURE_HEADERS,
  receiversOfRail,
  type CallbackRail,
  type RailCallback,
  type RailCallbackOutcome,
  type RailCallbackReceiver,
} from "~/core/payments/rail-results.server";
import { readBodyWithin } from "~/utils/body-limit.server";
import { postOnlyLoader } from "~/utils/post-only.server";
import { railCallbacks } from "~/wiring/rail-callbacks.server";

/** What a callback route answers: the status code and the JSON body. */
export interface CallbackAnswer {
  status: number;
  body: unknown;
}

const respond = (answer: CallbackAnswer) => Response.json(answer.body, { status: answer.status });

/** The status code and body of each outcome of a rail's callback. */
function railAnswer(outcome: RailCallbackOutcome): CallbackAnswer {
  switch (outcome.kind) {
    case "unverified":
      return { status: 401, body: { error: "invalid signature" } };
    case "not_json":
      return { status: 400, body: { error: "not JSON" } };
    case "malformed":
      return { status: 400, body: { error: "malformed callback" } };
    case "applied":
      return { status: 200, body: { received: true, outcome: outcome.outcome } };
  }
}

/**
 * One result callback of `rail` for the runtimes `receivers`: 404 when none runs the rail, 413 past
 * the body limit, then `apply` (core's `applyRailCallback`) and its outcome's answer.
 */
export async function answerRailCallback(
  rail: CallbackRail,
  receivers: readonly RailCallbackReceiver[],
  request: Request,
  apply: (callback: RailCallback) => Promise<RailCallbackOutcome>,
): Promise<CallbackAnswer> {
  if (receiversOfRail(rail, receivers).length === 0)
    return { status: 404, body: { error: "not found" } };
  const bytes = await readBodyWithin(request.body, RAIL_CALLBACK_MAX_BYTES);
  if (!bytes) return { status: 413, body: { error: "payload too large" } };
  const header = RAIL_SIGNATURE_HEADERS[rail];
  return railAnswer(
    await apply({
      raw: new TextDecoder().decode(bytes),
      signature: header ? request.headers.get(header) : null,
    }),
  );
}

/** The action of a rail's callback route. */
export function railCallbackAction(rail: CallbackRail) {
  return async function action({ request }: ActionFunctionArgs) {
    if (request.method !== "POST") return postOnlyLoader();
    const service = railCallbacks();
    const receivers = service.receivers();
    const answer = await answerRailCallback(rail, receivers, request, (callback) =>
      service.apply(rail, receivers, callback, Date.now),
    );
    return respond(answer);
  };
}
