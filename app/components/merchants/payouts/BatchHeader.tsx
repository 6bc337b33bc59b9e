/**
 * The top of a payout batch page: its title and status, what kind of batch it is, the file it came
 * from, who made it and who decided it (with the reason for a rejection).
 */
import { formatEatDateTime } from "~/utils/format";
import { BatchStatusBadge, type BatchHeaderView } from "./BatchView";

function When({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{formatEatDateTime(at)}</time>;
}

export function BatchHeader({ batch }: { batch: BatchHeaderView }) {
  const decided = batch.status === "rejected" ? "Rejected by" : "Approved by";
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
          <strong className="font-bold">Test data.</strong> This batch pays from your test balance
          through the simulators: no real money moves.
        </p>
      ) : null}
      <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-slate-600">Kind</dt>
          <dd className="font-medium text-ink">
            {batch.kind === "bulk" ? "Bulk payouts from a file" : "One payout"}
          </dd>
        </div>
        {batch.fileName ? (
          <div>
            <dt className="text-slate-600">File</dt>
            <dd className="break-all font-medium text-ink">{batch.fileName}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-slate-600">Made by</dt>
          <dd className="font-medium text-ink">
            {batch.madeBy}, <When at={batch.createdAt} />
          </dd>
        </div>
        {batch.submittedAt !== null ? (
          <div>
            <dt className="text-slate-600">Submitted</dt>
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
            <dt className="text-slate-600">Completed</dt>
            <dd className="font-medium text-ink">
              <When at={batch.completedAt} />
            </dd>
          </div>
        ) : null}
      </dl>
      {batch.status === "rejected" ? (
        <div className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
          <h2 className="font-semibold">Why it was rejected</h2>
          <p className="mt-1 whitespace-pre-line">{batch.decisionNote ?? "No reason was given."}</p>
        </div>
      ) : null}
    </header>
  );
}
