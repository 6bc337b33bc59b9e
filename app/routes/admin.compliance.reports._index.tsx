/**
 * Reports to the FRC (/admin/compliance/reports, issue 31, item 5; ADR 0057): every suspicious
 * transaction report (made from a case) and weekly large transaction report, with its file to
 * download, "Mark filed" with the FRC's reference (once), and a week's large transaction report
 * made now. Plain forms that work without JavaScript. Compliance officers and administrators only;
 * a merchant never sees a report.
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
import { ConsolePage } from "~/components/app/ConsolePage";
import { SubmitButton } from "~/components/ui/form";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import {
  frcReportKindLabels,
  frcReportMessages,
  frcReportStatusLabels,
  frcReportsPageTitle,
} from "~/content/frc-reports";
import { recentFullWeeks, type Week } from "~/core/compliance/reports/large-transactions";
import { ReportError, type FrcReportSummary } from "~/core/compliance/reports/reports.server";
import { LTR_SCHEDULE_LABEL } from "~/core/compliance/reports/weekly.server";
import { formatDate, formatEatDateTime } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithInfo, redirectWithSuccess } from "~/utils/toast.server";
import { frcReports } from "~/wiring/frc-reports.server";

/** The weeks an officer may make now: the last four full weeks (rates are kept 30 days). */
const WEEKS_OFFERED = 4;

/** An FRC reference as goAML shows it. */
export const frcReferenceSchema = z
  .string({ required_error: frcReportMessages.referenceRequired })
  .trim()
  .min(1, frcReportMessages.referenceRequired)
  .max(100, frcReportMessages.referenceInvalid)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-/._ ]*$/, frcReportMessages.referenceInvalid);

const fileSchema = z.object({
  intent: z.literal("file"),
  report: z.string({ required_error: frcReportMessages.chooseReport }).trim().max(40),
  reference: frcReferenceSchema,
});
const ltrSchema = z.object({
  intent: z.literal("ltr"),
  week: z.coerce.number({ required_error: frcReportMessages.chooseWeek }).int(),
});
const actionSchema = z.discriminatedUnion("intent", [fileSchema, ltrSchema]);

type ActionData = { form: "file" | "ltr"; errors: Record<string, string> };

const weekLabel = (week: Week) => `${formatDate(week.start)} to ${formatDate(week.end - 1)}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["compliance"]);
  const reports = await frcReports().listReports();
  const chosen = new URL(request.url).searchParams.get("file");
  return {
    reports,
    weeks: recentFullWeeks(Date.now(), WEEKS_OFFERED).map((week) => ({
      start: week.start,
      label: weekLabel(week),
    })),
    schedule: LTR_SCHEDULE_LABEL,
    chosen: reports.some((row) => row.id === chosen && row.status === "draft") ? chosen : null,
  };
}

function refused(form: ActionData["form"], errors: Record<string, string>, status = 400) {
  return data<ActionData>({ form, errors }, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, ["compliance"]);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).map(([field, messages]) => [
        field,
        messages?.[0] ?? "",
      ]),
    );
    return refused(submission.payload.intent === "ltr" ? "ltr" : "file", errors);
  }
  const value = submission.value;
  const now = Date.now();
  if (value.intent === "ltr") {
    const week = recentFullWeeks(now, WEEKS_OFFERED).find((one) => one.start === value.week);
    if (!week) return refused("ltr", { week: frcReportMessages.chooseWeek });
    try {
      const result = await frcReports().makeLargeTransactionReport({
        week,
        reporter: { id: operator.id, name: operator.name, email: operator.email },
        now,
      });
      if (result.outcome === "none")
        return redirectWithInfo(paths.adminReports, frcReportMessages.ltrNone);
      if (result.outcome === "exists")
        return redirectWithInfo(paths.adminReports, frcReportMessages.ltrExists);
      return redirectWithSuccess(
        paths.adminReports,
        frcReportMessages.ltrMade(result.report.transactionCount),
      );
    } catch (error) {
      if (!(error instanceof ReportError)) throw error;
      return refused("ltr", { form: error.message }, 409);
    }
  }
  if (!value.report) return refused("file", { report: frcReportMessages.chooseReport });
  try {
    const filed = await frcReports().markReportFiled({
      id: value.report,
      operatorId: operator.id,
      reference: value.reference,
      now,
    });
    return redirectWithSuccess(paths.adminReports, frcReportMessages.filed(filed.frcReference!));
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    return refused("file", { form: error.message }, 409);
  }
}

const fieldError = (message: string | undefined, id: string) =>
  message ? (
    <p id={id} className="mt-1 text-sm text-red-800" role="alert">
      {message}
    </p>
  ) : null;

type Row = FrcReportSummary;

const covers = (row: Row) =>
  row.kind === "ltr" && row.periodStart !== null && row.periodEnd !== null ? (
    `Week ${weekLabel({ start: row.periodStart, end: row.periodEnd })}`
  ) : row.caseId ? (
    <Link to={paths.adminCase(row.caseId)} className="text-brand-800 underline">
      Case {row.caseId}
    </Link>
  ) : (
    ""
  );

export default function ReportsPage() {
  const { reports, weeks, schedule, chosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const errors = (form: ActionData["form"]) => (answer?.form === form ? answer.errors : {});
  const drafts = reports.filter((row) => row.status === "draft");
  return (
    <ConsolePage title={frcReportsPageTitle}>
      <p className="max-w-3xl text-slate-700">
        Suspicious transaction reports are made from a case; large transaction reports (USD 15,000
        or more, at each day&apos;s USD/KES rate) are made {schedule.toLowerCase()}. Download a
        report, upload it to the FRC&apos;s goAML portal, then record the reference goAML gives it.
        Merchants never see a report or its case.
      </p>

      <h2 className="mt-8 text-xl font-semibold text-ink">Reports</h2>
      {reports.length === 0 ? (
        <p className="mt-3 text-slate-700">No reports yet.</p>
      ) : (
        <ResponsiveTable
          caption="Reports to the FRC"
          rows={reports}
          rowKey={(row) => row.id}
          title={{
            heading: "Report",
            cell: (row) => frcReportKindLabels[row.kind],
            detail: (row) => row.id,
          }}
          columns={[
            { heading: "Covers", cell: covers },
            { heading: "Transactions", cell: (row) => String(row.transactionCount) },
            { heading: "Made (EAT)", cell: (row) => formatEatDateTime(row.createdAt) },
            {
              heading: "Status",
              cell: (row) =>
                row.status === "filed"
                  ? `${frcReportStatusLabels.filed}: ${row.frcReference ?? ""}`
                  : frcReportStatusLabels.draft,
            },
            {
              heading: "File",
              cell: (row) => (
                <span className="flex flex-wrap gap-x-4 gap-y-1">
                  <a
                    href={paths.adminReportDownload(row.id)}
                    download={row.fileName}
                    className="font-semibold text-brand-800 underline"
                  >
                    Download<span className="sr-only"> {row.fileName}</span>
                  </a>
                  {row.status === "draft" ? (
                    <Link
                      to={`${paths.adminReports}?file=${encodeURIComponent(row.id)}#mark-filed`}
                      className="font-semibold text-brand-800 underline"
                    >
                      Mark filed<span className="sr-only"> {row.id}</span>
                    </Link>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      )}

      {drafts.length > 0 ? (
        <Form method="post" id="mark-filed" className="mt-10 max-w-2xl space-y-3">
          <h2 className="text-xl font-semibold text-ink">Mark a report filed</h2>
          <input type="hidden" name="intent" value="file" />
          <div>
            <label htmlFor="file-report" className="block text-sm font-medium text-slate-800">
              Report
            </label>
            {/* Keyed by the report chosen: a row's "Mark filed" (client navigation) picks it. */}
            <select
              key={chosen ?? ""}
              id="file-report"
              name="report"
              required
              defaultValue={chosen ?? ""}
              aria-invalid={errors("file").report ? true : undefined}
              aria-describedby={errors("file").report ? "file-report-error" : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2"
            >
              <option value="">Choose a report</option>
              {drafts.map((row) => (
                <option key={row.id} value={row.id}>
                  {`${frcReportKindLabels[row.kind]} ${row.id}`}
                </option>
              ))}
            </select>
            {fieldError(errors("file").report, "file-report-error")}
          </div>
          <div>
            <label htmlFor="file-reference" className="block text-sm font-medium text-slate-800">
              FRC reference
            </label>
            <input
              id="file-reference"
              name="reference"
              required
              maxLength={100}
              autoComplete="off"
              aria-invalid={errors("file").reference ? true : undefined}
              aria-describedby={errors("file").reference ? "file-reference-error" : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2"
            />
            {fieldError(errors("file").reference, "file-reference-error")}
          </div>
          {fieldError(errors("file").form, "file-form-error")}
          <SubmitButton pendingLabel="Saving…">Mark filed</SubmitButton>
        </Form>
      ) : null}

      <Form method="post" className="mt-10 max-w-2xl space-y-3">
        <h2 className="text-xl font-semibold text-ink">
          Make a week&apos;s large transaction report now
        </h2>
        <p className="text-slate-700">
          Each week is made once: a week already made, or without a transaction of USD 15,000 or
          more, makes no new file.
        </p>
        <input type="hidden" name="intent" value="ltr" />
        <div>
          <label htmlFor="ltr-week" className="block text-sm font-medium text-slate-800">
            Week (Monday to Sunday, EAT)
          </label>
          <select
            id="ltr-week"
            name="week"
            required
            aria-invalid={errors("ltr").week ? true : undefined}
            aria-describedby={errors("ltr").week ? "ltr-week-error" : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2"
          >
            {weeks.map((week) => (
              <option key={week.start} value={week.start}>
                {week.label}
              </option>
            ))}
          </select>
          {fieldError(errors("ltr").week, "ltr-week-error")}
        </div>
        {fieldError(errors("ltr").form, "ltr-form-error")}
        <SubmitButton pendingLabel="Making…" variant="secondary">
          Make the report
        </SubmitButton>
      </Form>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: frcReportsPageTitle,
    description: "Suspicious and large transaction reports to the Financial Reporting Centre.",
    path: paths.adminReports,
    noindex: true,
  });
