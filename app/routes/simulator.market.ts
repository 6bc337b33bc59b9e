/**
 * /simulator/market: control of the market simulator for local runs and the e2e suite. Exists only
 * when PROVIDER_MODE=simulator (404 otherwise), for signed-in operators only (else a redirect to
 * /admin/signin, or 403); never indexed, never cached.
 *
 * GET: the simulator's state and call counts. POST (JSON or form): `mode` / `fxMode` (a fault mode,
 * "normal" to restore), `serveKes`, and for the rates store `reset` (back to an empty first start)
 * or `ageSeconds` (as if that much time had passed). Every change empties the in-process page
 * cache, so the next page render shows the new state.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ratesStoreMaintenance, runningMarketSimulator } from "~/wiring/rates.server";
import { clearPageCache } from "~/utils/page-cache.server";
import { assertSameOrigin } from "~/utils/request.server";
import { applyBaseSecurityHeaders } from "~/utils/security-headers.server";
import { requireSimulatorOperator, simulatorRoutesEnabled } from "~/utils/simulator-access.server";

const booleanish = z.union([
  z.boolean(),
  z.enum(["true", "false"]).transform((value) => value === "true"),
]);

/**
 * Built on use: the simulator module is imported only in simulator mode, so a live process never
 * loads it.
 */
async function controlSchema() {
  const { marketFaultModes } = await import("~/simulators/market/index.server");
  return z.object({
    mode: z.enum(marketFaultModes).optional(),
    fxMode: z.enum(marketFaultModes).optional(),
    serveKes: booleanish.optional(),
    reset: booleanish.optional(),
    ageSeconds: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24 * 60 * 60)
      .optional(),
  });
}

function respond(request: Request, body: unknown, status = 200): Response {
  const headers = applyBaseSecurityHeaders(
    new Headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" }),
    request,
  );
  return Response.json(body, { status, headers });
}

/** The running simulator for a signed-in operator; 404 in live mode, sign-in or 403 otherwise. */
async function simulatorForOperator(request: Request) {
  const simulator = simulatorRoutesEnabled() ? runningMarketSimulator() : null;
  if (!simulator) throw respond(request, { error: "Not Found" }, 404);
  await requireSimulatorOperator(request);
  return simulator;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return respond(request, (await simulatorForOperator(request)).state());
}

export async function action({ request }: ActionFunctionArgs) {
  const simulator = await simulatorForOperator(request);
  assertSameOrigin(request);
  const raw: unknown = request.headers.get("Content-Type")?.includes("application/json")
    ? await request.json().catch(() => null)
    : Object.fromEntries(await request.formData());
  const parsed = (await controlSchema()).safeParse(raw);
  if (!parsed.success) {
    return respond(
      request,
      {
        error: "invalid control request",
        issues: parsed.error.issues.map((issue) => issue.message),
      },
      400,
    );
  }
  const input = parsed.data;
  if (input.mode) simulator.setMode(input.mode);
  if (input.fxMode) simulator.setFxMode(input.fxMode);
  if (input.serveKes !== undefined) simulator.setServeKes(input.serveKes);
  if (input.reset) await ratesStoreMaintenance().clearRatesStore();
  if (input.ageSeconds) await ratesStoreMaintenance().ageRatesStore(input.ageSeconds * 1000);
  // Rendered pages cached before this change would show the old state until they expire.
  clearPageCache();
  return respond(request, simulator.state());
}
