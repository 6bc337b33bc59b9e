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
import * as paths from "~/utils/paths";
import { payoutBatchMessages } from "~/i18n/catalogs/payout-batches";
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { useMessages } from "~/i18n/use-messages";

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
  const m = useMessages(payoutBatchMessages).actions;
  const invalid = summary.counts.invalid;
  return (
    <section aria-labelledby="batch-actions-title" className="mt-8">
      <Card>
        <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
          {m.sendForApproval}
        </h2>
        <p className="mt-2 text-slate-700">
          {invalid > 0 ? m.fixFirst(invalid) : m.anotherApproves}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <IntentButton intent="submit" variant="primary">
            {m.submit}
          </IntentButton>
          {invalid > 0 ? <IntentButton intent="drop-invalid">{m.dropInvalid}</IntentButton> : null}
          <IntentButton intent="discard" variant="ghost">
            {m.discard}
          </IntentButton>
        </div>
        <Form method="post" encType="multipart/form-data" className="mt-8">
          <h3 className="text-lg font-semibold text-ink">{m.uploadCorrected}</h3>
          <p id="batch-file-hint" className="mt-1 text-sm text-slate-700">
            {m.uploadHint}
          </p>
          <label htmlFor="batch-file" className="mt-3 block text-sm font-medium text-slate-800">
            {m.correctedFile}
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
              pendingLabel={m.uploading}
              variant="secondary"
              name="intent"
              value="upload-file"
            >
              {m.uploadCorrected}
            </SubmitButton>
          </div>
        </Form>
      </Card>
    </section>
  );
}

/** The one-person account's rule, said where a maker would look for a second approver. */
export function SoleApproverNote({ hasTwoFactor }: { hasTwoFactor: boolean }) {
  const m = useMessages(payoutsMessages).soleApprover;
  return (
    <p className="mt-2 text-slate-700">
      {m.note}{" "}
      {hasTwoFactor ? null : (
        <>
          {m.turnOn}{" "}
          <Link to={paths.merchantTwoFactor} className={textLinkClass}>
            {m.twoFactorLink}
          </Link>{" "}
          {m.orInvite}
        </>
      )}
    </p>
  );
}

function ApprovalActions({ viewer }: { viewer: BatchViewer }) {
  const m = useMessages(payoutBatchMessages).actions;
  const selfApproval = viewer.isMaker && viewer.soleApprover;
  if (selfApproval && !viewer.hasTwoFactor) {
    return (
      <section aria-labelledby="batch-actions-title" className="mt-8">
        <Card>
          <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
            {m.approveWithTwoFactor}
          </h2>
          <SoleApproverNote hasTwoFactor={false} />
          {viewer.canCreate ? (
            <div className="mt-4">
              <IntentButton intent="withdraw">{m.withdraw}</IntentButton>
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
            {m.waiting}
          </h2>
          <p className="mt-2 text-slate-700">{viewer.isMaker ? m.youMadeIt : m.memberApproves}</p>
          {viewer.isMaker && viewer.canCreate ? (
            <div className="mt-4">
              <IntentButton intent="withdraw">{m.withdraw}</IntentButton>
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
          {m.approveOrReject}
        </h2>
        {selfApproval ? <SoleApproverNote hasTwoFactor /> : null}
        <p className="mt-2 text-slate-700">{m.approvingNote}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <IntentButton intent="approve" variant="primary">
            {m.approve}
          </IntentButton>
          {selfApproval && viewer.canCreate ? (
            <IntentButton intent="withdraw">{m.withdraw}</IntentButton>
          ) : null}
        </div>
        {selfApproval ? null : (
          <Form method="post" className="mt-6 max-w-xl">
            <input type="hidden" name="intent" value="reject" />
            <label htmlFor="reject-note" className="block text-sm font-medium text-slate-800">
              {m.rejectReason}
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
              {m.rejectHint(REJECT_NOTE_MAX)}
            </p>
            <button type="submit" className={buttonClass("secondary", "mt-3")}>
              {m.reject}
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
  const m = useMessages(payoutBatchMessages).actions;
  const failed = summary.counts.failed;
  return (
    <section aria-labelledby="batch-actions-title" className="mt-8">
      <Card>
        <h2 id="batch-actions-title" className="text-xl font-semibold text-ink">
          {batch.status === "processing" ? m.onTheirWay : m.results}
        </h2>
        {batch.status === "processing" ? (
          <p className="mt-2 text-slate-700">
            {m.updatesItself}{" "}
            <Link to={refreshHref} className={textLinkClass}>
              {m.refresh}
            </Link>
          </p>
        ) : null}
        {failed > 0 && viewer.canCreate ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <IntentButton intent="retry-failed" variant="primary">
              {m.retryAll}
            </IntentButton>
            <IntentButton intent="cancel-failed">{m.cancelAll}</IntentButton>
          </div>
        ) : null}
        <p className="mt-4">
          <a href={resultsHref} className={textLinkClass} download>
            {m.download}
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
  const m = useMessages(payoutBatchMessages).actions;
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
      return <p className="mt-8 text-slate-700">{m.rejected}</p>;
    case "withdrawn":
      return <p className="mt-8 text-slate-700">{m.discarded}</p>;
  }
}
