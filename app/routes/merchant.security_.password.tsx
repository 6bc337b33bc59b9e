/**
 * Change password (merchant team member): the current password, then the new one twice. Every
 * other device signed in to this account is signed out; this one stays (core/accounts/
 * password-change.server).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChangePasswordPage } from "~/components/accounts/ChangePasswordPage";
import { requireMerchant } from "~/utils/auth.server";
import { changePasswordAction } from "~/route-support/password-change-action.server";
import { paths } from "~/utils/paths";
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

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Change password",
    description: "Change the password of your OneHop merchant account.",
    path: paths.merchantPassword,
    noindex: true,
  });
