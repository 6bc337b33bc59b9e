import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { findingKindLabels, type FindingView } from "~/core/reconciliation/vocabulary";
import { Badge, buttonClass, textLinkClass } from "~/components/ui";
import { fieldMeta, TextAreaField } from "~/components/ui/form";
import { formatEatDateTime } from "~/utils/format";
import { EvidenceList, RawEvidence } from "./Evidence";
import { formatDifference, formatMinor } from "./format";
import { reconciliationHref } from "./links";
import { NOTE_MAX, resolveFindingSchema } from "./schema";
import { SettleB2bForm } from "./SettleB2bForm";

/**
 * A finding as the page shows it: the view, who resolved it by name, and whether it is an M-Pesa
 * B2B payout still without its outcome (the operator may settle it by hand).
 */
export type FindingRow = FindingView & { resolvedByName: string | null; settleB2b?: boolean };

function Time({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{formatEatDateTime(at)}</time>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </>
  );
}

export const findingTitle = (finding: Pick<FindingView, "kind" | "subjectLabel">) =>
  `${findingKindLabels[finding.kind]}: ${finding.subjectLabel}`;

/** The note an operator writes to resolve one open finding (validated in the browser too). */
function ResolveForm({
  finding,
  lastResult,
}: {
  finding: FindingRow;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `resolve-${finding.id}`,
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resolveFindingSchema }),
  });
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("findingId") === finding.id;
  const formError = form.errors?.[0];
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="findingId" value={finding.id} />
      {formError ? (
        <p id={form.errorId} role="alert" className="text-sm font-semibold text-red-800">
          {formError}
        </p>
      ) : null}
      <TextAreaField
        meta={fieldMeta(fields.note)}
        label="Resolution note"
        rows={3}
        maxLength={NOTE_MAX}
        defaultValue={typeof fields.note.initialValue === "string" ? fields.note.initialValue : ""}
      />
      <button
        type="submit"
        disabled={pending}
        aria-disabled={pending || undefined}
        className={buttonClass("primary")}
      >
        {pending ? "Resolving..." : "Resolve"}
        <span className="sr-only"> {findingTitle(finding)}</span>
      </button>
    </Form>
  );
}

/**
 * One difference between our ledger and a provider: what it is, the amounts in its currency, the
 * evidence as a readable list (the raw record folded under it), and either the form to resolve it
 * (with, for an M-Pesa B2B payout still without its Result, the form to settle it by hand) or who
 * resolved it, when, and their note.
 */
export function FindingCard({
  finding,
  lastResult,
  settleResult,
}: {
  finding: FindingRow;
  lastResult?: SubmissionResult<string[]>;
  /** The last result of the "settle this B2B payout" form, when it was this finding's. */
  settleResult?: SubmissionResult<string[]>;
}) {
  const headingId = `finding-${finding.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="text-lg font-semibold text-ink">
          {findingTitle(finding)}
        </h4>
        <Badge tone={finding.status === "open" ? "warning" : "success"}>
          {finding.status === "open" ? "Open" : "Resolved"}
        </Badge>
        {finding.book === "test" ? <Badge tone="info">Test book</Badge> : null}
      </div>
      <dl className="mt-4 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Fact term="Kind">{findingKindLabels[finding.kind]}</Fact>
        <Fact term="Book">{finding.book === "live" ? "Live" : "Test"}</Fact>
        <Fact term="Subject">
          {finding.subjectLabel} <span className="font-mono text-xs">({finding.subject})</span>
        </Fact>
        <Fact term="Expected (our ledger)">{formatMinor(finding.expected, finding.currency)}</Fact>
        <Fact term="Actual (provider)">{formatMinor(finding.actual, finding.currency)}</Fact>
        <Fact term="Difference">
          <strong>{formatDifference(finding.difference, finding.currency)}</strong>
        </Fact>
        <Fact term="Found">
          <Time at={finding.createdAt} /> (
          <Link to={reconciliationHref({ run: finding.runId })} className={textLinkClass}>
            this run&apos;s findings
          </Link>
          )
        </Fact>
      </dl>
      <section aria-labelledby={`${headingId}-evidence`} className="mt-4">
        <h5 id={`${headingId}-evidence`} className="text-base font-semibold text-ink">
          Evidence
        </h5>
        <div className="mt-2">
          <EvidenceList evidence={finding.evidence} currency={finding.currency} />
        </div>
        <RawEvidence evidence={finding.evidence} />
      </section>
      {finding.status === "open" && finding.settleB2b ? (
        <SettleB2bForm
          findingId={finding.id}
          title={findingTitle(finding)}
          lastResult={settleResult}
        />
      ) : null}
      {finding.status === "open" ? (
        <ResolveForm finding={finding} lastResult={lastResult} />
      ) : (
        <div className="mt-4 rounded-lg bg-emerald-50 p-4 text-sm text-slate-800">
          <p>
            Resolved by{" "}
            <strong>{finding.resolvedByName ?? finding.resolvedBy ?? "an operator"}</strong>
            {finding.resolvedAt !== null ? (
              <>
                {" "}
                on <Time at={finding.resolvedAt} />
              </>
            ) : null}
            .
          </p>
          {finding.resolutionNote ? (
            <p className="mt-1 whitespace-pre-line break-words">Note: {finding.resolutionNote}</p>
          ) : null}
        </div>
      )}
    </article>
  );
}
