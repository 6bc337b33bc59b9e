/**
 * The change-password action shared by the merchant and operator pages: the current password, then
 * the new one twice; every other device of the account is signed out, this one stays
 * (core/accounts/password-change.server).
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { passwordRecovery } from "~/content/password-recovery";
import type { AccountSubject } from "~/core/accounts/security-events.server";
import { changePasswordSchema } from "~/core/accounts/password-forms";
import { describeWait } from "~/core/rate-limit.server";
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
) {
  const kind = subject.type === "operator" ? "operator" : "merchant";
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
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
    return redirectWithSuccess(afterPath, passwordRecovery.changed(result.sessionsEnded));
  }
  const fail = (fieldErrors: Record<string, string[]>, init: ResponseInit) =>
    data<ChangePasswordActionData>(
      { lastResult: submission.reply({ ...HIDDEN, fieldErrors }) },
      init,
    );
  switch (result.reason) {
    case "policy":
      return fail({ password: [result.message] }, { status: 400 });
    case "wrong_password":
      return fail({ currentPassword: [passwordRecovery.wrongCurrent] }, { status: 400 });
    default:
      return fail(
        {
          currentPassword: [
            result.reason === "busy"
              ? passwordRecovery.busy
              : passwordRecovery.throttledCurrent(describeWait(result.retryAfterMs)),
          ],
        },
        { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
      );
  }
}
