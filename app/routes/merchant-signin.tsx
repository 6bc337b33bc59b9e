import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { languageCookie } from "~/i18n/language-cookie.server";
import { security } from "~/wiring/security.server";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui";
import { fieldMeta, Honeypot, SubmitButton, TextField } from "~/components/ui/form";
import { company } from "~/content/company";
import { signInRefusalMessages } from "~/content/sign-in";
import { signInSchemaFor } from "~/core/merchants/sign-in-schema";
import { waitMinutes } from "~/core/rate-limit.server";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { authenticator, InvalidCredentialsError, ThrottledError } from "~/utils/auth.server";
import { checkHoneypot } from "~/utils/honeypot";
import { logger } from "~/utils/logger.server";
import * as paths from "~/utils/paths";
import {
  assertSameOrigin,
  privatePageHeadersWithRetryAfter,
  retryAfterHeader,
  safeRedirectPath,
} from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { matchesLocale } from "~/i18n/match-locale";
import { jsonWithError } from "~/utils/toast.server";
import { sessions } from "~/wiring/sessions.server";

const DASHBOARD = paths.merchantDashboard;
type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), DASHBOARD);
  const state = await sessions().read("merchant", request);
  if (state.status === "active" && !state.session.pendingSecondFactor) throw redirect(redirectTo);
  return { redirectTo, merchantId: url.searchParams.get("merchantId")?.slice(0, 32) ?? "" };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const locale = requestLocale(request);
  const m = inLocale(signInMessages, locale);
  const refusal = inLocale(signInRefusalMessages, locale);
  // FormStrategy reads the body itself: validate a clone first.
  const formData = await request.clone().formData();
  if (checkHoneypot(formData) === "bot") {
    return jsonWithError<ActionData>({ lastResult: { status: "error" } }, m.toast.signInFailed, {
      status: 401,
    });
  }
  const submission = parseWithZod(formData, { schema: signInSchemaFor(m.form) });
  if (submission.status !== "success") {
    return data<ActionData>(
      { lastResult: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const failed = (
    toast: { message: string; description?: string },
    status: number,
    headers?: HeadersInit,
  ) =>
    jsonWithError<ActionData>(
      { lastResult: submission.reply({ hideFields: ["password"] }) },
      toast,
      { status, headers },
    );
  try {
    const principal = await authenticator.authenticate("merchant", request);
    const redirectTo = safeRedirectPath(submission.value.redirectTo, DASHBOARD);
    // With two-factor sign-in the password opens only the second step (a short pending session).
    const cookie = await sessions().start(
      "merchant",
      { merchantUserId: principal.userId },
      request,
      Date.now(),
      { pendingSecondFactor: principal.twoFactor },
    );
    const next = principal.twoFactor ? paths.merchantSignInVerifyWith({ redirectTo }) : redirectTo;
    const headers = new Headers({ "Set-Cookie": cookie });
    // The member's own language, if they chose one, follows them to this browser (issue 33).
    const language = await security().getMemberLanguage(principal.userId);
    if (language) headers.append("Set-Cookie", languageCookie(request, language));
    return redirect(next, { headers });
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return failed(m.toast.signInFailed, 401);
    if (error instanceof ThrottledError) {
      // Refused before any password check: 429 with Retry-After, and the sign-in page says why.
      const description =
        error.reason === "busy"
          ? refusal.busy
          : refusal.throttled(m.minutes(waitMinutes(error.retryAfterMs)));
      return failed(
        { message: m.toast.signInFailed.message, description },
        429,
        retryAfterHeader(error.retryAfterMs),
      );
    }
    logger.error("merchant sign-in error", {
      error: error instanceof Error ? error.message : String(error),
    });
    return failed(m.toast.signInError, 500);
  }
}

export default function MerchantSignIn() {
  const { redirectTo, merchantId } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(signInMessages);
  const [form, fields] = useForm({
    id: "merchant-signin",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchemaFor(m.form) }),
  });
  const meta = (name: "merchantId" | "username" | "password") => fieldMeta(fields[name]);
  const initial = (name: "merchantId" | "username") => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : undefined;
  };
  return (
    <Container className="grid max-w-5xl gap-10 py-16 md:grid-cols-2">
      <div>
        <h1 className="text-3xl font-bold text-ink">{m.page.title}</h1>
        <p className="mt-3 text-slate-700">{m.page.intro}</p>
        <Form method="post" {...getFormProps(form)} className="relative mt-8 space-y-5">
          <Honeypot />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            meta={meta("merchantId")}
            label={m.fields.merchantId}
            defaultValue={initial("merchantId") ?? merchantId}
            autoComplete="organization"
            placeholder="MRC-XXXXXX"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            meta={meta("username")}
            label={m.fields.username}
            defaultValue={initial("username")}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            meta={meta("password")}
            label={m.fields.password}
            type="password"
            autoComplete="current-password"
          />
          <SubmitButton pendingLabel={m.page.submitting} className="w-full">
            {m.page.submit}
          </SubmitButton>
        </Form>
        <p className="mt-4">
          <Link
            to={paths.merchantForgotPassword}
            className="font-semibold text-brand-800 underline"
          >
            {m.page.forgot}
          </Link>
        </p>
      </div>
      <aside className="rounded-2xl bg-slate-50 p-8" aria-labelledby="signin-help">
        <h2 id="signin-help" className="text-xl font-semibold text-ink">
          {m.page.helpTitle}
        </h2>
        <p className="mt-3 text-slate-700">
          {m.page.supportBefore(company.supportHours)}
          <a
            className="font-semibold text-brand-800 underline"
            href={`mailto:${company.supportEmail}`}
          >
            {company.supportEmail}
          </a>
          {m.page.supportOr}
          <a className="font-semibold text-brand-800 underline" href={company.phoneHref}>
            {company.phone}
          </a>
          .
        </p>
        <h2 className="mt-8 text-xl font-semibold text-ink">{m.page.notMerchantTitle}</h2>
        <p className="mt-3 text-slate-700">
          {m.page.notMerchant}
          <Link to={paths.getStarted} className="font-semibold text-brand-800 underline">
            {m.page.applyNow}
          </Link>
        </p>
      </aside>
    </Container>
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(signInMessages, matchesLocale(matches)).meta;
  return seo(matches, {
    title: m.signInTitle,
    description: m.signInDescription,
    path: paths.merchantSignIn,
    noindex: true,
  });
};
