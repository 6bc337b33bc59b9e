/**
 * Reports to the Financial Reporting Centre (issue 31, item 5; ADR 0057). A compliance officer
 * makes a suspicious transaction report (STR) from a case: its payments and payouts as goAML XML,
 * stored as made with its SHA-256; deciding the case "report" needs it (cases.server.ts). Every
 * week the transactions of USD 15,000 or more (at their day's USD/KES rate) make one large
 * transaction report (once per week: the unique index on kind and period). An officer downloads a
 * report, files it in the FRC's goAML portal and records the FRC's reference here, once. Every
 * step is audited; a merchant never sees any of it (tipping-off).
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import {
  complianceCaseEvents,
  complianceCases,
  complianceHolds,
  disbursementBatches,
  disbursementRows,
  frcReports,
  fxSnapshots,
  payments,
} from "../../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { paidStatuses } from "~/core/payments/statuses";
import { USD_KES } from "~/core/rates/snapshot-store.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { eatDayKey } from "~/utils/format";
import type { FrcReportKind } from "../vocabulary";
import { goaml } from "./goaml-settings";
import { goamlXml, type GoamlPerson, type GoamlTransaction } from "./goaml-xml";
import {
  dayRate,
  isLargeTransaction,
  usdCents,
  type FxRate,
  type Week,
} from "./large-transactions";
import {
  EMAIL,
  entityCache,
  paymentTransaction,
  paymentsByIds,
  payoutTransaction,
  payoutsByIds,
  splitName,
} from "./transactions.server";

export type FrcReportRow = typeof frcReports.$inferSelect;
/** A report as lists show it: everything but its file. */
export type FrcReportSummary = Omit<FrcReportRow, "content">;

export class ReportError extends Error {}

export const newReportId = () => `frc_${readableCode(12).toLowerCase()}`;

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The operator who reports (goAML `reporting_person`). */
export interface Reporter {
  id: string;
  name: string;
  email: string;
}

const reportingPerson = (reporter: Reporter): GoamlPerson => ({
  ...splitName(reporter.name),
  email: EMAIL.test(reporter.email) ? reporter.email : null,
  occupation: goaml.reportingOccupation,
});

const summaryColumns = {
  id: frcReports.id,
  kind: frcReports.kind,
  status: frcReports.status,
  caseId: frcReports.caseId,
  periodStart: frcReports.periodStart,
  periodEnd: frcReports.periodEnd,
  transactionCount: frcReports.transactionCount,
  fileName: frcReports.fileName,
  sha256: frcReports.sha256,
  createdBy: frcReports.createdBy,
  createdAt: frcReports.createdAt,
  filedBy: frcReports.filedBy,
  filedAt: frcReports.filedAt,
  frcReference: frcReports.frcReference,
};

/** The reports, newest first (without their files). */
export function listReports(store: Store, limit = 200): Promise<FrcReportSummary[]> {
  return store.read((q) =>
    q
      .select(summaryColumns)
      .from(frcReports)
      .orderBy(desc(frcReports.createdAt), desc(frcReports.id))
      .limit(limit),
  );
}

/** A case's reports (without their files). */
export function reportsForCase(store: Store, caseId: string): Promise<FrcReportSummary[]> {
  return store.read((q) =>
    q
      .select(summaryColumns)
      .from(frcReports)
      .where(eq(frcReports.caseId, caseId))
      .orderBy(asc(frcReports.createdAt)),
  );
}

/** One report with its file. */
export function readReport(store: Store, id: string): Promise<FrcReportRow | undefined> {
  return store.read((q) =>
    first(q.select().from(frcReports).where(eq(frcReports.id, id)).limit(1)),
  );
}

/** Whether a suspicious transaction report was made from the case (in the caller's write). */
export async function caseHasReport(q: Handle, caseId: string): Promise<boolean> {
  const row = await first(
    q
      .select({ id: frcReports.id })
      .from(frcReports)
      .where(and(eq(frcReports.caseId, caseId), eq(frcReports.kind, "str")))
      .limit(1),
  );
  return row !== undefined;
}

const PAYMENT_ID = /^pay_[a-z0-9]+$/;
const PAYOUT_ID = /^dsr_[a-z0-9]+$/;

/** Every payment and payout id named anywhere in a value (a case event's evidence). */
function idsIn(value: unknown, found: { payments: Set<string>; payouts: Set<string> }): void {
  if (typeof value === "string") {
    if (PAYMENT_ID.test(value)) found.payments.add(value);
    if (PAYOUT_ID.test(value)) found.payouts.add(value);
  } else if (Array.isArray(value)) for (const item of value) idsIn(item, found);
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) idsIn(item, found);
}

/**
 * A case's transactions: the payments and payouts it holds, and those its evidence names (a
 * monitoring alert's payments, a refund's payment).
 */
export async function caseTransactionIds(
  q: Handle,
  caseId: string,
): Promise<{ payments: string[]; payouts: string[] }> {
  const found = { payments: new Set<string>(), payouts: new Set<string>() };
  const holds = await q
    .select({ target: complianceHolds.target, targetId: complianceHolds.targetId })
    .from(complianceHolds)
    .where(eq(complianceHolds.caseId, caseId));
  for (const hold of holds) {
    if (hold.target === "payment") found.payments.add(hold.targetId);
    if (hold.target === "disbursement") found.payouts.add(hold.targetId);
  }
  const events = await q
    .select({ detail: complianceCaseEvents.detail })
    .from(complianceCaseEvents)
    .where(eq(complianceCaseEvents.caseId, caseId));
  for (const event of events) {
    if (!event.detail) continue;
    try {
      idsIn(JSON.parse(event.detail), found);
    } catch {
      // A detail that is not JSON names nothing.
    }
  }
  return { payments: [...found.payments], payouts: [...found.payouts] };
}

const fileDate = (at: number) => eatDayKey(at);

/**
 * Make the suspicious transaction report of an open case, once: its goAML XML, stored with its
 * checksum, on the case's timeline and in the audit log. Returns the report.
 */
export async function makeSuspiciousTransactionReport(
  store: Store,
  input: { caseId: string; reporter: Reporter; reason: string; action?: string; now: number },
): Promise<FrcReportSummary> {
  return store.write(async (q) => {
    const found = await first(
      store.forUpdate(
        q.select().from(complianceCases).where(eq(complianceCases.id, input.caseId)).limit(1),
      ),
    );
    if (!found) throw new ReportError("Case not found.");
    if (found.status !== "open")
      throw new ReportError("This case is already decided: a report is made before the decision.");
    if (await caseHasReport(q, input.caseId))
      throw new ReportError("This case already has its suspicious transaction report.");
    const ids = await caseTransactionIds(q, input.caseId);
    const entityOf = entityCache(q);
    const transactions: GoamlTransaction[] = [];
    for (const payment of await paymentsByIds(q, ids.payments))
      transactions.push(await paymentTransaction(q, payment, await entityOf(payment.merchantId)));
    for (const payout of await payoutsByIds(q, ids.payouts))
      transactions.push(payoutTransaction(payout, await entityOf(payout.merchantId)));
    if (transactions.length === 0)
      throw new ReportError(
        "This case names no payment or payout: a report needs at least one transaction.",
      );
    const id = newReportId();
    const content = goamlXml({
      code: goaml.reportCodes.str,
      entityReference: id,
      submittedAt: input.now,
      reportingPerson: reportingPerson(input.reporter),
      reason: input.reason,
      action: input.action,
      transactions,
      indicators: [goaml.indicators[found.kind]],
    });
    const row = {
      id,
      kind: "str" as const,
      status: "draft" as const,
      caseId: input.caseId,
      periodStart: null,
      periodEnd: null,
      transactionCount: transactions.length,
      fileName: `STR-${fileDate(input.now)}-${id}.xml`,
      content,
      sha256: sha256(content),
      createdBy: input.reporter.id,
      createdAt: input.now,
      filedBy: null,
      filedAt: null,
      frcReference: null,
    };
    await q.insert(frcReports).values(row);
    await q.insert(complianceCaseEvents).values({
      caseId: input.caseId,
      type: "report_made",
      actorId: input.reporter.id,
      body: `Suspicious transaction report ${id} made (${transactions.length} transactions).`,
      detail: JSON.stringify({ reportId: id, sha256: row.sha256 }),
      at: input.now,
    });
    await q
      .update(complianceCases)
      .set({ updatedAt: input.now })
      .where(eq(complianceCases.id, input.caseId));
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.reporter.id,
        action: "frc_report.made",
        targetType: "frc_report",
        targetId: id,
        details: {
          kind: "str",
          caseId: input.caseId,
          transactions: transactions.length,
          sha256: row.sha256,
        },
      },
      input.now,
    );
    const { content: _content, ...summary } = row;
    return summary;
  });
}

/** The USD/KES rates that can apply to a week: the last one before it and those within it. */
async function weekRates(q: Handle, week: Week): Promise<FxRate[]> {
  const columns = { rate: fxSnapshots.rate, source: fxSnapshots.source, asOf: fxSnapshots.asOf };
  const before = await first(
    q
      .select(columns)
      .from(fxSnapshots)
      .where(and(eq(fxSnapshots.pair, USD_KES), lt(fxSnapshots.asOf, week.start)))
      .orderBy(desc(fxSnapshots.asOf), desc(fxSnapshots.id))
      .limit(1),
  );
  const within = await q
    .select(columns)
    .from(fxSnapshots)
    .where(
      and(
        eq(fxSnapshots.pair, USD_KES),
        gte(fxSnapshots.asOf, week.start),
        lt(fxSnapshots.asOf, week.end),
      ),
    )
    .orderBy(asc(fxSnapshots.asOf), asc(fxSnapshots.id));
  return before ? [before, ...within] : within;
}

export interface LargeTransaction {
  kind: "payment" | "payout";
  id: string;
  at: number;
  amountKesCents: bigint;
  usdCents: bigint;
  rate: FxRate;
}

/**
 * The week's live transactions of USD 15,000 or more at their day's rate: payments received and
 * payouts paid. Throws when a day has no rate at all (nothing can be converted).
 */
export async function largeTransactionsOf(
  q: Handle,
  week: Week,
): Promise<{ payments: LargeTransaction[]; payouts: LargeTransaction[] }> {
  const rates = await weekRates(q, week);
  const rateAt = (at: number) => {
    const rate = dayRate(rates, at);
    if (!rate)
      throw new ReportError(`No USD/KES rate for ${eatDayKey(at)}: the week cannot be converted.`);
    return rate;
  };
  const paid = await q
    .select({ id: payments.id, at: payments.confirmedAt, amount: payments.amountKesCents })
    .from(payments)
    .where(
      and(
        eq(payments.mode, "live"),
        inArray(payments.status, [...paidStatuses, "held"]),
        gte(payments.confirmedAt, week.start),
        lt(payments.confirmedAt, week.end),
      ),
    );
  const paidOut = await q
    .select({
      id: disbursementRows.id,
      at: disbursementRows.completedAt,
      amount: disbursementRows.amountKesCents,
    })
    .from(disbursementRows)
    .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
    .where(
      and(
        eq(disbursementBatches.mode, "live"),
        eq(disbursementRows.status, "paid"),
        gte(disbursementRows.completedAt, week.start),
        lt(disbursementRows.completedAt, week.end),
      ),
    );
  const large =
    (kind: LargeTransaction["kind"]) =>
    (row: { id: string; at: number | null; amount: bigint | null }): LargeTransaction[] => {
      if (row.at === null || row.amount === null) return [];
      const rate = rateAt(row.at);
      return isLargeTransaction(row.amount, rate.rate)
        ? [
            {
              kind,
              id: row.id,
              at: row.at,
              amountKesCents: row.amount,
              usdCents: usdCents(row.amount, rate.rate),
              rate,
            },
          ]
        : [];
    };
  const byTime = (a: LargeTransaction, b: LargeTransaction) =>
    a.at - b.at || a.id.localeCompare(b.id);
  return {
    payments: paid.flatMap(large("payment")).sort(byTime),
    payouts: paidOut.flatMap(large("payout")).sort(byTime),
  };
}

const usdText = (cents: bigint) =>
  `USD ${(cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${String(cents % 100n).padStart(2, "0")}`;

/** What a large transaction's comment says of its conversion: the rate used. */
const rateComment = (large: LargeTransaction) =>
  `${usdText(large.usdCents)} at USD/KES ${large.rate.rate} (${large.rate.source}, as of ${new Date(large.rate.asOf).toISOString()}), the rate of ${eatDayKey(large.at)} in Nairobi.`;

export type LtrOutcome =
  | { outcome: "made"; report: FrcReportSummary }
  | { outcome: "exists"; report: FrcReportSummary }
  | { outcome: "none" };

/**
 * The week's large transaction report, once per week: made when the week has transactions of USD
 * 15,000 or more; nothing (no file) when it has none; the existing one when it was made already.
 */
export async function makeLargeTransactionReport(
  store: Store,
  input: { week: Week; reporter: Reporter | null; now: number },
): Promise<LtrOutcome> {
  const existing = async (q: Handle) =>
    first(
      q
        .select(summaryColumns)
        .from(frcReports)
        .where(and(eq(frcReports.kind, "ltr"), eq(frcReports.periodStart, input.week.start)))
        .limit(1),
    );
  return store.write(async (q): Promise<LtrOutcome> => {
    const made = await existing(q);
    if (made) return { outcome: "exists", report: made };
    const found = await largeTransactionsOf(q, input.week);
    if (found.payments.length + found.payouts.length === 0) return { outcome: "none" };
    const entityOf = entityCache(q);
    const transactions: GoamlTransaction[] = [];
    const paymentRows = new Map(
      (
        await paymentsByIds(
          q,
          found.payments.map((one) => one.id),
        )
      ).map((row) => [row.id, row]),
    );
    for (const large of found.payments) {
      const payment = paymentRows.get(large.id)!;
      transactions.push(
        await paymentTransaction(
          q,
          payment,
          await entityOf(payment.merchantId),
          rateComment(large),
        ),
      );
    }
    const payoutRows = new Map(
      (
        await payoutsByIds(
          q,
          found.payouts.map((one) => one.id),
        )
      ).map((row) => [row.id, row]),
    );
    for (const large of found.payouts) {
      const payout = payoutRows.get(large.id)!;
      transactions.push(
        payoutTransaction(payout, await entityOf(payout.merchantId), rateComment(large)),
      );
    }
    transactions.sort((a, b) => a.at - b.at || a.number.localeCompare(b.number));
    const id = newReportId();
    const lastDay = eatDayKey(input.week.end - 1);
    const content = goamlXml({
      code: goaml.reportCodes.ltr,
      entityReference: id,
      submittedAt: input.now,
      reportingPerson: input.reporter ? reportingPerson(input.reporter) : null,
      reason: `Transactions of USD 15,000 or more, ${eatDayKey(input.week.start)} to ${lastDay} (Nairobi time), each converted at the USD/KES rate of its day.`,
      transactions,
      indicators: [goaml.indicators.ltr],
    });
    const row = {
      id,
      kind: "ltr" as const,
      status: "draft" as const,
      caseId: null,
      periodStart: input.week.start,
      periodEnd: input.week.end,
      transactionCount: transactions.length,
      fileName: `CTR-${eatDayKey(input.week.start)}-${id}.xml`,
      content,
      sha256: sha256(content),
      createdBy: input.reporter?.id ?? null,
      createdAt: input.now,
      filedBy: null,
      filedAt: null,
      frcReference: null,
    };
    // The unique index (kind, period_start) keeps it once per week across processes.
    const inserted = await q
      .insert(frcReports)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: frcReports.id });
    if (inserted.length === 0) {
      const other = await existing(q);
      if (other) return { outcome: "exists", report: other };
      throw new ReportError("The report could not be stored.");
    }
    const rates = Object.fromEntries(
      [...found.payments, ...found.payouts].map((large) => [eatDayKey(large.at), large.rate]),
    );
    await recordAudit(
      q,
      {
        actorType: input.reporter ? "operator" : "system",
        actorId: input.reporter?.id ?? null,
        action: "frc_report.made",
        targetType: "frc_report",
        targetId: id,
        details: {
          kind: "ltr" satisfies FrcReportKind,
          periodStart: input.week.start,
          transactions: transactions.length,
          sha256: row.sha256,
          rates,
        },
      },
      input.now,
    );
    const { content: _content, ...summary } = row;
    return { outcome: "made", report: summary };
  });
}

/** Record that a report was filed with the FRC, with the FRC's reference: once. */
export async function markReportFiled(
  store: Store,
  input: { id: string; operatorId: string; reference: string; now: number },
): Promise<FrcReportSummary> {
  return store.write(async (q) => {
    const found = await first(
      store.forUpdate(
        q.select(summaryColumns).from(frcReports).where(eq(frcReports.id, input.id)).limit(1),
      ),
    );
    if (!found) throw new ReportError("Report not found.");
    if (found.status === "filed")
      throw new ReportError(`This report is already filed (FRC reference ${found.frcReference}).`);
    await q
      .update(frcReports)
      .set({
        status: "filed",
        filedBy: input.operatorId,
        filedAt: input.now,
        frcReference: input.reference,
      })
      .where(eq(frcReports.id, input.id));
    if (found.caseId)
      await q.insert(complianceCaseEvents).values({
        caseId: found.caseId,
        type: "report_filed",
        actorId: input.operatorId,
        body: `Report ${found.id} filed with the FRC, reference ${input.reference}.`,
        detail: JSON.stringify({ reportId: found.id, frcReference: input.reference }),
        at: input.now,
      });
    await recordAudit(
      q,
      {
        actorType: "operator",
        actorId: input.operatorId,
        action: "frc_report.filed",
        targetType: "frc_report",
        targetId: input.id,
        details: { kind: found.kind, frcReference: input.reference, caseId: found.caseId },
      },
      input.now,
    );
    return {
      ...found,
      status: "filed",
      filedBy: input.operatorId,
      filedAt: input.now,
      frcReference: input.reference,
    };
  });
}
