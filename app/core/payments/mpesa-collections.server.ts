/**
 * M-Pesa Express (STK Push) collections (issue 14, item 7; ADR 0033): the customer pays a payment's
 * KES amount from their M-Pesa by entering their PIN in a prompt on their phone.
 *
 * - `startMpesaCollection`: checks the number (a Safaricom mobile number), then in ONE write
 *   transaction that the payment is still awaiting payment, that no prompt is pending for it and
 *   that it has not used up its attempts, and claims the prompt (a row under our own `claim_…` id).
 *   Only then (no transaction open) Daraja is asked to send the prompt; the row takes Daraja's
 *   CheckoutRequestID when it is accepted, or fails with the refusal.
 * - `applyStkResult`: the final answer of a prompt, from the callback or the STK query, applied
 *   once per CheckoutRequestID. Success: in ONE transaction the collection succeeded, the ledger
 *   posting (Dr our M-Pesa collections money, Cr the merchant net of the C2B fee and its excise,
 *   Cr fee revenue, Cr excise payable)
 *   and the payment confirmed (`paid_with` mpesa) through `transition`, like a crypto conversion.
 *   A success for a payment no longer awaiting payment (paid in crypto meanwhile, expired,
 *   canceled) is still booked, to suspense, and flagged on its timeline for an operator; never
 *   confirmed twice. Failure: the collection failed with the customer's message; the payment
 *   stays payable.
 * - `queryPendingCollections` (the payments tick): asks Daraja about prompts whose callback has not
 *   come after a minute, at most once a minute each.
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { mpesaCollections } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { mobileNetworkOf } from "~/core/destinations/mobile-networks";
import { ledgerBook, postTransaction } from "~/core/ledger/ledger.server";
import { DarajaApiError } from "~/core/providers/daraja/errors";
import type { MpesaExpressClient as StkClient } from "./deps";
import type { StkCallbackResult } from "~/core/providers/daraja/stk-callback";
import { stkResultMeaning, stkResultMessage } from "~/core/providers/daraja/stk-callback";
import { mpesaPayMessages } from "~/i18n/catalogs/mpesa-pay";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { first, startsWith } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatKesCents } from "~/utils/format";
import { logger } from "~/utils/logger.server";
import { normalizeStoredPhone, parseKenyanPhone, toMsisdn } from "~/utils/phone";
import { NOT_SAFARICOM_MESSAGE } from "./mpesa-pay-schema";
import { readPayment, readPaymentForUpdate, recordEvent, transition } from "./payments.server";

export type MpesaCollection = typeof mpesaCollections.$inferSelect;

/** Prompts a payment may send in all (each failed one counts). */
export const MPESA_MAX_ATTEMPTS = 5;
/** A prompt without its callback this long is asked about with the STK query… */
export const STK_QUERY_AFTER_MS = 60_000;
/** …at most this often. */
export const STK_QUERY_EVERY_MS = 60_000;
/**
 * A claimed prompt Daraja never acknowledged (no answer to the push) is given up after this: the
 * customer may try again. Should M-Pesa still have sent it and the customer paid, the callback is
 * matched to it by phone and amount (`applyStkResult`), so nothing is lost.
 */
export const STK_CLAIM_GIVE_UP_MS = 3 * 60_000;
/** A prompt whose query keeps failing is given up after this (a late callback still applies). */
export const STK_PENDING_GIVE_UP_MS = 15 * 60_000;

const CLAIM_PREFIX = "claim_";
/** The words customers read (app/i18n/catalogs/checkout.ts), English unless asked otherwise. */
const customerWords = (locale: Locale = "en") => inLocale(mpesaPayMessages, locale);

/** The payment's KES amount as M-Pesa takes it: whole shillings, rounded up. */
export function mpesaAmountCents(amountKesCents: bigint): bigint {
  return ((amountKesCents + 99n) / 100n) * 100n;
}

/** What the customer is told about a collection that did not go through. */
export function collectionFailureMessage(
  collection: Pick<MpesaCollection, "resultCode" | "resultDesc">,
  locale: Locale = "en",
) {
  const { failures } = customerWords(locale);
  if (collection.resultCode === null)
    return collection.resultDesc?.startsWith("no answer") ? failures.noAnswer : failures.refused;
  return stkResultMessage(collection.resultCode, locale);
}

export type StartCollectionOutcome =
  | { ok: true; collection: MpesaCollection }
  | {
      ok: false;
      reason:
        | "invalid_phone"
        | "not_safaricom"
        | "not_payable"
        | "pending"
        | "too_many_attempts"
        | "unavailable"
        | "refused";
      message: string;
      /** The form field the message belongs to, if any. */
      field?: "phone";
    };

/**
 * Ties on the creation time (same millisecond) go by insertion: the prompt's number for its
 * payment (`attempt`, an explicit column, which renaming the row to Daraja's CheckoutRequestID does
 * not change).
 */
const insertionOrder = mpesaCollections.attempt;

/** The newest prompt of a payment, if any. */
export async function latestCollection(
  store: Store,
  paymentId: string,
): Promise<MpesaCollection | undefined> {
  return store.read((q) =>
    first(
      q
        .select()
        .from(mpesaCollections)
        .where(eq(mpesaCollections.paymentId, paymentId))
        .orderBy(desc(mpesaCollections.createdAt), desc(insertionOrder))
        .limit(1),
    ),
  );
}

/** A payment's prompts, oldest first (read on the caller's handle). */
export async function listCollections(q: Handle, paymentId: string): Promise<MpesaCollection[]> {
  return q
    .select()
    .from(mpesaCollections)
    .where(eq(mpesaCollections.paymentId, paymentId))
    .orderBy(asc(mpesaCollections.createdAt), asc(insertionOrder));
}

/**
 * The prompts' state for the checkout's live refresh ("none", or how many and the newest's status):
 * it changes when a prompt is sent, paid or fails, also while the payment stays awaiting payment.
 */
export async function collectionState(q: Handle, paymentId: string): Promise<string> {
  const rows = await listCollections(q, paymentId);
  const latest = rows.at(-1);
  return latest ? `${rows.length}:${latest.status}` : "none";
}

/** A phone shown on the checkout: "+254 712 *** 678". */
export function maskedPhone(e164: string): string {
  return `${e164.slice(0, 4)} ${e164.slice(4, 7)} *** ${e164.slice(-3)}`;
}

/** A prompt by its CheckoutRequestID (or claim id), read on the caller's handle. */
export async function getCollection(
  q: Handle,
  checkoutRequestId: string,
): Promise<MpesaCollection | undefined> {
  return first(
    q
      .select()
      .from(mpesaCollections)
      .where(eq(mpesaCollections.checkoutRequestId, checkoutRequestId))
      .limit(1),
  );
}

/** Parse the number typed at checkout: a Kenyan Safaricom mobile number, as E.164. */
export function parseMpesaPhone(
  input: string,
):
  | { ok: true; e164: string }
  | { ok: false; reason: "invalid_phone" | "not_safaricom"; message: string } {
  const parsed = parseKenyanPhone(input);
  if (!parsed.ok) return { ok: false, reason: "invalid_phone", message: parsed.error };
  if (mobileNetworkOf(parsed.e164) !== "safaricom")
    return { ok: false, reason: "not_safaricom", message: NOT_SAFARICOM_MESSAGE };
  return { ok: true, e164: parsed.e164 };
}

/**
 * Send a PIN prompt for a payment awaiting payment to `phone`. `stk` is the STK client of the
 * payment's mode (undefined: M-Pesa Express is not configured for that mode here).
 */
export async function startMpesaCollection(
  store: Store,
  stk: StkClient | undefined,
  input: { paymentId: string; phone: string; now: () => number },
): Promise<StartCollectionOutcome> {
  const phone = parseMpesaPhone(input.phone);
  if (!phone.ok) return { ok: false, reason: phone.reason, message: phone.message, field: "phone" };
  if (!stk)
    return {
      ok: false,
      reason: "unavailable",
      message: customerWords().refusals.unavailable,
    };
  const at = input.now();
  const claimId = `${CLAIM_PREFIX}${randomBytes(12).toString("hex")}`;
  // Check then write, in one write: every claim reads its payment's row through `forUpdate` first,
  // so two claims for the same payment cannot interleave their checks and inserts.
  const claimed = await store.write(async (q): Promise<StartCollectionOutcome> => {
    const payment = await readPaymentForUpdate(store, q, input.paymentId);
    if (!payment || payment.status !== "awaiting_payment" || payment.expiresAt <= at)
      return {
        ok: false,
        reason: "not_payable",
        message: customerWords().refusals.not_payable,
      };
    const pending = await first(
      q
        .select({ id: mpesaCollections.checkoutRequestId })
        .from(mpesaCollections)
        .where(
          and(eq(mpesaCollections.paymentId, payment.id), eq(mpesaCollections.status, "pending")),
        )
        .limit(1),
    );
    if (pending)
      return {
        ok: false,
        reason: "pending",
        message: customerWords().refusals.pending,
      };
    const attempts =
      (
        await first(
          q
            .select({ n: count() })
            .from(mpesaCollections)
            .where(eq(mpesaCollections.paymentId, payment.id))
            .limit(1),
        )
      )?.n ?? 0;
    if (attempts >= MPESA_MAX_ATTEMPTS)
      return {
        ok: false,
        reason: "too_many_attempts",
        message: customerWords().refusals.too_many_attempts(MPESA_MAX_ATTEMPTS),
      };
    const collection: MpesaCollection = {
      checkoutRequestId: claimId,
      merchantRequestId: null,
      paymentId: payment.id,
      mode: payment.mode,
      phone: phone.e164,
      amountKesCents: mpesaAmountCents(payment.amountKesCents),
      status: "pending",
      resultCode: null,
      resultDesc: null,
      receipt: null,
      createdAt: at,
      completedAt: null,
      lastQueriedAt: null,
      attempt: attempts + 1,
    };
    await q.insert(mpesaCollections).values(collection);
    await recordEvent(q, payment, {
      type: "mpesa_prompt",
      cause: "the customer asked to pay with M-Pesa",
      at,
      detail: { phone: maskPhone(phone.e164), amountKesCents: collection.amountKesCents },
    });
    return { ok: true, collection };
  });
  if (!claimed.ok) return claimed;
  const payment = (await store.read((q) => readPayment(q, input.paymentId)))!;

  let answer: Awaited<ReturnType<StkClient["stkPush"]>>;
  try {
    answer = await stk.stkPush({
      phone: toMsisdn(phone.e164),
      amountKes: Number(claimed.collection.amountKesCents / 100n),
      // The payment's code (12 characters), shown in the prompt: "… account <code>".
      accountReference: payment.id.replace(/^pay_/, "").toUpperCase().slice(0, 12),
      transactionDesc: "OneHop pay",
    });
  } catch (error) {
    // No usable answer: the prompt may or may not be on the phone. The claim stays pending (no new
    // prompt at once); its callback, if any, is matched by phone and amount; the tick gives it up.
    logger.warn("STK push without an answer", {
      paymentId: payment.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: true, collection: (await store.read((q) => getCollection(q, claimId)))! };
  }
  if (answer.status === "refused") {
    await store.write(async (q) => {
      await q
        .update(mpesaCollections)
        .set({
          status: "failed",
          resultDesc: `refused: ${answer.code} ${answer.text}`.slice(0, 500),
          completedAt: input.now(),
        })
        .where(
          and(
            eq(mpesaCollections.checkoutRequestId, claimId),
            eq(mpesaCollections.status, "pending"),
          ),
        );
    });
    logger.warn("STK push refused", { paymentId: payment.id, code: answer.code });
    return { ok: false, reason: "refused", message: answer.customerMessage };
  }
  // A callback faster than this answer may already have adopted the claim (matched by phone).
  const accepted = answer;
  await store.write(async (q) => {
    await q
      .update(mpesaCollections)
      .set({
        checkoutRequestId: accepted.checkoutRequestId,
        merchantRequestId: accepted.merchantRequestId,
      })
      .where(eq(mpesaCollections.checkoutRequestId, claimId));
  });
  return {
    ok: true,
    collection: (await store.read(
      async (q) =>
        (await getCollection(q, accepted.checkoutRequestId)) ?? (await getCollection(q, claimId)),
    ))!,
  };
}

function maskPhone(e164: string): string {
  return `${e164.slice(0, 7)}***${e164.slice(-3)}`;
}

/** A prompt's final answer, from the callback or the STK query. */
export type StkFinalResult =
  | {
      outcome: "succeeded";
      checkoutRequestId: string;
      /** Only the callback carries these. */
      receipt?: string;
      amountCents?: bigint;
      /** 2547… as M-Pesa sent it (undefined when masked or missing). */
      phone?: string;
      resultDesc: string;
      source: "callback" | "query";
    }
  | {
      outcome: "failed";
      checkoutRequestId: string;
      resultCode: number;
      resultDesc: string;
      source: "callback" | "query";
    };

export function finalFromCallback(result: StkCallbackResult): StkFinalResult {
  return result.outcome === "succeeded"
    ? {
        outcome: "succeeded",
        checkoutRequestId: result.checkoutRequestId,
        receipt: result.receipt,
        amountCents: result.amountCents,
        phone: result.phone,
        resultDesc: result.resultDesc,
        source: "callback",
      }
    : {
        outcome: "failed",
        checkoutRequestId: result.checkoutRequestId,
        resultCode: result.resultCode,
        resultDesc: result.resultDesc,
        source: "callback",
      };
}

export type ApplyStkOutcome =
  /** The payment is confirmed (or in review) by this collection. */
  | "paid"
  /** Money received for a payment no longer awaiting payment: held in suspense, flagged. */
  | "held"
  | "failed"
  /** Already applied (a repeated callback, or the query after the callback). */
  | "duplicate"
  /** No such prompt of ours. */
  | "unknown";

/**
 * Apply a prompt's final answer, once. `settlePaymentId` is set when this confirmed a payment that
 * can be settled now (the caller calls `settleNow`, as after a custody confirmation).
 */
export async function applyStkResult(
  store: Store,
  result: StkFinalResult,
  now: number,
  options: { modes?: readonly ApiMode[] } = {},
): Promise<{ outcome: ApplyStkOutcome; paymentId?: string; settlePaymentId?: string }> {
  return store.write(
    async (
      q,
    ): Promise<{ outcome: ApplyStkOutcome; paymentId?: string; settlePaymentId?: string }> => {
      // Applied once: the prompt (and below its payment) is read through `forUpdate`.
      let collection = await first(
        store.forUpdate(
          q
            .select()
            .from(mpesaCollections)
            .where(eq(mpesaCollections.checkoutRequestId, result.checkoutRequestId))
            .limit(1),
        ),
      );
      if (!collection && result.outcome === "succeeded")
        collection = await adoptClaim(q, result, now);
      if (!collection) {
        if (result.outcome === "succeeded")
          logger.error("M-Pesa Express payment for a prompt we do not know: for an operator", {
            checkoutRequestId: result.checkoutRequestId,
            receipt: result.receipt,
            amountCents: result.amountCents?.toString(),
          });
        return { outcome: "unknown" as const };
      }
      if (options.modes && !options.modes.includes(collection.mode)) {
        logger.warn("STK result for a collection of the other mode ignored", {
          checkoutRequestId: result.checkoutRequestId,
        });
        return { outcome: "unknown" as const };
      }
      const paymentId = collection.paymentId;
      if (collection.status === "succeeded") {
        // The query said so first; the callback brings the receipt.
        if (result.outcome === "succeeded" && result.receipt && !collection.receipt)
          await q
            .update(mpesaCollections)
            .set({ receipt: result.receipt })
            .where(eq(mpesaCollections.checkoutRequestId, collection.checkoutRequestId));
        return { outcome: "duplicate" as const, paymentId };
      }
      if (result.outcome === "failed") {
        if (collection.status === "failed") return { outcome: "duplicate" as const, paymentId };
        await q
          .update(mpesaCollections)
          .set({
            status: "failed",
            resultCode: result.resultCode,
            resultDesc: result.resultDesc.slice(0, 500),
            completedAt: now,
          })
          .where(
            and(
              eq(mpesaCollections.checkoutRequestId, collection.checkoutRequestId),
              eq(mpesaCollections.status, "pending"),
            ),
          );
        await recordEvent(
          q,
          { id: paymentId },
          {
            type: "mpesa_failed",
            cause: stkResultMeaning(result.resultCode).message,
            at: now,
            detail: { resultCode: result.resultCode, resultDesc: result.resultDesc },
          },
        );
        return { outcome: "failed" as const, paymentId };
      }
      // Succeeded (also on a prompt we had given up on: the money moved, so it counts).
      const gross = result.amountCents ?? collection.amountKesCents;
      await q
        .update(mpesaCollections)
        .set({
          status: "succeeded",
          resultCode: 0,
          resultDesc: result.resultDesc.slice(0, 500),
          receipt: result.receipt ?? null,
          completedAt: now,
        })
        .where(eq(mpesaCollections.checkoutRequestId, collection.checkoutRequestId));
      const payment = (await readPaymentForUpdate(store, q, paymentId))!;
      const book = ledgerBook(payment.mode);
      const reference = { type: "payment", id: payment.id };
      const receiptText = result.receipt ? ` (receipt ${result.receipt})` : "";
      if (payment.status === "awaiting_payment" && gross === collection.amountKesCents) {
        const fee = payment.feeKesCents;
        const excise = payment.exciseKesCents;
        await postTransaction(
          q,
          {
            idempotencyKey: `mpesa:${collection.checkoutRequestId}:collected`,
            kind: "payment.collected",
            description: `Payment ${payment.id} (${payment.reference}) paid with M-Pesa Express${receiptText}`,
            reference,
            entries: [
              { account: book.railFloat("mpesa"), amount: gross },
              {
                account: payment.requiresReview
                  ? book.merchantPending(payment.merchantId)
                  : book.merchantAvailable(payment.merchantId),
                amount: -(gross - fee - excise),
              },
              { account: book.feeRevenue(), amount: -fee },
              { account: book.excisePayable(), amount: -excise },
            ].filter((entry) => entry.amount !== 0n),
            now,
          },
          store,
        );
        const to = payment.requiresReview ? "in_review" : "confirmed";
        const moved = await transition(q, payment, ["awaiting_payment"], to, {
          type: "mpesa_paid",
          cause: payment.requiresReview
            ? `paid with M-Pesa${receiptText}; held for manual review (above the automatic limit)`
            : `paid with M-Pesa${receiptText}`,
          at: now,
          set: { confirmedAt: now, paidWith: "mpesa" },
          detail: {
            checkoutRequestId: collection.checkoutRequestId,
            receipt: result.receipt ?? null,
            grossKesCents: gross,
            feeKesCents: fee,
            exciseKesCents: excise,
          },
        });
        // In this transaction the status was just read as awaiting payment: it moves.
        if (!moved) throw new Error(`payment ${payment.id} changed during the M-Pesa result`);
        return {
          outcome: "paid" as const,
          paymentId,
          settlePaymentId: to === "confirmed" ? payment.id : undefined,
        };
      }
      // Paid in crypto meanwhile, expired, canceled, or a different amount: booked to suspense and
      // flagged for an operator (refund to the customer's M-Pesa, or accept); never confirmed
      // twice.
      await postTransaction(
        q,
        {
          idempotencyKey: `mpesa:${collection.checkoutRequestId}:held`,
          kind: "payment.held",
          description: `Payment ${payment.id}: M-Pesa Express money${receiptText} held for an operator (payment ${payment.status})`,
          reference,
          entries: [
            { account: book.railFloat("mpesa"), amount: gross },
            { account: book.suspense("KES"), amount: -gross },
          ],
          now,
        },
        store,
      );
      await recordEvent(q, payment, {
        type: "mpesa_paid_unexpected",
        cause:
          gross !== collection.amountKesCents
            ? `M-Pesa collected ${formatKesCents(gross)} instead of ${formatKesCents(collection.amountKesCents)}: held for an operator`
            : `paid with M-Pesa${receiptText} while the payment was ${payment.status.replaceAll("_", " ")}: held for an operator`,
        at: now,
        detail: {
          checkoutRequestId: collection.checkoutRequestId,
          receipt: result.receipt ?? null,
          grossKesCents: gross,
          status: payment.status,
        },
      });
      logger.error("M-Pesa Express money held for an operator", {
        paymentId: payment.id,
        status: payment.status,
        checkoutRequestId: collection.checkoutRequestId,
      });
      return { outcome: "held" as const, paymentId };
    },
  );
}

/**
 * A success whose CheckoutRequestID we never stored (the push got no answer, or the callback beat
 * the push's answer): the claimed prompt to that phone for that amount, in the last minutes.
 */
async function adoptClaim(
  q: Handle,
  result: Extract<StkFinalResult, { outcome: "succeeded" }>,
  now: number,
): Promise<MpesaCollection | undefined> {
  if (!result.phone || result.amountCents === undefined) return undefined;
  const claim = await first(
    q
      .select()
      .from(mpesaCollections)
      .where(
        and(
          startsWith(mpesaCollections.checkoutRequestId, CLAIM_PREFIX),
          eq(mpesaCollections.phone, normalizeStoredPhone(result.phone)),
          eq(mpesaCollections.amountKesCents, result.amountCents),
          or(eq(mpesaCollections.status, "pending"), isNull(mpesaCollections.resultCode)),
          sql`${mpesaCollections.status} <> 'succeeded'`,
          sql`${mpesaCollections.createdAt} >= ${now - 30 * 60_000}`,
        ),
      )
      .orderBy(desc(mpesaCollections.createdAt))
      .limit(1),
  );
  if (!claim) return undefined;
  await q
    .update(mpesaCollections)
    .set({ checkoutRequestId: result.checkoutRequestId })
    .where(eq(mpesaCollections.checkoutRequestId, claim.checkoutRequestId));
  return { ...claim, checkoutRequestId: result.checkoutRequestId };
}

/**
 * The tick's part: prompts whose callback has not come after `STK_QUERY_AFTER_MS` are asked about
 * (each at most once per `STK_QUERY_EVERY_MS`) and final answers applied. Claims Daraja never
 * acknowledged are given up after `STK_CLAIM_GIVE_UP_MS`. Returns the payments confirmed (to
 * settle) and how many prompts changed.
 */
export async function queryPendingCollections(
  store: Store,
  stk: StkClient | undefined,
  now: () => number,
  options: { modes?: readonly ApiMode[]; limit?: number } = {},
): Promise<{ changed: number; settlePaymentIds: string[] }> {
  const at = now();
  const modes = options.modes;
  const due = await store.read(async (q) =>
    q
      .select()
      .from(mpesaCollections)
      .where(
        and(
          eq(mpesaCollections.status, "pending"),
          lte(mpesaCollections.createdAt, at - STK_QUERY_AFTER_MS),
          or(
            isNull(mpesaCollections.lastQueriedAt),
            lte(mpesaCollections.lastQueriedAt, at - STK_QUERY_EVERY_MS),
          ),
          modes ? inArray(mpesaCollections.mode, [...modes]) : undefined,
        ),
      )
      .orderBy(asc(mpesaCollections.createdAt))
      .limit(options.limit ?? 50),
  );
  let changed = 0;
  const settlePaymentIds: string[] = [];
  for (const collection of due) {
    const id = collection.checkoutRequestId;
    if (id.startsWith(CLAIM_PREFIX)) {
      if (collection.createdAt > at - STK_CLAIM_GIVE_UP_MS) continue;
      const gaveUp = await store.write(async (q) =>
        q
          .update(mpesaCollections)
          .set({
            status: "failed",
            resultDesc: "no answer from M-Pesa to the push",
            completedAt: at,
          })
          .where(
            and(eq(mpesaCollections.checkoutRequestId, id), eq(mpesaCollections.status, "pending")),
          )
          .returning({ id: mpesaCollections.checkoutRequestId }),
      );
      changed += gaveUp.length;
      continue;
    }
    if (!stk) continue;
    await store.write(async (q) => {
      await q
        .update(mpesaCollections)
        .set({ lastQueriedAt: at })
        .where(eq(mpesaCollections.checkoutRequestId, id));
    });
    let answer: Awaited<ReturnType<StkClient["stkQuery"]>>;
    try {
      answer = await stk.stkQuery(id);
    } catch (error) {
      logger.warn("STK query failed", {
        checkoutRequestId: id,
        error: error instanceof Error ? error.message : String(error),
      });
      if (error instanceof DarajaApiError && collection.createdAt <= at - STK_PENDING_GIVE_UP_MS) {
        const gaveUp = await store.write(async (q) =>
          q
            .update(mpesaCollections)
            .set({
              status: "failed",
              resultDesc: "no answer from M-Pesa to the query",
              completedAt: at,
            })
            .where(
              and(
                eq(mpesaCollections.checkoutRequestId, id),
                eq(mpesaCollections.status, "pending"),
              ),
            )
            .returning({ id: mpesaCollections.checkoutRequestId }),
        );
        changed += gaveUp.length;
      }
      continue;
    }
    if (answer.status === "pending") continue;
    const applied = await applyStkResult(
      store,
      answer.status === "succeeded"
        ? {
            outcome: "succeeded",
            checkoutRequestId: id,
            resultDesc: answer.resultDesc,
            source: "query",
          }
        : {
            outcome: "failed",
            checkoutRequestId: id,
            resultCode: answer.resultCode,
            resultDesc: answer.resultDesc,
            source: "query",
          },
      now(),
      { modes },
    );
    if (applied.outcome !== "duplicate" && applied.outcome !== "unknown") changed++;
    if (applied.settlePaymentId) settlePaymentIds.push(applied.settlePaymentId);
  }
  return { changed, settlePaymentIds };
}

/** The customers' M-Pesa receipts of payments paid with M-Pesa, by payment id. */
export async function customerMpesaReceipts(
  q: Handle,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const receipts = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const paid = await q
      .select({ paymentId: mpesaCollections.paymentId, receipt: mpesaCollections.receipt })
      .from(mpesaCollections)
      .where(
        and(
          inArray(mpesaCollections.paymentId, ids.slice(i, i + 500)),
          eq(mpesaCollections.status, "succeeded"),
        ),
      );
    for (const { paymentId, receipt } of paid) if (receipt) receipts.set(paymentId, receipt);
  }
  return receipts;
}
