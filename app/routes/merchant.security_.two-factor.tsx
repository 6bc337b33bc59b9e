/**
 * Two-factor sign-in for the signed-in member (issue 12): set up, recovery codes, turn off. Open to
 * every role (it is the member's own account); the one page a member of a business that requires
 * two-factor sign-in may open before setting it up. In the page's language (issue 33).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TwoFactorSettings } from "~/components/accounts/TwoFactorSettings";
import { Container } from "~/components/ui";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import {
  twoFactorSettingsAction,
  twoFactorSettingsData,
  type TwoFactorActionData,
} from "~/route-support/two-factor-settings.server";
import { requireMerchant } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

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
    requestLocale(request),
  );
}

export default function MerchantTwoFactor() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<TwoFactorActionData>();
  const m = useMessages(accountPagesMessages).twoFactor;
  return (
    <Container className="py-12">
      <TwoFactorSettings
        data={data}
        lastResult={actionData?.lastResult}
        recoveryCodes={actionData?.recoveryCodes}
        notice={data.required ? m.requiredNotice : undefined}
        page={paths.merchantTwoFactor}
      />
    </Container>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(accountPagesMessages, matchesLocale(matches)).twoFactor;
  return seo(matches, {
    title: m.title,
    description: m.metaDescription,
    path: paths.merchantTwoFactor,
    noindex: true,
  });
};
