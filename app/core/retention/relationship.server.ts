/**
 * The end of a merchant's relationship with OneHop (ADR 0060): from then its records are kept
 * RETENTION_YEARS more. Set once (the first end counts: a later decision never extends it), in
 * the caller's transaction, and audited.
 */
import { and, eq, isNull } from "drizzle-orm";
import { complianceCases, merchants } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import { retainedUntil } from "./rule";

/** End the relationship with `merchantId` at `now` (no change when it already ended). */
export async function endRelationship(
  q: Handle,
  input: { merchantId: string; actorId: string | null; reason: string; now: number },
): Promise<boolean> {
  const ended = await q
    .update(merchants)
    .set({ relationshipEndedAt: input.now })
    .where(and(eq(merchants.id, input.merchantId), isNull(merchants.relationshipEndedAt)))
    .returning({ id: merchants.id });
  if (ended.length === 0) return false;
  await recordAudit(
    q,
    {
      actorType: input.actorId ? "operator" : "system",
      actorId: input.actorId,
      action: "merchant.relationship_ended",
      targetType: "merchant",
      targetId: input.merchantId,
      details: { reason: input.reason, recordsKeptUntil: retainedUntil(input.now) },
    },
    input.now,
  );
  return true;
}

/** A compliance case decided "offboard": the relationship with its merchant ends. */
export async function endRelationshipOfCase(
  q: Handle,
  input: { caseId: string; operatorId: string; now: number },
): Promise<void> {
  const row = await first(
    q
      .select({ merchantId: complianceCases.merchantId })
      .from(complianceCases)
      .where(eq(complianceCases.id, input.caseId))
      .limit(1),
  );
  if (!row?.merchantId) return;
  await endRelationship(q, {
    merchantId: row.merchantId,
    actorId: input.operatorId,
    reason: `offboarded by compliance case ${input.caseId}`,
    now: input.now,
  });
}
