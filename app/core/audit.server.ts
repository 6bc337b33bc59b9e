/** The audit log: who did what to which record, when. Append-only. */
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "../../drizzle/schema";
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

export function listAuditFor(db: Db, targetType: string, targetId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .all();
}
