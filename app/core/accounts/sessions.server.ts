/**
 * The security page's sessions (issue 12, item 5): the signed-in sessions of one account (device
 * from the User-Agent, IP address as recorded, when it signed in and was last active, this one
 * marked), ending one other session or all others (recorded as `sessions_ended`).
 *
 * A session waiting for its second factor (pending_second_factor) is not signed in: it is neither
 * listed nor counted. Sessions are named on the page by a reference derived from the stored hash,
 * never by the hash itself, and only the account's own sessions can be ended.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, gte } from "drizzle-orm";
import { sessions } from "../../../drizzle/schema";
import type { Handle, Store } from "~/db/store";
import { SESSION_EXPIRY_MARGIN_MS } from "~/utils/session.server";
import { describeDevice } from "./device";
import {
  recordSecurityEvent,
  type AccountSubject,
  type RequestOrigin,
} from "./security-events.server";

export interface ActiveSession {
  /** Names the session in the "Sign out" form (not the stored hash). */
  ref: string;
  device: string;
  ipAddress: string | null;
  signedInAt: number;
  lastActiveAt: number;
  current: boolean;
}

const sessionRef = (idHash: string) =>
  createHash("sha256").update(`session-ref:${idHash}`).digest("base64url").slice(0, 22);

function ownerOf(subject: AccountSubject) {
  return subject.type === "merchant_user"
    ? eq(sessions.merchantUserId, subject.id)
    : eq(sessions.operatorId, subject.id);
}

/** The account's signed-in sessions (this one first, then the most recently active). */
function activeRows(q: Handle, subject: AccountSubject, now: number) {
  return q
    .select()
    .from(sessions)
    .where(
      and(
        ownerOf(subject),
        eq(sessions.pendingSecondFactor, false),
        gte(sessions.expiresAt, now + SESSION_EXPIRY_MARGIN_MS),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export async function listActiveSessions(
  store: Store,
  subject: AccountSubject,
  currentIdHash: string | null,
  now = Date.now(),
): Promise<ActiveSession[]> {
  const rows = await store.read((q) => activeRows(q, subject, now));
  const list = rows.map((row) => ({
    ref: sessionRef(row.idHash),
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.createdAt,
    lastActiveAt: row.lastSeenAt,
    current: row.idHash === currentIdHash,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/**
 * End one of the account's other sessions, named by its `ref`. False when there is no such session
 * (already ended, another account's, or this very session: use sign-out for that).
 */
export async function endOtherSession(
  store: Store,
  input: {
    subject: AccountSubject;
    ref: string;
    currentIdHash: string | null;
    origin?: RequestOrigin;
  },
  now = Date.now(),
): Promise<boolean> {
  return store.write(async (q) => {
    const target = (
      await store.forUpdate(q.select().from(sessions).where(ownerOf(input.subject)))
    ).find((row) => sessionRef(row.idHash) === input.ref);
    if (!target || target.idHash === input.currentIdHash) return false;
    await q.delete(sessions).where(eq(sessions.idHash, target.idHash));
    await recordSecurityEvent(
      q,
      {
        subject: input.subject,
        type: "sessions_ended",
        origin: input.origin,
        details: { count: 1, device: describeDevice(target.userAgent) },
      },
      now,
    );
    return true;
  });
}

/** End every session of the account but this one. Returns how many ended. */
export async function endAllOtherSessions(
  store: Store,
  input: { subject: AccountSubject; currentIdHash: string | null; origin?: RequestOrigin },
  now = Date.now(),
): Promise<number> {
  return store.write(async (q) => {
    const others = (
      await store.forUpdate(
        q.select({ idHash: sessions.idHash }).from(sessions).where(ownerOf(input.subject)),
      )
    ).filter((row) => row.idHash !== input.currentIdHash);
    for (const row of others) await q.delete(sessions).where(eq(sessions.idHash, row.idHash));
    if (others.length > 0) {
      await recordSecurityEvent(
        q,
        {
          subject: input.subject,
          type: "sessions_ended",
          origin: input.origin,
          details: { count: others.length },
        },
        now,
      );
    }
    return others.length;
  });
}
