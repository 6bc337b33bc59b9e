/**
 * The compliance case queue (/admin/compliance/cases, issue 31, item 4): open cases by due date
 * (overdue ones marked: the FRC expects a suspicious transaction report within two days), then the
 * latest decided ones. Compliance officers and administrators only; merchants never see a case.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  caseKindLabels,
  caseSeverityLabels,
  caseStatusLabels,
} from "~/components/admin/compliance/case-labels";
import { ConsolePage } from "~/components/app/ConsolePage";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import type { CaseQueueRow } from "~/core/compliance/cases.server";
import { formatEatDateTime } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { compliance } from "~/wiring/compliance.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["compliance"]);
  const now = Date.now();
  const [open, decided] = await Promise.all([
    compliance().caseQueue({ status: "open", now }),
    compliance().caseQueue({ status: "decided", now, limit: 30 }),
  ]);
  return { open, decided };
}

type Row = Pick<
  CaseQueueRow,
  "id" | "title" | "kind" | "severity" | "status" | "dueAt" | "holds" | "overdue" | "merchantId"
> & { decidedAt: number | null };

function CaseTable({ rows, caption, decided }: { rows: Row[]; caption: string; decided: boolean }) {
  return (
    <ResponsiveTable
      caption={caption}
      rows={rows}
      rowKey={(row) => row.id}
      title={{
        heading: "Case",
        cell: (row) => (
          <Link to={paths.adminCase(row.id)} className="font-semibold text-brand-800 underline">
            {row.title}
          </Link>
        ),
        detail: (row) => row.id,
      }}
      columns={[
        { heading: "Kind", cell: (row) => caseKindLabels[row.kind] },
        { heading: "Severity", cell: (row) => caseSeverityLabels[row.severity] },
        { heading: "Merchant", cell: (row) => row.merchantId ?? "None" },
        decided
          ? { heading: "Decision", cell: (row) => caseStatusLabels[row.status] }
          : { heading: "Holds", cell: (row) => String(row.holds) },
        decided
          ? {
              heading: "Decided (EAT)",
              cell: (row) => (row.decidedAt ? formatEatDateTime(row.decidedAt) : ""),
            }
          : {
              heading: "Due (EAT)",
              cell: (row) => (
                <span className={row.overdue ? "font-semibold text-red-800" : undefined}>
                  {formatEatDateTime(row.dueAt)}
                  {row.overdue ? " (overdue)" : ""}
                </span>
              ),
            },
      ]}
    />
  );
}

export default function CaseQueue() {
  const { open, decided } = useLoaderData<typeof loader>();
  const overdue = open.filter((row) => row.overdue).length;
  return (
    <ConsolePage title="Compliance cases">
      <p className="max-w-3xl text-slate-700">
        Screening hits open a case that holds what they touch until you decide. Merchants see only
        that something is held for review, never the case.
      </p>
      <h2 className="mt-8 text-xl font-semibold text-ink">
        Open ({open.length}){overdue > 0 ? `, ${overdue} overdue` : ""}
      </h2>
      {open.length === 0 ? (
        <p className="mt-3 text-slate-700">No open cases.</p>
      ) : (
        <CaseTable rows={open} caption="Open cases" decided={false} />
      )}
      <h2 className="mt-10 text-xl font-semibold text-ink">Recently decided</h2>
      {decided.length === 0 ? (
        <p className="mt-3 text-slate-700">No decided cases yet.</p>
      ) : (
        <CaseTable rows={decided} caption="Recently decided cases" decided />
      )}
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Compliance cases",
    description: "Open compliance cases and decisions.",
    path: paths.adminCases,
    noindex: true,
  });
