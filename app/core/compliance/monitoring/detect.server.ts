/**
 * The rules themselves (ADR 0056): each reads its window and says what fired, as findings. A
 * finding names its subject (a merchant's payments or payouts, a source address, a refund) and its
 * window: with the rule, that is the alert's fingerprint, so the same pattern read again raises
 * nothing new. The window of a sliding rule is the bucket (of the rule's window length) its
 * earliest event falls in; daily rules use the Nairobi day.
 */
import { eatDay, eatDayStart } from "~/core/payments/settlement-plan";
import type { Handle } from "~/db/store";
import { formatKes, formatKesCents } from "~/utils/format";
import type { MonitoringRuleKey } from "../vocabulary";
import type { Thresholds } from "./rules";
import {
  merchantFacts,
  paymentTotals,
  readCryptoRefunds,
  readPayments,
  readPayouts,
  sameAddress,
  type PaymentRead,
  type PayoutRead,
} from "./reads.server";
import { addressKey } from "../sanctions/address-key";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CENTS = 100n;
/** The most findings a rule raises in one run (the rest wait for the next). */
export const MAX_FINDINGS_PER_RULE = 50;
/** The most ids an alert's evidence lists. */
const MAX_EVIDENCE_ITEMS = 50;

export interface Finding {
  rule: MonitoringRuleKey;
  /** What it is about: "MRC-…:payments", a source address, a refund id. */
  subject: string;
  merchantId: string | null;
  /** The window it was seen in (a Nairobi day, a bucket's start, or "once"). */
  window: string;
  /** The case's title. */
  title: string;
  /** The evidence in words, for the case's timeline. */
  summary: string;
  /** The evidence as data (ids, addresses, amounts in cents as strings, numbers). */
  evidence: Record<string, unknown>;
}

export const fingerprintOf = (finding: Pick<Finding, "rule" | "subject" | "window">) =>
  `${finding.rule}:${finding.subject}:${finding.window}`;

/** The start of the `windowMs` bucket `at` falls in, as an ISO instant. */
const bucketOf = (at: number, windowMs: number) =>
  new Date(Math.floor(at / windowMs) * windowMs).toISOString();

const earliest = (events: readonly { at: number }[]) => Math.min(...events.map((each) => each.at));

const kesOf = (wholeKes: number) => BigInt(wholeKes) * CENTS;

const sumCents = (events: readonly { amountCents: bigint }[]) =>
  events.reduce((total, each) => total + each.amountCents, 0n);

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const listed = <T>(items: readonly T[]) => items.slice(0, MAX_EVIDENCE_ITEMS);

const paymentEvidence = (items: readonly PaymentRead[]) =>
  listed(items).map((each) => ({
    id: each.id,
    merchantId: each.merchantId,
    amountKesCents: each.amountCents.toString(),
    payerAddress: each.payerAddress,
    at: each.at,
  }));

const payoutEvidence = (items: readonly PayoutRead[]) =>
  listed(items).map((each) => ({
    id: each.id,
    amountKesCents: each.amountCents.toString(),
    recipient: each.recipient,
    at: each.at,
  }));

const paymentWords = (items: readonly PaymentRead[]) =>
  listed(items)
    .map((each) => `${each.id} (${formatKesCents(each.amountCents)})`)
    .join(", ");

const payoutWords = (items: readonly PayoutRead[]) =>
  listed(items)
    .map((each) => `${each.id} to ${each.recipient} (${formatKesCents(each.amountCents)})`)
    .join(", ");

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

type Detector = (q: Handle, t: Thresholds, now: number) => Promise<Finding[]>;

/** Today's count or volume over `multiple` times the average day of the history before it. */
const velocity: Detector = async (q, t, now) => {
  const dayStart = eatDayStart(now);
  const historyFrom = dayStart - t.historyDays! * DAY_MS;
  const today = groupBy(await readPayments(q, dayStart, now), (each) => each.merchantId);
  const facts = await merchantFacts(q, [...today.keys()]);
  const findings: Finding[] = [];
  for (const [merchantId, items] of today) {
    const count = items.length;
    const cents = sumCents(items);
    if (count < t.minPayments! && cents < kesOf(t.minVolumeKes!)) continue;
    // Without a full history there is nothing to compare with (the new-merchant rule covers it).
    const started = facts.get(merchantId)?.createdAt;
    if (started === undefined || started > historyFrom) continue;
    const history = await paymentTotals(q, merchantId, historyFrom, dayStart);
    const days = BigInt(t.historyDays!);
    const multiple = BigInt(t.multiple!);
    const byCount =
      count >= t.minPayments! && BigInt(count) * days > multiple * BigInt(history.count);
    const byVolume = cents >= kesOf(t.minVolumeKes!) && cents * days > multiple * history.cents;
    if (!byCount && !byVolume) continue;
    const averageCount = (history.count / t.historyDays!).toFixed(1);
    const averageCents = history.cents / days;
    findings.push({
      rule: "velocity",
      subject: merchantId,
      merchantId,
      window: eatDay(now),
      title: `Velocity: ${merchantId} took ${plural(count, "payment", "payments")} (${formatKesCents(cents)}) today, over ${t.multiple} times its daily average`,
      summary: `Today: ${plural(count, "payment", "payments")}, ${formatKesCents(cents)}. Average day over the ${t.historyDays} days before: ${averageCount} payments, ${formatKesCents(averageCents)}. Payments: ${paymentWords(items)}.`,
      evidence: {
        day: eatDay(now),
        today: { count, volumeKesCents: cents.toString() },
        history: {
          days: t.historyDays,
          count: history.count,
          volumeKesCents: history.cents.toString(),
        },
        byCount,
        byVolume,
        payments: paymentEvidence(items),
      },
    });
  }
  return findings;
};

/** Several payments just under the review limit, or single payouts just under the approval one. */
const structuring: Detector = async (q, t, now) => {
  const windowMs = t.windowHours! * HOUR_MS;
  const from = now - windowMs;
  const percentLeft = BigInt(100 - t.belowPercent!);
  const findings: Finding[] = [];

  const limit = kesOf(t.limitKes!);
  const lower = BigInt(t.limitKes!) * percentLeft;
  const under = (await readPayments(q, from, now)).filter(
    (each) => each.amountCents >= lower && each.amountCents <= limit,
  );
  for (const [merchantId, items] of groupBy(under, (each) => each.merchantId)) {
    if (items.length < t.count!) continue;
    findings.push({
      rule: "structuring",
      subject: `${merchantId}:payments`,
      merchantId,
      window: bucketOf(earliest(items), windowMs),
      title: `Suspected structuring: ${plural(items.length, "payment", "payments")} to ${merchantId} just under ${formatKes(t.limitKes!)}`,
      summary: `${plural(items.length, "payment", "payments")} within ${t.belowPercent}% under the ${formatKes(t.limitKes!)} review limit in ${plural(t.windowHours!, "hour", "hours")}: ${paymentWords(items)}. Payer addresses: ${[...new Set(items.map((each) => each.payerAddress ?? "unknown"))].join(", ")}.`,
      evidence: {
        kind: "payments",
        limitKes: t.limitKes,
        belowPercent: t.belowPercent,
        windowHours: t.windowHours,
        totalKesCents: sumCents(items).toString(),
        payments: paymentEvidence(items),
      },
    });
  }

  // Payouts: a single payout above the merchant's own threshold needs a second member's approval.
  const singles = (await readPayouts(q, from, now)).filter((each) => each.batchKind === "single");
  const facts = await merchantFacts(
    q,
    singles.map((each) => each.merchantId),
  );
  for (const [merchantId, items] of groupBy(singles, (each) => each.merchantId)) {
    const approvalKes = facts.get(merchantId)?.payoutApprovalAboveKes;
    if (!approvalKes) continue;
    const top = kesOf(approvalKes);
    const bottom = BigInt(approvalKes) * percentLeft;
    const near = items.filter((each) => each.amountCents >= bottom && each.amountCents <= top);
    if (near.length < t.count!) continue;
    findings.push({
      rule: "structuring",
      subject: `${merchantId}:payouts`,
      merchantId,
      window: bucketOf(earliest(near), windowMs),
      title: `Suspected structuring: ${plural(near.length, "payout", "payouts")} by ${merchantId} just under its ${formatKes(approvalKes)} approval threshold`,
      summary: `${plural(near.length, "single payout", "single payouts")} within ${t.belowPercent}% under the ${formatKes(approvalKes)} second-approval threshold in ${plural(t.windowHours!, "hour", "hours")}: ${payoutWords(near)}.`,
      evidence: {
        kind: "payouts",
        limitKes: approvalKes,
        belowPercent: t.belowPercent,
        windowHours: t.windowHours,
        totalKesCents: sumCents(near).toString(),
        payouts: payoutEvidence(near),
      },
    });
  }
  return findings;
};

/** One deposit source address paying several merchants, or many payments. */
const sharedSource: Detector = async (q, t, now) => {
  const windowMs = t.windowHours! * HOUR_MS;
  const paid = (await readPayments(q, now - windowMs, now)).filter((each) => each.payerAddress);
  const findings: Finding[] = [];
  const bySource = groupBy(paid, (each) => `${each.network}:${addressKey(each.payerAddress!)}`);
  for (const [subject, items] of bySource) {
    const merchantIds = [...new Set(items.map((each) => each.merchantId))];
    if (merchantIds.length < t.merchants! && items.length < t.payments!) continue;
    const address = items[0]!.payerAddress!;
    findings.push({
      rule: "shared_source",
      subject,
      merchantId: merchantIds.length === 1 ? merchantIds[0]! : null,
      window: bucketOf(earliest(items), windowMs),
      title: `One source address paid ${plural(merchantIds.length, "merchant", "merchants")} ${plural(items.length, "time", "times")}: ${address}`,
      summary: `Address ${address} on ${items[0]!.network} made ${plural(items.length, "payment", "payments")} (${formatKesCents(sumCents(items))}) to ${merchantIds.join(", ")} in ${plural(t.windowHours!, "hour", "hours")}: ${paymentWords(items)}.`,
      evidence: {
        address,
        network: items[0]!.network,
        merchants: merchantIds,
        totalKesCents: sumCents(items).toString(),
        payments: paymentEvidence(items),
      },
    });
  }
  return findings;
};

/** A crypto refund to an address other than the one its payment came from. */
const refundElsewhere: Detector = async (q, t, now) => {
  const refunds = await readCryptoRefunds(q, now - t.windowHours! * HOUR_MS, now);
  return refunds
    .filter(
      (each) =>
        each.payerAddress !== null &&
        !sameAddress(each.destination, each.payerAddress) &&
        each.valueCents >= kesOf(t.minAmountKes!),
    )
    .map((each) => ({
      rule: "refund_elsewhere" as const,
      subject: each.id,
      merchantId: each.merchantId,
      window: "once",
      title: `Refund ${each.id} to another address than payment ${each.paymentId} came from`,
      summary: `Refund ${each.id} (${formatKesCents(each.valueCents)}) of payment ${each.paymentId} goes to ${each.destination}; the payment came from ${each.payerAddress} on ${each.network}.`,
      evidence: {
        refundId: each.id,
        paymentId: each.paymentId,
        destination: each.destination,
        source: each.payerAddress,
        network: each.network,
        valueKesCents: each.valueCents.toString(),
      },
    }));
};

/** A merchant younger than `maxAgeDays` taking `volumeKes` or more in the window. */
const newMerchantSpike: Detector = async (q, t, now) => {
  const windowMs = t.windowHours! * HOUR_MS;
  const paid = groupBy(await readPayments(q, now - windowMs, now), (each) => each.merchantId);
  const facts = await merchantFacts(q, [...paid.keys()]);
  const findings: Finding[] = [];
  for (const [merchantId, items] of paid) {
    const started = facts.get(merchantId)?.createdAt;
    if (started === undefined || started < now - t.maxAgeDays! * DAY_MS) continue;
    const cents = sumCents(items);
    if (cents < kesOf(t.volumeKes!)) continue;
    const ageDays = Math.max(0, Math.floor((now - started) / DAY_MS));
    findings.push({
      rule: "new_merchant_spike",
      subject: merchantId,
      merchantId,
      window: bucketOf(earliest(items), windowMs),
      title: `New merchant ${merchantId} (${plural(ageDays, "day", "days")} old) took ${formatKesCents(cents)} in ${plural(t.windowHours!, "hour", "hours")}`,
      summary: `${plural(items.length, "payment", "payments")} totalling ${formatKesCents(cents)}, over the ${formatKes(t.volumeKes!)} threshold for merchants younger than ${t.maxAgeDays} days: ${paymentWords(items)}.`,
      evidence: {
        merchantSince: started,
        ageDays,
        totalKesCents: cents.toString(),
        payments: paymentEvidence(items),
      },
    });
  }
  return findings;
};

/** Payouts to many recipients the merchant had not paid in its recent history. */
const newRecipients: Detector = async (q, t, now) => {
  const windowMs = t.windowHours! * HOUR_MS;
  const from = now - windowMs;
  const findings: Finding[] = [];
  for (const [merchantId, items] of groupBy(await readPayouts(q, from, now), (e) => e.merchantId)) {
    if (new Set(items.map((each) => each.recipient)).size < t.recipients!) continue;
    const earlier = await readPayouts(q, from - t.historyDays! * DAY_MS, from - 1, merchantId);
    const known = new Set(earlier.map((each) => each.recipient));
    const fresh = items.filter((each) => !known.has(each.recipient));
    const recipients = [...new Set(fresh.map((each) => each.recipient))];
    if (recipients.length < t.recipients!) continue;
    findings.push({
      rule: "new_recipients",
      subject: `${merchantId}:payouts`,
      merchantId,
      window: bucketOf(earliest(fresh), windowMs),
      title: `Payouts by ${merchantId} to ${plural(recipients.length, "new recipient", "new recipients")} in ${plural(t.windowHours!, "hour", "hours")}`,
      summary: `${plural(recipients.length, "recipient", "recipients")} not paid in the ${t.historyDays} days before: ${payoutWords(fresh)}.`,
      evidence: {
        recipients: listed(recipients),
        totalKesCents: sumCents(fresh).toString(),
        payouts: payoutEvidence(fresh),
      },
    });
  }
  return findings;
};

/** Many round amounts (payments, or payouts) from one merchant within a short window. */
const roundBursts: Detector = async (q, t, now) => {
  const windowMs = t.windowHours! * HOUR_MS;
  const from = now - windowMs;
  const unit = kesOf(t.roundToKes!);
  const floor = kesOf(t.minAmountKes!);
  const isRound = (each: { amountCents: bigint }) =>
    each.amountCents >= floor && each.amountCents > 0n && each.amountCents % unit === 0n;
  const findings: Finding[] = [];
  const kinds = [
    { kind: "payments", items: (await readPayments(q, from, now)).filter(isRound) },
    { kind: "payouts", items: (await readPayouts(q, from, now)).filter(isRound) },
  ] as const;
  for (const { kind, items } of kinds)
    for (const [merchantId, group] of groupBy<PaymentRead | PayoutRead>(
      items,
      (each) => each.merchantId,
    )) {
      if (group.length < t.count!) continue;
      const words =
        kind === "payments"
          ? paymentWords(group as PaymentRead[])
          : payoutWords(group as PayoutRead[]);
      findings.push({
        rule: "round_bursts",
        subject: `${merchantId}:${kind}`,
        merchantId,
        window: bucketOf(earliest(group), windowMs),
        title: `${plural(group.length, "round amount", "round amounts")} in ${kind} of ${merchantId} within ${plural(t.windowHours!, "hour", "hours")}`,
        summary: `Amounts in whole multiples of ${formatKes(t.roundToKes!)}: ${words}.`,
        evidence: {
          kind,
          roundToKes: t.roundToKes,
          totalKesCents: sumCents(group).toString(),
          [kind]:
            kind === "payments"
              ? paymentEvidence(group as PaymentRead[])
              : payoutEvidence(group as PayoutRead[]),
        },
      });
    }
  return findings;
};

export const detectors: Record<MonitoringRuleKey, Detector> = {
  velocity,
  structuring,
  shared_source: sharedSource,
  refund_elsewhere: refundElsewhere,
  new_merchant_spike: newMerchantSpike,
  new_recipients: newRecipients,
  round_bursts: roundBursts,
};
