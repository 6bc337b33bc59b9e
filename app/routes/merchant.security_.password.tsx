/**
 * Change password (merchant team member): the current password, then the new one twice. Every
 * other device signed in to this account is signed out; this one stays (core/accounts/
 * password-change.server). In the page's language (issue 33): the same steps as the operator's
 * `changePasswordAction` (route-support/password-change-action.server.ts), saying the catalog's
 * words.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  ChangePasswordPage,
  changePasswordSchemaIn,
} from "~/components/accounts/ChangePasswordPage";
import { passwordRecoveryMessages } from "~/content/password-recovery";
import { policyMessageIn } from "~/core/accounts/password-policy.server";
import { waitMinutes } from "~/core/rate-limit.server";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { requireMerchant } from "~/utils/auth.server";
import { paths } from "~/utils/paths";
import {
  clientKey,
  privatePageHeadersWithRetryAfter,
  requestOrigin,
  retryAfterHeader,
} from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { currentSessionIdHash } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { signIn } from "~/wiring/sign-in.server";

type ActionData = { lastResult: SubmissionResult<string[]> };
const HIDDEN = { hideFields: ["currentPassword", "password", "confirmPassword"] };

export async function loader({ request }: LoaderFunctionArgs) {
  // Every member may change their own password: no team permission is involved.
  const merchant = await requireMerchant(request);
  return { username: merchant.username };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requireMerchant(request);
  const locale = requestLocale(request);
  const m = inLocale(accountPagesMessages, locale).changePassword;
  const recovery = inLocale(passwordRecoveryMessages, locale);
  const words = inLocale(signInMessages, locale);
  const submission = parseWithZod(await request.formData(), {
    schema: changePasswordSchemaIn(locale),
  });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply(HIDDEN) }, { status: 400 });
  const result = await signIn().changePassword({
    subject: { type: "merchant_user", id: merchant.userId },
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.password,
    clientKey: clientKey(request),
    keepSessionIdHash: await currentSessionIdHash("merchant", request),
    origin: requestOrigin(request),
  });
  if (result.ok)
    return redirectWithSuccess(paths.merchantSecurity, {
      message: m.changed,
      description: m.changedDescription(result.sessionsEnded),
    });
  const fail = (fieldErrors: Record<string, string[]>, init: ResponseInit) =>
    data<ActionData>({ lastResult: submission.reply({ ...HIDDEN, fieldErrors }) }, init);
  switch (result.reason) {
    case "policy":
      return fail(
        { password: [policyMessageIn(result.message, words.newPassword)] },
        { status: 400 },
      );
    case "wrong_password":
      return fail({ currentPassword: [recovery.wrongCurrent] }, { status: 400 });
    default:
      return fail(
        {
          currentPassword: [
            result.reason === "busy"
              ? recovery.busy
              : recovery.throttledCurrent(words.minutes(waitMinutes(result.retryAfterMs))),
          ],
        },
        { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
      );
  }
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
