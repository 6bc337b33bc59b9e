/**
 * The second sign-in step's page (routes merchant-signin_.verify and admin_.signin_.verify; the
 * loader and action are route-support/second-step.server.ts).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { SecondFactorFields } from "~/components/accounts/SecondFactorFields";
import { Container } from "~/components/ui";
import { SubmitButton } from "~/components/ui/form";
import { secondFactorSchemaFor } from "~/core/accounts/two-factor-schema";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import type { Translation } from "~/i18n/messages";

type SecondStepMessages = Translation<(typeof signInMessages)["en"]["secondStep"]>;

export function SecondStepPage({
  id,
  redirectTo,
  signOut,
  intro,
  m = signInMessages.en.secondStep,
}: {
  id: string;
  redirectTo: string;
  signOut: string;
  intro: string;
  /** The page's words (the merchant's page: in its language; the console: English). */
  m?: SecondStepMessages;
}) {
  const actionData = useActionData<{ lastResult: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id,
    lastResult: actionData?.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorSchemaFor(m) }),
  });
  return (
    <Container className="max-w-md py-16">
      <h1 className="text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">{intro}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SecondFactorFields field={fields.code} label={m.codeLabel} hint={m.codeHint} />
        <SubmitButton pendingLabel={m.submitting} className="w-full">
          {m.submit}
        </SubmitButton>
      </Form>
      <form method="post" action={signOut} className="mt-6">
        <button type="submit" className="font-semibold text-brand-800 underline">
          {m.cancel}
        </button>
      </form>
    </Container>
  );
}
