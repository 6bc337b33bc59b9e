/**
 * Operator guard for every /admin loader and action: signed in (else /admin/signin), the second
 * factor proven (a pending session goes to /admin/signin/verify), two-factor sign-in set up (it is
 * mandatory for operators: until then only /admin/two-factor opens), the right role (else 403),
 * and non-GET requests from our own origin. A merchant's session never counts here: the
 * operator session is a different cookie and row.
 */
import { redirect } from "@remix-run/node";
import { messages } from "~/content/messages";
import { getOperator, hasRole, type Operator, type OperatorRole } from "~/core/operators.server";
import { getDb, type Db } from "./db.server";
import { paths } from "./paths";
import { assertSameOrigin, forbidden } from "./request.server";
import { endSession, readSession } from "./session.server";
import { redirectWithError } from "./toast.server";

export type { Operator, OperatorRole };

export async function getSignedInOperator(
  request: Request,
  db: Db = getDb(),
): Promise<Operator | undefined> {
  const state = await readSession(db, "operator", request);
  if (state.status !== "active" || !state.session.operatorId) return undefined;
  if (state.session.pendingSecondFactor) return undefined;
  return getOperator(db, state.session.operatorId);
}

export async function requireOperator(
  request: Request,
  roles: readonly OperatorRole[],
  db: Db = getDb(),
): Promise<Operator> {
  assertSameOrigin(request);
  const state = await readSession(db, "operator", request);
  const url = new URL(request.url);
  const back = paths.adminSignInWith({ redirectTo: url.pathname + url.search });
  if (state.status === "expired") {
    throw await redirectWithError(back, messages.sessionExpired, {
      headers: { "Set-Cookie": await endSession(db, "operator", request) },
    });
  }
  const operator =
    state.status === "active" && state.session.operatorId
      ? getOperator(db, state.session.operatorId)
      : undefined;
  if (!operator) {
    // A merchant's session is not an operator's: signed in as a merchant, /admin is forbidden.
    if ((await readSession(db, "merchant", request)).status === "active")
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
