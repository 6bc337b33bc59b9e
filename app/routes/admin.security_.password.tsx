/**
 * Change password (operator): the current password, then the new one twice. Every
 * other device signed in to this account is signed out; this one stays (core/accounts/
 * password-change.server).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChangePasswordPage } from "~/components/accounts/ChangePasswordPage";
import { operatorRoles } from "~/core/operator-roles";
import { requireOperator } from "~/utils/operator-auth.server";
import { changePasswordAction } from "~/route-support/password-change-action.server";
import * as paths from "~/utils/paths";
import { privatePageHeadersWithRetryAfter } from "~/utils/request.server";
import { seo } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  return { username: operator.email };
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  return changePasswordAction(request, { type: "operator", id: operator.id }, paths.adminSecurity);
}

export default function OperatorChangePassword() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <ChangePasswordPage
      username={username}
      backTo={paths.adminSecurity}
      forgotPassword={paths.adminForgotPassword}
    />
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Change password",
    description: "Change the password of your OneHop operator account.",
    path: paths.adminPassword,
    noindex: true,
  });
