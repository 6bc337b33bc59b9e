/**
 * Two-factor sign-in for the signed-in member (issue 12): set up, recovery codes, turn off. Open to
 * every role (it is the member's own account); the one page a member of a business that requires
 * two-factor sign-in may open before setting it up. In the page's language (issue 33): the same
 * steps as the operator's `twoFactorSettingsAction` (route-support/two-factor-settings.server.ts),
 * saying the catalog's words.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  TwoFactorSettings,
  twoFactorSettingsSchemaIn,
} from "~/components/accounts/TwoFactorSettings";
import { Container } from "~/components/ui";
import { twoFactorRefusalMessages } from "~/content/two-factor";
import { isSecondFactorInput } from "~/core/accounts/two-factor.server";
import { waitMinutes } from "~/core/rate-limit.server";
import { accountPagesMessages } from "~/i18n/catalogs/account-pages";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { refusalMessage, refusalStatus } from "~/route-support/two-factor-flow.server";
import {
  twoFactorSettingsData,
  type TwoFactorActionData,
} from "~/route-support/two-factor-settings.server";
import { requireMerchant } from "~/utils/auth.server";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { clientKey, requestOrigin } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { jsonWithSuccess, redirectWithSuccess } from "~/utils/toast.server";
import { totpSealingKey } from "~/utils/two-factor-key.server";
import { sessions } from "~/wiring/sessions.server";
import { twoFactor } from "~/wiring/sign-in.server";

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
  const subject = { type: "merchant_user", id: merchant.userId } as const;
  const locale = requestLocale(request);
  const m = inLocale(accountPagesMessages, locale).twoFactor;
  const refusalWords = inLocale(twoFactorRefusalMessages, locale);
  const minutes = inLocale(signInMessages, locale).minutes;
  const wait = (ms: number) => minutes(waitMinutes(ms));
  const submission = parseWithZod(await request.formData(), {
    schema: twoFactorSettingsSchemaIn(locale),
  });
  if (submission.status !== "success")
    return data<TwoFactorActionData>(
      { lastResult: submission.reply({ hideFields: ["code"] }) },
      400,
    );
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
    await sessions().markSteppedUp("merchant", request);
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
  return redirectWithSuccess(paths.merchantTwoFactor, { message: m.disabled });
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
