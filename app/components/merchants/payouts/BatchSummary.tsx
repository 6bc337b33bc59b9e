/**
 * A payout batch in figures. Before approval: rows per state and what the ready rows cost (amount,
 * our fee, the rails' charges, the total) against the available balance, with the shortfall when
 * it is short. After approval: progress (paid, sent, queued, failed, cancelled) and the money paid
 * and still on its way.
 */
import { Link } from "@remix-run/react";
import { Card } from "~/components/ui";
import { feeBps, exciseDutyBps } from "~/content/tariff";
import type { RowStatus } from "~/core/disbursements/vocabulary";
import { payoutBatchMessages } from "~/i18n/catalogs/payout-batches";
import { useMessages } from "~/i18n/use-messages";
import { formatKesCents, formatPercent } from "~/utils/format";
import type { BatchSummaryView } from "./BatchView";

/** A count as shown ("1,250"), and whether it is one. */
const counted = (count: number): [string, boolean] => [count.toLocaleString("en-KE"), count === 1];

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-2">
      <dt className="text-slate-700">{label}</dt>
      <dd className={strong ? "font-bold text-ink" : "font-medium text-ink"}>{value}</dd>
    </div>
  );
}

function RowCounts({ summary, states }: { summary: BatchSummaryView; states: RowStatus[] }) {
  const m = useMessages(payoutBatchMessages);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {states.map((state) => (
        <div key={state} className="rounded-lg bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">{m.rowStatus[state]}</dt>
          <dd className="text-2xl font-bold text-ink">
            {summary.counts[state].toLocaleString("en-KE")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Before approval: the rows and what paying the ready ones costs. */
export function BatchCostSummary({ summary }: { summary: BatchSummaryView }) {
  const m = useMessages(payoutBatchMessages).summary;
  const { ready, balance } = summary;
  return (
    <section aria-label={m.label} className="mt-8 grid gap-6 lg:grid-cols-2">
      <Card title={m.rows} headingLevel="h2">
        <p className="mb-4">{m.rowsInBatch(m.rowCount(...counted(summary.rows)))}</p>
        <RowCounts summary={summary} states={["ready", "invalid", "dropped"]} />
      </Card>
      <Card title={m.cost} headingLevel="h2">
        <dl>
          <Figure
            label={m.paidToRecipientsReady(...counted(ready.count))}
            value={formatKesCents(ready.amount)}
          />
          <Figure label={m.ourFee(formatPercent(feeBps.b2c))} value={formatKesCents(ready.fee)} />
          <Figure
            label={m.excise(formatPercent(exciseDutyBps))}
            value={formatKesCents(ready.excise)}
          />
          <Figure label={m.railCharges} value={formatKesCents(ready.charge)} />
          <Figure label={m.total} value={formatKesCents(ready.total)} strong />
          {balance ? (
            <Figure label={m.available} value={formatKesCents(balance.available)} />
          ) : null}
        </dl>
        {balance?.shortfall ? (
          <p role="status" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-900">
            {m.short(formatKesCents(balance.shortfall))}
          </p>
        ) : balance ? (
          <p className="mt-4 text-sm text-slate-700">{m.covers}</p>
        ) : null}
      </Card>
    </section>
  );
}

/** After approval: how far the payouts have gone. */
export function BatchProgress({ summary }: { summary: BatchSummaryView }) {
  const m = useMessages(payoutBatchMessages).summary;
  const { counts } = summary;
  const total = counts.queued + counts.sent + counts.paid + counts.failed + counts.cancelled;
  const finished = counts.paid + counts.failed + counts.cancelled;
  return (
    <section aria-labelledby="batch-progress-title" className="mt-8 grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 id="batch-progress-title" className="text-lg font-semibold text-ink">
          {m.progress}
        </h2>
        <label htmlFor="batch-progress" className="mt-3 block text-slate-800">
          {m.finished(
            finished.toLocaleString("en-KE"),
            total.toLocaleString("en-KE"),
            total === 1,
            counts.paid.toLocaleString("en-KE"),
          )}
          {counts.failed ? m.failedPart(counts.failed.toLocaleString("en-KE")) : ""}
          {counts.cancelled ? m.cancelledPart(counts.cancelled.toLocaleString("en-KE")) : ""}
        </label>
        <progress
          id="batch-progress"
          max={Math.max(total, 1)}
          value={finished}
          className="mt-2 h-3 w-full"
        >
          {m.of(String(finished), String(total))}
        </progress>
        <div className="mt-4">
          <RowCounts summary={summary} states={["paid", "sent", "queued", "failed", "cancelled"]} />
        </div>
      </Card>
      <Card title={m.money} headingLevel="h2">
        <dl>
          <Figure label={m.paidToRecipients} value={formatKesCents(summary.paid)} strong />
          <Figure label={m.onItsWay} value={formatKesCents(summary.open)} />
          {summary.reserved !== null ? (
            <Figure label={m.setAside} value={formatKesCents(summary.reserved)} />
          ) : null}
        </dl>
        {counts.failed > 0 ? <p className="mt-4 text-sm text-slate-700">{m.failedNote}</p> : null}
      </Card>
    </section>
  );
}

/** What to look at before submitting or approving: one line per kind of problem. */
export function BatchNotices({
  summary,
  links,
}: {
  summary: BatchSummaryView;
  links: { invalid: string; attention: string };
}) {
  const m = useMessages(payoutBatchMessages).summary;
  const { attention, counts } = summary;
  const notices: { key: string; text: string; href?: string }[] = [];
  if (counts.invalid > 0)
    notices.push({
      key: "invalid",
      text: m.invalid(...counted(counts.invalid)),
      href: links.invalid,
    });
  if (attention.duplicatesInFile > 0)
    notices.push({
      key: "duplicates",
      text: m.duplicates(...counted(attention.duplicatesInFile)),
      href: links.attention,
    });
  if (attention.recentDuplicates > 0)
    notices.push({
      key: "recent",
      text: m.recent(...counted(attention.recentDuplicates)),
      href: links.attention,
    });
  if (attention.nameMismatches > 0)
    notices.push({
      key: "names",
      text: m.names(...counted(attention.nameMismatches)),
      href: links.attention,
    });
  if (attention.namesNotFound > 0)
    notices.push({
      key: "not-found",
      text: m.notFound(...counted(attention.namesNotFound)),
      href: links.attention,
    });
  if (attention.namesPending > 0)
    notices.push({
      key: "pending",
      text: m.pending(...counted(attention.namesPending)),
    });
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="batch-notices-title"
      className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
    >
      <h2 id="batch-notices-title" className="text-lg font-semibold">
        {m.checkBefore}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        {notices.map((notice) => (
          <li key={notice.key}>
            {notice.text}{" "}
            {notice.href ? (
              <Link to={notice.href} className="font-semibold underline underline-offset-4">
                {notice.key === "invalid" ? m.showThem : m.showRows}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
