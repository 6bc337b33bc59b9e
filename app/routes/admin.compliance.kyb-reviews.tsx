/**
 * KYB reviews due (/admin/compliance/kyb-reviews, issue 31, item 6; ADR 0058): merchants whose
 * review is overdue or due within the notice period, the most overdue first, each with its tier
 * and a link to its application (where its tier and documents are set). Reviewers and compliance
 * officers.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { DOCUMENT_NOTICE_DAYS, tierRules } from "~/core/kyb/tiers";
import { formatDate } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { kyb } from "~/wiring/kyb.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["compliance", "reviewer"]);
  const now = Date.now();
  const rows = await kyb().reviewsDue(now + DOCUMENT_NOTICE_DAYS * 24 * 3_600_000);
  return {
    rows: rows.map((row) => ({ ...row, overdue: row.reviewDueAt <= now })),
  };
}

export default function KybReviews() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title="KYB reviews due">
      <p className="max-w-3xl text-slate-700">
        Merchants whose review is overdue or due in the next {DOCUMENT_NOTICE_DAYS} days: a document
        expiring, or the tier&apos;s cycle (sooner with a politically exposed person). Their owners
        are e-mailed once when it falls due. Setting the tier on the application&apos;s page records
        the review.
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No reviews are due.</p>
      ) : (
        <div className="mt-6">
          <ResponsiveTable
            caption="Reviews due, most overdue first"
            rows={rows}
            rowKey={(row) => row.merchantId}
            title={{
              heading: "Merchant",
              cell: (row) =>
                row.applicationId ? (
                  <Link
                    to={paths.adminApplication(row.applicationId)}
                    className="font-semibold text-brand-800 underline"
                  >
                    {row.businessName}
                  </Link>
                ) : (
                  row.businessName
                ),
              detail: (row) => row.merchantId,
            }}
            columns={[
              { heading: "Tier", cell: (row) => tierRules[row.tier].label },
              {
                heading: "Review due",
                cell: (row) =>
                  row.overdue ? (
                    <strong className="text-red-800">
                      {formatDate(row.reviewDueAt)} (overdue)
                    </strong>
                  ) : (
                    formatDate(row.reviewDueAt)
                  ),
              },
            ]}
          />
        </div>
      )}
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "KYB reviews due",
    description: "Merchants whose KYB review is due.",
    path: paths.adminKybReviews,
    noindex: true,
  });
