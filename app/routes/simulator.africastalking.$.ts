/**
 * The SMS simulator's operator page (issue 30, item 9): the messages "sent" through the Africa's
 * Talking simulator and their delivery reports, and a button to send the pending reports now.
 * Simulator mode only (404 in live mode), operators only.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { assertSameOrigin } from "~/utils/request.server";
import {
  requireSimulatorOperator,
  simulatorNotFound,
  simulatorRoutesEnabled,
} from "~/utils/simulator-access.server";
import { runningSmsSimulator } from "~/wiring/sms.server";

const BASE = "/simulator/africastalking";

function page(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}

const simulator = () => (simulatorRoutesEnabled() ? runningSmsSimulator() : null);

export async function loader({ request }: LoaderFunctionArgs) {
  const running = simulator();
  if (!running) return simulatorNotFound();
  await requireSimulatorOperator(request);
  const url = new URL(request.url);
  if (url.pathname !== BASE && url.pathname !== `${BASE}/`) return simulatorNotFound();
  const { renderAtSimulatorPage } = await import("~/simulators/africastalking/index.server");
  return page(
    renderAtSimulatorPage({
      basePath: BASE,
      messages: running.messages(50),
      pendingReports: running.pendingReports(),
      reportsConfigured: true,
      notice: url.searchParams.get("flushed") === "1" ? "Delivery reports sent." : null,
    }),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const running = simulator();
  if (!running) return simulatorNotFound();
  await requireSimulatorOperator(request);
  assertSameOrigin(request);
  if (new URL(request.url).pathname !== `${BASE}/flush`) return simulatorNotFound();
  await running.flush();
  return new Response(null, {
    status: 303,
    headers: { Location: `${BASE}?flushed=1`, "Cache-Control": "no-store" },
  });
}
