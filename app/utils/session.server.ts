/**
 * Server-side sessions. The cookie holds only a signed random session id; the row (subject,
 * expires_at, created, last seen, user agent) lives in SQLite under the SHA-256 of the id. A new id
 * is minted at every sign-in (rotation). A session with less than 5 minutes left is ended.
 */
import { createHash } from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { and, eq, lt, ne } from "drizzle-orm";
import { sessions } from "../../drizzle/schema";
import { newSecretToken } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { clientAddress } from "./client-address.server";
import { carriesCookie, cookieNames } from "./cookie-names";
import { env } from "./env.server";

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
  store: Store,
  kind: SessionKind,
  subject: Subject,
  request: Request,
  now = Date.now(),
  options: { pendingSecondFactor?: boolean } = {},
): Promise<string> {
  // Rotation: whatever session this browser had is ended; the new one gets a fresh id.
  await endSession(store, kind, request);
  const pending = options.pendingSecondFactor === true;
  const id = newSecretToken();
  const row = {
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
  };
  await store.write(async (q) => {
    await q.insert(sessions).values(row);
  });
  return cookies[kind].serialize(id);
}

/**
 * The second factor is proven: the pending session is replaced by a full one under a new id
 * (rotation at the change of privilege), stepped up now. Returns the Set-Cookie header value.
 */
export async function completeSecondFactor(
  store: Store,
  kind: SessionKind,
  request: Request,
  now = Date.now(),
): Promise<string> {
  const state = await readSession(store, kind, request, now);
  if (state.status !== "active") throw new Error("No session to complete.");
  const { merchantUserId, operatorId } = state.session;
  const subject: Subject = merchantUserId ? { merchantUserId } : { operatorId: operatorId! };
  return startSession(store, kind, subject, request, now);
}

/** The member proved their second factor (or password) again: step-up for sensitive actions. */
export async function markSteppedUp(
  store: Store,
  kind: SessionKind,
  request: Request,
  now = Date.now(),
): Promise<void> {
  const id = await readId(kind, request);
  if (!id) return;
  await store.write(async (q) => {
    await q
      .update(sessions)
      .set({ steppedUpAt: now })
      .where(eq(sessions.idHash, hashId(id)));
  });
}

export type SessionRow = typeof sessions.$inferSelect;

export type SessionState =
  { status: "none" } | { status: "expired" } | { status: "active"; session: SessionRow };

/** What `readSessionWith` reads in the session's read transaction besides the session. */
export type SessionStateWith<T> =
  { status: "none" } | { status: "expired" } | { status: "active"; session: SessionRow; with: T };

async function readId(kind: SessionKind, request: Request): Promise<string | null> {
  const value: unknown = await cookies[kind].parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * The browser's session. A missing, tampered or unknown cookie is "none"; a row with less than the
 * margin left is deleted and reported "expired".
 */
export async function readSession(
  store: Store,
  kind: SessionKind,
  request: Request,
  now = Date.now(),
): Promise<SessionState> {
  const state = await readSessionWith(store, kind, request, async () => null, now);
  return state.status === "active" ? { status: "active", session: state.session } : state;
}

/**
 * `readSession`, and in the same read transaction what `also` reads for an active session of this
 * kind (the guards read the account with it: one read per request). Deleting an expired row and
 * noting the last activity are writes of their own, after the read.
 */
export async function readSessionWith<T>(
  store: Store,
  kind: SessionKind,
  request: Request,
  also: (q: Handle, session: SessionRow) => Promise<T>,
  now = Date.now(),
): Promise<SessionStateWith<T>> {
  const id = await readId(kind, request);
  if (!id) return { status: "none" };
  const idHash = hashId(id);
  const found = await store.read(async (q) => {
    const row = await first(q.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1));
    if (!row) return undefined;
    const wrongKind = kind === "merchant" ? !row.merchantUserId : !row.operatorId;
    if (wrongKind) return undefined;
    if (row.expiresAt - now < SESSION_EXPIRY_MARGIN_MS) return { row, expired: true as const };
    return { row, expired: false as const, value: await also(q, row) };
  });
  if (!found) return { status: "none" };
  const { row } = found;
  if (found.expired) {
    await store.write(async (q) => {
      await q.delete(sessions).where(eq(sessions.idHash, idHash));
    });
    return { status: "expired" };
  }
  if (now - row.lastSeenAt > TOUCH_INTERVAL_MS)
    await store.write(async (q) => {
      await q.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    });
  return { status: "active", session: row, with: found.value };
}

/**
 * Delete the browser's session row (if any); returns the Set-Cookie header that clears the cookie.
 */
export async function endSession(
  store: Store,
  kind: SessionKind,
  request: Request,
): Promise<string> {
  const id = await readId(kind, request);
  if (id)
    await store.write(async (q) => {
      await q.delete(sessions).where(eq(sessions.idHash, hashId(id)));
    });
  return clearSessionCookie(kind);
}

export function clearSessionCookie(kind: SessionKind): Promise<string> {
  return cookies[kind].serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Housekeeping: remove rows that can no longer be used. */
export async function deleteExpiredSessions(store: Store, now = Date.now()): Promise<number> {
  const removed = await store.write((q) =>
    q
      .delete(sessions)
      .where(lt(sessions.expiresAt, now + SESSION_EXPIRY_MARGIN_MS))
      .returning({ idHash: sessions.idHash }),
  );
  return removed.length;
}

/**
 * Whether the request carries an active merchant session: the public header then offers
 * "Dashboard" instead of "Sign In" (docs/decisions/0023-signed-in-public-header.md).
 */
export async function hasMerchantSession(store: Store, request: Request): Promise<boolean> {
  if (!carriesCookie(request.headers.get("Cookie"), cookieNames.merchantSession)) return false;
  const state = await readSession(store, "merchant", request);
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
export async function endSessionsOf(
  q: Handle,
  subject: Subject,
  keepIdHash: string | null = null,
): Promise<number> {
  const owner =
    "merchantUserId" in subject
      ? eq(sessions.merchantUserId, subject.merchantUserId)
      : eq(sessions.operatorId, subject.operatorId);
  const ended = await q
    .delete(sessions)
    .where(keepIdHash ? and(owner, ne(sessions.idHash, keepIdHash)) : owner)
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
