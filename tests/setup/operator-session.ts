/**
 * A signed-in operator for route tests: a new operator of `role` with two-factor sign-in on (it is
 * mandatory for operators) and a session cookie, as the sign-in pages would leave it.
 */
import { createOperator } from "~/core/operators.server";
import type { OperatorRole } from "~/core/operator-roles";
import type { Db } from "~/db/sqlite-connection.server";
import { startSession } from "~/utils/session.server";
import { cookiesFrom, get } from "./requests";
import { turnOnTwoFactorForTest } from "./two-factor";
import { testStore } from "./db";

export async function signedInOperator(db: Db, role: OperatorRole) {
  const operator = await createOperator(testStore(db), {
    email: `${role}-${Math.random()}@onehop.test`,
    name: `${role} op`,
    role,
    password: "operator password 1",
  });
  turnOnTwoFactorForTest(db, { operatorId: operator.id });
  const setCookie = await startSession(
    testStore(db),
    "operator",
    { operatorId: operator.id },
    get("/"),
  );
  return {
    operator,
    cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })),
  };
}
