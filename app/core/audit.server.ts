/** The audit log: who did what to which record, when. Append-only. */
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "../../drizzle/schema";
import type { Store } from "~/db/store";
import type { Db, DbOrTx } from "~/utils/db.server";

export interface AuditEntry {
  actorType: "operator" | "merchant_user" | "system";
  actorId?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

type Writer = Pick<DbOrTx, "insert">;

export function recordAudit(db: Writer, entry: AuditEntry, now = Date.now()): void {
  db.insert(auditLog)
    .values({
      actorType: entry.actorType,
      actorId: entry.actorId ?? null,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      createdAt: now,
    })
    .run();
}

const auditOf = (targetType: string, targetId: string) =>
  and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId));
const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

/**
 * A record's audit, newest first, synchronously. TRANSITIONAL (ADR 0041): kept for the callers not
 * yet on the store (the payment page, tests); moved code reads `auditTrail`.
 */
export function listAuditFor(db: Db, targetType: string, targetId: string) {
  return db
    .select()
    .from(auditLog)
    .where(auditOf(targetType, targetId))
    .orderBy(...newestFirst)
    .all();
}

/** A record's audit, newest first. */
export function auditTrail(store: Store, targetType: string, targetId: string) {
  return store.read((q) =>
    q
      .select()
      .from(auditLog)
      .where(auditOf(targetType, targetId))
      .orderBy(...newestFirst),
  );
}
