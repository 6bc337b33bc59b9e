/**
 * The edge of custody's deposit notifications (issue 28, part 4: HTTP stays at the edge):
 * `/webhooks/custody` is the live custody's (or, in simulator mode, the simulator's for both
 * modes); `/webhooks/custody/test` is test mode's custody sandbox on a live deployment (ADR 0028),
 * verified with the sandbox's key. The raw body and the signature header are handed to the payments
 * service (core verifies, deduplicates and applies; a payment it confirms is settled at once) and
 * its outcome is answered as custody expects. The body size is limited before the route by the
 * /webhooks/ body policy.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import type { CustodyWebhookOutcome } from "~/core/payments/webhooks.server";
import { WEBHOOK_SIGNATURE_HEADER } from "~/core/providers/custody/webhook.server";
import { payments } from "~/wiring/payments.server";
import type { CallbackAnswer } from "./provider-callback.server";

/** The status code and body of each outcome of a custody notification. */
export function custodyWebhookAnswer(outcome: CustodyWebhookOutcome): CallbackAnswer {
  switch (outcome.kind) {
    case "unauthenticated":
      return { status: 401, body: { error: "invalid signature" } };
    case "invalid":
      return { status: 400, body: { error: outcome.error } };
    case "ignored":
      return { status: 200, body: { ignored: outcome.type } };
    case "duplicate":
      return { status: 200, body: { duplicate: true } };
    case "applied":
      return { status: 200, body: { outcome: outcome.outcome } };
  }
}

/** What the edge reads of a custody notification: the raw body and the signature header. */
export async function custodyNotificationOf(request: Request) {
  return { raw: await request.text(), signature: request.headers.get(WEBHOOK_SIGNATURE_HEADER) };
}

/** The route's action (`params.mode`: absent for live custody, "test" for the sandbox). */
export async function custodyWebhookAction({ request, params }: ActionFunctionArgs) {
  const mode = params.mode === undefined ? "live" : params.mode === "test" ? "test" : null;
  const service = payments();
  if (mode === null || (mode === "test" && !service.runsMode("test")))
    return Response.json({ error: "not found" }, { status: 404 });
  const outcome = await service.applyCustodyEvent(await custodyNotificationOf(request), mode);
  const answer = custodyWebhookAnswer(outcome);
  return Response.json(answer.body, { status: answer.status });
}
