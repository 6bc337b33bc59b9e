/**
 * The merchant app's layout (/merchant/*): its own shell (side navigation, phone menu, business
 * name and merchant ID, Sign Out) instead of the marketing header, ticker and footer. Sign-in,
 * set-password and sign-out live outside it (merchant-signin, merchant_.set-password,
 * merchant_.signout). Pages that fail render inside the shell (ErrorBoundary).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell } from "~/components/app/AppShell";
import { SectionError } from "~/components/app/SectionError";
import { LanguageSwitch } from "~/components/layout/LanguageSwitch";
import { merchantNavFor } from "~/content/app-navigation";
import { appShellMessages, sectionErrorMessages } from "~/i18n/catalogs/app-shell";
import { useMessages } from "~/i18n/use-messages";
import { rolePermissions, teamRoleInfo } from "~/core/accounts/permissions";
import { requireMerchant } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { chrome: "app" };

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request);
  return {
    merchant: { businessName: merchant.businessName, merchantId: merchant.merchantId },
    // The member's role and what it may do: the navigation and pages hide the rest (the server
    // checks every loader and action regardless: requirePermission).
    member: {
      username: merchant.username,
      role: merchant.role,
      roleLabel: teamRoleInfo[merchant.role].label,
      permissions: rolePermissions[merchant.role],
    },
  };
}

type ShellData = Awaited<ReturnType<typeof loader>>;

function MerchantShell({ data, children }: { data: ShellData; children: ReactNode }) {
  const m = useMessages(appShellMessages);
  return (
    <AppShell
      section={m.section}
      home={paths.merchantDashboard}
      navLabel={m.navLabel}
      items={merchantNavFor(data.member.permissions, m.nav)}
      identity={{
        name: data.merchant.businessName,
        detail: (
          <>
            {m.merchantId}{" "}
            <span className="font-mono font-semibold">{data.merchant.merchantId}</span>
            <span className="block">
              {data.member.username} ({m.roles[data.member.role]})
            </span>
          </>
        ),
      }}
      signOutAction={paths.merchantSignOut}
      languageSwitch={<LanguageSwitch />}
    >
      {children}
    </AppShell>
  );
}

export default function MerchantLayout() {
  return (
    <MerchantShell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </MerchantShell>
  );
}

export const headers = privatePageHeaders;

/** A page of the app failed: say so inside the shell (its navigation stays). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/merchant");
  const m = useMessages(sectionErrorMessages);
  const page = (
    <SectionError error={error} home={paths.merchantDashboard} homeLabel={m.dashboard} />
  );
  if (!data) {
    return (
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <SectionError error={error} home={paths.home} homeLabel={m.homePage} />
      </main>
    );
  }
  return <MerchantShell data={data}>{page}</MerchantShell>;
}
