/**
 * M-Pesa's AccountBalance answer (docs/decisions/0036-reconciliation.md): Daraja acknowledges the
 * query at once and POSTs the Result to our balance ResultURL (also its QueueTimeOutURL) later. The
 * callback is checked at the edge like the other M-Pesa callbacks (app/route-support/
 * mpesa-callback.server.ts: source allow-list, then the URL's token; the body size is limited
 * before the route by the /webhooks/ body policy), then parsed here (`parseAccountBalanceResult`)
 * and stored by the acknowledgement's OriginatorConversationID, which the Result repeats; the
 * reconciliation run waiting for it reads it from there.
 */
import { eq } from "drizzle-orm";
import { railBalanceReports } from "../../../drizzle/schema";
import {
  balanceAccount,
  parseAccountBalanceResult,
  UTILITY_ACCOUNT,
  type AccountBalanceResult,
} from "~/core/providers/daraja/result";
import type { AsyncRequestAccepted, MobileMoneyBalance } from "~/core/providers/daraja/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { logger } from "~/utils/logger.server";

/** Where M-Pesa takes B2C charges from (its balance goes below zero as they are paid). */
export const CHARGES_PAID_ACCOUNT = "Charges Paid Account";

/** A stored balance Result. */
export interface StoredBalanceReport {
  originatorConversationId: string;
  resultCode: number;
  resultDesc: string;
  /**
   * What our B2C float holds (cents): the Utility Account's available balance plus the Charges Paid
   * Account's (zero or below: M-Pesa takes each B2C charge there, ADR 0036); null when the query
   * failed or the Result has no Utility Account.
   */
  availableCents: bigint | null;
  /** What was stored of the Result (accounts with amounts as decimal text). */
  body: Record<string, unknown>;
  receivedAt: number;
}

/** What is kept of a parsed Result: JSON-safe (amounts as decimal strings of cents). */
function storedBody(result: AccountBalanceResult): Record<string, unknown> {
  return {
    resultCode: result.resultCode,
    resultDesc: result.resultDesc,
    conversationId: result.conversationId,
    transactionId: result.transactionId ?? null,
    completedAt: result.completedAt ?? null,
    accounts: result.accounts.map((account) => ({
      name: account.name,
      currency: account.currency,
      availableCents: account.availableCents.toString(),
      currentCents: account.currentCents.toString(),
      reservedCents: account.reservedCents.toString(),
      unclearedCents: account.unclearedCents.toString(),
    })),
  };
}

/** Keep a Result (a repeat of one already kept changes nothing). */
async function storeBalanceResult(
  q: Handle,
  result: AccountBalanceResult,
  now: number,
): Promise<void> {
  const utility = result.resultCode === 0 ? balanceAccount(result, UTILITY_ACCOUNT) : undefined;
  const charges = utility ? balanceAccount(result, CHARGES_PAID_ACCOUNT) : undefined;
  await q
    .insert(railBalanceReports)
    .values({
      originatorConversationId: result.originatorConversationId,
      rail: "mpesa",
      conversationId: result.conversationId || null,
      resultCode: result.resultCode,
      resultDesc: result.resultDesc.slice(0, 500),
      availableCents: utility
        ? (utility.availableCents + (charges?.availableCents ?? 0n)).toString()
        : null,
      body: JSON.stringify(storedBody(result)),
      receivedAt: now,
    })
    .onConflictDoNothing();
}

/** The stored Result of a balance query, or null while none came. */
export async function getBalanceReport(
  q: Handle,
  originatorConversationId: string,
): Promise<StoredBalanceReport | null> {
  const row = await first(
    q
      .select()
      .from(railBalanceReports)
      .where(eq(railBalanceReports.originatorConversationId, originatorConversationId))
      .limit(1),
  );
  if (!row) return null;
  return {
    originatorConversationId: row.originatorConversationId,
    resultCode: row.resultCode,
    resultDesc: row.resultDesc,
    availableCents: row.availableCents === null ? null : BigInt(row.availableCents),
    body: JSON.parse(row.body) as Record<string, unknown>,
    receivedAt: row.receivedAt,
  };
}

/**
 * The balance ResultURL's body (the callback passed the edge's guard): parsed and kept for the run
 * waiting for it. "rejected": not an AccountBalance Result (M-Pesa is told so).
 */
export async function recordMpesaBalanceResult(
  store: Store,
  body: unknown,
  now: () => number,
): Promise<"accepted" | "rejected"> {
  try {
    const result = parseAccountBalanceResult(body);
    await store.write((q) => storeBalanceResult(q, result, now()));
  } catch (error) {
    logger.warn("M-Pesa callback rejected", {
      kind: "balance-result",
      error: error instanceof Error ? error.message : String(error),
    });
    return "rejected";
  }
  return "accepted";
}

/** Whether a Daraja client can ask for the account balance (`createDarajaClient`'s can). */
export function canQueryBalance(client: unknown): client is MobileMoneyBalance {
  return (
    typeof client === "object" &&
    client !== null &&
    typeof (client as Partial<MobileMoneyBalance>).queryAccountBalance === "function"
  );
}

export class BalanceResultTimeoutError extends Error {
  constructor(
    readonly ack: AsyncRequestAccepted,
    waitedMs: number,
  ) {
    super(`M-Pesa sent no AccountBalance Result within ${Math.round(waitedMs / 1000)} s`);
    this.name = "BalanceResultTimeoutError";
  }
}

/**
 * Ask M-Pesa for the balance and wait (bounded) for its Result to be stored by the callback route:
 * the stored report is read every `pollMs` (through `wait`, which tests replace) until `timeoutMs`.
 * The query and the waits are outside any transaction; each look at the report is a read of its
 * own.
 */
export async function awaitMpesaBalance(
  store: Store,
  client: MobileMoneyBalance,
  options: { wait: (ms: number) => Promise<void>; timeoutMs?: number; pollMs?: number },
): Promise<{ ack: AsyncRequestAccepted; report: StoredBalanceReport }> {
  const { wait, timeoutMs = 60_000, pollMs = 500 } = options;
  const ack = await client.queryAccountBalance({ remarks: "OneHop daily reconciliation" });
  for (let waited = 0; ; waited += pollMs) {
    const report = await store.read((q) => getBalanceReport(q, ack.originatorConversationId));
    if (report) return { ack, report };
    if (waited >= timeoutMs) throw new BalanceResultTimeoutError(ack, waited);
    await wait(pollMs);
  }
}
