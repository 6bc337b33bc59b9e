/**
 * The operators' second sign-in step (issue 12): after the password, an operator types
 * the code from their authenticator app or a recovery code. The pending session opens nothing else;
 * a correct code replaces it with a full one (new id, stepped up now) and goes on to `redirectTo`.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { SecondFactorFields } from "~/components/accounts/SecondFactorFields";
import { Container } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { secondFactorSchema } from "~/core/accounts/two-factor-schema";
import { checkSecondFactor } from "~/core/accounts/two-factor.server";
import { getDb } from "~/utils/db.server";
import { paths } from "~/utils/paths";
import {
  assertSameOrigin,
  clientKey,
  privatePageHeadersWithRetryAfter,
  requestOrigin,
  retryAfterHeader,
  safeRedirectPath,
} from "~/utils/request.server";
import { completeSecondFactor } from "~/utils/session.server";
import { seo } from "~/utils/seo";
import { refusalMessage, refusalStatus, sessionStage } from "~/utils/two-factor-flow.server";
import { totpSealingKey } from "~/utils/two-factor-key.server";

const HOME = paths.admin;
type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), HOME);
  const session = await sessionStage(getDb(), "operator", request);
  if (session.stage === "full") throw redirect(redirectTo);
  if (session.stage === "none") throw redirect(paths.adminSignInWith({ redirectTo }));
  return { redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const db = getDb();
  const session = await sessionStage(db, "operator", request);
  if (session.stage !== "pending") throw redirect(paths.adminSignIn);
  const submission = parseWithZod(await request.formData(), { schema: secondFactorSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ lastResult: submission.reply({ hideFields: ["code"] }) }, 400);
  }
  const result = checkSecondFactor(db, totpSealingKey(), session.subject, {
    code: submission.value.code,
    clientKey: clientKey(request),
    origin: requestOrigin(request),
    purpose: "sign_in",
  });
  if (!result.ok) {
    return data<ActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: { code: [refusalMessage(result)] },
          hideFields: ["code"],
        }),
      },
      {
        status: refusalStatus(result),
        headers: result.reason === "throttled" ? retryAfterHeader(result.retryAfterMs) : undefined,
      },
    );
  }
  const cookie = await completeSecondFactor(db, "operator", request);
  return redirect(safeRedirectPath(submission.value.redirectTo, HOME), {
    headers: { "Set-Cookie": cookie },
  });
}

export default function AdminSignInVerify() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "admin-signin-verify",
    lastResult: actionData?.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorSchema }),
  });
  return (
    <Container className="max-w-md py-16">
      <h1 className="text-3xl font-bold text-ink">Two-Factor Sign In</h1>
      <p className="mt-3 text-slate-700">
        Open your authenticator app and enter the 6-digit code for the OneHop console. Lost your
        phone? Enter one of your recovery codes instead.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SecondFactorFields field={fields.code} />
        <SubmitButton pendingLabel="Checking..." className="w-full">
          Verify
        </SubmitButton>
      </Form>
      <form method="post" action={paths.adminSignOut} className="mt-6">
        <button type="submit" className="font-semibold text-brand-800 underline">
          Cancel and sign out
        </button>
      </form>
    </Container>
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Two-Factor Sign In",
    description: "OneHop operator console.",
    path: paths.adminSignInVerify,
    noindex: true,
  });
