/**
 * Team members for tests: a row in merchant_users with a role (no password: tests that sign in set
 * one or start a session directly). Ids and usernames are unique per call.
 */
import { merchantUsers } from "../../drizzle/schema";
import type { MemberStatus, TeamRole } from "~/core/accounts/permissions";
import type { Db } from "~/db/sqlite-connection.server";
import { startSession } from "~/utils/session.server";
import { testStore } from "./db";
import { cookiesFrom, get } from "./requests";

let counter = 0;

export function addMember(
  db: Db,
  merchantId: string,
  role: TeamRole = "owner",
  options: { status?: MemberStatus; username?: string; email?: string } = {},
): { id: string; username: string } {
  const n = ++counter;
  const id = `usr_${role}_${merchantId.toLowerCase().replace(/[^a-z0-9]/g, "")}_${n}`;
  const username = options.username ?? `${role}${n}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId,
      username,
      role,
      status: options.status ?? "active",
      email: options.email ?? null,
      createdAt: n,
    })
    .run();
  return { id, username };
}

/** A member with `role`, signed in: their id, username and the session's `Cookie` header. */
export async function signedInMember(db: Db, merchantId: string, role: TeamRole = "owner") {
  const { id, username } = addMember(db, merchantId, role);
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  const cookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
  return { id, username, cookie };
}
