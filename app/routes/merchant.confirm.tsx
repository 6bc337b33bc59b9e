/**
 * Step-up (issue 12): before a sensitive action (payout destination, team, API keys, approving
 * payouts) the member confirms a code from their app (or a recovery code), or their password when
 * they have no two-factor sign-in; the session is then stepped up for five minutes
 * (utils/auth.server.ts requireRecentStepUp) and the member goes back to `redirectTo`.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SecondFactorFields } from "~/components/accounts/SecondFactorFields";
import { Container } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { twoFactorRefusalMessages } from "~/content/two-factor";
import { secondFactorSchemaFor } from "~/core/accounts/two-factor-schema";
import { waitMinutes } from "~/core/rate-limit.server";
import { stepUpMessages } from "~/i18n/catalogs/app-shell";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import type { Locale } from "~/i18n/locales";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale } from "~/i18n/use-messages";
import { requireMerchant } from "~/utils/auth.server";
import * as paths from "~/utils/paths";
import {
  clientKey,
  privatePageHeadersWithRetryAfter,
  requestOrigin,
  safeRedirectPath,
} from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { refusalMessage, refusalStatus } from "~/route-support/two-factor-flow.server";
import { totpSealingKey } from "~/utils/two-factor-key.server";
import { sessions } from "~/wiring/sessions.server";
import { twoFactor } from "~/wiring/sign-in.server";

const DASHBOARD = paths.merchantDashboard;
type ActionData = { lastResult: SubmissionResult<string[]> };

/** The page's words in one language: its own, and the second sign-in step's for the code. */
function wordsIn(locale: Locale) {
  return {
    ...inLocale(stepUpMessages, locale),
    code: inLocale(signInMessages, locale).secondStep,
    minutes: inLocale(signInMessages, locale).minutes,
    refusal: inLocale(twoFactorRefusalMessages, locale),
  };
}

/** The form in the page's language: a code (two-factor on) or the password. */
function schemaFor(twoFactor: boolean, m: ReturnType<typeof wordsIn>) {
  return twoFactor
    ? secondFactorSchemaFor(m.code)
    : z.object({
        password: z.string({ required_error: m.passwordRequired }).max(1000),
        redirectTo: z.string().optional(),
      });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request);
  const redirectTo = safeRedirectPath(
    new URL(request.url).searchParams.get("redirectTo"),
    DASHBOARD,
  );
  return { redirectTo, twoFactor: merchant.totpEnabledAt !== null };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requireMerchant(request);
  const subject = { type: "merchant_user", id: merchant.userId } as const;
  const formData = await request.formData();
  const hasTwoFactor = merchant.totpEnabledAt !== null;
  const m = wordsIn(requestLocale(request));
  const submission = parseWithZod(formData, { schema: schemaFor(hasTwoFactor, m) });
  const hide = { hideFields: ["code", "password"] };
  if (submission.status !== "success") {
    return data<ActionData>({ lastResult: submission.reply(hide) }, 400);
  }
  const value = submission.value;
  const base = { clientKey: clientKey(request), origin: requestOrigin(request) };
  const result =
    "code" in value
      ? await twoFactor().checkSecondFactor(totpSealingKey(), subject, {
          ...base,
          code: value.code,
          purpose: "confirm",
        })
      : await twoFactor().confirmPassword(subject, { ...base, password: value.password });
  if (!result.ok) {
    const field = "code" in value ? "code" : "password";
    const message = refusalMessage(result, field, m.refusal, (ms) => m.minutes(waitMinutes(ms)));
    return data<ActionData>(
      { lastResult: submission.reply({ fieldErrors: { [field]: [message] }, ...hide }) },
      { status: refusalStatus(result) },
    );
  }
  await sessions().markSteppedUp("merchant", request);
  return redirectWithSuccess(safeRedirectPath(value.redirectTo, DASHBOARD), {
    message: m.confirmed,
  });
}

export default function MerchantConfirm() {
  const { redirectTo, twoFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = wordsIn(useLocale());
  const [form, fields] = useForm({
    id: "merchant-confirm",
    lastResult: actionData?.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaFor(twoFactor, m) }),
  });
  return (
    <Container className="max-w-md py-12">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">{twoFactor ? m.codeIntro : m.passwordIntro}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {twoFactor ? (
          <SecondFactorFields field={fields.code} label={m.code.codeLabel} hint={m.code.codeHint} />
        ) : (
          <TextField
            meta={fieldMeta(fields.password)}
            label={m.password}
            type="password"
            autoComplete="current-password"
          />
        )}
        <SubmitButton pendingLabel={m.checking} className="w-full">
          {m.confirm}
        </SubmitButton>
      </Form>
    </Container>
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(stepUpMessages, matchesLocale(matches)).metaTitle,
    description: inLocale(stepUpMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantConfirm,
    noindex: true,
  });
