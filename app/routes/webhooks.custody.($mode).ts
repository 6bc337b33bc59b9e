import type { ActionFunctionArgs } from "@remix-run/node";
import { payments } from "~/wiring/payments.server";
import { postOnlyLoader } from "~/utils/post-only.server";

/**
 * Custody deposit notifications (signed; verified before parsing). A confirmed payment is settled
 * at once by the payments service. `/webhooks/custody` is the live custody's (or, in simulator
 * mode, the simulator's for both modes); `/webhooks/custody/test` is test mode's custody sandbox on
 * a live deployment (ADR 0028), verified with the sandbox's key.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const mode = params.mode === undefined ? "live" : params.mode === "test" ? "test" : null;
  const service = payments();
  if (mode === null || (mode === "test" && !service.runsMode("test")))
    return Response.json({ error: "not found" }, { status: 404 });
  const answer = await service.applyCustodyEvent(request, mode);
  return Response.json(answer.body, { status: answer.status });
}

export { postOnlyLoader as loader };
