import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useMemberCan } from "~/components/app/TeamAccess";
import { DataModeSwitch } from "~/components/developers/DataModeSwitch";
import { FirstRunChecklist } from "~/components/merchants/FirstRunChecklist";
import { BalanceList, type Balances } from "~/components/merchants/BalanceList";
import { StatCards } from "~/components/merchants/StatCards";
import { buttonClass, Card, Container, TextLink } from "~/components/ui";
import { can as roleMay } from "~/core/accounts/permissions";
import { firstRunChecklist } from "~/core/merchants/first-run-checklist";
import { dataModeOf } from "~/core/api/mode";
import { dashboardMessages } from "~/i18n/catalogs/dashboard";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { privateCachedPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { SESSION_EXPIRY_MARGIN_MS } from "~/utils/session.server";
import { seo } from "~/utils/seo";
import { paymentPages } from "~/wiring/payment-pages.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payments:read");
  const now = Date.now();
  // Live figures unless the address asks for test data (?mode=test, core/api/mode.ts).
  const mode = dataModeOf(new URL(request.url).searchParams);
  // Revenue and balances only for roles that may see them: a Cashier's page is never sent them.
  const money = roleMay(merchant.role, "balances:read");
  const { balances, destination, stats, firstRun } = await paymentPages().merchantDashboard({
    merchantId: merchant.merchantId,
    userId: merchant.userId,
    mode,
    now,
    money,
  });
  return {
    account: {
      merchant_id: merchant.merchantId,
      username: merchant.username,
      business_name: merchant.businessName,
      contact_email: merchant.contactEmail,
    },
    mode,
    /** "Welcome back" only for a member who has signed in before. */
    signedInBefore: firstRun.signedInBefore,
    hasPayments: firstRun.firstPayment,
    checklist: firstRunChecklist(merchant.role, {
      settlement: destination.label !== null,
      team: firstRun.team,
      twoFactor: merchant.totpEnabledAt !== null,
      firstPayment: firstRun.firstPayment,
      apiKey: firstRun.apiKey,
    }),
    stats,
    balances: balances
      ? {
          available: balances.available.toString(),
          pending: balances.pending.toString(),
          inFlight: balances.inFlight.toString(),
        }
      : null,
    /** Where payouts go by default ("M-Pesa +254 712 345 678"), or null: none verified yet. */
    settlementPhone: money ? destination.label : null,
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

function BalancesSection({
  balances,
  settlementPhone,
}: {
  balances: Balances;
  settlementPhone: string | null;
}) {
  const m = useMessages(dashboardMessages);
  return (
    <section
      id="balances"
      aria-labelledby="balances-title"
      className="mt-8 scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="balances-title" className="text-lg font-semibold text-ink">
        {m.balancesTitle}
      </h2>
      <BalanceList
        balances={balances}
        className="mt-4 grid gap-4 sm:grid-cols-3"
        cardClassName="rounded-xl bg-slate-50 p-4"
      />
      <p className="mt-4 text-sm text-slate-700">
        {settlementPhone ? (
          <>
            {m.settledTo} <span className="font-semibold text-ink">{settlementPhone}</span>.{" "}
            <TextLink to={paths.merchantSettings}>{m.changeWherePaid}</TextLink>
          </>
        ) : (
          <>
            {m.noSettlementBefore}{" "}
            <TextLink to={paths.merchantSettings}>{m.noSettlementLink}</TextLink>.
          </>
        )}
      </p>
    </section>
  );
}

/** Before the first payment: no figures of zeros, a way to take one. */
function NoPaymentsYet({ mode, canCreate }: { mode: "live" | "test"; canCreate: boolean }) {
  const dashboardText = useMessages(dashboardMessages);
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6">
      <p className="text-lg font-semibold text-ink">{dashboardText.noPaymentsTitle}</p>
      <p className="mt-1 text-slate-700">
        {mode === "test" ? dashboardText.noTestPaymentsBody : dashboardText.noPaymentsBody}
      </p>
      {canCreate && mode === "live" ? (
        <Link to={paths.newMerchantPayment} className={buttonClass("primary", "mt-4")}>
          {dashboardText.createPayment}
        </Link>
      ) : null}
    </div>
  );
}

export default function MerchantDashboard() {
  const {
    account,
    mode,
    signedInBefore,
    hasPayments,
    checklist,
    stats,
    balances,
    settlementPhone,
    sessionEndsAt,
  } = useLoaderData<typeof loader>();
  useSessionEnd(sessionEndsAt);
  const can = useMemberCan();
  const m = useMessages(dashboardMessages);
  return (
    <Container className="py-8 lg:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
        {hasPayments && can("payments:create") ? (
          <Link to={paths.newMerchantPayment} className={buttonClass("primary")}>
            {m.createPayment}
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-slate-700">
        {signedInBefore ? m.welcomeBack(account.business_name) : m.welcome(account.business_name)}
      </p>
      <DataModeSwitch mode={mode} path={paths.merchantDashboard} className="mt-4" />

      {checklist ? <FirstRunChecklist checklist={checklist} className="mt-8" /> : null}

      <section aria-labelledby="stats-title" className="mt-8">
        <h2 id="stats-title" className="sr-only">
          {m.thisMonth}
        </h2>
        {hasPayments ? (
          <StatCards stats={stats} />
        ) : (
          <NoPaymentsYet mode={mode} canCreate={can("payments:create")} />
        )}
      </section>

      {balances ? <BalancesSection balances={balances} settlementPhone={settlementPhone} /> : null}

      <Card title={m.accountInformation} headingLevel="h2" className="mt-6">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {(
            [
              [m.merchantId, account.merchant_id],
              [m.username, account.username],
              [m.businessName, account.business_name],
              [m.contactEmail, account.contact_email],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="font-medium text-ink break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </Container>
  );
}

export const headers = privateCachedPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(dashboardMessages, matchesLocale(matches)).title,
    description: inLocale(dashboardMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantDashboard,
    noindex: true,
  });
