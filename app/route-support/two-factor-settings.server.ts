/**
 * The two-factor set-up page's loader data and actions, the same for a merchant member
 * (/merchant/security/two-factor) and an operator (/admin/two-factor): the routes guard, then call
 * these.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { twoFactorText } from "~/content/two-factor";
import type { AccountSubject } from "~/core/accounts/security-events.server";
import { twoFactorSettingsSchema } from "~/core/accounts/two-factor-schema";
import { isSecondFactorInput } from "~/core/accounts/two-factor.server";
import { qrSvg } from "~/utils/qr.server";
import { clientKey, requestOrigin } from "~/utils/request.server";
import type { SessionKind } from "~/utils/session.server";
import { jsonWithSuccess, redirectWithSuccess } from "~/utils/toast.server";
import { refusalMessage, refusalStatus } from "./two-factor-flow.server";
import { totpSealingKey } from "~/utils/two-factor-key.server";
import { sessions } from "~/wiring/sessions.server";
import { twoFactor } from "~/wiring/sign-in.server";

/** The secret in groups of four, as the user types it into their app. */
const groupsOfFour = (secret: string) => secret.match(/.{1,4}/g) ?? [];

export async function twoFactorSettingsData(subject: AccountSubject, label: string) {
  const service = twoFactor();
  const status = await service.status(subject);
  const setup =
    status.enabledAt === null
      ? await service.enrolmentSecret(totpSealingKey(), subject, label)
      : null;
  return {
    enabledAt: status.enabledAt,
    recoveryCodesLeft: status.recoveryCodesLeft,
    setup: setup ? { secretGroups: groupsOfFour(setup.secret), qr: qrSvg(setup.uri) } : null,
  };
}

export type TwoFactorActionData = {
  lastResult: SubmissionResult<string[]>;
  /** Shown once, right after they are made. */
  recoveryCodes?: string[];
};

export async function twoFactorSettingsAction(
  kind: SessionKind,
  subject: AccountSubject,
  request: Request,
  page: string,
) {
  const submission = parseWithZod(await request.formData(), { schema: twoFactorSettingsSchema });
  if (submission.status !== "success") {
    return data<TwoFactorActionData>(
      { lastResult: submission.reply({ hideFields: ["code"] }) },
      400,
    );
  }
  const origin = requestOrigin(request);
  const service = twoFactor();
  const refuse = (field: "code", message: string, status: number) =>
    data<TwoFactorActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: { [field]: [message] },
          hideFields: ["code"],
        }),
      },
      { status },
    );
  const value = submission.value;
  if (value.intent === "enable") {
    const result = await service.confirmEnrolment(totpSealingKey(), subject, {
      code: value.code,
      origin,
    });
    if (!result.ok) {
      const message =
        result.reason === "already_on" || result.reason === "not_started"
          ? "This set-up has changed. Reload the page and scan the new code."
          : refusalMessage({ ok: false, reason: result.reason });
      return refuse("code", message, 400);
    }
    await sessions().markSteppedUp(kind, request);
    return jsonWithSuccess<TwoFactorActionData>(
      { lastResult: submission.reply({ resetForm: true }), recoveryCodes: result.recoveryCodes },
      twoFactorText.enabled,
    );
  }
  if (value.intent === "regenerate") {
    const checked = await service.checkSecondFactor(totpSealingKey(), subject, {
      code: value.code,
      clientKey: clientKey(request),
      origin,
      purpose: "confirm",
    });
    if (!checked.ok) return refuse("code", refusalMessage(checked), refusalStatus(checked));
    const codes = await service.regenerateRecoveryCodes(subject, origin);
    return jsonWithSuccess<TwoFactorActionData>(
      { lastResult: submission.reply({ resetForm: true }), recoveryCodes: codes },
      twoFactorText.regenerated,
    );
  }
  // Turning off: a current second factor (a code or a recovery code), never the password alone,
  // and never while codes are throttled (the check refuses then). Owners are e-mailed.
  if (!isSecondFactorInput(value.code))
    return refuse(
      "code",
      "Enter the 6-digit code from your authenticator app, or a recovery code: your password alone cannot turn off two-factor sign-in.",
      400,
    );
  const checked = await service.checkSecondFactor(totpSealingKey(), subject, {
    code: value.code,
    clientKey: clientKey(request),
    origin,
    purpose: "confirm",
  });
  if (!checked.ok) return refuse("code", refusalMessage(checked), refusalStatus(checked));
  await service.turnOff(subject, origin);
  return redirectWithSuccess(page, twoFactorText.disabled);
}
