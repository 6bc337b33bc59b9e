/**
 * How a payout rail is doing right now, measured from our own transfers on it (issue 14, items 1
 * and 6): providers offer no health endpoint worth trusting, but our last half hour of sends says
 * whether money arrives. Counted over the window: transfers paid, transfers refused or failed,
 * transfers sent and still unanswered past the answer time, and transfers left pending after more
 * than one attempt (the rail gave no usable answer: timeouts, network, its 5xx).
 *
 * On the store (ADR 0041): `railHealthOn` and `railUnavailableOn` read in the caller's callback
 * (routing inside settlement's write, failover inside its own).
 */
import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import { settlementTransfers } from "../../../drizzle/schema";
import { countWhere, first } from "~/db/sql";
import type { Handle } from "~/db/store";
import type { RailHealthStatus, RailId } from "./types";

export type { RailHealthStatus };

export const HEALTH_WINDOW_MS = 30 * 60_000;
/** A sent transfer unanswered this long counts against the rail. */
export const ANSWER_EXPECTED_MS = 5 * 60_000;
/** Fewer troubled transfers than this in the window never make a rail down. */
const DOWN_AFTER = 3;

export interface RailHealth {
  rail: RailId;
  status: RailHealthStatus;
  succeeded: number;
  failed: number;
  unanswered: number;
  retrying: number;
  /** When the rail last paid a transfer (any time), or null. */
  lastSucceededAt: number | null;
}

const t = settlementTransfers;

/** The window's counts of `rail`'s transfers: the columns and the condition of one query. */
function windowQuery(rail: RailId, now: number) {
  const since = now - HEALTH_WINDOW_MS;
  const answerBy = now - ANSWER_EXPECTED_MS;
  const columns = {
    succeeded: countWhere(sql`${t.status} = 'succeeded'`),
    failed: countWhere(sql`${t.status} = 'failed'`),
    unanswered: countWhere(sql`${t.status} = 'sent' and ${t.sentAt} <= ${answerBy}`),
    retrying: countWhere(sql`${t.status} = 'pending' and ${t.attempts} > 1`),
    total: sql<number>`count(*)`,
    firstTroubleAt: sql<
      number | null
    >`min(case when ${t.status} = 'failed' or (${t.status} = 'sent' and ${t.sentAt} <= ${answerBy}) or (${t.status} = 'pending' and ${t.attempts} > 1) then ${t.updatedAt} end)`,
    lastSucceededInWindow: sql<
      number | null
    >`max(case when ${t.status} = 'succeeded' then ${t.completedAt} end)`,
  };
  const where: SQL | undefined = and(
    eq(t.rail, rail as typeof t.$inferSelect.rail),
    gte(t.updatedAt, since),
  );
  return { columns, where };
}

type WindowCounts = {
  [K in keyof ReturnType<typeof windowQuery>["columns"]]: ReturnType<
    typeof windowQuery
  >["columns"][K]["_"]["type"];
};

const lastSucceededColumns = { at: sql<number | null>`max(${t.completedAt})` };
const succeededOn = (rail: RailId) =>
  and(eq(t.rail, rail as typeof t.$inferSelect.rail), eq(t.status, "succeeded"));

/**
 * Down: several troubled transfers in the window and none paid since the first of them; degraded:
 * a third or more of the window's transfers in trouble; idle: nothing sent in the window.
 */
export async function railHealthOn(q: Handle, rail: RailId, now: number): Promise<RailHealth> {
  const { columns, where } = windowQuery(rail, now);
  const counts = (await first(q.select(columns).from(t).where(where).limit(1)))!;
  const last = await first(
    q.select(lastSucceededColumns).from(t).where(succeededOn(rail)).limit(1),
  );
  return healthOf(rail, counts, last?.at ?? null);
}

function healthOf(rail: RailId, counts: WindowCounts, lastSucceededAt: number | null): RailHealth {
  const troubled = counts.failed + counts.unanswered + counts.retrying;
  const paidSinceTrouble =
    counts.lastSucceededInWindow !== null &&
    counts.firstTroubleAt !== null &&
    counts.lastSucceededInWindow >= counts.firstTroubleAt;
  const status: RailHealthStatus =
    counts.total === 0
      ? "idle"
      : troubled >= DOWN_AFTER && !paidSinceTrouble
        ? "down"
        : troubled * 3 >= counts.total && troubled > 0
          ? "degraded"
          : "up";
  return {
    rail,
    status,
    succeeded: counts.succeeded,
    failed: counts.failed,
    unanswered: counts.unanswered,
    retrying: counts.retrying,
    lastSucceededAt,
  };
}

/**
 * A rail that cannot take a payout now: not running in this process (when `runningRails` is
 * given), or down by its recent transfers. Routing and failover both ask this, inside their
 * transactions.
 */
export async function railUnavailableOn(
  q: Handle,
  rail: RailId,
  now: number,
  runningRails?: readonly RailId[],
): Promise<boolean> {
  if (runningRails && !runningRails.includes(rail)) return true;
  return (await railHealthOn(q, rail, now)).status === "down";
}
