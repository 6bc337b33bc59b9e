/**
 * The operator console's layout (/admin/*): its own shell (Applications, Payments, Exceptions,
 * Review, News as the operator's role allows; the operator's name and role; Sign Out). Sign-in and
 * sign-out live outside it (admin_.signin, admin_.signout). Without an operator session the loader
 * redirects to the sign-in page, as every console page did before; each page still checks its own
 * role. Pages that fail render inside the shell (ErrorBoundary).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell } from "~/components/app/AppShell";
import { SectionError } from "~/components/app/SectionError";
import { consoleNav, operatorRoleLabels } from "~/content/app-navigation";
import { operatorRoles } from "~/core/operator-roles";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import type { RouteHandle } from "~/utils/route-handle";

export const handle: RouteHandle = { chrome: "console" };

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  return { operator: { name: operator.name, role: operator.role } };
}

type ShellData = Awaited<ReturnType<typeof loader>>;

function ConsoleShell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { role } = data.operator;
  const items = consoleNav.filter((item) => role === "admin" || item.role === role);
  return (
    <AppShell
      section="Console"
      home={paths.admin}
      navLabel="Operator console"
      items={items}
      identity={{ name: data.operator.name, detail: operatorRoleLabels[role] }}
      signOutAction={paths.adminSignOut}
    >
      {children}
    </AppShell>
  );
}

export default function ConsoleLayout() {
  return (
    <ConsoleShell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </ConsoleShell>
  );
}

export const headers = privatePageHeaders;

/** A console page failed: say so inside the shell (its navigation stays). */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  const page = <SectionError error={error} home={paths.admin} homeLabel="the console" />;
  if (!data) {
    // Not an operator (e.g. a merchant's session: 403): no console to draw around it.
    return (
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <SectionError error={error} home={paths.home} homeLabel="the home page" />
      </main>
    );
  }
  return <ConsoleShell data={data}>{page}</ConsoleShell>;
}
