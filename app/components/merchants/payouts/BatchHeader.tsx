/**
 * The top of a payout batch page: its title and status, what kind of batch it is, the file it came
 * from, who made it and who decided it (with the reason for a rejection).
 */
import { payoutBatchMessages } from "~/i18n/catalogs/payout-batches";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { formatEatDateTime } from "~/utils/format";
import { BatchStatusBadge, type BatchHeaderView } from "./BatchView";

function When({ at }: { at: number }) {
  const locale = useLocale();
  return <time dateTime={new Date(at).toISOString()}>{formatEatDateTime(at, locale)}</time>;
}

export function BatchHeader({ batch }: { batch: BatchHeaderView }) {
  const m = useMessages(payoutBatchMessages).header;
  const decided = batch.status === "rejected" ? m.rejectedBy : m.approvedBy;
  return (
    <header>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-ink">{batch.title}</h1>
        <BatchStatusBadge status={batch.status} label={batch.statusLabel} />
      </div>
      <p className="mt-2 font-mono text-sm text-slate-600">{batch.id}</p>
      {batch.mode === "test" ? (
        <p
          role="note"
          className="mt-4 rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 font-medium text-amber-950"
        >
          <strong className="font-bold">{m.testData}</strong> {m.testNote}
        </p>
      ) : null}
      <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-600">{m.kind}</dt>
          <dd className="font-medium text-ink">{batch.kind === "bulk" ? m.bulk : m.single}</dd>
        </div>
        {batch.fileName ? (
          <div>
            <dt className="text-slate-600">{m.file}</dt>
            <dd className="break-all font-medium text-ink">{batch.fileName}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-slate-600">{m.madeBy}</dt>
          <dd className="font-medium text-ink">
            {batch.madeBy}, <When at={batch.createdAt} />
          </dd>
        </div>
        {batch.submittedAt !== null ? (
          <div>
            <dt className="text-slate-600">{m.submitted}</dt>
            <dd className="font-medium text-ink">
              <When at={batch.submittedAt} />
            </dd>
          </div>
        ) : null}
        {batch.decidedBy !== null && batch.decidedAt !== null ? (
          <div>
            <dt className="text-slate-600">{decided}</dt>
            <dd className="font-medium text-ink">
              {batch.decidedBy}, <When at={batch.decidedAt} />
            </dd>
          </div>
        ) : null}
        {batch.completedAt !== null ? (
          <div>
            <dt className="text-slate-600">{m.completed}</dt>
            <dd className="font-medium text-ink">
              <When at={batch.completedAt} />
            </dd>
          </div>
        ) : null}
      </dl>
      {batch.status === "rejected" ? (
        <div className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
          <h2 className="font-semibold">{m.whyRejected}</h2>
          <p className="mt-1 whitespace-pre-line">{batch.decisionNote ?? m.noReason}</p>
        </div>
      ) : null}
    </header>
  );
}
