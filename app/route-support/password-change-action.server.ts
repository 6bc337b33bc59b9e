/**
 * The change-password action shared by the merchant and operator pages: the current password, then
 * the new one twice; every other device of the account is signed out, this one stays
 * (core/accounts/password-change.server). It answers in `locale` (issue 33): a member's page in its
 * language, the operator console in English.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { changePasswordSchemaIn } from "~/components/accounts/ChangePasswordPage";
import { passwordRecoveryMessages } from "~/content/password-recovery";
import { policyMessageIn } from "~/core/accounts/password-policy.server";
import type { AccountSubject } from "~/core/accounts/security-events.server";
import { waitMinutes } from "~/core/rate-limit.server";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { clientKey, requestOrigin, retryAfterHeader } from "~/utils/request.server";
import { currentSessionIdHash } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";
import { signIn } from "~/wiring/sign-in.server";

export type ChangePasswordActionData = { lastResult: SubmissionResult<string[]> };
const HIDDEN = { hideFields: ["currentPassword", "password", "confirmPassword"] };

export async function changePasswordAction(
  request: Request,
  subject: AccountSubject,
  afterPath: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  const kind = subject.type === "operator" ? "operator" : "merchant";
  const m = inLocale(accountPagesMessages, locale).changePassword;
  const recovery = inLocale(passwordRecoveryMessages, locale);
  const words = inLocale(signInMessages, locale);
  const submission = parseWithZod(await request.formData(), {
    schema: changePasswordSchemaIn(locale),
  });
  if (submission.status !== "success") {
    return data<ChangePasswordActionData>(
      { lastResult: submission.reply(HIDDEN) },
      { status: 400 },
    );
  }
  const result = await signIn().changePassword({
    subject,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.password,
    clientKey: clientKey(request),
    keepSessionIdHash: await currentSessionIdHash(kind, request),
    origin: requestOrigin(request),
  });
  if (result.ok) {
    return redirectWithSuccess(afterPath, {
      message: m.changed,
      description: m.changedDescription(result.sessionsEnded),
    });
  }
  const fail = (fieldErrors: Record<string, string[]>, init: ResponseInit) =>
    data<ChangePasswordActionData>(
      { lastResult: submission.reply({ ...HIDDEN, fieldErrors }) },
      init,
    );
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
