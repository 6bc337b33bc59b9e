/**
 * Change password (merchant team member): the current password, then the new one twice. Every
 * other device signed in to this account is signed out; this one stays (core/accounts/
 * password-change.server), in the page's language (issue 33).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChangePasswordPage } from "~/components/accounts/ChangePasswordPage";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { changePasswordAction } from "~/route-support/password-change-action.server";
import { requireMerchant } from "~/utils/auth.server";
import * as paths from "~/utils/paths";
import { privatePageHeadersWithRetryAfter } from "~/utils/request.server";
import { seo } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  // Every member may change their own password: no team permission is involved.
  const merchant = await requireMerchant(request);
  return { username: merchant.username };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requireMerchant(request);
  return changePasswordAction(
    request,
    { type: "merchant_user", id: merchant.userId },
    paths.merchantSecurity,
    requestLocale(request),
  );
}

export default function MerchantChangePassword() {
  const { username } = useLoaderData<typeof loader>();
  return (
    <ChangePasswordPage
      username={username}
      backTo={paths.merchantSecurity}
      forgotPassword={paths.merchantForgotPassword}
    />
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(accountPagesMessages, matchesLocale(matches)).changePassword;
  return seo(matches, {
    title: m.metaTitle,
    description: m.metaDescription,
    path: paths.merchantPassword,
    noindex: true,
  });
};
