import type { ActionFunctionArgs } from "@remix-run/node";
import { payments } from "~/wiring/payments.server";

/**
 * Custody deposit notifications (signed; verified before parsing). A confirmed payment is settled
 * at once by the payments service.
 */
export async function action({ request }: ActionFunctionArgs) {
  const answer = await payments().applyCustodyEvent(request);
  return Response.json(answer.body, { status: answer.status });
}
