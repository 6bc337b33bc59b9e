/**
 * One compliance case (/admin/compliance/cases/:id, issue 31, item 4): what raised it (the
 * evidence and the screenings with the snapshots they used), what it holds, its timeline, a note
 * (and taking the case), its suspicious transaction report to the FRC (ADR 0057: made before the
 * decision to report, which needs it), and the decision, each a plain form that works without
 * JavaScript. Every step is audited; a decision is final.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import {
  caseDecisionLabels,
  caseKindLabels,
  caseSeverityLabels,
  caseStatusLabels,
} from "~/components/admin/compliance/case-labels";
import { ConsolePage } from "~/components/app/ConsolePage";
import { SubmitButton } from "~/components/ui/form";
import {
  frcReportKindLabels,
  frcReportMessages,
  frcReportStatusLabels,
} from "~/content/frc-reports";
import { CaseError } from "~/core/compliance/cases.server";
import { ReportError } from "~/core/compliance/reports/reports.server";
import { caseDecisions } from "~/core/compliance/vocabulary";
import { formatEatDateTime } from "~/utils/format";
import { invariantResponse, privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { compliance } from "~/wiring/compliance.server";
import { frcReports } from "~/wiring/frc-reports.server";

const noteSchema = z.object({
  intent: z.literal("note"),
  note: z.string().trim().max(2000, "Keep the note under 2,000 characters").default(""),
  take: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
const decideSchema = z.object({
  intent: z.literal("decide"),
  decision: z.enum(caseDecisions, { errorMap: () => ({ message: "Choose a decision" }) }),
  reason: z
    .string({ required_error: "Say why: the reason is kept with the decision" })
    .trim()
    .min(3, "Say why: the reason is kept with the decision")
    .max(2000, "Keep the reason under 2,000 characters"),
});
const strSchema = z.object({
  intent: z.literal("str"),
  reason: z
    .string({ required_error: frcReportMessages.reasonRequired })
    .trim()
    .min(3, frcReportMessages.reasonRequired)
    .max(8000, frcReportMessages.reasonTooLong),
  action: z.string().trim().max(8000, frcReportMessages.actionTooLong).default(""),
});
const actionSchema = z.discriminatedUnion("intent", [noteSchema, decideSchema, strSchema]);

type ActionData = { form: "note" | "decide" | "str"; errors: Record<string, string> };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request, ["compliance"]);
  const detail = await compliance().readCase(String(params.id ?? "").slice(0, 40));
  invariantResponse(detail, "Case not found");
  return {
    ...detail,
    reports: await frcReports().reportsForCase(detail.case.id),
    now: Date.now(),
    screenings: detail.screenings.map((row) => ({
      ...row,
      hits: row.hits
        ? (JSON.parse(row.hits) as {
            source: string;
            uid: string;
            listedName: string;
            matched: string;
            score: number;
          }[])
        : [],
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireOperator(request, ["compliance"]);
  const caseId = String(params.id ?? "").slice(0, 40);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).map(([field, messages]) => [
        field,
        messages?.[0] ?? "",
      ]),
    );
    const intent = submission.payload.intent;
    const form = intent === "decide" || intent === "str" ? intent : "note";
    return data<ActionData>({ form, errors }, { status: 400 });
  }
  const now = Date.now();
  const value = submission.value;
  if (value.intent === "str") {
    try {
      const report = await frcReports().makeSuspiciousTransactionReport({
        caseId,
        reporter: { id: operator.id, name: operator.name, email: operator.email },
        reason: value.reason,
        action: value.action || undefined,
        now,
      });
      return redirectWithSuccess(
        paths.adminCase(caseId),
        frcReportMessages.strMade(report.transactionCount),
      );
    } catch (error) {
      if (!(error instanceof ReportError)) throw error;
      return data<ActionData>({ form: "str", errors: { form: error.message } }, { status: 409 });
    }
  }
  try {
    if (value.intent === "note") {
      if (!value.note && !value.take)
        return data<ActionData>(
          { form: "note", errors: { note: "Write a note, or take the case" } },
          { status: 400 },
        );
      await compliance().addCaseNote({
        caseId,
        operatorId: operator.id,
        note: value.note,
        take: value.take,
        now,
      });
      return redirectWithSuccess(
        paths.adminCase(caseId),
        value.note ? "Note added." : "The case is yours.",
      );
    }
    const decided = await compliance().decideCase({
      caseId,
      operatorId: operator.id,
      decision: value.decision,
      reason: value.reason,
      now,
    });
    return redirectWithSuccess(
      paths.adminCase(caseId),
      `Case decided: ${caseStatusLabels[decided.status].toLowerCase()}.`,
    );
  } catch (error) {
    if (!(error instanceof CaseError)) throw error;
    return data<ActionData>(
      { form: value.intent, errors: { form: error.message } },
      { status: 409 },
    );
  }
}

const fieldError = (message: string | undefined, id: string) =>
  message ? (
    <p id={id} className="mt-1 text-sm text-red-800" role="alert">
      {message}
    </p>
  ) : null;

export default function CasePage() {
  const { case: found, events, holds, screenings, reports, now } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as ActionData | undefined;
  const open = found.status === "open";
  const errors = (form: ActionData["form"]) => (refused?.form === form ? refused.errors : {});
  const hasStr = reports.some((report) => report.kind === "str");
  const overdue = open && found.dueAt < now;
  return (
    <ConsolePage title={found.title}>
      <p>
        <Link to={paths.adminCases} className="text-sm font-semibold text-brand-800 underline">
          Back to cases
        </Link>
      </p>
      <dl className="mt-4 grid max-w-3xl gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Case</dt>
        <dd className="font-mono">{found.id}</dd>
        <dt className="text-slate-600">Kind</dt>
        <dd>{caseKindLabels[found.kind]}</dd>
        <dt className="text-slate-600">Severity</dt>
        <dd>{caseSeverityLabels[found.severity]}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd>{caseStatusLabels[found.status]}</dd>
        <dt className="text-slate-600">Merchant</dt>
        <dd>{found.merchantId ?? "None"}</dd>
        <dt className="text-slate-600">Owner</dt>
        <dd>{found.ownerId ?? "Nobody yet"}</dd>
        <dt className="text-slate-600">Opened (EAT)</dt>
        <dd>{formatEatDateTime(found.createdAt)}</dd>
        <dt className="text-slate-600">Due (EAT)</dt>
        <dd className={overdue ? "font-semibold text-red-800" : undefined}>
          {formatEatDateTime(found.dueAt)}
          {overdue ? " (overdue)" : ""}
        </dd>
      </dl>

      <h2 className="mt-8 text-xl font-semibold text-ink">What it holds</h2>
      {holds.length === 0 ? (
        <p className="mt-2 text-slate-700">Nothing.</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {holds.map((hold) => (
            <li key={hold.id}>
              {hold.target === "payment" ? (
                <Link to={paths.adminPayment(hold.targetId)} className="text-brand-800 underline">
                  Payment {hold.targetId}
                </Link>
              ) : (
                `${hold.target} ${hold.targetId}`
              )}
              {`: ${hold.status}`}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-semibold text-ink">Screenings</h2>
      {screenings.length === 0 ? (
        <p className="mt-2 text-slate-700">None.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {screenings.map((row) => (
            <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="break-all">
                <span className="font-semibold">{row.screened}</span>
                {row.network ? ` on ${row.network}` : ""} ({row.context},{" "}
                {formatEatDateTime(row.createdAt)})
              </p>
              <p className="text-sm text-slate-600">Lists used: {row.snapshotIds || "none"}</p>
              <ul className="mt-2 list-disc pl-6 text-sm">
                {row.hits.map((hit) => (
                  <li key={`${hit.source}-${hit.uid}-${hit.matched}`}>
                    {`${hit.source.toUpperCase()} ${hit.uid}: ${hit.listedName} (matched ${hit.matched}, score ${hit.score / 10}%)`}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-semibold text-ink">Reports to the FRC</h2>
      {reports.length === 0 ? (
        <p className="mt-2 text-slate-700">None yet.</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-6">
          {reports.map((report) => (
            <li key={report.id}>
              {`${frcReportKindLabels[report.kind]} ${report.id}: `}
              {report.status === "filed"
                ? `${frcReportStatusLabels.filed}, FRC reference ${report.frcReference ?? ""}`
                : frcReportStatusLabels.draft}
              {" ("}
              <a
                href={paths.adminReportDownload(report.id)}
                download={report.fileName}
                className="text-brand-800 underline"
              >
                download {report.fileName}
              </a>
              {", "}
              <Link to={paths.adminReports} className="text-brand-800 underline">
                all reports
              </Link>
              {")"}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-semibold text-ink">Timeline</h2>
      <ol className="mt-2 space-y-2">
        {events.map((event) => (
          <li key={event.id} className="text-slate-800">
            <span className="text-sm text-slate-600">{formatEatDateTime(event.at)} </span>
            <span className="font-medium">{event.type}</span>
            {event.actorId ? ` by ${event.actorId}` : ""}
            {event.body ? `: ${event.body}` : ""}
          </li>
        ))}
      </ol>

      {open ? (
        <>
          <Form method="post" className="mt-8 max-w-2xl space-y-3">
            <h2 className="text-xl font-semibold text-ink">Add a note</h2>
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="case-note" className="block text-sm font-medium text-slate-800">
              Note
            </label>
            <textarea
              id="case-note"
              name="note"
              rows={3}
              maxLength={2000}
              aria-invalid={errors("note").note ? true : undefined}
              aria-describedby={errors("note").note ? "case-note-error" : undefined}
              className="w-full rounded-lg border border-slate-400 px-3 py-2"
            />
            {fieldError(errors("note").note, "case-note-error")}
            <label className="flex items-center gap-2">
              <input type="checkbox" name="take" className="h-5 w-5" />
              Take this case
            </label>
            <SubmitButton pendingLabel="Saving…" variant="secondary">
              Save
            </SubmitButton>
          </Form>

          {hasStr ? null : (
            <Form method="post" className="mt-8 max-w-2xl space-y-3">
              <h2 className="text-xl font-semibold text-ink">
                Make a suspicious transaction report
              </h2>
              <p className="text-slate-700">
                The case&apos;s payments and payouts as a goAML report to the FRC, with you as the
                reporting person. Make it before deciding to report; the FRC expects it within two
                days.
              </p>
              <input type="hidden" name="intent" value="str" />
              <label htmlFor="str-reason" className="block text-sm font-medium text-slate-800">
                Why the transactions are suspicious
              </label>
              <textarea
                id="str-reason"
                name="reason"
                rows={4}
                required
                maxLength={8000}
                aria-invalid={errors("str").reason ? true : undefined}
                aria-describedby={errors("str").reason ? "str-reason-error" : undefined}
                className="w-full rounded-lg border border-slate-400 px-3 py-2"
              />
              {fieldError(errors("str").reason, "str-reason-error")}
              <label htmlFor="str-action" className="block text-sm font-medium text-slate-800">
                Action taken (optional)
              </label>
              <textarea
                id="str-action"
                name="action"
                rows={2}
                maxLength={8000}
                aria-invalid={errors("str").action ? true : undefined}
                aria-describedby={errors("str").action ? "str-action-error" : undefined}
                className="w-full rounded-lg border border-slate-400 px-3 py-2"
              />
              {fieldError(errors("str").action, "str-action-error")}
              {fieldError(errors("str").form, "str-form-error")}
              <SubmitButton pendingLabel="Making…" variant="secondary">
                Make the report
              </SubmitButton>
            </Form>
          )}

          <Form method="post" className="mt-8 max-w-2xl space-y-3">
            <h2 className="text-xl font-semibold text-ink">Decide</h2>
            <input type="hidden" name="intent" value="decide" />
            <fieldset aria-describedby={errors("decide").decision ? "decision-error" : undefined}>
              <legend className="text-sm font-medium text-slate-800">Decision</legend>
              <div className="mt-2 space-y-2">
                {caseDecisions.map((decision) => (
                  <label key={decision} className="flex items-start gap-2">
                    <input
                      type="radio"
                      name="decision"
                      value={decision}
                      required
                      className="mt-1 h-5 w-5"
                    />
                    <span>
                      <span className="font-medium">{caseDecisionLabels[decision].label}</span>
                      <span className="block text-sm text-slate-700">
                        {caseDecisionLabels[decision].hint}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {fieldError(errors("decide").decision, "decision-error")}
            <label htmlFor="case-reason" className="block text-sm font-medium text-slate-800">
              Reason
            </label>
            <textarea
              id="case-reason"
              name="reason"
              rows={3}
              required
              maxLength={2000}
              aria-invalid={errors("decide").reason ? true : undefined}
              aria-describedby={errors("decide").reason ? "case-reason-error" : undefined}
              className="w-full rounded-lg border border-slate-400 px-3 py-2"
            />
            {fieldError(errors("decide").reason, "case-reason-error")}
            {fieldError(errors("decide").form, "case-decide-error")}
            <SubmitButton pendingLabel="Deciding…">Decide</SubmitButton>
          </Form>
        </>
      ) : (
        <p className="mt-8 text-slate-700">
          {`Decided ${found.decidedAt ? formatEatDateTime(found.decidedAt) : ""} by ${found.decidedBy ?? "an officer"}.`}
        </p>
      )}
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ params, matches }) =>
  seo(matches, {
    title: "Compliance case",
    description: "A compliance case: evidence, holds, timeline and decision.",
    path: paths.adminCase(params.id ?? ""),
    noindex: true,
  });
