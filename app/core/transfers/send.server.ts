/**
 * Sending transfers (ADR 0043): claim one with a lease, post what its purpose posts as it goes,
 * call the rail with the transfer id as the idempotent id (M-Pesa's OriginatorConversationID),
 * and back off when the rail does not answer. A crash after a claim leaves the transfer pending:
 * the claim lapses and the next sender sends it again with the SAME id, so the rail's duplicate
 * check means nothing is paid twice (M-Pesa B2B, which carries no id of ours, is sent at most once
 * instead).
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { complianceHolds, settlementTransfers } from "../../../drizzle/schema";
import { InsufficientBalanceError, type LedgerBook } from "~/core/ledger/ledger.server";
import type { PayoutRails, RailId, RailSendOutcome } from "~/core/rails/types";
import type { Handle, Store } from "~/db/store";
import { processGone, THIS_PROCESS } from "~/utils/server-process.server";
import type { Transfer, TransferPurpose } from "./handler.server";
import type { TransferPurposes } from "./purposes.server";
import { destinationOfTransfer, markSent } from "./records.server";
import { failTransfer, succeedTransfer } from "./results.server";

/**
 * How long a claim to send a transfer lasts: longer than any M-Pesa call (DARAJA_TIMEOUT_MS is at
 * most 60 s).
 */
export const SEND_LEASE_MS = 2 * 60_000;

/** What the payments run and immediate settlement send: everything but paced disbursement rows. */
export const UNPACED_PURPOSES = ["settlement", "sweep", "verification", "refund"] as const;

export interface SendOptions {
  /** At most this many transfers per run. Default 50. */
  limit?: number;
  /** How long the claim on each transfer lasts. Default SEND_LEASE_MS. */
  leaseMs?: number;
  /** Who claims (logged on the row); default this process and run. */
  holder?: string;
  /** Only transfers of payments in these modes (the payouts client's, ADR 0028); default all. */
  modes?: readonly LedgerBook[];
  /**
   * Only transfers of these purposes (the disbursement pump sends "disbursement" rows at each
   * rail's pace, ADR 0035; the payments run and immediate settlement send the others); default all.
   */
  purpose?: TransferPurpose | readonly TransferPurpose[];
  /**
   * Only this payment's transfers: settling one payment now sends what it planned, not every
   * other payment's (their own settlements are sending those; the payments run sends what is
   * left). Default all.
   */
  paymentId?: string;
}

/**
 * Claim one pending transfer for sending (issue 10, item 3): one conditional UPDATE (its own
 * write) that succeeds for exactly one caller while the claim is free or lapsed. A sender that
 * crashes mid-send leaves a claim that lapses after `leaseMs`; the next sender re-sends with the
 * SAME id (OriginatorConversationID), so M-Pesa's duplicate check is the last line, never the
 * first.
 */
export function claimTransferForSending(
  store: Store,
  transferId: string,
  holder: string,
  now: number,
  leaseMs = SEND_LEASE_MS,
  goneHolders: readonly string[] = [],
): Promise<boolean> {
  return store.write((q) => claimOn(q, transferId, holder, now, leaseMs, goneHolders));
}

/**
 * A payout row a compliance case holds is not sent (issue 31; ADR 0055): part of the claim's own
 * condition, so a hold placed before the claim always stops the send. Only disbursements are held.
 */
const notHeldByCompliance = sql`(${settlementTransfers.purpose} <> 'disbursement' or not exists (select 1 from ${complianceHolds} where ${complianceHolds.target} = 'disbursement' and ${complianceHolds.targetId} = ${settlementTransfers.disbursementRowId} and ${complianceHolds.status} = 'held'))`;

/** `goneHolders`: claims of processes that have died (ADR 0047), free like lapsed ones. */
async function claimOn(
  q: Handle,
  transferId: string,
  holder: string,
  now: number,
  leaseMs: number,
  goneHolders: readonly string[],
): Promise<boolean> {
  const claimed = await q
    .update(settlementTransfers)
    .set({
      sendLeaseUntil: now + leaseMs,
      sendLeaseHolder: holder,
      attempts: sql`${settlementTransfers.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(settlementTransfers.id, transferId),
        eq(settlementTransfers.status, "pending"),
        notHeldByCompliance,
        or(
          isNull(settlementTransfers.sendLeaseUntil),
          lte(settlementTransfers.sendLeaseUntil, now),
          goneHolders.length > 0
            ? inArray(settlementTransfers.sendLeaseHolder, [...goneHolders])
            : undefined,
        ),
      ),
    )
    .returning({ id: settlementTransfers.id });
  return claimed.length === 1;
}

/**
 * The holders of send claims still running whose process has died (ADR 0047: a server process of
 * this machine killed mid-send): their transfers are sent again now, with the same id, as after a
 * lapsed claim, rather than when the claim runs out.
 */
async function claimsOfGoneProcesses(store: Store, at: number): Promise<string[]> {
  const held = await store.read((q) =>
    q
      .selectDistinct({ holder: settlementTransfers.sendLeaseHolder })
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.status, "pending"),
          gt(settlementTransfers.sendLeaseUntil, at),
          isNotNull(settlementTransfers.sendLeaseHolder),
        ),
      ),
  );
  return held.map((row) => row.holder!).filter(processGone);
}

/**
 * After a call that failed without an answer, when the transfer may be sent again: 5 s after the
 * first attempt, doubling with each attempt up to 5 minutes. A rail that is down is not hammered
 * (every payments run would otherwise send every stuck transfer again), and the transfers stuck on
 * it never crowd out the other rails' new ones (the sender skips a transfer until its time).
 */
export function sendBackoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, Math.min(attempts - 1, 10)));
}

/**
 * Give a claim back (the call failed without an answer) with a time to wait before the next send:
 * the claim's end becomes the backoff's, and its holder none.
 */
async function releaseSendClaim(
  store: Store,
  transfer: Pick<Transfer, "id" | "attempts">,
  holder: string,
  now: number,
): Promise<void> {
  await store.write(async (q) => {
    await q
      .update(settlementTransfers)
      .set({ sendLeaseUntil: now + sendBackoffMs(transfer.attempts + 1), sendLeaseHolder: null })
      .where(
        and(
          eq(settlementTransfers.id, transfer.id),
          eq(settlementTransfers.status, "pending"),
          eq(settlementTransfers.sendLeaseHolder, holder),
        ),
      );
  });
}

/**
 * Call the rail for every pending transfer (new, or left pending by a crash) of a handled purpose
 * that nobody else is sending. Each transfer is claimed first (`claimTransferForSending`), so the
 * webhook's immediate settlement and the background tick never both send it. A network failure
 * leaves the transfer pending, to be sent again after a backoff (`sendBackoffMs`); a duplicate
 * answer means the rail already has it; a rejected request fails the transfer and returns the
 * money. Each step is its own write, as each was its own transaction before; the rail is called
 * between them, never inside one.
 */
export async function sendPendingTransfers(
  store: Store,
  handlers: TransferPurposes,
  rails: PayoutRails,
  now: () => number,
  options: number | SendOptions = {},
): Promise<number> {
  const {
    limit = 50,
    leaseMs = SEND_LEASE_MS,
    holder = `${THIS_PROCESS}#${randomUUID().slice(0, 8)}`,
    modes,
    purpose,
    paymentId,
  } = typeof options === "number" ? { limit: options } : options;
  const at = now();
  const running = Object.keys(rails) as RailId[];
  // Dead processes' claims are the payments run's to take over; one payment's send (right after
  // its settlement planned transfers nobody has claimed) skips that read on its hot path.
  const goneHolders = paymentId === undefined ? await claimsOfGoneProcesses(store, at) : [];
  const pending = await store.read((q) =>
    q
      .select()
      .from(settlementTransfers)
      .where(
        and(
          eq(settlementTransfers.status, "pending"),
          or(
            isNull(settlementTransfers.sendLeaseUntil),
            lte(settlementTransfers.sendLeaseUntil, at),
            goneHolders.length > 0
              ? inArray(settlementTransfers.sendLeaseHolder, goneHolders)
              : undefined,
          ),
          handlers.inModes(modes),
          handlers.handled(purpose),
          notHeldByCompliance,
          inArray(settlementTransfers.rail, running),
          paymentId === undefined ? undefined : eq(settlementTransfers.paymentId, paymentId),
        ),
      )
      // Merchants' own settlements and checks first: a large disbursement batch never holds them
      // up.
      .orderBy(
        sql`case when ${settlementTransfers.purpose} = 'disbursement' then 1 else 0 end`,
        asc(settlementTransfers.createdAt),
      )
      .limit(limit),
  );
  let sent = 0;
  for (const transfer of pending) {
    const rail = rails[transfer.rail];
    const handler = handlers.of(transfer.purpose);
    // A rail not running here: the transfer waits, pending, for a process where it does.
    if (!rail || !handler) continue;
    if (!(await claimTransferForSending(store, transfer.id, holder, now(), leaseMs, goneHolders)))
      continue;
    // A disbursement row's or a refund's money leaves its reservation only now; a short float
    // makes it wait.
    const postSent = handler.postSent;
    if (postSent && !transfer.ledgerTransactionId) {
      try {
        await store.write((q) => postSent(q, transfer, now()));
      } catch (error) {
        if (!(error instanceof InsufficientBalanceError)) throw error;
        await releaseSendClaim(store, transfer, holder, now());
        continue;
      }
    }
    const destination = await store.read((q) =>
      handler.destination ? handler.destination(q, transfer) : destinationOfTransfer(q, transfer),
    );
    // M-Pesa B2B (ADR 0035, "B2B") is sent AT MOST ONCE: its request carries no id of ours that
    // M-Pesa could refuse as a duplicate. `sentAt` is stamped on the pending transfer before the
    // request goes out; one found stamped may have reached M-Pesa (a run crashed or threw after
    // sending), so it is never sent again: it is marked sent, and its Result (which names the
    // transfer in its URL) or, failing that, an operator settles it.
    if (destination.kind === "business") {
      if (transfer.sentAt !== null) {
        await store.write((q) => markSent(q, transfer, null, now()));
        sent++;
        continue;
      }
      await store.write(async (q) => {
        await q
          .update(settlementTransfers)
          .set({ sentAt: now() })
          .where(
            and(eq(settlementTransfers.id, transfer.id), eq(settlementTransfers.status, "pending")),
          );
      });
    }
    let outcome: RailSendOutcome;
    try {
      const remarks = await store.read((q) => handler.remarks(q, transfer));
      outcome = await rail.send({
        transferId: transfer.id,
        destination,
        amountKes: Number(transfer.amountKesCents / 100n),
        remarks,
        reference: transfer.paymentId ?? undefined,
      });
    } catch {
      // Timeout, network, 5xx (RailUnavailableError): stays pending and is sent again (same id)
      // by a later run, after a backoff. (`attempts` was read before this run's claim added one.)
      await releaseSendClaim(store, transfer, holder, now());
      continue;
    }
    if (outcome.kind === "rejected") {
      const { code, description } = outcome;
      await store.write((q) =>
        failTransfer(q, handlers, transfer.id, { code, description }, now()),
      );
      continue;
    }
    // "unknown" (B2B only): the answer was lost, so no conversation id; never sent again (above).
    const conversationId =
      outcome.kind === "duplicate" || outcome.kind === "unknown" ? null : outcome.providerRef;
    await store.write((q) => markSent(q, transfer, conversationId, now()));
    if (outcome.kind === "succeeded") {
      const success = { receipt: outcome.receipt, description: outcome.description };
      await store.write((q) => succeedTransfer(q, handlers, transfer.id, success, now()));
    }
    sent++;
  }
  return sent;
}
