/**
 * M-Pesa's result callbacks (B2C, B2B and transaction status results and their queue timeouts), in
 * core: the one guard every M-Pesa callback passes (the source allow-list, then the URL's token in
 * constant time) and the application of a result that passed it. The HTTP (the URL, the body, the
 * status codes) is the edge's (app/route-support/mpesa-callback.server.ts): core receives the
 * token, the source and the parsed JSON body and answers with a domain outcome. Unknown or repeated
 * results change nothing.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Handle, Store } from "~/db/store";
import { applyB2bResult, applyB2bTimeout } from "~/core/disbursements/b2b.server";
import {
  classifyResultCode,
  parseB2bResult,
  parseB2cResult,
  parseQueueTimeout,
  parseTransactionStatusResult,
  statusOutcome,
  type B2bResult,
  type QueueTimeout,
} from "~/core/providers/daraja/result";
import { logger } from "~/utils/logger.server";
import { servesMode, type PaymentsDeps } from "./deps";
import {
  applyB2cResult,
  failTransfer,
  succeedTransfer,
  transferModeOf,
} from "./transfer-purposes.server";

/**
 * Where an M-Pesa callback came from (the client address, as for sign-in: the socket's, or the
 * right-most untrusted X-Forwarded-For hop behind a trusted proxy) and the allow-list of
 * Safaricom's callback addresses (MPESA_CALLBACK_ALLOWED_IPS; null = any source).
 */
export interface CallbackSource {
  address: string | null;
  allowed: { has(address: string | null): boolean } | null;
}

/** The M-Pesa result callbacks we serve (B2B's name their transfer in the URL, ADR 0035). */
export type MpesaCallbackKind =
  "b2c-result" | "b2c-timeout" | "status-result" | "status-timeout" | "b2b-result" | "b2b-timeout";

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** A URL's token against ours, in constant time: equal-length digests through timingSafeEqual. */
export function callbackTokenIs(given: string, expected: string): boolean {
  const same = timingSafeEqual(sha256(given), sha256(expected));
  return same && expected.length > 0;
}

/** What an M-Pesa callback showed of itself before its body is read. */
export interface CallbackCredentials {
  /** The URL's `token` ("" when absent). */
  token: string;
  source?: CallbackSource;
  /** What to log of a refused callback: which callback, and the URL's path (never its query). */
  kind: string;
  path: string;
}

/**
 * The one guard of M-Pesa's callbacks: the source address first (when an allow-list is set), then
 * the URL's token against each of `tokens` (one per payments runtime running here: the token says
 * which mode's M-Pesa sent it). The index of the token it carries, or null (refused, and logged).
 */
export function checkMpesaCallback(
  given: CallbackCredentials,
  tokens: readonly string[],
): number | null {
  const { source } = given;
  const sourceAllowed =
    !source?.allowed || (source.address !== null && source.allowed.has(source.address));
  const index = sourceAllowed
    ? tokens.findIndex((token) => callbackTokenIs(given.token, token))
    : -1;
  if (index >= 0) return index;
  // Never the URL's query (it holds the token): the path, the reason and the source only.
  logger.warn("M-Pesa callback refused", {
    kind: given.kind,
    reason: sourceAllowed ? "bad token" : "source address not allowed",
    source: source?.address ?? "unknown",
    path: given.path,
  });
  return null;
}

/** A result callback that passed the guard: its kind, its JSON body, the URL's `transfer`. */
export interface MpesaResultCallback {
  kind: MpesaCallbackKind;
  body: unknown;
  /** B2B's callbacks: the transfer our ResultURL / QueueTimeOutURL named (null when absent). */
  transferId: string | null;
}

/** "rejected": the body is not the shape of its kind (M-Pesa is told so, and retries). */
export type MpesaResultOutcome = "accepted" | "rejected";

type Runtime = Pick<PaymentsDeps, "payouts" | "modes">;

/** A transfer of the other mode: its provider's callbacks never reach it through these. */
async function otherMode(
  q: Handle,
  runtime: Runtime,
  kind: MpesaCallbackKind,
  transferId: string | null | undefined,
): Promise<boolean> {
  const mode = transferId ? await transferModeOf(q, transferId) : null;
  if (mode === null || servesMode(runtime, mode)) return false;
  logger.warn("M-Pesa callback for a transfer of the other mode ignored", { kind, transferId });
  return true;
}

/** Apply a parsed result in the callback's transaction. */
async function applyParsed(
  q: Handle,
  runtime: Runtime,
  callback: MpesaResultCallback,
  parsed: unknown,
  now: () => number,
): Promise<void> {
  const { kind } = callback;
  if (kind === "b2b-result" || kind === "b2b-timeout") {
    // B2B (ADR 0035, "B2B"): the request carried no id of ours, so the transfer is the one our
    // ResultURL / QueueTimeOutURL named.
    const transferId = callback.transferId;
    if (!transferId || (await otherMode(q, runtime, kind, transferId))) return;
    const outcome =
      kind === "b2b-result"
        ? await applyB2bResult(q, transferId, parsed as B2bResult, now())
        : await applyB2bTimeout(q, transferId, parsed as QueueTimeout, now());
    if (outcome === "ignored")
      logger.info("M-Pesa B2B callback changed nothing", { kind, transferId });
  } else if (kind === "b2c-result") {
    const result = parsed as ReturnType<typeof parseB2cResult>;
    if (!(await otherMode(q, runtime, kind, result.originatorConversationId)))
      await applyB2cResult(q, result, now());
  } else if (kind === "status-result") {
    const result = parsed as ReturnType<typeof parseTransactionStatusResult>;
    const transferId = (await otherMode(q, runtime, kind, result.queriedOriginatorConversationId))
      ? null
      : result.queriedOriginatorConversationId;
    const outcome = statusOutcome(result);
    if (transferId && outcome === "completed")
      await succeedTransfer(
        q,
        transferId,
        {
          receipt: result.receiptNo ?? null,
          description: result.transactionStatus ?? "Completed",
        },
        now(),
      );
    if (transferId && (outcome === "failed" || outcome === "not-found")) {
      await failTransfer(
        q,
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
}

/** The body parsed as its kind (throws when it is not that shape). */
function parse(kind: MpesaCallbackKind, body: unknown): unknown {
  if (kind === "b2b-result") return parseB2bResult(body);
  if (kind === "b2b-timeout" || kind === "b2c-timeout") return parseQueueTimeout(body);
  if (kind === "b2c-result") return parseB2cResult(body);
  if (kind === "status-result") return parseTransactionStatusResult(body);
  return undefined;
}

/**
 * Apply an M-Pesa result callback that passed the guard, for the runtime whose token it carried:
 * parsed (a malformed body is "rejected"), then applied in one write to a transfer of that
 * runtime's modes. A B2C timeout says nothing about whether money moved: M-Pesa is asked for the
 * status, after the transaction.
 */
export async function applyMpesaResult(
  store: Store,
  runtime: Runtime,
  callback: MpesaResultCallback,
  now: () => number,
): Promise<MpesaResultOutcome> {
  const { kind } = callback;
  try {
    const parsed = parse(kind, callback.body);
    if (kind === "b2c-timeout") {
      const timeout = parsed as QueueTimeout;
      const other = await store.read((q) =>
        otherMode(q, runtime, kind, timeout.originatorConversationId),
      );
      if (!other)
        await runtime.payouts
          .transactionStatus({ originatorConversationId: timeout.originatorConversationId })
          .catch(() => undefined);
      return "accepted";
    }
    if (kind === "status-timeout") return "accepted";
    await store.write((q) => applyParsed(q, runtime, callback, parsed, now));
  } catch (error) {
    logger.warn("M-Pesa callback rejected", {
      kind,
      error: error instanceof Error ? error.message : String(error),
    });
    return "rejected";
  }
  return "accepted";
}
