/**
 * Incoming provider notifications, verified before anything is read: custody deposits (signature over
 * the raw body, deduplicated, then the transaction re-read from custody before crediting) and M-Pesa
 * results (a secret token in the URL we gave M-Pesa; unknown or repeated results change nothing).
 */
import { custodyEvents } from "../../../drizzle/schema";
import { dedupeKey, readWebhook, WEBHOOK_SIGNATURE_HEADER } from "~/core/providers/custody/webhook.server";
import { parseB2cResult, parseQueueTimeout, parseTransactionStatusResult, statusOutcome, classifyResultCode } from "~/core/providers/daraja/result";
import type { Db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { applyCustodyTransaction, findPaymentByAddress, type DepositOutcome } from "./deposits.server";
import type { PaymentsRuntime } from "./runtime.server";
import { applyB2cResult, failTransfer, succeedTransfer } from "./settlement.server";

export type WebhookAnswer = { status: number; body: unknown; settlePaymentId?: string };

export async function handleCustodyWebhook(db: Db, runtime: Pick<PaymentsRuntime, "custody" | "custodyWebhookPublicKeyPem" | "config">, request: Request, now: () => number): Promise<WebhookAnswer> {
  const raw = await request.text();
  const read = readWebhook(raw, request.headers.get(WEBHOOK_SIGNATURE_HEADER), runtime.custodyWebhookPublicKeyPem);
  if (read.kind === "unauthenticated") return { status: 401, body: { error: "invalid signature" } };
  if (read.kind === "invalid") {
    logger.warn("custody webhook rejected", { error: read.error });
    return { status: 400, body: { error: read.error } };
  }
  if (read.kind === "ignored") return { status: 200, body: { ignored: read.type } };
  const event = read.event;
  const inserted = db
    .insert(custodyEvents)
    .values({ dedupeKey: dedupeKey(event), custodyTxId: event.data.id, status: event.data.status, confirmations: event.data.numOfConfirmations, receivedAt: now(), body: raw })
    .onConflictDoNothing()
    .run();
  if (inserted.changes === 0) return { status: 200, body: { duplicate: true } };
  // The webhook says something changed; custody's own record says what.
  const transaction = await runtime.custody.getTransaction(event.data.id);
  const outcome: DepositOutcome = applyCustodyTransaction(db, transaction, runtime.config, now());
  if (outcome === "unknown_address") logger.warn("deposit to an unknown address", { txId: transaction.id, address: transaction.destinationAddress });
  const payment = outcome === "confirmed" && transaction.destinationAddress ? findPaymentByAddress(db, transaction.destinationAddress) : undefined;
  return { status: 200, body: { outcome }, settlePaymentId: payment?.id };
}

const ACK = { ResultCode: 0, ResultDesc: "Accepted" };

function tokenOk(request: Request, expected: string): boolean {
  return new URL(request.url).searchParams.get("token") === expected;
}

export async function handleMpesaCallback(
  db: Db,
  runtime: Pick<PaymentsRuntime, "payouts" | "callbackToken">,
  kind: "b2c-result" | "b2c-timeout" | "status-result" | "status-timeout",
  request: Request,
  now: () => number,
): Promise<WebhookAnswer> {
  if (!tokenOk(request, runtime.callbackToken)) return { status: 403, body: { ResultCode: 1, ResultDesc: "Forbidden" } };
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { status: 400, body: { ResultCode: 1, ResultDesc: "Body is not JSON" } };
  }
  try {
    if (kind === "b2c-result") {
      applyB2cResult(db, parseB2cResult(body), now());
    } else if (kind === "b2c-timeout") {
      // A timeout says nothing about whether money moved: ask M-Pesa for the status.
      const timeout = parseQueueTimeout(body);
      await runtime.payouts.transactionStatus({ originatorConversationId: timeout.originatorConversationId }).catch(() => undefined);
    } else if (kind === "status-result") {
      const result = parseTransactionStatusResult(body);
      const transferId = result.queriedOriginatorConversationId;
      const outcome = statusOutcome(result);
      if (transferId && outcome === "completed") succeedTransfer(db, transferId, { receipt: result.receiptNo ?? null, description: result.transactionStatus ?? "Completed" }, now());
      if (transferId && (outcome === "failed" || outcome === "not-found")) {
        failTransfer(db, transferId, { code: result.resultCode, description: outcome === "not-found" ? "M-Pesa has no record of the transfer" : classifyResultCode(result.resultCode).message }, now());
      }
    }
  } catch (error) {
    logger.warn("M-Pesa callback rejected", { kind, error: error instanceof Error ? error.message : String(error) });
    return { status: 400, body: { ResultCode: 1, ResultDesc: "Rejected" } };
  }
  return { status: 200, body: ACK };
}
