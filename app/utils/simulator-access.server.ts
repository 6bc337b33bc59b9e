/**
 * Who may use the provider simulators' control routes (/simulator/*): nobody in live mode (404),
 * and in simulator mode only a signed-in operator (any role), because they list deposit addresses,
 * "pay" payments and change the market (issue 10, item 11). The one exception, the customer's test
 * payment of one checkout, lives in routes/simulator.custody.$.ts.
 */
import { env } from "./env.server";
import { notFound } from "./http";
import { getSignedInOperator, requireOperator, type Operator } from "./operator-auth.server";

const ANY_OPERATOR = ["admin", "reviewer", "curator", "compliance"] as const;

/** The simulator routes exist only with PROVIDER_MODE=simulator. */
export function simulatorRoutesEnabled(): boolean {
  return env.PROVIDER_MODE === "simulator";
}

export function simulatorNotFound(): Response {
  return notFound("Not Found", {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * The operator, or a thrown redirect to /admin/signin (GET) / 403 (a merchant's session, cross-site
 * POST).
 */
export function requireSimulatorOperator(request: Request): Promise<Operator> {
  return requireOperator(request, ANY_OPERATOR);
}

export function signedInOperator(request: Request): Promise<Operator | undefined> {
  return getSignedInOperator(request);
}
