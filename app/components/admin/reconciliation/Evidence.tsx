import { Fragment, type ReactNode } from "react";
import { cx } from "~/components/ui";
import { evidenceText, humanKey } from "./format";

const MAX_DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function Value({
  name,
  value,
  depth,
  currency,
}: {
  name: string;
  value: unknown;
  depth: number;
  currency?: string;
}): ReactNode {
  if (Array.isArray(value)) {
    if (value.length === 0) return "None";
    if (value.every((item) => !isPlainObject(item) && !Array.isArray(item)))
      return value.map((item) => evidenceText(name, item, currency)).join(", ");
    if (depth >= MAX_DEPTH) return evidenceText(name, value);
    return (
      <ol className="list-decimal space-y-2 pl-5">
        {value.map((item, index) => (
          <li key={index}>
            <Value name={name} value={item} depth={depth + 1} currency={currency} />
          </li>
        ))}
      </ol>
    );
  }
  if (isPlainObject(value)) {
    if (depth >= MAX_DEPTH) return evidenceText(name, value);
    return <EvidenceList evidence={value} depth={depth + 1} currency={currency} />;
  }
  return evidenceText(name, value, currency);
}

/**
 * A finding's evidence for people: every field named in words ("Provider balance"), nested records
 * as nested lists, KES cents, the finding's asset's base units and moments formatted. The raw
 * record stays one click away.
 */
export function EvidenceList({
  evidence,
  currency,
  depth = 0,
}: {
  evidence: Record<string, unknown>;
  /** The finding's currency: amounts in base units ("units") are shown in it. */
  currency?: string;
  depth?: number;
}) {
  const entries = Object.entries(evidence);
  if (entries.length === 0) return <p className="text-sm text-slate-700">No evidence recorded.</p>;
  return (
    // Term above value on a phone, side by side from `sm` up; nested records indented.
    <dl
      className={cx(
        "grid gap-x-4 text-sm sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)] sm:gap-y-1",
        depth > 0 && "border-l border-slate-200 pl-3",
      )}
    >
      {entries.map(([key, value]) => (
        <Fragment key={key}>
          <dt className="mt-1 text-slate-600 sm:mt-0">{humanKey(key)}</dt>
          <dd className="min-w-0 break-words text-ink">
            <Value name={key} value={value} depth={depth} currency={currency} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The evidence as it was recorded, folded away. */
export function RawEvidence({ evidence }: { evidence: Record<string, unknown> }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-800">Raw evidence</summary>
      <pre className="mt-2 whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800">
        {JSON.stringify(evidence, null, 2)}
      </pre>
    </details>
  );
}
