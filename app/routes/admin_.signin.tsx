import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { operatorHome } from "~/content/app-navigation";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { signInRefusal } from "~/content/sign-in";
import { operatorSignInSchema } from "~/core/operator-sign-in-schema";
import { describeWait } from "~/core/rate-limit.server";
import { holdRefusal } from "~/utils/hold-refusal.server";
import { getSignedInOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import {
  assertSameOrigin,
  clientKey,
  privatePageHeadersWithRetryAfter,
  requestOrigin,
  retryAfterHeader,
  safeRedirectPath,
} from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { jsonWithError } from "~/utils/toast.server";
import { sessions } from "~/wiring/sessions.server";
import { signIn } from "~/wiring/sign-in.server";

type ActionData = { lastResult: SubmissionResult<string[]> };

const homeFor = operatorHome;

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const operator = await getSignedInOperator(request);
  if (operator) throw redirect(safeRedirectPath(redirectTo, homeFor(operator.role)));
  return { redirectTo: redirectTo ? safeRedirectPath(redirectTo, "") : "" };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: operatorSignInSchema });
  if (submission.status !== "success") {
    return data<ActionData>(
      { lastResult: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  const result = await signIn().signInOperator({
    ...submission.value,
    clientKey: clientKey(request),
    origin: requestOrigin(request),
  });
  if (!result.ok) {
    // A client that has been failing waits for its refusal (core/sign-in-guard).
    if (result.reason !== "invalid") await holdRefusal(result.holdMs);
    const refused = result.reason !== "invalid";
    const description =
      result.reason === "busy"
        ? signInRefusal.busy
        : result.reason === "throttled"
          ? signInRefusal.throttled(describeWait(result.retryAfterMs))
          : "Invalid email or password.";
    return jsonWithError<ActionData>(
      { lastResult: submission.reply({ hideFields: ["password"] }) },
      { message: "Sign In Failed", description },
      // Refused before any password check: 429 with Retry-After.
      refused ? { status: 429, headers: retryAfterHeader(result.retryAfterMs) } : { status: 401 },
    );
  }
  // Two-factor on: the password opens only the second step. Not yet set up (it is mandatory for
  // operators): the console guard sends every page to /admin/two-factor first.
  const twoFactor = result.operator.totpEnabledAt !== null;
  const cookie = await sessions().start(
    "operator",
    { operatorId: result.operator.id },
    request,
    Date.now(),
    { pendingSecondFactor: twoFactor },
  );
  const redirectTo = safeRedirectPath(submission.value.redirectTo, homeFor(result.operator.role));
  return redirect(twoFactor ? paths.adminSignInVerifyWith({ redirectTo }) : redirectTo, {
    headers: { "Set-Cookie": cookie },
  });
}

export default function AdminSignIn() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "admin-signin",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: operatorSignInSchema }),
  });
  const meta = (name: "email" | "password") => fieldMeta(fields[name]);
  const email = fields.email.initialValue;
  return (
    <Container className="max-w-md py-16">
      <h1 className="text-3xl font-bold text-ink">Operator Sign In</h1>
      <p className="mt-3 text-slate-700">
        For OneHop staff. Merchants sign in at the merchant sign-in page.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          meta={meta("email")}
          label="Email"
          type="email"
          autoComplete="username"
          defaultValue={typeof email === "string" ? email : undefined}
        />
        <TextField
          meta={meta("password")}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton pendingLabel="Signing In..." className="w-full">
          Sign In
        </SubmitButton>
      </Form>
      <p className="mt-4">
        <a href={paths.adminForgotPassword} className="font-semibold text-brand-800 underline">
          Forgot password?
        </a>
      </p>
    </Container>
  );
}

export const headers = privatePageHeadersWithRetryAfter;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Operator Sign In",
    description: "OneHop operator console.",
    path: paths.adminSignIn,
    noindex: true,
  });
