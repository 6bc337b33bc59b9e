/**
 * Results of the payout rails beyond M-Pesa (issue 14): the result callbacks of Airtel Money,
 * PesaLink and the T-Kash aggregator, verified before anything is applied, and one way a rail's
 * final answer changes a transfer (`applyRailResult`).
 *
 * - A callback is verified with the provider's own check (Airtel's `hash`, the bank's RSA
 *   signature, the aggregator's HMAC with its time) against the keys of each set of providers
 *   running here (the live providers, and test mode's sandboxes on a live deployment: ADR 0028).
 *   The keys that verify it name the runtime it came from, so a sandbox's callback can only touch
 *   test transfers and a live one only live transfers. No key verifies: 401, nothing read further.
 * - Only a transfer of that rail is changed. A callback naming an unknown transfer, a transfer on
 *   another rail or of the other mode changes nothing and is logged (answered 200, so the provider
 *   stops sending it). A transfer already final changes nothing either (succeedTransfer and
 *   failTransfer take pending or sent transfers only), so a repeated callback is harmless.
 * - A non-final state (Airtel TIP/TA, a pending bank transfer, a payout still on its way) changes
 *   nothing: settlement's status query (`queryOverdueTransfers`) follows it up.
 *
 * Every provider here expects HTTP 200 for a callback it may stop sending (Airtel's portal
 * callback, Jenga's result callback, pawaPay-style payout callbacks all retry otherwise); the body
 * is ours. The HTTP of a callback (its body limit, its headers, the status codes) is the edge's
 * (app/route-support/provider-callback.server.ts): core receives the body and the signature and
 * answers with a `RailCallbackOutcome`.
 */
import type { KeyLike } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { settlementTransfers } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { parseAirtelCallback, verifyCallbackHash } from "~/core/providers/airtel/callback.server";
import {
  parseCallback as parsePesalinkCallback,
  verifyCallbackSignature as verifyPesalinkSignature,
} from "~/core/providers/pesalink/client.server";
import { CALLBACK_SIGNATURE_HEADER as PESALINK_SIGNATURE_HEADER } from "~/core/providers/pesalink/types";
import {
  parseCallback as parseTkashCallback,
  verifyCallback as verifyTkashCallback,
} from "~/core/providers/tkash/client.server";
import { SIGNATURE_HEADER as TKASH_SIGNATURE_HEADER } from "~/core/providers/tkash/types";
import { pesalinkReference } from "~/core/rails/pesalink.server";
import type { RailId, RailStatus } from "~/core/rails/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import { servesMode } from "./deps";
import { failTransfer, succeedTransfer, transferModeOf } from "./transfer-purposes.server";

/** The rails whose results arrive at our callback routes (M-Pesa has its own). */
export type CallbackRail = Extract<RailId, "airtel-money" | "pesalink" | "t-kash">;

/** What verifies each rail's callbacks for one set of providers (absent: the rail is not here). */
export interface RailCallbackKeys {
  /** The callback secret set in Airtel's portal (HMAC-SHA256 `hash`). */
  "airtel-money"?: { callbackSecret: string };
  /** The bank's public key, which signs the raw callback body (x-jenga-signature). */
  pesalink?: { bankPublicKey: KeyLike };
  /** The aggregator's shared secret (X-Signature over `t.body`). */
  "t-kash"?: { apiSecret: string };
}

/** One set of providers that may call us back: its keys and the payment modes it serves. */
export interface RailCallbackReceiver {
  keys: RailCallbackKeys;
  /** Absent: every mode (the simulators). */
  modes?: readonly ApiMode[];
}

/** A rail's final word on a transfer, or that it has none yet. */
export type RailResult = Exclude<RailStatus, { kind: "asked" }>;

export type RailResultApplied = "succeeded" | "failed" | "pending" | "ignored";

/** Callbacks are small JSON documents: anything larger is refused before it is read whole. */
export const RAIL_CALLBACK_MAX_BYTES = 64 * 1024;

/**
 * Where a rail's callback carries its signature over the raw body (null: in the body, Airtel's
 * `hash`).
 */
export const RAIL_SIGNATURE_HEADERS: Record<CallbackRail, string | null> = {
  "airtel-money": null,
  pesalink: PESALINK_SIGNATURE_HEADER,
  "t-kash": TKASH_SIGNATURE_HEADER,
};

/** A rail's callback as it arrived: the raw body and the signature its header carried, if any. */
export interface RailCallback {
  raw: string;
  signature: string | null;
}

/** What a rail's callback did. */
export type RailCallbackOutcome =
  /** No receiver's keys verify it (nothing read further). */
  | { kind: "unverified" }
  /** Verified, but the body is not JSON. */
  | { kind: "not_json" }
  /** Verified JSON, but not the provider's shape. */
  | { kind: "malformed" }
  | { kind: "applied"; outcome: RailResultApplied };

/** The receivers running `rail` here (none: the rail's callbacks are not served here). */
export function receiversOfRail(
  rail: CallbackRail,
  receivers: readonly RailCallbackReceiver[],
): RailCallbackReceiver[] {
  return receivers.filter(({ keys }) => keys[rail]);
}

/**
 * Apply `result` to transfer `transferId` on `rail`, for a runtime serving `modes`: changes only a
 * pending or sent transfer of that rail and of a served mode (else "ignored", logged).
 */
export function applyRailResult(
  store: Store,
  rail: RailId,
  transferId: string,
  result: RailResult,
  { modes }: { modes?: readonly ApiMode[] },
  now: number,
): Promise<RailResultApplied> {
  return store.write(async (q) => {
    const transfer = await first(
      store.forUpdate(
        q
          .select({ rail: settlementTransfers.rail, status: settlementTransfers.status })
          .from(settlementTransfers)
          .where(eq(settlementTransfers.id, transferId))
          .limit(1),
      ),
    );
    return applyToTransfer(q, rail, transferId, transfer, result, modes, now);
  });
}

async function applyToTransfer(
  q: Handle,
  rail: RailId,
  transferId: string,
  transfer: { rail: string; status: string } | undefined,
  result: RailResult,
  modes: readonly ApiMode[] | undefined,
  now: number,
): Promise<RailResultApplied> {
  if (!transfer) {
    logger.warn("rail result for an unknown transfer ignored", { rail, transferId });
    return "ignored";
  }
  if (transfer.rail !== rail) {
    logger.warn("rail result for a transfer on another rail ignored", {
      rail,
      transferId,
      transferRail: transfer.rail,
    });
    return "ignored";
  }
  const mode = await transferModeOf(q, transferId);
  if (mode && !servesMode({ modes }, mode)) {
    // The other mode's provider (sandbox or live) reported it: never let it move this transfer.
    logger.warn("rail result for a transfer of the other mode ignored", { rail, transferId, mode });
    return "ignored";
  }
  if (result.kind === "pending") return "pending";
  const applied =
    result.kind === "succeeded"
      ? await succeedTransfer(
          q,
          transferId,
          { receipt: result.receipt, description: result.description },
          now,
        )
      : await failTransfer(
          q,
          transferId,
          { code: result.code, description: result.description },
          now,
        );
  if (!applied) {
    // Already final (a repeated callback, or the status query got there first).
    logger.info("rail result for a transfer already final ignored", {
      rail,
      transferId,
      status: transfer.status,
      result: result.kind,
    });
    return "ignored";
  }
  return result.kind;
}

/** The outcome of reading a callback: the transfer and the result, or that it is malformed. */
type ReadCallback =
  { kind: "result"; transferId: string; result: RailResult } | { kind: "malformed" };

const malformed = (rail: CallbackRail, error: unknown): ReadCallback => {
  logger.warn("rail callback rejected", {
    rail,
    error: error instanceof Error ? error.message : String(error),
  });
  return { kind: "malformed" };
};

function jsonOf(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

const objectAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const inner = (value as Record<string, unknown> | null | undefined)?.[key];
  return inner && typeof inner === "object" ? (inner as Record<string, unknown>) : undefined;
};

/** Airtel: `{transaction:{id,message,status_code,airtel_money_id},hash}`; TS paid, TF failed. */
function readAirtel(json: unknown): ReadCallback {
  const transaction = objectAt(json, "transaction");
  const status = transaction?.status_code;
  if (status === "TIP" || status === "TA")
    return {
      kind: "result",
      transferId: String(transaction?.id ?? ""),
      result: { kind: "pending" },
    };
  let callback;
  try {
    callback = parseAirtelCallback(json);
  } catch (error) {
    return malformed("airtel-money", error);
  }
  const result: RailResult =
    callback.state === "success"
      ? {
          kind: "succeeded",
          receipt: callback.airtelMoneyId ?? null,
          description: callback.message,
        }
      : {
          kind: "failed",
          code: null,
          description: `${callback.message} (Airtel ${callback.status})`,
        };
  return { kind: "result", transferId: callback.id, result };
}

/**
 * Our transfer id from a PesaLink reference (the id without its punctuation: pesalink.server.ts).
 * Our ids are `trf_` and a lowercase code, so the reference `trf…` is `trf_…`; any other id is
 * looked up among open PesaLink transfers.
 */
async function transferIdOfReference(q: Handle, reference: string): Promise<string | undefined> {
  const likely = reference.startsWith("trf") ? `trf_${reference.slice(3)}` : undefined;
  if (likely) {
    const found = await first(
      q
        .select({ id: settlementTransfers.id })
        .from(settlementTransfers)
        .where(eq(settlementTransfers.id, likely))
        .limit(1),
    );
    if (found) return found.id;
  }
  const open = await q
    .select({ id: settlementTransfers.id })
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.rail, "pesalink"),
        inArray(settlementTransfers.status, ["pending", "sent"]),
        sql`replace(replace(${settlementTransfers.id}, '_', ''), '-', '') = ${reference}`,
      ),
    );
  return open.find((row) => pesalinkReference(row.id) === reference)?.id;
}

async function readPesalink(q: Handle, json: unknown): Promise<ReadCallback> {
  const transaction = objectAt(json, "transaction");
  if (transaction?.status === "PENDING" && typeof transaction.reference === "string")
    return {
      kind: "result",
      transferId: (await transferIdOfReference(q, transaction.reference)) ?? transaction.reference,
      result: { kind: "pending" },
    };
  let callback;
  try {
    callback = parsePesalinkCallback(json);
  } catch (error) {
    return malformed("pesalink", error);
  }
  const transferId = (await transferIdOfReference(q, callback.reference)) ?? callback.reference;
  const result: RailResult =
    callback.status === "success"
      ? {
          kind: "succeeded",
          receipt: callback.transactionId,
          description: callback.accountName ? `Paid to ${callback.accountName}` : "Paid",
        }
      : callback.status === "failed"
        ? {
            kind: "failed",
            code: null,
            description: `${callback.message} (PesaLink ${callback.code})`,
          }
        : { kind: "pending" };
  return { kind: "result", transferId, result };
}

function readTkash(raw: string, json: unknown): ReadCallback {
  const status = (json as { status?: unknown } | undefined)?.status;
  const payoutId = (json as { payoutId?: unknown } | undefined)?.payoutId;
  if ((status === "ACCEPTED" || status === "SUBMITTED") && typeof payoutId === "string")
    return { kind: "result", transferId: payoutId, result: { kind: "pending" } };
  let callback;
  try {
    callback = parseTkashCallback(raw);
  } catch (error) {
    return malformed("t-kash", error);
  }
  const { outcome } = callback;
  const result: RailResult =
    outcome.kind === "succeeded"
      ? { kind: "succeeded", receipt: outcome.providerTransactionId, description: "Paid to T-Kash" }
      : { kind: "failed", code: null, description: `${outcome.message} (T-Kash ${outcome.code})` };
  return { kind: "result", transferId: callback.payoutId, result };
}

/** Which receiver's keys verify this callback (undefined: none, or the rail is not here). */
function verifiedBy(
  rail: CallbackRail,
  receivers: readonly RailCallbackReceiver[],
  { raw, signature }: RailCallback,
  json: unknown,
  now: number,
): RailCallbackReceiver | undefined {
  return receivers.find(({ keys }) => {
    if (rail === "airtel-money") {
      const key = keys["airtel-money"];
      const hash = (json as { hash?: unknown } | undefined)?.hash;
      return !!key && typeof hash === "string" && verifyCallbackHash(raw, hash, key.callbackSecret);
    }
    if (rail === "pesalink") {
      const key = keys.pesalink;
      return !!key && verifyPesalinkSignature(raw, signature, key.bankPublicKey);
    }
    const key = keys["t-kash"];
    return !!key && verifyTkashCallback(raw, signature, key.apiSecret, { nowMs: now });
  });
}

/**
 * One result callback of `rail` (its body already read within RAIL_CALLBACK_MAX_BYTES by the edge):
 * verified against each receiver's keys of that rail, parsed (the provider's shape), then applied
 * to a transfer of that rail and of the verifying receiver's modes.
 */
export async function applyRailCallback(
  store: Store,
  rail: CallbackRail,
  receivers: readonly RailCallbackReceiver[],
  callback: RailCallback,
  now: () => number,
): Promise<RailCallbackOutcome> {
  const json = jsonOf(callback.raw);
  const receiver = verifiedBy(rail, receiversOfRail(rail, receivers), callback, json, now());
  if (!receiver) {
    logger.warn("rail callback with a bad signature refused", { rail });
    return { kind: "unverified" };
  }
  if (json === undefined) return { kind: "not_json" };
  const read =
    rail === "airtel-money"
      ? readAirtel(json)
      : rail === "pesalink"
        ? await store.read((q) => readPesalink(q, json))
        : readTkash(callback.raw, json);
  if (read.kind === "malformed") return read;
  const outcome = await applyRailResult(store, rail, read.transferId, read.result, receiver, now());
  return { kind: "applied", outcome };
}
