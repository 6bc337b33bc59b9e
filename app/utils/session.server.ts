/**
 * Server-side sessions. The cookie holds only a signed random session id; the row (subject,
 * expires_at, created, last seen, user agent) lives in SQLite under the SHA-256 of the id. A new id
 * is minted at every sign-in (rotation). A session with less than 5 minutes left is ended.
 */
import { createHash } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { and, eq, lt, sql } from "drizzle-orm";
import { sessions } from "../../drizzle/schema";
import { newSecretToken } from "~/core/ids.server";
import { clientAddress } from "./client-address.server";
import { carriesCookie, cookieNames } from "./cookie-names";
import type { Db } from "./db.server";
import { env } from "./env.server";
import { preparedPerDb } from "./prepared.server";

/** Sessions closer than this to expires_at are treated as expired (spec: 5 minutes). */
export const SESSION_EXPIRY_MARGIN_MS = 5 * 60_000;
/** Write last_seen_at at most this often. */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * How long a password-only session waits for the second factor (issue 12): usable for 10 minutes
 * (the row's expiry also carries the margin above, which readSession subtracts).
 */
export const PENDING_SECOND_FACTOR_MS = 10 * 60_000;

export type SessionKind = "merchant" | "operator";

function makeCookie(name: string): Cookie {
  return createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
    maxAge: env.SESSION_TTL_MINUTES * 60,
  });
}

const cookies: Record<SessionKind, Cookie> = {
  merchant: makeCookie(cookieNames.merchantSession),
  operator: makeCookie(cookieNames.operatorSession),
};

const hashId = (id: string) => createHash("sha256").update(id).digest("base64url");

export type Subject = { merchantUserId: string } | { operatorId: string };

/**
 * Start a session for `subject`; returns the Set-Cookie header value. A full session (the default)
 * counts as a fresh proof of identity (stepped_up_at = now). With `pendingSecondFactor` the
 * password is checked but the second factor is not: the row lives 10 minutes and opens only the
 * second step (completeSecondFactor makes it full).
 */
export async function startSession(
  db: Db,
  kind: SessionKind,
  subject: Subject,
  request: Request,
  now = Date.now(),
  options: { pendingSecondFactor?: boolean } = {},
): Promise<string> {
  // Rotation: whatever session this browser had is ended; the new one gets a fresh id.
  await endSession(db, kind, request);
  const pending = options.pendingSecondFactor === true;
  const id = newSecretToken();
  db.insert(sessions)
    .values({
      idHash: hashId(id),
      merchantUserId: "merchantUserId" in subject ? subject.merchantUserId : null,
      operatorId: "operatorId" in subject ? subject.operatorId : null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: pending
        ? now + PENDING_SECOND_FACTOR_MS + SESSION_EXPIRY_MARGIN_MS
        : now + env.SESSION_TTL_MINUTES * 60_000,
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      pendingSecondFactor: pending,
      steppedUpAt: pending ? null : now,
      ipAddress: clientAddress(request)?.slice(0, 64) ?? null,
    })
    .run();
  return cookies[kind].serialize(id);
}

/**
 * The second factor is proven: the pending session is replaced by a full one under a new id
 * (rotation at the change of privilege), stepped up now. Returns the Set-Cookie header value.
 */
export async function completeSecondFactor(
  db: Db,
  kind: SessionKind,
  request: Request,
  now = Date.now(),
): Promise<string> {
  const state = await readSession(db, kind, request, now);
  if (state.status !== "active") throw new Error("No session to complete.");
  const { merchantUserId, operatorId } = state.session;
  const subject: Subject = merchantUserId ? { merchantUserId } : { operatorId: operatorId! };
  return startSession(db, kind, subject, request, now);
}

/** The member proved their second factor (or password) again: step-up for sensitive actions. */
export async function markSteppedUp(
  db: Db,
  kind: SessionKind,
  request: Request,
  now = Date.now(),
): Promise<void> {
  const id = await readId(kind, request);
  if (!id) return;
  db.update(sessions)
    .set({ steppedUpAt: now })
    .where(eq(sessions.idHash, hashId(id)))
    .run();
}

export type SessionRow = typeof sessions.$inferSelect;

export type SessionState =
  { status: "none" } | { status: "expired" } | { status: "active"; session: SessionRow };

/** Every signed-in request reads its session: these statements are prepared once per database. */
const sessionStatements = preparedPerDb((db: Db) => {
  const idHash = sql.placeholder("idHash");
  return {
    select: db.select().from(sessions).where(eq(sessions.idHash, idHash)).prepare(),
    remove: db.delete(sessions).where(eq(sessions.idHash, idHash)).prepare(),
    touch: db
      .update(sessions)
      .set({ lastSeenAt: sql`${sql.placeholder("now")}` })
      .where(eq(sessions.idHash, idHash))
      .prepare(),
  };
});

async function readId(kind: SessionKind, request: Request): Promise<string | null> {
  const value: unknown = await cookies[kind].parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * The browser's session. A missing, tampered or unknown cookie is "none"; a row with less than the
 * margin left is deleted and reported "expired".
 */
export async function readSession(
  db: Db,
  kind: SessionKind,
  request: Request,
  now = Date.now(),
): Promise<SessionState> {
  const id = await readId(kind, request);
  if (!id) return { status: "none" };
  const idHash = hashId(id);
  const statements = sessionStatements(db);
  const row = statements.select.get({ idHash });
  if (!row) return { status: "none" };
  const wrongKind = kind === "merchant" ? !row.merchantUserId : !row.operatorId;
  if (wrongKind) return { status: "none" };
  if (row.expiresAt - now < SESSION_EXPIRY_MARGIN_MS) {
    statements.remove.run({ idHash });
    return { status: "expired" };
  }
  if (now - row.lastSeenAt > TOUCH_INTERVAL_MS) statements.touch.run({ idHash, now });
  return { status: "active", session: row };
}

/**
 * Delete the browser's session row (if any); returns the Set-Cookie header that clears the cookie.
 */
export async function endSession(db: Db, kind: SessionKind, request: Request): Promise<string> {
  const id = await readId(kind, request);
  if (id)
    db.delete(sessions)
      .where(eq(sessions.idHash, hashId(id)))
      .run();
  return clearSessionCookie(kind);
}

export function clearSessionCookie(kind: SessionKind): Promise<string> {
  return cookies[kind].serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Housekeeping: remove rows that can no longer be used. */
export function deleteExpiredSessions(db: Db, now = Date.now()): number {
  return db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now + SESSION_EXPIRY_MARGIN_MS))
    .run().changes;
}

/**
 * Whether the request carries an active merchant session: the public header then offers
 * "Dashboard" instead of "Sign In" (docs/decisions/0023-signed-in-public-header.md).
 */
export async function hasMerchantSession(db: Db, request: Request): Promise<boolean> {
  if (!carriesCookie(request.headers.get("Cookie"), cookieNames.merchantSession)) return false;
  const state = await readSession(db, "merchant", request);
  return state.status === "active" && !state.session.pendingSecondFactor;
}

/** The SHA-256 under which this browser's session row is stored (to mark "this session"). */
export async function currentSessionIdHash(
  kind: SessionKind,
  request: Request,
): Promise<string | null> {
  const id = await readId(kind, request);
  return id ? hashId(id) : null;
}

/**
 * End every session of one account (a password change, a suspended or removed member), or every
 * one but `keepIdHash` (the "end all other sessions" button). Returns how many ended.
 */
export function endSessionsOf(
  db: Pick<Db, "delete">,
  subject: Subject,
  keepIdHash: string | null = null,
): number {
  const owner =
    "merchantUserId" in subject
      ? eq(sessions.merchantUserId, subject.merchantUserId)
      : eq(sessions.operatorId, subject.operatorId);
  return db
    .delete(sessions)
    .where(keepIdHash ? and(owner, sql`${sessions.idHash} <> ${keepIdHash}`) : owner)
    .run().changes;
}
