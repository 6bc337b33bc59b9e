/**
 * The custody simulator's control page ("send" a customer payment, add confirmations), mounted on our
 * origin in simulator mode only. Anywhere else: 404.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { paymentsRuntime } from "~/core/payments/runtime.server";
import { env } from "~/utils/env.server";

async function handle(request: Request) {
  const simulator = env.PROVIDER_MODE === "simulator" ? paymentsRuntime().custodySimulator : null;
  if (!simulator) return new Response("Not Found", { status: 404 });
  const response = await simulator.handleControlRequest(request, "/simulator/custody");
  const headers = new Headers(response.headers);
  headers.set("X-Robots-Tag", "noindex");
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, headers });
}

export const loader = ({ request }: LoaderFunctionArgs) => handle(request);
export const action = ({ request }: ActionFunctionArgs) => handle(request);
