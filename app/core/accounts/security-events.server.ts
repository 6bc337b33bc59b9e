/**
 * Security events: what a merchant user or an operator sees on their security page (sign-ins,
 * failed attempts, two-factor and password changes, team changes). Append-only. Recording an event
 * is also where the e-mail notices that go with some of them are queued
 * (core/accounts/notifications.server.ts), inside the caller's transaction.
 */
import { and, desc, eq } from "drizzle-orm";
import { securityEvents } from "../../../drizzle/schema";
import type { Handle, Store } from "~/db/store";
import { describeDevice } from "./device";
import { queueSecurityNotices } from "./notifications.server";
import { securityEventLabels, type SecurityEventType } from "./vocabulary";

export type AccountSubject =
  { type: "merchant_user"; id: string } | { type: "operator"; id: string };

/** Where a request came from, as far as we can tell (for the security page, not for trust). */
export interface RequestOrigin {
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface SecurityEvent {
  subject: AccountSubject;
  type: SecurityEventType;
  origin?: RequestOrigin;
  details?: Record<string, unknown>;
}

/** Record an event and queue its notices, in the caller's transaction. */
export async function recordSecurityEvent(
  q: Handle,
  event: SecurityEvent,
  now = Date.now(),
): Promise<void> {
  // Before the event is written: a sign-in's "new device" check looks at the earlier ones.
  await queueSecurityNotices(q, event, now);
  await q.insert(securityEvents).values({
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    type: event.type,
    ipAddress: event.origin?.ipAddress?.slice(0, 64) ?? null,
    userAgent: event.origin?.userAgent?.slice(0, 300) ?? null,
    details: event.details ? JSON.stringify(event.details) : null,
    createdAt: now,
  });
}

const ofSubject = (subject: AccountSubject) =>
  and(eq(securityEvents.subjectType, subject.type), eq(securityEvents.subjectId, subject.id));
const newestFirst = [desc(securityEvents.createdAt), desc(securityEvents.id)];

/** The most recent events for one account, newest first. */
export function listSecurityEvents(store: Store, subject: AccountSubject, limit = 20) {
  return store.read((q: Handle) =>
    q
      .select()
      .from(securityEvents)
      .where(ofSubject(subject))
      .orderBy(...newestFirst)
      .limit(limit),
  );
}

export interface SecurityEventLine {
  id: number;
  label: string;
  at: number;
  device: string;
  ipAddress: string | null;
}

/** The last events of one account as the security page shows them (label, time, device). */
export async function recentSecurityEvents(
  store: Store,
  subject: AccountSubject,
  limit = 20,
): Promise<SecurityEventLine[]> {
  const rows = await listSecurityEvents(store, subject, limit);
  return rows.map((row) => ({
    id: row.id,
    label: securityEventLabels[row.type],
    at: row.createdAt,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress,
  }));
}
