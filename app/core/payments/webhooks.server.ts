/**
 * Incoming provider notifications, verified before anything is read: custody deposits (signature
 * over the raw body, deduplicated, then the transaction re-read from custody before crediting) and
 * M-Pesa results (a secret token in the URL we gave M-Pesa, compared in constant time, and
 * optionally an allow-list of Safaricom's source addresses; unknown or repeated results change
 * nothing).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { custodyEvents } from "../../../drizzle/schema";
import {
  dedupeKey,
  readWebhook,
  WEBHOOK_SIGNATURE_HEADER,
} from "~/core/providers/custody/webhook.server";
import type { CustodyTransaction } from "~/core/providers/custody/types";
import { applyRefundTransaction, refundOfTransaction } from "~/core/refunds/custody-send.server";
import {
  parseB2bResult,
  parseB2cResult,
  parseQueueTimeout,
  type B2bResult,
  type QueueTimeout,
  parseTransactionStatusResult,
  statusOutcome,
  classifyResultCode,
} from "~/core/providers/daraja/result";
import type { Db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import {
  applyCustodyTransaction,
  findPaymentByAddress,
  type DepositOutcome,
} from "./deposits.server";
import { servesMode, type PaymentsDeps } from "./deps";
import { applyB2bResult, applyB2bTimeout } from "~/core/disbursements/b2b.server";
import {
  applyB2cResult,
  failTransfer,
  succeedTransfer,
  transferModeOf,
} from "./transfer-purposes.server";

/** What a custody notification about one of our refunds did. */
type RefundOutcome = `refund_${ReturnType<typeof applyRefundTransaction>}`;

export type WebhookAnswer = { status: number; body: unknown; settlePaymentId?: string };

export async function handleCustodyWebhook(
  db: Db,
  runtime: Pick<PaymentsDeps, "custody" | "custodyWebhookPublicKeyPem" | "config" | "modes">,
  request: Request,
  now: () => number,
): Promise<WebhookAnswer> {
  const raw = await request.text();
  const read = readWebhook(
    raw,
    request.headers.get(WEBHOOK_SIGNATURE_HEADER),
    runtime.custodyWebhookPublicKeyPem,
  );
  if (read.kind === "unauthenticated") return { status: 401, body: { error: "invalid signature" } };
  if (read.kind === "invalid") {
    logger.warn("custody webhook rejected", { error: read.error });
    return { status: 400, body: { error: read.error } };
  }
  if (read.kind === "ignored") return { status: 200, body: { ignored: read.type } };
  const event = read.event;
  const inserted = db
    .insert(custodyEvents)
    .values({
      dedupeKey: dedupeKey(event),
      custodyTxId: event.data.id,
      status: event.data.status,
      confirmations: event.data.numOfConfirmations,
      receivedAt: now(),
      body: raw,
    })
    .onConflictDoNothing()
    .run();
  if (inserted.changes === 0) return { status: 200, body: { duplicate: true } };
  // The webhook says something changed; custody's own record says what.
  const synced = await syncCustodyTransaction(db, runtime, event.data.id, now);
  return {
    status: 200,
    body: { outcome: synced.outcome },
    settlePaymentId: synced.settlePaymentId,
  };
}

/**
 * Read a transaction from custody and apply custody's view of it: the one path by which a deposit
 * changes a payment, used by the webhook and by reconciliation (idempotent: applying the same state
 * again changes nothing).
 */
export async function syncCustodyTransaction(
  db: Db,
  runtime: Pick<PaymentsDeps, "custody" | "config" | "modes">,
  txId: string,
  now: () => number,
): Promise<{ outcome: DepositOutcome | RefundOutcome; settlePaymentId?: string }> {
  const transaction = await runtime.custody.getTransaction(txId);
  return applySyncedTransaction(db, runtime, transaction, now);
}

/**
 * Apply a transaction custody has just answered with (the second half of `syncCustodyTransaction`).
 */
export function applySyncedTransaction(
  db: Db,
  runtime: Pick<PaymentsDeps, "config" | "modes">,
  transaction: CustodyTransaction,
  now: () => number,
): { outcome: DepositOutcome | RefundOutcome; settlePaymentId?: string } {
  // One of our refunds going out (its external id is the refund's), not a deposit.
  const refund = refundOfTransaction(db, transaction);
  if (refund) {
    if (!servesMode(runtime, refund.mode)) return { outcome: "ignored" };
    return { outcome: `refund_${applyRefundTransaction(db, transaction, now(), refund.id)}` };
  }
  const address = transaction.destinationAddress;
  const target = address ? findPaymentByAddress(db, address) : undefined;
  if (target && !servesMode(runtime, target.mode)) {
    // The other mode's custody (sandbox or live) reported it: never let it move this payment.
    logger.warn("custody notification for a payment of the other mode ignored", {
      txId: transaction.id,
      paymentId: target.id,
    });
    return { outcome: "ignored" };
  }
  const outcome: DepositOutcome = applyCustodyTransaction(db, transaction, runtime.config, now());
  if (outcome === "unknown_address")
    logger.warn("deposit to an unknown address", {
      txId: transaction.id,
      address: transaction.destinationAddress,
    });
  // The payment found above (its id never changes): settle it now if this confirmed it.
  return { outcome, settlePaymentId: outcome === "confirmed" ? target?.id : undefined };
}

const ACK = { ResultCode: 0, ResultDesc: "Accepted" };

/**
 * Where an M-Pesa callback came from (the client address, as for sign-in: the socket's, or the
 * right-most untrusted X-Forwarded-For hop behind a trusted proxy) and the allow-list of
 * Safaricom's callback addresses (MPESA_CALLBACK_ALLOWED_IPS; null = any source).
 */
export interface CallbackSource {
  address: string | null;
  allowed: { has(address: string | null): boolean } | null;
}

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** The URL's token against ours, in constant time: equal-length digests through timingSafeEqual. */
export function callbackTokenMatches(request: Request, expected: string): boolean {
  const given = new URL(request.url).searchParams.get("token") ?? "";
  const same = timingSafeEqual(sha256(given), sha256(expected));
  return same && expected.length > 0;
}

/** Why a callback is refused (source first, then token), or null. */
function callbackRefusal(
  request: Request,
  expectedToken: string,
  source: CallbackSource | undefined,
): string | null {
  if (source?.allowed && !(source.address && source.allowed.has(source.address)))
    return "source address not allowed";
  if (!callbackTokenMatches(request, expectedToken)) return "bad token";
  return null;
}

/** The M-Pesa result callbacks we serve (B2B's name their transfer in the URL, ADR 0035). */
export type MpesaCallbackKind =
  "b2c-result" | "b2c-timeout" | "status-result" | "status-timeout" | "b2b-result" | "b2b-timeout";

export async function handleMpesaCallback(
  db: Db,
  runtime: Pick<PaymentsDeps, "payouts" | "callbackToken" | "modes">,
  kind: MpesaCallbackKind,
  request: Request,
  now: () => number,
  source?: CallbackSource,
): Promise<WebhookAnswer> {
  const refusal = callbackRefusal(request, runtime.callbackToken, source);
  if (refusal) {
    // Never the URL's query (it holds the token): the path, the reason and the source only.
    logger.warn("M-Pesa callback refused", {
      kind,
      reason: refusal,
      source: source?.address ?? "unknown",
      path: new URL(request.url).pathname,
    });
    return { status: 403, body: { ResultCode: 1, ResultDesc: "Forbidden" } };
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { status: 400, body: { ResultCode: 1, ResultDesc: "Body is not JSON" } };
  }
  /** A transfer of the other mode: its provider's callbacks never reach it through these. */
  const otherMode = (transferId: string | null | undefined) => {
    const mode = transferId ? transferModeOf(db, transferId) : null;
    if (mode === null || servesMode(runtime, mode)) return false;
    logger.warn("M-Pesa callback for a transfer of the other mode ignored", { kind, transferId });
    return true;
  };
  try {
    if (kind === "b2b-result" || kind === "b2b-timeout") {
      // B2B (ADR 0035, "B2B"): the request carried no id of ours, so the transfer is the one our
      // ResultURL / QueueTimeOutURL named; the body is parsed first (a malformed one is a 400).
      const transferId = new URL(request.url).searchParams.get("transfer");
      const parsed = kind === "b2b-result" ? parseB2bResult(body) : parseQueueTimeout(body);
      if (!transferId || otherMode(transferId)) return { status: 200, body: ACK };
      const outcome =
        kind === "b2b-result"
          ? applyB2bResult(db, transferId, parsed as B2bResult, now())
          : applyB2bTimeout(db, transferId, parsed as QueueTimeout, now());
      if (outcome === "ignored")
        logger.info("M-Pesa B2B callback changed nothing", { kind, transferId });
    } else if (kind === "b2c-result") {
      const result = parseB2cResult(body);
      if (!otherMode(result.originatorConversationId)) applyB2cResult(db, result, now());
    } else if (kind === "b2c-timeout") {
      // A timeout says nothing about whether money moved: ask M-Pesa for the status.
      const timeout = parseQueueTimeout(body);
      if (otherMode(timeout.originatorConversationId)) return { status: 200, body: ACK };
      await runtime.payouts
        .transactionStatus({ originatorConversationId: timeout.originatorConversationId })
        .catch(() => undefined);
    } else if (kind === "status-result") {
      const result = parseTransactionStatusResult(body);
      const transferId = otherMode(result.queriedOriginatorConversationId)
        ? null
        : result.queriedOriginatorConversationId;
      const outcome = statusOutcome(result);
      if (transferId && outcome === "completed")
        succeedTransfer(
          db,
          transferId,
          {
            receipt: result.receiptNo ?? null,
            description: result.transactionStatus ?? "Completed",
          },
          now(),
        );
      if (transferId && (outcome === "failed" || outcome === "not-found")) {
        failTransfer(
          db,
          transferId,
          {
            code: result.resultCode,
            description:
              outcome === "not-found"
                ? "M-Pesa has no record of the transfer"
                : classifyResultCode(result.resultCode).message,
          },
          now(),
        );
      }
    }
  } catch (error) {
    logger.warn("M-Pesa callback rejected", {
      kind,
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 400, body: { ResultCode: 1, ResultDesc: "Rejected" } };
  }
  return { status: 200, body: ACK };
}
