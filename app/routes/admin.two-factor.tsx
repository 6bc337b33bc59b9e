/**
 * Two-factor sign-in for the signed-in operator (issue 12). Mandatory for operators: until it is
 * on, the console guard sends every other page here (utils/operator-auth.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TwoFactorSettings } from "~/components/accounts/TwoFactorSettings";
import { Container } from "~/components/ui";
import { twoFactorText } from "~/content/two-factor";
import { operatorRoles } from "~/core/operator-roles";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import {
  twoFactorSettingsAction,
  twoFactorSettingsData,
  type TwoFactorActionData,
} from "~/route-support/two-factor-settings.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  return twoFactorSettingsData({ type: "operator", id: operator.id }, `console ${operator.email}`);
}

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, operatorRoles);
  return twoFactorSettingsAction(
    "operator",
    { type: "operator", id: operator.id },
    request,
    paths.adminTwoFactor,
  );
}

export default function AdminTwoFactor() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<TwoFactorActionData>();
  return (
    <Container className="py-12">
      <TwoFactorSettings
        data={data}
        lastResult={actionData?.lastResult}
        recoveryCodes={actionData?.recoveryCodes}
        notice={twoFactorText.requiredForOperator}
        page={paths.adminTwoFactor}
      />
    </Container>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Two-Factor Sign-In",
    description: "OneHop operator console.",
    path: paths.adminTwoFactor,
    noindex: true,
  });
