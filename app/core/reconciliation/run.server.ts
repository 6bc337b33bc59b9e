/**
 * The daily reconciliation (issue 15, item 7; docs/decisions/0036-reconciliation.md): our ledger
 * against what each provider says, once a day (app/wiring/reconciliation.server.ts runs it at 02:00
 * EAT under a lease). Three comparisons, each difference a finding in the operators' queue with its
 * evidence (findings.server.ts):
 *
 * - each rail's balance: our float (plus what we earmarked but the rail has not taken yet) against
 *   the balance the rail reports (`rail_balance`);
 * - custody, per asset: our custody account against the custody provider's available balance
 *   (`custody_balance`);
 * - transfers completed during the reconciled EAT day on rails that answer a status question at
 *   once (Airtel Money, PesaLink, T-Kash): our state against the rail's (`transfer_state`);
 * - M-Pesa B2B transfers (Paybill and Till disbursements) sent over `B2B_RESULT_LIMIT_MS` ago with
 *   no Result: there is nothing to ask M-Pesa about them (the request carries no id of ours, ADR
 *   0035 "B2B"), so each is a `transfer_state` finding (the rail's state "unknown") for an operator
 *   to settle from the M-Pesa statement, once (not again while an open finding names it);
 * - our own books (issue 28): the books check of `npm run db:verify` (app/core/books), each problem
 *   a `books` finding, once (not again while an open finding names the same problem).
 *
 * A provider that gives no answer is a finding (its actual amount "unknown"), never a failed run; a
 * run fails only on an unexpected error (recorded on the run, with what it found until then).
 * Money is bigint minor units throughout.
 *
 * On the store (ADR 0041): what we hold is read in a read of its own before each provider is asked,
 * never across the network call; each finding is a write of its own as it is found; the B2B and
 * books checks, which file a finding only when none is open about it, are each one write.
 */
import { and, asc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { checkBooks } from "~/core/books/check.server";
import {
  reconciliationFindings,
  reconciliationRuns,
  settlementTransfers,
} from "../../../drizzle/schema";
import { railNames } from "~/core/destinations/schema";
import {
  type CryptoAsset,
  cryptoAssets,
  type LedgerBook,
  ledgerBook,
  normalBalance,
} from "~/core/ledger/ledger.server";
import { eatDay, nextDay } from "~/core/payments/settlement-plan";
import { transferModeOf } from "~/core/payments/transfer-purposes.server";
import type { AirtelBalanceEnquiry } from "~/core/providers/airtel/types";
import {
  custodyWalletKey,
  resolveWalletAssetIds,
  type CustodyBalances,
  type CustodyWalletKey,
} from "~/core/providers/custody/types";
import { assetNetworks } from "~/core/networks/networks";
import type { MobileMoneyBalance } from "~/core/providers/daraja/types";
import type { PesalinkBalanceEnquiry } from "~/core/providers/pesalink/types";
import type { TkashBalanceEnquiry } from "~/core/providers/tkash/types";
import type { PayoutRails, RailId, RailStatus } from "~/core/rails/types";
import { railIds } from "~/core/rails/types";
import type { Handle, Store } from "~/db/store";
import { unansweredB2bTransfers } from "~/core/disbursements/b2b.server";
import { awaitMpesaBalance } from "./mpesa-balance.server";
import { findRun, newFindingId, newRunId, openFindingIdsOn } from "./findings.server";
import { UNKNOWN_AMOUNT, type FindingKind, type ReconciliationRunView } from "./vocabulary";

/** The balance calls of one set of providers, per rail (absent: that rail has none here). */
export interface RailBalanceClients {
  /** Daraja's AccountBalance (asynchronous: the Result comes to the balance ResultURL). */
  mpesa?: MobileMoneyBalance;
  "airtel-money"?: AirtelBalanceEnquiry;
  pesalink?: PesalinkBalanceEnquiry;
  "t-kash"?: TkashBalanceEnquiry;
}

/** One set of providers (a payments runtime) and the ledger books it serves. */
export interface ReconciliationSource {
  /**
   * The books these providers hold the money of: a runtime's `modes`, or both when it has none
   * (one set of simulators for live and test): then one provider balance covers both books.
   */
  books: readonly LedgerBook[];
  /** The payout rails running on these providers (status questions; which rails to check). */
  rails: PayoutRails;
  balances: RailBalanceClients;
  /** The custody provider's balance calls; absent: custody is not compared. */
  custody?: Pick<CustodyBalances, "getAssetBalance"> | null;
  /** The custody asset id of each (asset, network); default `resolveWalletAssetIds()`. */
  custodyAssetIds?: Readonly<Record<CustodyWalletKey, string>>;
}

export interface ReconciliationDeps {
  sources: readonly ReconciliationSource[];
  /** How the run waits (M-Pesa's Result, pacing the status questions); tests resolve at once. */
  wait?: (ms: number) => Promise<void>;
  /** How long to wait for M-Pesa's AccountBalance Result. Default 60 s, polled every 500 ms. */
  mpesaResultTimeoutMs?: number;
  mpesaPollMs?: number;
  /** At most this many transfers are asked about per run. Default 5,000. */
  maxTransfers?: number;
  /** A pause of `paceMs` after every `paceEvery` status questions. Default 20 and 200 ms. */
  paceEvery?: number;
  paceMs?: number;
}

/** The rails whose status question answers at once (M-Pesa's answer comes by callback). */
export const SYNCHRONOUS_STATUS_RAILS: readonly RailId[] = ["airtel-money", "pesalink", "t-kash"];

const DEFAULT_MAX_TRANSFERS = 5_000;
const EAT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The EAT day a run at `now` reconciles: the day before (02:00 EAT reconciles yesterday). */
export function reconciledDay(now: number): string {
  return eatDay(now - DAY_MS);
}

/** [start, end) of an EAT day in epoch ms. */
function eatDayBounds(day: string): { start: number; end: number } {
  const start = Date.parse(`${day}T00:00:00Z`) - EAT_OFFSET_MS;
  return { start, end: Date.parse(`${nextDay(day)}T00:00:00Z`) - EAT_OFFSET_MS };
}

/** Provider answers as JSON: bigint amounts as decimal strings. */
function jsonSafe(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v)),
  ) as unknown;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface FindingInput {
  kind: FindingKind;
  book: LedgerBook;
  subject: string;
  subjectLabel: string;
  currency: string;
  expected: bigint;
  /** null: the provider gave no usable answer. */
  actual: bigint | null;
  evidence: Record<string, unknown>;
}

/** What one rail reported: its available balance and its words. */
interface RailReading {
  availableCents: bigint;
  currency: string;
  answer: unknown;
}

async function readRailBalance(
  store: Store,
  rail: RailId,
  balances: RailBalanceClients,
  deps: ReconciliationDeps,
): Promise<RailReading> {
  switch (rail) {
    case "mpesa": {
      const client = balances.mpesa;
      if (!client) throw new Error("no balance call for this rail here");
      const { ack, report } = await awaitMpesaBalance(store, client, {
        wait: deps.wait ?? realWait,
        timeoutMs: deps.mpesaResultTimeoutMs,
        pollMs: deps.mpesaPollMs,
      });
      const answer = { ack, result: report.body };
      if (report.resultCode !== 0)
        throw Object.assign(
          new Error(`M-Pesa refused the balance query: ${report.resultCode} ${report.resultDesc}`),
          { answer },
        );
      if (report.availableCents === null)
        throw Object.assign(new Error("M-Pesa's Result has no Utility Account"), { answer });
      return { availableCents: report.availableCents, currency: "KES", answer };
    }
    case "airtel-money": {
      const client = balances["airtel-money"];
      if (!client) throw new Error("no balance call for this rail here");
      const balance = await client.balance();
      return { availableCents: balance.balanceCents, currency: balance.currency, answer: balance };
    }
    case "pesalink": {
      const client = balances.pesalink;
      if (!client) throw new Error("no balance call for this rail here");
      const balance = await client.balance();
      return {
        availableCents: balance.availableCents,
        currency: balance.currency,
        answer: balance,
      };
    }
    case "t-kash": {
      const client = balances["t-kash"];
      if (!client) throw new Error("no balance call for this rail here");
      const balance = await client.balance();
      return { availableCents: balance.balanceCents, currency: balance.currency, answer: balance };
    }
  }
}

/**
 * Transfers of `rail` in `books` whose "sent" posting exists (their amount and charge are off our
 * float) but which the rail has not accepted yet: status "pending" with a ledger transaction. The
 * rail still holds that money, so it is added back to what we expect it to report.
 */
async function earmarkedNotSent(q: Handle, rail: RailId, books: readonly LedgerBook[]) {
  const pending = await q
    .select({
      id: settlementTransfers.id,
      amount: settlementTransfers.amountKesCents,
      charge: settlementTransfers.railChargeKesCents,
    })
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.rail, rail),
        eq(settlementTransfers.status, "pending"),
        isNotNull(settlementTransfers.ledgerTransactionId),
      ),
    );
  const rows = [];
  for (const row of pending)
    if (books.includes((await transferModeOf(q, row.id)) ?? "live")) rows.push(row);
  return {
    count: rows.length,
    cents: rows.reduce((sum, row) => sum + row.amount + row.charge, 0n),
    transferIds: rows.slice(0, 50).map((row) => row.id),
  };
}

async function checkRail(
  store: Store,
  source: ReconciliationSource,
  rail: RailId,
  deps: ReconciliationDeps,
): Promise<FindingInput | null> {
  // Our side in one read, then the rail.
  const { floats, earmarked } = await store.read(async (q) => ({
    floats: await Promise.all(
      source.books.map(async (book) => {
        const account = ledgerBook(book).railFloat(rail);
        return { book, account: account.code, cents: await normalBalance(q, account) };
      }),
    ),
    earmarked: await earmarkedNotSent(q, rail, source.books),
  }));
  const expected = floats.reduce((sum, each) => sum + each.cents, 0n) + earmarked.cents;
  const base = {
    kind: "rail_balance" as const,
    book: source.books[0]!,
    subject: rail,
    subjectLabel: `${railNames[rail]} float`,
    currency: "KES",
    expected,
  };
  const ledger = {
    books: source.books,
    floats: floats.map((each) => ({ ...each, cents: each.cents.toString() })),
    pendingNotSent: { ...earmarked, cents: earmarked.cents.toString() },
    formula: "sum of the books' rail float + (amount + rail charge) of pending transfers posted",
  };
  let reading: RailReading;
  try {
    reading = await readRailBalance(store, rail, source.balances, deps);
  } catch (error) {
    return {
      ...base,
      actual: null,
      evidence: {
        ledger,
        error: messageOf(error),
        answer: jsonSafe((error as { answer?: unknown }).answer ?? null),
      },
    };
  }
  if (reading.availableCents === expected && reading.currency === "KES") return null;
  return {
    ...base,
    actual: reading.availableCents,
    evidence: { ledger, answer: jsonSafe(reading.answer), currency: reading.currency },
  };
}

async function checkCustody(
  store: Store,
  source: ReconciliationSource,
  custody: Pick<CustodyBalances, "getAssetBalance">,
  asset: CryptoAsset,
): Promise<FindingInput | null> {
  const ids = source.custodyAssetIds ?? resolveWalletAssetIds();
  const accounts = await store.read((q) =>
    Promise.all(
      source.books.map(async (book) => {
        const account = ledgerBook(book).custody(asset);
        return { book, account: account.code, units: await normalBalance(q, account) };
      }),
    ),
  );
  const expected = accounts.reduce((sum, each) => sum + each.units, 0n);
  const base = {
    kind: "custody_balance" as const,
    book: source.books[0]!,
    subject: asset,
    subjectLabel: `${asset} at custody`,
    currency: asset,
    expected,
  };
  const ledger = {
    books: source.books,
    accounts: accounts.map((each) => ({ ...each, units: each.units.toString() })),
    formula: "sum of the books' custody account against the provider's available balance",
  };
  const answers: unknown[] = [];
  let actual = 0n;
  try {
    for (const network of assetNetworks[asset]) {
      const assetId = ids[custodyWalletKey(asset, network)];
      if (!assetId) continue;
      const balance = await custody.getAssetBalance(assetId);
      answers.push({ network, ...(jsonSafe(balance) as object) });
      actual += balance.available;
    }
  } catch (error) {
    return { ...base, actual: null, evidence: { ledger, answers, error: messageOf(error) } };
  }
  if (actual === expected) return null;
  return {
    ...base,
    actual,
    evidence: {
      ledger,
      answers,
      note: "available only: deposits still confirming are not in our ledger yet",
    },
  };
}

/** Whether we and the rail disagree about money: what we think it paid against what it says. */
function disagreement(ours: "succeeded" | "failed", theirs: RailStatus): boolean {
  if (ours === "succeeded") return theirs.kind === "failed" || theirs.kind === "pending";
  // Ours failed (the money is back with the merchant): only a rail that paid disagrees. A rail that
  // does not know the transfer answers "pending" (it was refused before the rail took it).
  return theirs.kind === "succeeded";
}

async function checkTransfers(
  store: Store,
  deps: ReconciliationDeps,
  day: string,
  record: (finding: FindingInput) => Promise<void>,
): Promise<{ checked: number; unanswered: number; skipped: number; truncated: boolean }> {
  const wait = deps.wait ?? realWait;
  const limit = deps.maxTransfers ?? DEFAULT_MAX_TRANSFERS;
  const paceEvery = deps.paceEvery ?? 20;
  const paceMs = deps.paceMs ?? 200;
  const { start, end } = eatDayBounds(day);
  // The day's transfers and the book of each in one read, before any rail is asked.
  const { rows, books } = await store.read(async (q) => {
    const rows = await q
      .select()
      .from(settlementTransfers)
      .where(
        and(
          inArray(settlementTransfers.status, ["succeeded", "failed"]),
          inArray(settlementTransfers.rail, [...SYNCHRONOUS_STATUS_RAILS]),
          gte(settlementTransfers.completedAt, start),
          lt(settlementTransfers.completedAt, end),
        ),
      )
      .orderBy(asc(settlementTransfers.completedAt), asc(settlementTransfers.id))
      .limit(limit + 1);
    const books = new Map<string, LedgerBook>();
    for (const row of rows.slice(0, limit))
      books.set(row.id, (await transferModeOf(q, row.id)) ?? "live");
    return { rows, books };
  });
  const truncated = rows.length > limit;
  let checked = 0;
  let unanswered = 0;
  let skipped = 0;
  for (const transfer of rows.slice(0, limit)) {
    const book = books.get(transfer.id) ?? "live";
    const rail = deps.sources.find((s) => s.books.includes(book))?.rails[transfer.rail];
    if (!rail) {
      skipped++;
      continue;
    }
    if (checked > 0 && checked % paceEvery === 0) await wait(paceMs);
    let theirs: RailStatus;
    try {
      theirs = await rail.queryStatus(transfer.id);
    } catch {
      unanswered++;
      continue;
    } finally {
      checked++;
    }
    if (theirs.kind === "asked") continue;
    const ours = transfer.status as "succeeded" | "failed";
    if (!disagreement(ours, theirs)) continue;
    const paid = (status: string) => (status === "succeeded" ? transfer.amountKesCents : 0n);
    await record({
      kind: "transfer_state",
      book,
      subject: transfer.id,
      subjectLabel: `Transfer ${transfer.id} on ${railNames[transfer.rail]}`,
      currency: "KES",
      expected: paid(ours),
      actual: theirs.kind === "pending" ? null : paid(theirs.kind),
      evidence: {
        ours: {
          status: ours,
          receipt: transfer.receipt,
          resultCode: transfer.resultCode,
          resultDesc: transfer.resultDesc,
          completedAt: transfer.completedAt,
          ledgerTransactionId: transfer.ledgerTransactionId,
        },
        rail: jsonSafe(theirs),
        amountKesCents: transfer.amountKesCents.toString(),
        railChargeKesCents: transfer.railChargeKesCents.toString(),
        paymentId: transfer.paymentId,
        merchantId: transfer.merchantId,
      },
    });
  }
  return { checked, unanswered, skipped, truncated };
}

/**
 * Sent B2B transfers with no Result in time (see the header), each a finding once: inside the
 * caller's write, the open findings read through the store's row lock.
 */
async function checkUnansweredB2b(
  store: Store,
  q: Handle,
  now: number,
  record: (q: Handle, finding: FindingInput) => Promise<void>,
): Promise<number> {
  let found = 0;
  for (const b2b of await unansweredB2bTransfers(q, now)) {
    const { transfer } = b2b;
    const open = await openFindingIdsOn(q, "transfer_state", transfer.id, store.forUpdate);
    if (open.length > 0) continue;
    const to =
      b2b.b2bKind === "paybill"
        ? `Paybill ${b2b.businessNumber ?? ""}, account ${b2b.accountReference ?? ""}`
        : `Till ${b2b.businessNumber ?? ""}`;
    await record(q, {
      kind: "transfer_state",
      book: (await transferModeOf(q, transfer.id)) ?? "live",
      subject: transfer.id,
      subjectLabel: `M-Pesa B2B ${transfer.id} to ${to}: ${transfer.conversationId ? "no Result" : "answer lost"}`,
      currency: "KES",
      expected: transfer.amountKesCents,
      actual: null,
      evidence: {
        problem: `${
          transfer.conversationId
            ? "M-Pesa B2B payment sent with no Result"
            : "M-Pesa B2B payment whose request's answer was lost (a crash or a dropped connection while it was sent), so M-Pesa may or may not have it"
        }: it may or may not have been paid, and it cannot be queried (the request carries no id of ours). It is never sent again. Check the M-Pesa organisation statement for it, then settle it (paid, or failed to return the money); a late Result settles it by itself.`,
        ours: {
          status: transfer.status,
          sentAt: transfer.sentAt,
          conversationId: transfer.conversationId,
          ledgerTransactionId: transfer.ledgerTransactionId,
        },
        b2b: {
          kind: b2b.b2bKind,
          businessNumber: b2b.businessNumber,
          accountReference: b2b.accountReference,
        },
        disbursementRowId: b2b.rowId,
        batchId: b2b.batchId,
        amountKesCents: transfer.amountKesCents.toString(),
        railChargeKesCents: transfer.railChargeKesCents.toString(),
        merchantId: transfer.merchantId,
      },
    });
    found++;
  }
  return found;
}

/**
 * The books check (app/core/books), each problem a `books` finding: its subject is the check and
 * the rows involved, so a problem already open in the queue is not filed again. Returns how many
 * problems the check found.
 */
async function checkOwnBooks(
  store: Store,
  record: (q: Handle, finding: FindingInput) => Promise<void>,
): Promise<{ problems: number; filed: number }> {
  // The books check (not on the store yet) in a read of its own; then the filing, once, in a write.
  const problems = await checkBooks(store);
  if (problems.length === 0) return { problems: 0, filed: 0 };
  return store.write(async (q) => {
    const open = await store.forUpdate(
      q
        .select({ subject: reconciliationFindings.subject })
        .from(reconciliationFindings)
        .where(
          and(eq(reconciliationFindings.kind, "books"), eq(reconciliationFindings.status, "open")),
        ),
    );
    const already = new Set(open.map((row) => row.subject));
    let filed = 0;
    for (const problem of problems) {
      const subject = `${problem.check}:${problem.ids.join(",")}`;
      if (already.has(subject)) continue;
      already.add(subject);
      await record(q, {
        kind: "books",
        book: /\(test book\)|(^|[\s:])test:/.test(problem.detail) ? "test" : "live",
        subject,
        subjectLabel: problem.detail,
        currency: "KES",
        expected: 0n,
        actual: null,
        evidence: { check: problem.check, detail: problem.detail, ids: problem.ids },
      });
      filed++;
    }
    return { problems: problems.length, filed };
  });
}

/**
 * Findings of one run, written as they are found: `record` in a write of its own, `recordIn` inside
 * the caller's.
 */
function findingRecorder(store: Store, runId: string, now: () => number) {
  let findings = 0;
  const recordIn = async (q: Handle, finding: FindingInput): Promise<void> => {
    const actual = finding.actual === null ? UNKNOWN_AMOUNT : finding.actual.toString();
    await q.insert(reconciliationFindings).values({
      id: newFindingId(),
      runId,
      kind: finding.kind,
      book: finding.book,
      subject: finding.subject,
      subjectLabel: finding.subjectLabel,
      currency: finding.currency,
      expected: finding.expected.toString(),
      actual,
      difference:
        finding.actual === null ? UNKNOWN_AMOUNT : (finding.actual - finding.expected).toString(),
      evidence: JSON.stringify(finding.evidence),
      status: "open",
      createdAt: now(),
    });
    findings++;
  };
  return {
    recordIn,
    record: (finding: FindingInput) => store.write((q) => recordIn(q, finding)),
    count: () => findings,
  };
}

/**
 * Payouts in doubt, at once (issue 27, item 13): an M-Pesa B2B payout whose answer was lost (a
 * crash, a `kill -9`, a dropped connection while it was sent) or whose Result is overdue becomes a
 * finding in the operators' queue without waiting for the daily run, in a small run of its own
 * (`checked`: `{ payoutsInDoubt }`). Nothing new in doubt: no run, null. Run every minute and at
 * start by the wiring, under a lease.
 */
export function recordPayoutsInDoubt(
  store: Store,
  now: () => number,
): Promise<ReconciliationRunView | null> {
  return store.write(async (q) => {
    let fresh = 0;
    for (const b2b of await unansweredB2bTransfers(q, now())) {
      const open = await openFindingIdsOn(q, "transfer_state", b2b.transfer.id, store.forUpdate);
      if (open.length === 0) fresh++;
    }
    if (fresh === 0) return null;
    const runId = newRunId();
    await q
      .insert(reconciliationRuns)
      .values({ id: runId, day: eatDay(now()), status: "running", startedAt: now() });
    const recorder = findingRecorder(store, runId, now);
    const found = await checkUnansweredB2b(store, q, now(), recorder.recordIn);
    await q
      .update(reconciliationRuns)
      .set({
        status: "completed",
        finishedAt: now(),
        checked: JSON.stringify({ payoutsInDoubt: found }),
        findingsCount: recorder.count(),
      })
      .where(eq(reconciliationRuns.id, runId));
    return findRun(q, runId);
  });
}

/**
 * One reconciliation run: a run row, every comparison, the findings, then the run completed (or
 * failed with the error). `day`: the EAT day whose completed transfers are compared (default the
 * day before `now`); balances are always as they are now.
 */
export async function runReconciliation(
  store: Store,
  deps: ReconciliationDeps,
  now: () => number,
  options: { day?: string } = {},
): Promise<ReconciliationRunView> {
  const runId = newRunId();
  const day = options.day ?? reconciledDay(now());
  await store.write(async (q) => {
    await q
      .insert(reconciliationRuns)
      .values({ id: runId, day, status: "running", startedAt: now() });
  });
  const checked = { rails: 0, assets: 0, transfers: 0 };
  const detail: Record<string, unknown> = {};
  const recorder = findingRecorder(store, runId, now);
  const record = recorder.record;
  try {
    for (const source of deps.sources) {
      const rails = railIds.filter(
        (rail) => source.rails[rail] !== undefined || source.balances[rail] !== undefined,
      );
      for (const rail of rails) {
        const finding = await checkRail(store, source, rail, deps);
        checked.rails++;
        if (finding) await record(finding);
      }
      if (source.custody) {
        for (const asset of cryptoAssets) {
          const finding = await checkCustody(store, source, source.custody, asset);
          checked.assets++;
          if (finding) await record(finding);
        }
      }
    }
    const transfers = await checkTransfers(store, deps, day, record);
    checked.transfers = transfers.checked;
    const books = await checkOwnBooks(store, recorder.recordIn);
    Object.assign(detail, {
      booksProblems: books.problems,
      b2bUnanswered: await store.write((q) =>
        checkUnansweredB2b(store, q, now(), recorder.recordIn),
      ),
      transfersUnanswered: transfers.unanswered,
      transfersSkipped: transfers.skipped,
      transfersTruncated: transfers.truncated,
    });
    await store.write(async (q) => {
      await q
        .update(reconciliationRuns)
        .set({
          status: "completed",
          finishedAt: now(),
          checked: JSON.stringify({ ...checked, ...detail }),
          findingsCount: recorder.count(),
        })
        .where(eq(reconciliationRuns.id, runId));
    });
  } catch (error) {
    await store.write(async (q) => {
      await q
        .update(reconciliationRuns)
        .set({
          status: "failed",
          finishedAt: now(),
          checked: JSON.stringify({ ...checked, ...detail }),
          findingsCount: recorder.count(),
          error: messageOf(error).slice(0, 1000),
        })
        .where(eq(reconciliationRuns.id, runId));
    });
  }
  return (await store.read((q) => findRun(q, runId)))!;
}
