/**
 * The two-factor set-up page's loader data and actions, the same for a merchant member
 * (/merchant/security/two-factor) and an operator (/admin/two-factor): the routes guard, then call
 * these. They answer in `locale` (issue 33): a member's page in its language, the console in
 * English.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { twoFactorSettingsSchemaIn } from "~/components/accounts/TwoFactorSettings";
import { twoFactorRefusalMessages } from "~/content/two-factor";
import type { AccountSubject } from "~/core/accounts/security-events.server";
import { isSecondFactorInput } from "~/core/accounts/two-factor.server";
import { waitMinutes } from "~/core/rate-limit.server";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
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
  locale: Locale = DEFAULT_LOCALE,
) {
  const m = inLocale(accountPagesMessages, locale).twoFactor;
  const refusalWords = inLocale(twoFactorRefusalMessages, locale);
  const minutes = inLocale(signInMessages, locale).minutes;
  const wait = (ms: number) => minutes(waitMinutes(ms));
  const submission = parseWithZod(await request.formData(), {
    schema: twoFactorSettingsSchemaIn(locale),
  });
  if (submission.status !== "success") {
    return data<TwoFactorActionData>(
      { lastResult: submission.reply({ hideFields: ["code"] }) },
      400,
    );
  }
  const origin = requestOrigin(request);
  const service = twoFactor();
  const refuse = (message: string, status: number) =>
    data<TwoFactorActionData>(
      {
        lastResult: submission.reply({ fieldErrors: { code: [message] }, hideFields: ["code"] }),
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
          ? m.setupChanged
          : refusalMessage({ ok: false, reason: result.reason }, "code", refusalWords, wait);
      return refuse(message, 400);
    }
    await sessions().markSteppedUp(kind, request);
    return jsonWithSuccess<TwoFactorActionData>(
      { lastResult: submission.reply({ resetForm: true }), recoveryCodes: result.recoveryCodes },
      { message: m.enabled, description: m.enabledDescription },
    );
  }
  if (value.intent === "regenerate") {
    const checked = await service.checkSecondFactor(totpSealingKey(), subject, {
      code: value.code,
      clientKey: clientKey(request),
      origin,
      purpose: "confirm",
    });
    if (!checked.ok)
      return refuse(refusalMessage(checked, "code", refusalWords, wait), refusalStatus(checked));
    const codes = await service.regenerateRecoveryCodes(subject, origin);
    return jsonWithSuccess<TwoFactorActionData>(
      { lastResult: submission.reply({ resetForm: true }), recoveryCodes: codes },
      { message: m.regenerated, description: m.regeneratedDescription },
    );
  }
  // Turning off: a current second factor (a code or a recovery code), never the password alone,
  // and never while codes are throttled (the check refuses then). Owners are e-mailed.
  if (!isSecondFactorInput(value.code)) return refuse(m.passwordCannotTurnOff, 400);
  const checked = await service.checkSecondFactor(totpSealingKey(), subject, {
    code: value.code,
    clientKey: clientKey(request),
    origin,
    purpose: "confirm",
  });
  if (!checked.ok)
    return refuse(refusalMessage(checked, "code", refusalWords, wait), refusalStatus(checked));
  await service.turnOff(subject, origin);
  return redirectWithSuccess(page, { message: m.disabled });
}
