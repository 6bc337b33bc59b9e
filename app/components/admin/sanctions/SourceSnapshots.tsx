/**
 * One list on the sanctions lists page: its active snapshot (published, imported, counts,
 * checksum, origin, who), what its last import changed, and its recent snapshots with the reasons
 * of rejected ones.
 */
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import {
  DIFF_NAMES_SHOWN,
  snapshotStatusLabels,
  snapshotTriggerLabels,
} from "~/content/sanctions-lists";
import type { SnapshotStatus, SnapshotTrigger } from "~/core/compliance/vocabulary";
import { cx } from "~/components/ui";
import { formatDate, formatEatDateTime, formatFileSize } from "~/utils/format";

export interface DiffItemOnPage {
  uid: string;
  name: string;
}

export interface SnapshotOnPage {
  id: string;
  status: SnapshotStatus;
  trigger: SnapshotTrigger;
  origin: string;
  publishedAt: number | null;
  checksum: string;
  byteSize: number;
  entryCount: number;
  nameCount: number;
  addressCount: number;
  reason: string | null;
  importedByName: string | null;
  createdAt: number;
  diff: {
    previousId: string | null;
    counts: { added: number; removed: number; changed: number; unchanged: number };
    added: DiffItemOnPage[];
    removed: DiffItemOnPage[];
    changed: DiffItemOnPage[];
  } | null;
}

const count = new Intl.NumberFormat("en-KE");
const who = (snapshot: SnapshotOnPage) =>
  snapshot.trigger === "upload"
    ? `${snapshotTriggerLabels.upload} by ${snapshot.importedByName ?? "an operator"}`
    : snapshotTriggerLabels.scheduled;

export function StatusBadge({ status }: { status: SnapshotStatus }) {
  return (
    <span
      className={cx(
        "inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
        status === "active" && "bg-emerald-100 text-emerald-900",
        status === "superseded" && "bg-slate-100 text-slate-800",
        status === "rejected" && "bg-red-100 text-red-900",
      )}
    >
      {snapshotStatusLabels[status]}
    </span>
  );
}

/** What a snapshot is: the facts an operator checks. */
export function SnapshotFacts({ snapshot }: { snapshot: SnapshotOnPage }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-600">Published</dt>
      <dd>{snapshot.publishedAt === null ? "Not stated" : formatDate(snapshot.publishedAt)}</dd>
      <dt className="text-slate-600">Imported</dt>
      <dd>{formatEatDateTime(snapshot.createdAt)}</dd>
      <dt className="text-slate-600">Entries</dt>
      <dd>{count.format(snapshot.entryCount)}</dd>
      <dt className="text-slate-600">Names</dt>
      <dd>{count.format(snapshot.nameCount)}</dd>
      <dt className="text-slate-600">Crypto addresses</dt>
      <dd>{count.format(snapshot.addressCount)}</dd>
      <dt className="text-slate-600">Checksum (SHA-256)</dt>
      <dd>
        <code title={snapshot.checksum}>{snapshot.checksum.slice(0, 12)}</code>
      </dd>
      <dt className="text-slate-600">Size</dt>
      <dd>{formatFileSize(snapshot.byteSize)}</dd>
      <dt className="text-slate-600">From</dt>
      <dd className="break-all">{snapshot.origin}</dd>
      <dt className="text-slate-600">How</dt>
      <dd>{who(snapshot)}</dd>
      {snapshot.reason ? (
        <>
          <dt className="text-slate-600">Why rejected</dt>
          <dd className="text-red-800">{snapshot.reason}</dd>
        </>
      ) : null}
    </dl>
  );
}

function DiffList({
  label,
  items,
  total,
}: {
  label: string;
  items: DiffItemOnPage[];
  total: number;
}) {
  if (total === 0) return null;
  const shown = items.slice(0, DIFF_NAMES_SHOWN);
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-ink">
        {label} ({count.format(total)})
      </h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
        {shown.map((item) => (
          <li key={item.uid}>
            {item.name} <span className="text-slate-600">({item.uid})</span>
          </li>
        ))}
      </ul>
      {total > shown.length ? (
        <p className="mt-1 text-sm text-slate-700">and {count.format(total - shown.length)} more</p>
      ) : null}
    </div>
  );
}

/** What an import changed against the snapshot before it. */
export function DiffSummary({ diff }: { diff: NonNullable<SnapshotOnPage["diff"]> }) {
  const { counts } = diff;
  return (
    <div>
      <p className="text-sm text-slate-800">
        {diff.previousId === null
          ? `The first import of this list: ${count.format(counts.added)} entries.`
          : `${count.format(counts.added)} added, ${count.format(counts.removed)} removed, ` +
            `${count.format(counts.changed)} changed, ${count.format(counts.unchanged)} unchanged.`}
      </p>
      {diff.previousId === null ? null : (
        <>
          <DiffList label="Added" items={diff.added} total={counts.added} />
          <DiffList label="Removed" items={diff.removed} total={counts.removed} />
          <DiffList label="Changed" items={diff.changed} total={counts.changed} />
        </>
      )}
    </div>
  );
}

export interface LastRunOnPage {
  startedAt: number;
  outcome: "succeeded" | "failed" | "running";
  result: string | null;
}

const RUN_RESULTS: Record<string, string> = {
  imported: "a new snapshot",
  unchanged: "no change",
  rejected: "rejected (see below)",
};

/** "Last daily fetch 30 Nov 2026, 05:00 EAT: no change." */
function lastRunText(run: LastRunOnPage): string {
  const when = `Last daily fetch ${formatEatDateTime(run.startedAt)}`;
  if (run.outcome === "running") return `${when}: running.`;
  if (run.outcome === "failed") return `${when}: failed. ${run.result ?? ""}`.trim();
  return `${when}: ${RUN_RESULTS[run.result ?? ""] ?? "done"}.`;
}

export function SourceSnapshots({
  id,
  label,
  active,
  recent,
  scheduled,
  lastRun,
}: {
  id: string;
  label: string;
  active: SnapshotOnPage | null;
  recent: SnapshotOnPage[];
  scheduled: string | null;
  lastRun: LastRunOnPage | null;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold text-ink">
        {label}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {scheduled ?? "Not fetched automatically: no URL is set for this list."}
      </p>
      {lastRun ? (
        <p
          className={cx(
            "mt-1 text-sm",
            lastRun.outcome === "failed" ? "text-red-800" : "text-slate-700",
          )}
        >
          {lastRunText(lastRun)}
        </p>
      ) : null}
      {active ? (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="text-lg font-semibold text-ink">Active snapshot</h3>
            <div className="mt-2">
              <SnapshotFacts snapshot={active} />
            </div>
          </div>
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h3 className="text-lg font-semibold text-ink">What the last import changed</h3>
            <div className="mt-2">
              {active.diff ? <DiffSummary diff={active.diff} /> : <p>No difference recorded.</p>}
            </div>
          </div>
        </div>
      ) : (
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          No snapshot of this list is active yet: nothing is screened against it. Import it below.
        </p>
      )}
      {recent.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-semibold text-ink">Recent snapshots of the {label}</h3>
          <ResponsiveTable
            className="mt-2"
            caption={`Recent snapshots of the ${label}`}
            headingLevel="h4"
            rows={recent}
            rowKey={(snapshot) => snapshot.id}
            title={{
              heading: "Imported",
              cell: (snapshot) => formatEatDateTime(snapshot.createdAt),
            }}
            columns={[
              { heading: "Status", cell: (snapshot) => <StatusBadge status={snapshot.status} /> },
              { heading: "Entries", cell: (snapshot) => count.format(snapshot.entryCount) },
              {
                heading: "Checksum",
                cell: (snapshot) => <code>{snapshot.checksum.slice(0, 12)}</code>,
              },
              { heading: "How", cell: (snapshot) => who(snapshot) },
              { heading: "Note", cell: (snapshot) => snapshot.reason ?? "" },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
