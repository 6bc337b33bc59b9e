import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { StatCards } from "~/components/merchants/StatCards";
import { buttonClass, Card, Container } from "~/components/ui";
import { getDashboardStats } from "~/core/merchants/dashboard.server";
import { requireMerchant } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { SESSION_EXPIRY_MARGIN_MS } from "~/utils/session.server";
import { seo } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request);
  return {
    account: {
      merchant_id: merchant.merchantId,
      username: merchant.username,
      business_name: merchant.businessName,
      contact_email: merchant.contactEmail,
    },
    stats: getDashboardStats(getDb(), merchant.merchantId),
    /** When the server will treat the session as expired (expires_at minus the 5-minute margin). */
    sessionEndsAt: merchant.expiresAt - SESSION_EXPIRY_MARGIN_MS,
  };
}

/**
 * With JavaScript, re-check the session the moment it ends, so the "Session Expired" page follows.
 */
function useSessionEnd(endsAt: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const wait = Math.max(0, endsAt - Date.now()) + 1_000;
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => revalidator.revalidate(), wait);
    return () => clearTimeout(timer);
  }, [endsAt, revalidator]);
}

const quickActions = [
  { label: "Create Payment", to: paths.newMerchantPayment },
  { label: "View Analytics", to: paths.merchantPayments },
  { label: "Customer Management", to: null },
] as const;

export default function MerchantDashboard() {
  const { account, stats, sessionEndsAt } = useLoaderData<typeof loader>();
  useSessionEnd(sessionEndsAt);
  return (
    <Container className="py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-ink">Merchant Dashboard</h1>
          <p className="mt-2 text-slate-700">Welcome back, {account.business_name}</p>
        </div>
        <Form method="post" action={paths.merchantSignOut}>
          <button type="submit" className={buttonClass("secondary")}>
            Sign Out
          </button>
        </Form>
      </div>

      <section aria-labelledby="stats-title" className="mt-10">
        <h2 id="stats-title" className="sr-only">
          This month
        </h2>
        <StatCards stats={stats} />
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <Card title="Account Information" headingLevel="h2" className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-2">
            {(
              [
                ["Merchant ID", account.merchant_id],
                ["Username", account.username],
                ["Business Name", account.business_name],
                ["Contact Email", account.contact_email],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="font-medium text-ink break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title="Quick Actions" headingLevel="h2">
          <ul className="space-y-3">
            {quickActions.map((action) => (
              <li key={action.label}>
                {action.to ? (
                  <Link to={action.to} className={buttonClass("secondary", "w-full justify-start")}>
                    {action.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    disabled
                    className={buttonClass("secondary", "w-full justify-start")}
                    aria-describedby="quick-actions-note"
                  >
                    {action.label}
                  </button>
                )}
              </li>
            ))}
            <li>
              <Link
                to={paths.merchantSettings}
                className={buttonClass("ghost", "w-full justify-start")}
              >
                Settlement settings
              </Link>
            </li>
          </ul>
          <p id="quick-actions-note" className="mt-3 text-sm text-slate-600">
            Customer management is coming soon: payers appear in your payments list.
          </p>
        </Card>
      </div>
    </Container>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Merchant Dashboard",
    description: "Your OneHop merchant dashboard.",
    path: paths.merchantDashboard,
    noindex: true,
  });
