/**
 * A payout batch in figures. Before approval: rows per state and what the ready rows cost (amount,
 * our fee, the rails' charges, the total) against the available balance, with the shortfall when
 * it is short. After approval: progress (paid, sent, queued, failed, cancelled) and the money paid
 * and still on its way.
 */
import { Link } from "@remix-run/react";
import { Card } from "~/components/ui";
import { feeBps, exciseDutyBps } from "~/content/tariff";
import { rowStatusLabels, type RowStatus } from "~/core/disbursements/vocabulary";
import { formatKesCents, formatPercent } from "~/utils/format";
import type { BatchSummaryView } from "./BatchView";

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-KE")} ${count === 1 ? one : many}`;

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-2">
      <dt className="text-slate-700">{label}</dt>
      <dd className={strong ? "font-bold text-ink" : "font-medium text-ink"}>{value}</dd>
    </div>
  );
}

function RowCounts({ summary, states }: { summary: BatchSummaryView; states: RowStatus[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {states.map((state) => (
        <div key={state} className="rounded-lg bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">{rowStatusLabels[state]}</dt>
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
  const { ready, balance } = summary;
  return (
    <section aria-label="Summary" className="mt-8 grid gap-6 lg:grid-cols-2">
      <Card title="Rows" headingLevel="h2">
        <p className="mb-4">{plural(summary.rows, "row", "rows")} in this batch.</p>
        <RowCounts summary={summary} states={["ready", "invalid", "dropped"]} />
      </Card>
      <Card title="What it costs" headingLevel="h2">
        <dl>
          <Figure
            label={`Paid to recipients (${plural(ready.count, "ready row", "ready rows")})`}
            value={formatKesCents(ready.amount)}
          />
          <Figure
            label={`Our fee (${formatPercent(feeBps.b2c)})`}
            value={formatKesCents(ready.fee)}
          />
          <Figure
            label={`Excise duty (${formatPercent(exciseDutyBps)} of our fee)`}
            value={formatKesCents(ready.excise)}
          />
          <Figure label="Rail charges, at cost" value={formatKesCents(ready.charge)} />
          <Figure label="Total from your balance" value={formatKesCents(ready.total)} strong />
          {balance ? (
            <Figure label="Available balance" value={formatKesCents(balance.available)} />
          ) : null}
        </dl>
        {balance?.shortfall ? (
          <p role="status" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-900">
            Your available balance is {formatKesCents(balance.shortfall)} short of this total. It
            cannot be approved until the balance covers it.
          </p>
        ) : balance ? (
          <p className="mt-4 text-sm text-slate-700">
            Your available balance covers this total. The money is set aside when the batch is
            approved.
          </p>
        ) : null}
      </Card>
    </section>
  );
}

/** After approval: how far the payouts have gone. */
export function BatchProgress({ summary }: { summary: BatchSummaryView }) {
  const { counts } = summary;
  const total = counts.queued + counts.sent + counts.paid + counts.failed + counts.cancelled;
  const finished = counts.paid + counts.failed + counts.cancelled;
  return (
    <section aria-labelledby="batch-progress-title" className="mt-8 grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 id="batch-progress-title" className="text-lg font-semibold text-ink">
          Progress
        </h2>
        <label htmlFor="batch-progress" className="mt-3 block text-slate-800">
          {finished.toLocaleString("en-KE")} of {plural(total, "payout", "payouts")} finished:{" "}
          {counts.paid.toLocaleString("en-KE")} paid
          {counts.failed ? `, ${counts.failed.toLocaleString("en-KE")} failed` : ""}
          {counts.cancelled ? `, ${counts.cancelled.toLocaleString("en-KE")} cancelled` : ""}
        </label>
        <progress
          id="batch-progress"
          max={Math.max(total, 1)}
          value={finished}
          className="mt-2 h-3 w-full"
        >
          {finished} of {total}
        </progress>
        <div className="mt-4">
          <RowCounts summary={summary} states={["paid", "sent", "queued", "failed", "cancelled"]} />
        </div>
      </Card>
      <Card title="Money" headingLevel="h2">
        <dl>
          <Figure label="Paid to recipients" value={formatKesCents(summary.paid)} strong />
          <Figure label="Still on its way" value={formatKesCents(summary.open)} />
          {summary.reserved !== null ? (
            <Figure
              label="Set aside at approval (with fees)"
              value={formatKesCents(summary.reserved)}
            />
          ) : null}
        </dl>
        {counts.failed > 0 ? (
          <p className="mt-4 text-sm text-slate-700">
            The money of a failed payout is back in your available balance: retry it to pay it
            again, or cancel it.
          </p>
        ) : null}
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
  const { attention, counts } = summary;
  const notices: { key: string; text: string; href?: string }[] = [];
  if (counts.invalid > 0)
    notices.push({
      key: "invalid",
      text: `${plural(counts.invalid, "row needs", "rows need")} fixing: fix or drop ${counts.invalid === 1 ? "it" : "them"} before the batch is submitted.`,
      href: links.invalid,
    });
  if (attention.duplicatesInFile > 0)
    notices.push({
      key: "duplicates",
      text: `${plural(attention.duplicatesInFile, "row pays", "rows pay")} the same recipient the same amount as an earlier line of this file.`,
      href: links.attention,
    });
  if (attention.recentDuplicates > 0)
    notices.push({
      key: "recent",
      text: `${plural(attention.recentDuplicates, "row pays", "rows pay")} a recipient the same amount as a payout of the last 7 days.`,
      href: links.attention,
    });
  if (attention.nameMismatches > 0)
    notices.push({
      key: "names",
      text: `${plural(attention.nameMismatches, "name does", "names do")} not match, or only partly match, the name registered with the rail.`,
      href: links.attention,
    });
  if (attention.namesNotFound > 0)
    notices.push({
      key: "not-found",
      text: `${plural(attention.namesNotFound, "account was", "accounts were")} not found on ${attention.namesNotFound === 1 ? "its" : "their"} rail.`,
      href: links.attention,
    });
  if (attention.namesPending > 0)
    notices.push({
      key: "pending",
      text: `Name checks are still running for ${plural(attention.namesPending, "row", "rows")}: their results show here when they finish.`,
    });
  if (notices.length === 0) return null;
  return (
    <section
      aria-labelledby="batch-notices-title"
      className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
    >
      <h2 id="batch-notices-title" className="text-lg font-semibold">
        Check before approving
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        {notices.map((notice) => (
          <li key={notice.key}>
            {notice.text}{" "}
            {notice.href ? (
              <Link to={notice.href} className="font-semibold underline underline-offset-4">
                Show {notice.key === "invalid" ? "them" : "rows to look at"}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
