/** The audit log: who did what to which record, when. Append-only. */
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "../../drizzle/schema";
import type { Handle, Store } from "~/db/store";

export interface AuditEntry {
  actorType: "operator" | "merchant_user" | "system";
  actorId?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** The row an entry is written as. */
function auditRow(entry: AuditEntry, now: number): typeof auditLog.$inferInsert {
  return {
    actorType: entry.actorType,
    actorId: entry.actorId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    createdAt: now,
  };
}

/** Append an entry, in the caller's transaction. */
export async function recordAudit(q: Handle, entry: AuditEntry, now = Date.now()): Promise<void> {
  await q.insert(auditLog).values(auditRow(entry, now));
}

/** A member's action on its merchant's records, in the caller's transaction. */
export async function recordMemberAudit(
  q: Handle,
  actor: { merchantId: string; userId: string },
  action: string,
  details: Record<string, unknown>,
  now: number,
): Promise<void> {
  await recordAudit(
    q,
    {
      actorType: "merchant_user",
      actorId: actor.userId,
      action,
      targetType: "merchant",
      targetId: actor.merchantId,
      details,
    },
    now,
  );
}

const auditOf = (targetType: string, targetId: string) =>
  and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId));
const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

/** A record's audit, newest first, in the caller's transaction. */
export function auditTrailOn(q: Handle, targetType: string, targetId: string) {
  return q
    .select()
    .from(auditLog)
    .where(auditOf(targetType, targetId))
    .orderBy(...newestFirst);
}

/** A record's audit, newest first. */
export function auditTrail(store: Store, targetType: string, targetId: string) {
  return store.read((q) => auditTrailOn(q, targetType, targetId));
}
