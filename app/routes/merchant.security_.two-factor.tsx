/**
 * Two-factor sign-in for the signed-in member (issue 12): set up, recovery codes, turn off. Open to
 * every role (it is the member's own account); the one page a member of a business that requires
 * two-factor sign-in may open before setting it up.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TwoFactorSettings } from "~/components/accounts/TwoFactorSettings";
import { Container } from "~/components/ui";
import { twoFactorText } from "~/content/two-factor";
import { requireMerchant } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import {
  twoFactorSettingsAction,
  twoFactorSettingsData,
  type TwoFactorActionData,
} from "~/route-support/two-factor-settings.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request);
  const label = `${merchant.merchantId} ${merchant.username}`;
  return {
    ...(await twoFactorSettingsData({ type: "merchant_user", id: merchant.userId }, label)),
    required: merchant.requireTwoFactor,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requireMerchant(request);
  return twoFactorSettingsAction(
    "merchant",
    { type: "merchant_user", id: merchant.userId },
    request,
    paths.merchantTwoFactor,
  );
}

export default function MerchantTwoFactor() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<TwoFactorActionData>();
  return (
    <Container className="py-12">
      <TwoFactorSettings
        data={data}
        lastResult={actionData?.lastResult}
        recoveryCodes={actionData?.recoveryCodes}
        notice={data.required ? twoFactorText.requiredForMerchant : undefined}
        page={paths.merchantTwoFactor}
      />
    </Container>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Two-Factor Sign-In",
    description: "Protect your OneHop sign-in with a code from your phone.",
    path: paths.merchantTwoFactor,
    noindex: true,
  });
