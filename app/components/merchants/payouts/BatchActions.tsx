/**
 * What a member can do with a payout batch at its stage. Draft (the maker's side): submit for
 * approval, drop every row that needs fixing, upload a corrected file, discard. Awaiting approval:
 * the maker waits (and may withdraw it); another member with payouts:approve approves (after
 * confirming it is them) or rejects with an optional note. Approved: retry or cancel every failed
 * row, and download the results. Plain forms: they all work without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { buttonClass, Card, textLinkClass } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import type { BatchHeaderView, BatchSummaryView, BatchViewer } from "./BatchView";
import { PayoutFileInput } from "./PayoutFileInput";
import { paths } from "~/utils/paths";

export const REJECT_NOTE_MAX = 500;

function IntentButton({
  intent,
  children,
  variant = "secondary",
}: {
  intent: string;
  children: string;
  variant?: "primary" | "secondary" | "ghost";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={buttonClass(variant)}>
        {children}
      </button>
    </Form>
  );
}

function DraftActions({ summary }: { summary: BatchSummaryView }) {
  const invalid = summary.counts.invalid;
  return (
    <section aria-labelledby="batch-actions-title" className="mt-8">
      <Card>
        <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
          Send it for approval
        </h2>
        <p className="mt-2 text-slate-700">
          {invalid > 0
            ? `Fix or drop the ${invalid === 1 ? "row that needs" : `${invalid} rows that need`} fixing first. Another member with the Finance, Admin or Owner role then approves the batch.`
            : "Another member with the Finance, Admin or Owner role approves the batch before any money moves."}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <IntentButton intent="submit" variant="primary">
            Submit for approval
          </IntentButton>
          {invalid > 0 ? (
            <IntentButton intent="drop-invalid">Drop every row that needs fixing</IntentButton>
          ) : null}
          <IntentButton intent="discard" variant="ghost">
            Discard
          </IntentButton>
        </div>
        <Form method="post" encType="multipart/form-data" className="mt-8">
          <h3 className="text-lg font-semibold text-ink">Upload a corrected file</h3>
          <p id="batch-file-hint" className="mt-1 text-sm text-slate-700">
            Fixed it in your spreadsheet? Its rows replace this batch&apos;s rows. A CSV file of at
            most 2 MB.
          </p>
          <label htmlFor="batch-file" className="mt-3 block text-sm font-medium text-slate-800">
            Corrected CSV file
          </label>
          <PayoutFileInput
            id="batch-file"
            name="file"
            required
            aria-describedby="batch-file-hint"
            className="max-w-xl"
          />
          <div className="mt-3">
            <SubmitButton
              pendingLabel="Uploading..."
              variant="secondary"
              name="intent"
              value="upload-file"
            >
              Upload a corrected file
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </section>
  );
}

/** The one-person account's rule, said where a maker would look for a second approver. */
export function SoleApproverNote({ hasTwoFactor }: { hasTwoFactor: boolean }) {
  return (
    <p className="mt-2 text-slate-700">
      Nobody else in your account can approve payouts, so there cannot be two people here: you
      approve your own payouts with a code from your authenticator app, never with an API key.{" "}
      {hasTwoFactor ? null : (
        <>
          Turn on{" "}
          <Link to={paths.merchantTwoFactor} className={textLinkClass}>
            two-factor sign-in
          </Link>{" "}
          first, or invite a Finance member at Team to approve them.
        </>
      )}
    </p>
  );
}

function ApprovalActions({ viewer }: { viewer: BatchViewer }) {
  const selfApproval = viewer.isMaker && viewer.soleApprover;
  if (selfApproval && !viewer.hasTwoFactor) {
    return (
      <section aria-labelledby="batch-actions-title" className="mt-8">
        <Card>
          <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
            Approve with two-factor sign-in
          </h2>
          <SoleApproverNote hasTwoFactor={false} />
          {viewer.canCreate ? (
            <div className="mt-4">
              <IntentButton intent="withdraw">Withdraw</IntentButton>
            </div>
          ) : null}
        </Card>
      </section>
    );
  }
  if ((viewer.isMaker && !selfApproval) || !viewer.canApprove) {
    return (
      <section aria-labelledby="batch-actions-title" className="mt-8">
        <Card>
          <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
            Waiting for another member to approve
          </h2>
          <p className="mt-2 text-slate-700">
            {viewer.isMaker
              ? "You made this batch, so another member with the Finance, Admin or Owner role approves or rejects it. Withdraw it to make changes."
              : "A member with the Finance, Admin or Owner role approves or rejects it."}
          </p>
          {viewer.isMaker && viewer.canCreate ? (
            <div className="mt-4">
              <IntentButton intent="withdraw">Withdraw</IntentButton>
            </div>
          ) : null}
        </Card>
      </section>
    );
  }
  return (
    <section aria-labelledby="batch-actions-title" className="mt-8">
      <Card>
        <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
          Approve or reject
        </h2>
        {selfApproval ? <SoleApproverNote hasTwoFactor /> : null}
        <p className="mt-2 text-slate-700">
          Approving sets the total aside from your available balance and sends every ready row. We
          ask you to confirm it is you first.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <IntentButton intent="approve" variant="primary">
            Approve
          </IntentButton>
          {selfApproval && viewer.canCreate ? (
            <IntentButton intent="withdraw">Withdraw</IntentButton>
          ) : null}
        </div>
        {selfApproval ? null : (
          <Form method="post" className="mt-6 max-w-xl">
            <input type="hidden" name="intent" value="reject" />
            <label htmlFor="reject-note" className="block text-sm font-medium text-slate-800">
              Reason for rejecting (optional)
            </label>
            <textarea
              id="reject-note"
              name="note"
              rows={3}
              maxLength={REJECT_NOTE_MAX}
              aria-describedby="reject-note-hint"
              className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900"
            />
            <p id="reject-note-hint" className="mt-1 text-sm text-slate-600">
              The maker sees it. Up to {REJECT_NOTE_MAX} characters.
            </p>
            <button type="submit" className={buttonClass("secondary", "mt-3")}>
              Reject
            </button>
          </Form>
        )}
      </Card>
    </section>
  );
}

function ApprovedActions({
  batch,
  summary,
  viewer,
  resultsHref,
  refreshHref,
}: {
  batch: BatchHeaderView;
  summary: BatchSummaryView;
  viewer: BatchViewer;
  resultsHref: string;
  refreshHref: string;
}) {
  const failed = summary.counts.failed;
  return (
    <section aria-labelledby="batch-actions-title" className="mt-8">
      <Card>
        <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
          {batch.status === "processing" ? "Payouts on their way" : "Results"}
        </h2>
        {batch.status === "processing" ? (
          <p className="mt-2 text-slate-700">
            This page updates by itself until every payout has an outcome.{" "}
            <Link to={refreshHref} className={textLinkClass}>
              Refresh status
            </Link>
          </p>
        ) : null}
        {failed > 0 && viewer.canCreate ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <IntentButton intent="retry-failed" variant="primary">
              Retry every failed row
            </IntentButton>
            <IntentButton intent="cancel-failed">Cancel every failed row</IntentButton>
          </div>
        ) : null}
        <p className="mt-4">
          <a href={resultsHref} className={textLinkClass} download>
            Download results (CSV)
          </a>
        </p>
      </Card>
    </section>
  );
}

export function BatchActions({
  batch,
  summary,
  viewer,
  resultsHref,
  refreshHref,
}: {
  batch: BatchHeaderView;
  summary: BatchSummaryView;
  viewer: BatchViewer;
  resultsHref: string;
  refreshHref: string;
}) {
  switch (batch.status) {
    case "draft":
      return viewer.canCreate ? <DraftActions summary={summary} /> : null;
    case "awaiting_approval":
      return <ApprovalActions viewer={viewer} />;
    case "processing":
    case "completed":
      return (
        <ApprovedActions
          batch={batch}
          summary={summary}
          viewer={viewer}
          resultsHref={resultsHref}
          refreshHref={refreshHref}
        />
      );
    case "rejected":
      return (
        <p className="mt-8 text-slate-700">
          This batch was rejected: nothing was paid. Upload a new file to pay these recipients.
        </p>
      );
    case "withdrawn":
      return <p className="mt-8 text-slate-700">This batch was discarded: nothing was paid.</p>;
  }
}
