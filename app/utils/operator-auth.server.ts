/**
 * Operator guard for every /admin loader and action: signed in (else /admin/signin), the second
 * factor proven (a pending session goes to /admin/signin/verify), two-factor sign-in set up (it is
 * mandatory for operators: until then only /admin/two-factor opens), the right role (else 403),
 * and non-GET requests from our own origin. A merchant's session never counts here: the
 * operator session is a different cookie and row.
 */
import { redirect } from "@remix-run/node";
import { messages } from "~/content/messages";
import { hasRole, readOperator, type Operator, type OperatorRole } from "~/core/operators.server";
import { processStore } from "~/db/process.server";
import type { Store } from "~/db/store";
import * as paths from "./paths";
import { assertSameOrigin, forbidden } from "./request.server";
import { endSession, readSession, readSessionWith } from "./session.server";
import { redirectWithError } from "./toast.server";

export type { Operator, OperatorRole };

/** The session's operator, read with the session (one read). */
function readOperatorSession(store: Store, request: Request) {
  return readSessionWith(store, "operator", request, (q, session) =>
    session.operatorId ? readOperator(q, session.operatorId) : Promise.resolve(undefined),
  );
}

export async function getSignedInOperator(
  request: Request,
  store: Store = processStore(),
): Promise<Operator | undefined> {
  const state = await readOperatorSession(store, request);
  if (state.status !== "active" || !state.session.operatorId) return undefined;
  if (state.session.pendingSecondFactor) return undefined;
  return state.with;
}

export async function requireOperator(
  request: Request,
  roles: readonly OperatorRole[],
  store: Store = processStore(),
): Promise<Operator> {
  assertSameOrigin(request);
  const state = await readOperatorSession(store, request);
  const url = new URL(request.url);
  const back = paths.adminSignInWith({ redirectTo: url.pathname + url.search });
  if (state.status === "expired") {
    throw await redirectWithError(back, messages.sessionExpired, {
      headers: { "Set-Cookie": await endSession(store, "operator", request) },
    });
  }
  const operator = state.status === "active" ? state.with : undefined;
  if (!operator) {
    // A merchant's session is not an operator's: signed in as a merchant, /admin is forbidden.
    if ((await readSession(store, "merchant", request)).status === "active")
      throw forbidden("Operators only.");
    throw redirect(back);
  }
  if (state.status === "active" && state.session.pendingSecondFactor)
    throw redirect(paths.adminSignInVerify);
  if (operator.totpEnabledAt === null && url.pathname !== paths.adminTwoFactor)
    throw redirect(paths.adminTwoFactor);
  if (!hasRole(operator, roles)) throw forbidden("Your operator role does not allow this page.");
  return operator;
}
