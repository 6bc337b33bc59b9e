/**
 * Security for an operator (every role): where this operator is signed in (sign out one other
 * session or all others), recent security events, links to change the password and to two-factor
 * sign-in.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  ActiveSessions,
  RecentSecurityEvents,
  SignInSettings,
} from "~/components/accounts/SecurityOverview";
import { ConsolePage } from "~/components/app/ConsolePage";
import { securityPageSchema, sessionIntents } from "~/core/accounts/security-page-schema";
import { operatorRoles } from "~/core/operator-roles";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { endSessionsFromPage, securityOverview } from "~/route-support/security-page.server";
import { seo } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  return {
    name: operator.name,
    email: operator.email,
    twoFactorOn: operator.totpEnabledAt !== null,
    ...(await securityOverview(request, { type: "operator", id: operator.id })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  const subject = { type: "operator", id: operator.id } as const;
  const submission = parseWithZod(await request.formData(), { schema: securityPageSchema });
  if (submission.status !== "success") return data({ error: "Unknown request" }, { status: 400 });
  const value = submission.value;
  if (value.intent === sessionIntents.endOne)
    return endSessionsFromPage(request, subject, paths.adminSecurity, { ref: value.ref });
  if (value.intent === sessionIntents.endOthers)
    return endSessionsFromPage(request, subject, paths.adminSecurity, "all-others");
  return data({ error: "Unknown request" }, { status: 400 });
}

export default function AdminSecurity() {
  const { name, email, twoFactorOn, sessions, events } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title="Security">
      <p className="max-w-3xl text-slate-700">
        Your operator sign-in as <strong>{name}</strong> ({email}): where you are signed in and what
        happened recently.
      </p>
      <div className="max-w-3xl">
        <SignInSettings
          passwordPath={paths.adminPassword}
          twoFactorPath={paths.adminTwoFactor}
          twoFactorOn={twoFactorOn}
        />
        <ActiveSessions sessions={sessions} />
        <RecentSecurityEvents events={events} />
      </div>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Security",
    description: "Your operator sessions and security events on OneHop.",
    path: paths.adminSecurity,
    noindex: true,
  });
