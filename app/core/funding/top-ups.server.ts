/**
 * Top-ups of a merchant's payout balance (issue 30, item 1; ADR 0050 "Top-ups"): money a merchant
 * puts into its OneHop balance by M-Pesa (an STK prompt to its phone, or a Pay Bill payment to our
 * shortcode with the merchant id as account number) or by bank transfer (PesaLink, quoting the
 * merchant's bank reference).
 *
 * Crediting a top-up is ONE store write: the `balance_top_ups` row and a balanced ledger
 * transaction (key `topup:<method>:<providerReference>`): Dr the rail's float where the money
 * landed (`railFloat("mpesa")` for STK and Pay Bill, as M-Pesa Express collections, ADR 0033;
 * `railFloat("pesalink")` for a bank transfer) / Cr `merchantAvailable(m)`. Money for an account
 * number we do not know is credited to `suspense("KES")` and the row is "unmatched" until an
 * operator attributes it. The same provider reference twice changes nothing.
 */
import { and, desc, eq, gt, isNull, lte } from "drizzle-orm";
import { balanceTopUps, merchants, settlementDestinations } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { MERCHANT_ID_PATTERN } from "~/core/id-formats";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { ledgerBook, postTransaction, type Rail } from "~/core/ledger/ledger.server";
import { railProfiles } from "~/core/rails/profiles";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { formatKesCents } from "~/utils/format";
import type { TopUpMethod, TopUpStatus } from "./vocabulary";

export type TopUp = typeof balanceTopUps.$inferSelect;

/** The ledger kinds of a top-up: credited to a merchant, or held in suspense (unmatched). */
export const TOP_UP_KIND = "balance.topped_up";
export const TOP_UP_UNMATCHED_KIND = "balance.top_up_unmatched";
/** An operator attributed an unmatched top-up to a merchant (suspense to the merchant). */
export const TOP_UP_ATTRIBUTED_KIND = "balance.top_up_attributed";

export const newTopUpId = () => `tup_${readableCode(14).toLowerCase()}`;

/** The ledger key of a top-up's money: one per method and provider reference. */
export const topUpKey = (method: TopUpMethod, providerReference: string) =>
  `topup:${method}:${providerReference}`;

/** Where each method's money lands: the rail whose float it increases. */
export const railOfMethod = (method: TopUpMethod): Rail =>
  method === "bank" ? "pesalink" : "mpesa";

/** A top-up's limits (KES cents): KES 1 to the rail's per-transaction limit. */
export function topUpLimits(method: TopUpMethod): { min: bigint; max: bigint } {
  const profile = method === "bank" ? railProfiles.pesalink : railProfiles.mpesa;
  return { min: 100n, max: BigInt(profile.perTransferKes) * 100n };
}

/** Why an amount cannot be a top-up by `method`, or null when it can. */
export function topUpAmountProblem(method: TopUpMethod, cents: bigint): string | null {
  const { min, max } = topUpLimits(method);
  if (cents < min) return `The smallest top-up is ${formatKesCents(min)}.`;
  if (cents > max) return `The largest top-up by this method is ${formatKesCents(max)}.`;
  return null;
}

const MERCHANT_ID = /^MRC-?([^-]{6})$/;

/**
 * The merchant id a payer typed as the Pay Bill account number ("mrc-k3nya2", " MRC-K3NYA2 ",
 * "MRC K3NYA2"), or null when it cannot be one. It says nothing of whether the merchant exists.
 */
export function merchantIdFromAccountNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  const match = MERCHANT_ID.exec(compact);
  if (!match) return null;
  const id = `MRC-${match[1]}`;
  return MERCHANT_ID_PATTERN.test(id) ? id : null;
}

/** The reference a merchant quotes on a bank transfer to us: "OH" + its code ("OHK3NYA2"). */
export function bankReferenceFor(merchantId: string): string {
  return `OH${merchantId.replace(/^MRC-/, "")}`;
}

/** The merchant id a bank transfer's reference names (spaces, dashes and case ignored), or null. */
export function merchantIdFromBankReference(text: string): string | null {
  const compact = text.replace(/[\s-]+/g, "").toUpperCase();
  if (!compact.startsWith("OH")) return null;
  return merchantIdFromAccountNumber(`MRC-${compact.slice(2)}`);
}

/** An active merchant with this id, read in `q`. */
export async function activeMerchantId(
  q: Handle,
  merchantId: string | null,
): Promise<string | null> {
  if (!merchantId) return null;
  const row = await first(
    q
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.id, merchantId), eq(merchants.status, "active")))
      .limit(1),
  );
  return row?.id ?? null;
}

/**
 * The merchant's own M-Pesa number (the STK form's default): its default M-Pesa payout
 * destination's, else the settlement phone of older merchants; read in `q`.
 */
export async function merchantPhone(q: Handle, merchantId: string): Promise<string | null> {
  const destination = await first(
    q
      .select({ phone: settlementDestinations.phone })
      .from(settlementDestinations)
      .where(
        and(
          eq(settlementDestinations.merchantId, merchantId),
          eq(settlementDestinations.rail, "mpesa"),
          eq(settlementDestinations.isDefault, true),
        ),
      )
      .limit(1),
  );
  if (destination?.phone) return destination.phone;
  const row = await first(
    q
      .select({ phone: merchants.settlementPhone })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1),
  );
  return row?.phone ?? null;
}

/** Money that arrived: what the provider said about it. */
export interface ArrivedTopUp {
  method: TopUpMethod;
  /** The provider's id of the money (M-Pesa TransID or receipt, the bank's reference). */
  providerReference: string;
  amountKesCents: bigint;
  /** The merchant it is for, when known (null: unmatched, held in suspense). */
  merchantId: string | null;
  /** What the payer typed: the Pay Bill account number, the bank reference. */
  accountReference?: string | null;
  /** Who paid (a masked phone and a name, a bank account). */
  payer?: string | null;
  mode?: ApiMode;
  now: number;
}

export interface CreditedTopUp {
  topUp: TopUp;
  /** False when this provider reference was already recorded (nothing changed). */
  created: boolean;
}

const describeMethod: Record<TopUpMethod, string> = {
  mpesa_stk: "M-Pesa (prompt)",
  mpesa_paybill: "M-Pesa Pay Bill",
  bank: "bank transfer",
};

/** Post the money of a top-up row that has a provider reference (in the caller's write). */
async function postTopUp(q: Handle, store: Store, row: TopUp, now: number): Promise<string> {
  const book = ledgerBook(row.mode);
  const amount = row.amountKesCents;
  const matched = row.merchantId !== null;
  const { transactionId } = await postTransaction(
    q,
    {
      idempotencyKey: topUpKey(row.method, row.providerReference!),
      kind: matched ? TOP_UP_KIND : TOP_UP_UNMATCHED_KIND,
      description: matched
        ? `Top-up by ${describeMethod[row.method]} (${row.providerReference})`
        : `Top-up by ${describeMethod[row.method]} (${row.providerReference}) for an unknown account "${row.accountReference ?? ""}": held for an operator`,
      reference: { type: "top_up", id: row.id },
      entries: [
        { account: book.railFloat(railOfMethod(row.method)), amount },
        {
          account: matched ? book.merchantAvailable(row.merchantId!) : book.suspense("KES"),
          amount: -amount,
        },
      ],
      now,
    },
    store,
  );
  return transactionId;
}

const byProvider = (method: TopUpMethod, providerReference: string) =>
  and(eq(balanceTopUps.method, method), eq(balanceTopUps.providerReference, providerReference));

/**
 * Credit money that arrived (Pay Bill, bank transfer): one write that records the top-up and posts
 * it, to the merchant ("succeeded") or to suspense ("unmatched"). The same method and provider
 * reference again returns the first top-up and changes nothing.
 */
export function creditArrivedTopUp(store: Store, input: ArrivedTopUp): Promise<CreditedTopUp> {
  if (input.amountKesCents <= 0n) throw new RangeError("A top-up's amount must be positive");
  return store.write(async (q) => {
    const merchantId = await activeMerchantId(q, input.merchantId);
    const inserted = await q
      .insert(balanceTopUps)
      .values({
        id: newTopUpId(),
        merchantId,
        mode: input.mode ?? "live",
        method: input.method,
        status: merchantId ? "succeeded" : "unmatched",
        amountKesCents: input.amountKesCents,
        providerReference: input.providerReference,
        accountReference: input.accountReference?.slice(0, 100) ?? null,
        payer: input.payer?.slice(0, 200) ?? null,
        createdAt: input.now,
        updatedAt: input.now,
        completedAt: merchantId ? input.now : null,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) {
      const earlier = await first(
        q
          .select()
          .from(balanceTopUps)
          .where(byProvider(input.method, input.providerReference))
          .limit(1),
      );
      if (!earlier) throw new Error("top-up conflicted but was not found");
      return { topUp: earlier, created: false };
    }
    const ledgerTransactionId = await postTopUp(q, store, row, input.now);
    await q.update(balanceTopUps).set({ ledgerTransactionId }).where(eq(balanceTopUps.id, row.id));
    return { topUp: { ...row, ledgerTransactionId }, created: true };
  });
}

/**
 * How long a prompt waits on the phone for its PIN: another to the same phone meanwhile is refused
 * (a double click, or a form sent again, would otherwise send two prompts).
 */
export const STK_PROMPT_WAIT_MS = 2 * 60_000;

/**
 * An STK top-up asked for by a member: the row, claimed before Daraja is called; null when a prompt
 * to the same phone from this merchant is still waiting (checked and claimed in one write, the
 * merchant's row locked so two at once take turns).
 */
export function claimStkTopUp(
  store: Store,
  input: {
    merchantId: string;
    memberId: string;
    amountKesCents: bigint;
    /** The phone that gets the prompt (2547…/2541…). */
    phone: string;
    now: number;
  },
): Promise<TopUp | null> {
  return store.write(async (q) => {
    await first(
      store.forUpdate(
        q
          .select({ id: merchants.id })
          .from(merchants)
          .where(eq(merchants.id, input.merchantId))
          .limit(1),
      ),
    );
    const waiting = await first(
      q
        .select({ id: balanceTopUps.id })
        .from(balanceTopUps)
        .where(
          and(
            eq(balanceTopUps.merchantId, input.merchantId),
            eq(balanceTopUps.method, "mpesa_stk"),
            eq(balanceTopUps.status, "requested"),
            eq(balanceTopUps.payer, input.phone),
            gt(balanceTopUps.createdAt, input.now - STK_PROMPT_WAIT_MS),
          ),
        )
        .limit(1),
    );
    if (waiting) return null;
    const [row] = await q
      .insert(balanceTopUps)
      .values({
        id: newTopUpId(),
        merchantId: input.merchantId,
        mode: "live",
        method: "mpesa_stk",
        status: "requested",
        amountKesCents: input.amountKesCents,
        accountReference: input.merchantId,
        payer: input.phone,
        requestedBy: input.memberId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    return row!;
  });
}

/** Daraja accepted the push: the top-up is named by its CheckoutRequestID from now on. */
export async function markStkTopUpSent(
  store: Store,
  id: string,
  checkoutRequestId: string,
  now: number,
): Promise<void> {
  await store.write((q) =>
    q
      .update(balanceTopUps)
      .set({ checkoutRequestId, updatedAt: now })
      .where(and(eq(balanceTopUps.id, id), eq(balanceTopUps.status, "requested"))),
  );
}

/** The prompt could not be sent, or was refused or failed on the phone: the top-up failed. */
export async function failStkTopUp(
  store: Store,
  id: string,
  reason: string,
  now: number,
): Promise<void> {
  await store.write((q) =>
    q
      .update(balanceTopUps)
      .set({
        status: "failed",
        failureReason: reason.slice(0, 300),
        updatedAt: now,
        completedAt: now,
      })
      .where(and(eq(balanceTopUps.id, id), eq(balanceTopUps.status, "requested"))),
  );
}

/** The final word on an STK top-up's prompt (its callback). */
export type StkTopUpResult =
  | {
      outcome: "succeeded";
      checkoutRequestId: string;
      /** MpesaReceiptNumber: the top-up's provider reference. */
      receipt: string;
      /** What M-Pesa says was paid (the prompt's amount when it does not say). */
      amountCents?: bigint;
      /** The payer (2547…), to match a prompt whose push went unanswered. */
      phone?: string;
    }
  | { outcome: "failed"; checkoutRequestId: string; reason: string };

export type StkTopUpApplied = "credited" | "failed" | "repeat" | "unknown";

/**
 * Apply a prompt's result to the top-up it belongs to, once, in one write: success records the
 * receipt and credits the balance; failure keeps the reason. A repeat changes nothing; a
 * CheckoutRequestID that is not a top-up's answers "unknown" (it may be a payment's).
 */
export function applyStkTopUpResult(
  store: Store,
  result: StkTopUpResult,
  now: number,
): Promise<StkTopUpApplied> {
  return store.write(async (q) => {
    const row =
      (await first(
        store.forUpdate(
          q
            .select()
            .from(balanceTopUps)
            .where(eq(balanceTopUps.checkoutRequestId, result.checkoutRequestId))
            .limit(1),
        ),
      )) ?? (result.outcome === "succeeded" ? await unansweredPush(q, store, result) : undefined);
    if (!row) return "unknown";
    // A success after a failure still counts: the money moved.
    if (row.status === "succeeded") return "repeat";
    if (result.outcome === "failed") {
      if (row.status !== "requested") return "repeat";
      await q
        .update(balanceTopUps)
        .set({
          status: "failed",
          failureReason: result.reason.slice(0, 300),
          updatedAt: now,
          completedAt: now,
        })
        .where(eq(balanceTopUps.id, row.id));
      return "failed";
    }
    const credited: TopUp = {
      ...row,
      checkoutRequestId: result.checkoutRequestId,
      status: "succeeded",
      providerReference: result.receipt,
      amountKesCents: result.amountCents ?? row.amountKesCents,
      failureReason: null,
      updatedAt: now,
      completedAt: now,
    };
    const ledgerTransactionId = await postTopUp(q, store, credited, now);
    await q
      .update(balanceTopUps)
      .set({
        status: "succeeded",
        checkoutRequestId: result.checkoutRequestId,
        providerReference: result.receipt,
        amountKesCents: credited.amountKesCents,
        failureReason: null,
        ledgerTransactionId,
        updatedAt: now,
        completedAt: now,
      })
      .where(eq(balanceTopUps.id, row.id));
    return "credited";
  });
}

/**
 * A prompt whose push went unanswered (no CheckoutRequestID stored) to this phone for this
 * amount, newest first: the money of a success callback we cannot name otherwise.
 */
async function unansweredPush(
  q: Handle,
  store: Store,
  result: { phone?: string; amountCents?: bigint },
): Promise<TopUp | undefined> {
  if (!result.phone || result.amountCents === undefined) return undefined;
  return first(
    store.forUpdate(
      q
        .select()
        .from(balanceTopUps)
        .where(
          and(
            eq(balanceTopUps.method, "mpesa_stk"),
            eq(balanceTopUps.status, "requested"),
            isNull(balanceTopUps.checkoutRequestId),
            eq(balanceTopUps.payer, result.phone),
            eq(balanceTopUps.amountKesCents, result.amountCents),
          ),
        )
        .orderBy(desc(balanceTopUps.createdAt))
        .limit(1),
    ),
  );
}

/** A merchant's recent top-ups, newest first (live book). */
export function listTopUps(on: Store, merchantId: string, limit = 20): Promise<TopUp[]> {
  return on.read((q) =>
    q
      .select()
      .from(balanceTopUps)
      .where(and(eq(balanceTopUps.merchantId, merchantId), eq(balanceTopUps.mode, "live")))
      .orderBy(desc(balanceTopUps.createdAt), desc(balanceTopUps.id))
      .limit(limit),
  );
}

/** STK top-ups still requested that were asked for before `before`, oldest first (50 at most). */
export function listRequestedStkTopUps(on: Store, before: number): Promise<TopUp[]> {
  return on.read((q) =>
    q
      .select()
      .from(balanceTopUps)
      .where(
        and(
          eq(balanceTopUps.method, "mpesa_stk"),
          eq(balanceTopUps.status, "requested"),
          lte(balanceTopUps.createdAt, before),
        ),
      )
      .orderBy(balanceTopUps.createdAt)
      .limit(50),
  );
}

/** Unmatched top-ups (held in suspense) for an operator, newest first. */
export function listUnmatchedTopUps(on: Store, limit = 50): Promise<TopUp[]> {
  return on.read((q) =>
    q
      .select()
      .from(balanceTopUps)
      .where(eq(balanceTopUps.status, "unmatched" satisfies TopUpStatus))
      .orderBy(desc(balanceTopUps.createdAt))
      .limit(limit),
  );
}

export type AttributeResult =
  | { ok: true; topUp: TopUp }
  | { ok: false; reason: "not_found" | "not_unmatched" | "unknown_merchant" };

/**
 * An operator attributes an unmatched top-up to a merchant, in one write: suspense to the
 * merchant's available balance (kind `balance.top_up_attributed`, key `topup:<id>:attributed`,
 * suspense guarded), the row matched and succeeded, and the decision audited.
 */
export function attributeTopUp(
  store: Store,
  input: { topUpId: string; merchantId: string; operatorId: string; now: number },
): Promise<AttributeResult> {
  return store.write(async (q) => {
    const row = await first(
      store.forUpdate(
        q.select().from(balanceTopUps).where(eq(balanceTopUps.id, input.topUpId)).limit(1),
      ),
    );
    if (!row) return { ok: false as const, reason: "not_found" as const };
    if (row.status !== "unmatched") return { ok: false as const, reason: "not_unmatched" as const };
    const merchantId = await activeMerchantId(
      q,
      merchantIdFromAccountNumber(input.merchantId) ?? input.merchantId,
    );
    if (!merchantId) return { ok: false as const, reason: "unknown_merchant" as const };
    const book = ledgerBook(row.mode);
    const { transactionId } = await postTransaction(
      q,
      {
        idempotencyKey: `topup:${row.id}:attributed`,
        kind: TOP_UP_ATTRIBUTED_KIND,
        description: `Top-up by ${describeMethod[row.method]} (${row.providerReference ?? row.id}) credited by OneHop`,
        reference: { type: "top_up", id: row.id },
        entries: [
          { account: book.suspense("KES"), amount: row.amountKesCents },
          { account: book.merchantAvailable(merchantId), amount: -row.amountKesCents },
        ],
        guards: [book.suspense("KES")],
        now: input.now,
      },
      store,
    );
    const [updated] = await q
      .update(balanceTopUps)
      .set({
        merchantId,
        status: "succeeded",
        ledgerTransactionId: transactionId,
        updatedAt: input.now,
        completedAt: input.now,
      })
      .where(eq(balanceTopUps.id, row.id))
      .returning();
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: "top_up.attributed",
        targetType: "top_up",
        targetId: row.id,
        details: {
          merchantId,
          amountKesCents: row.amountKesCents.toString(),
          accountReference: row.accountReference,
          ledgerTransactionId: transactionId,
        },
      },
      input.now,
    );
    return { ok: true as const, topUp: updated! };
  });
}
