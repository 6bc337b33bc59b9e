/**
 * Each merchant's settlement policy as stored (ADR 0050), with what its collections still owe the
 * rails ("due", per book): read in a settlement's write, changed by an owner with a recent step-up
 * (audited), and moved by deltas (`addDue`) so that a payment credited to the balance and a
 * settlement planning at the same moment never lose each other's change.
 */
import { eq, sql } from "drizzle-orm";
import { settlementPolicies, settlementSweeps } from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { DEFAULT_POLICY, type SettlementPolicy } from "./policy";

export interface StoredPolicy {
  policy: SettlementPolicy;
  dueLiveKesCents: bigint;
  dueTestKesCents: bigint;
  lastSweepDay: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

const NO_POLICY: StoredPolicy = Object.freeze({
  policy: DEFAULT_POLICY,
  dueLiveKesCents: 0n,
  dueTestKesCents: 0n,
  lastSweepDay: null,
  updatedAt: null,
  updatedBy: null,
});

type PolicyRow = typeof settlementPolicies.$inferSelect;

function storedOf(row: PolicyRow | undefined): StoredPolicy {
  if (!row) return NO_POLICY;
  return {
    policy: {
      schedule: row.schedule,
      dailyTime: row.dailyTime,
      keep: row.keep,
      keepPercent: row.keepPercent,
      keepFloatKesCents: row.keepFloatKesCents,
    },
    dueLiveKesCents: row.dueLiveKesCents,
    dueTestKesCents: row.dueTestKesCents,
    lastSweepDay: row.lastSweepDay,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/** The merchant's policy (the default when it never chose), in the caller's handle. */
export async function storedPolicyOn(q: Handle, merchantId: string): Promise<StoredPolicy> {
  return storedOf(
    await first(
      q
        .select()
        .from(settlementPolicies)
        .where(eq(settlementPolicies.merchantId, merchantId))
        .limit(1),
    ),
  );
}

/** What the merchant's collections in `mode` still owe the rails. */
export function dueOf(stored: StoredPolicy, mode: LedgerBook): bigint {
  return mode === "test" ? stored.dueTestKesCents : stored.dueLiveKesCents;
}

const dueColumn = (mode: LedgerBook) =>
  mode === "test" ? settlementPolicies.dueTestKesCents : settlementPolicies.dueLiveKesCents;

/**
 * Add `delta` cents (negative to take) to what the merchant's collections owe the rails in `mode`;
 * makes the row (the default policy) when the merchant never chose. Nothing when delta is 0.
 */
export async function addDue(
  q: Handle,
  merchantId: string,
  mode: LedgerBook,
  delta: bigint,
  now: number,
): Promise<void> {
  if (delta === 0n) return;
  const column = dueColumn(mode);
  await q
    .insert(settlementPolicies)
    .values({
      merchantId,
      updatedAt: now,
      ...(mode === "test" ? { dueTestKesCents: delta } : { dueLiveKesCents: delta }),
    })
    .onConflictDoUpdate({
      target: settlementPolicies.merchantId,
      set:
        mode === "test"
          ? { dueTestKesCents: sql`${column} + ${delta}` }
          : { dueLiveKesCents: sql`${column} + ${delta}` },
    });
}

/** Mark the merchant's daily settlement as run for `day` (EAT), with what is still due after it. */
export async function markSwept(
  q: Handle,
  merchantId: string,
  mode: LedgerBook,
  day: string,
  dueDelta: bigint,
): Promise<void> {
  const column = dueColumn(mode);
  await q
    .update(settlementPolicies)
    .set(
      mode === "test"
        ? { lastSweepDay: day, dueTestKesCents: sql`${column} + ${dueDelta}` }
        : { lastSweepDay: day, dueLiveKesCents: sql`${column} + ${dueDelta}` },
    )
    .where(eq(settlementPolicies.merchantId, merchantId));
}

/**
 * Save the merchant's policy (an owner, after a recent step-up: the route checks), with an audit
 * entry naming the member and the old and new policy. What is due stays due: a merchant moving from
 * daily to instant has it carried into the next payment's settlement, or paid by the daily run.
 * Returns whether anything changed.
 */
export async function savePolicy(
  store: Store,
  actor: { merchantId: string; userId: string },
  policy: SettlementPolicy,
  now: number,
): Promise<boolean> {
  return store.write(async (q) => {
    const current = storedOf(
      await first(
        store.forUpdate(
          q
            .select()
            .from(settlementPolicies)
            .where(eq(settlementPolicies.merchantId, actor.merchantId))
            .limit(1),
        ),
      ),
    ).policy;
    if (samePolicy(current, policy)) return false;
    const values = {
      schedule: policy.schedule,
      dailyTime: policy.dailyTime,
      keep: policy.keep,
      keepPercent: policy.keepPercent,
      keepFloatKesCents: policy.keepFloatKesCents,
      updatedAt: now,
      updatedBy: actor.userId,
    };
    await q
      .insert(settlementPolicies)
      .values({ merchantId: actor.merchantId, ...values })
      .onConflictDoUpdate({ target: settlementPolicies.merchantId, set: values });
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: actor.userId,
        action: "settlement.policy_changed",
        targetType: "merchant",
        targetId: actor.merchantId,
        details: { from: policyDetails(current), to: policyDetails(policy) },
      },
      now,
    );
    return true;
  });
}

function samePolicy(a: SettlementPolicy, b: SettlementPolicy): boolean {
  return (
    a.schedule === b.schedule &&
    a.dailyTime === b.dailyTime &&
    a.keep === b.keep &&
    a.keepPercent === b.keepPercent &&
    a.keepFloatKesCents === b.keepFloatKesCents
  );
}

/** A policy as audit details (JSON: cents as a string). */
function policyDetails(policy: SettlementPolicy) {
  return { ...policy, keepFloatKesCents: policy.keepFloatKesCents.toString() };
}

/**
 * Merchants whose daily settlement may be due in `mode`: a daily schedule with money due and no
 * settlement of that book today (`settlement_sweeps`, one per merchant, book and day). The caller
 * checks the time of day (`dailyTimeReached`).
 */
export function merchantsWithDue(q: Handle, mode: LedgerBook, today: string) {
  const column = dueColumn(mode);
  return q
    .select({ merchantId: settlementPolicies.merchantId, dailyTime: settlementPolicies.dailyTime })
    .from(settlementPolicies)
    .where(
      sql`${settlementPolicies.schedule} = 'daily' and ${column} > 0 and not exists (select 1 from ${settlementSweeps} where ${settlementSweeps.merchantId} = ${settlementPolicies.merchantId} and ${settlementSweeps.mode} = ${mode} and ${settlementSweeps.day} = ${today})`,
    )
    .limit(500);
}
