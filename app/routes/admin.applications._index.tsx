import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { ApplicationStatusBadge } from "~/components/admin/applications/ApplicationStatusBadge";
import { DuplicateFlag } from "~/components/admin/applications/DuplicateFlag";
import { cx, DataTable } from "~/components/ui";
import { businessTypes, optionLabel } from "~/content/application-options";
import { findCountry } from "~/content/countries";
import { applicationStatuses, type ApplicationStatus } from "~/core/merchants/application-statuses";
import { formatEatDateTime } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { applications } from "~/wiring/applications.server";

const filters = [
  { value: "all", label: "All" },
  ...applicationStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, ["reviewer"]);
  const param = new URL(request.url).searchParams.get("status") ?? "submitted";
  const status = (applicationStatuses as readonly string[]).includes(param)
    ? (param as ApplicationStatus)
    : undefined;
  const service = applications();
  const list = await service.list({ status });
  const duplicates = await service.duplicates(list.map((a) => a.id));
  return {
    status: status ?? "all",
    counts: await service.countByStatus(),
    applications: list.map((a) => ({
      id: a.id,
      reference: a.reference,
      businessName: a.businessName,
      businessType: optionLabel(businessTypes, a.businessType),
      email: a.email,
      place: `${a.city}, ${findCountry(a.country)?.name ?? a.country}`,
      status: a.status,
      createdAt: new Date(a.createdAt).toISOString(),
      duplicates: duplicates.get(a.id) ?? [],
    })),
  };
}

export default function AdminApplications() {
  const { status, counts, applications } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title="Merchant applications">
      <nav aria-label="Filter by status">
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => {
            const count =
              filter.value === "all"
                ? counts.submitted + counts.approved + counts.rejected
                : counts[filter.value as ApplicationStatus];
            const current = filter.value === status;
            return (
              <li key={filter.value}>
                <Link
                  to={`?status=${filter.value}`}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-inset",
                    current
                      ? "bg-brand-700 text-white ring-brand-700"
                      : "text-slate-800 ring-slate-300 hover:bg-slate-100",
                  )}
                >
                  {filter.label} ({count})
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {applications.length === 0 ? (
        <p className="mt-8 rounded-xl bg-slate-50 p-6 text-slate-700">No applications here yet.</p>
      ) : (
        <DataTable
          caption="Applications, newest first"
          headings={["Reference", "Business", "Type", "Location", "Submitted", "Status"]}
          className="mt-6"
        >
          {applications.map((a) => (
            <tr key={a.id} className="border-b border-slate-200">
              <td className="px-3 py-2">
                <Link
                  to={paths.adminApplication(a.id)}
                  className="font-semibold text-brand-800 underline"
                >
                  {a.reference}
                </Link>
              </td>
              <td className="px-3 py-2">
                {a.businessName}
                <div className="text-slate-600">{a.email}</div>
                <DuplicateFlag matches={a.duplicates} applicationId={a.id} limit={3} />
              </td>
              <td className="px-3 py-2">{a.businessType}</td>
              <td className="px-3 py-2">{a.place}</td>
              <td className="px-3 py-2">
                <time dateTime={a.createdAt}>{formatEatDateTime(a.createdAt)}</time>
              </td>
              <td className="px-3 py-2">
                <ApplicationStatusBadge status={a.status} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Applications",
    description: "Merchant applications.",
    path: paths.adminApplications,
    noindex: true,
  });
