import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { merchants } from "../../drizzle/schema";
import { Container } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { recordAudit } from "~/core/audit.server";
import { settlementSettingsSchema } from "~/core/payments/create-payment-schema";
import { normalizeKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import { requireMerchant } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { privatePageHeaders } from "~/utils/http";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";

type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request);
  const row = getDb().select({ phone: merchants.settlementPhone }).from(merchants).where(eq(merchants.id, merchant.merchantId)).get();
  return { phone: row?.phone ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requireMerchant(request);
  const submission = parseWithZod(await request.formData(), { schema: settlementSettingsSchema });
  if (submission.status !== "success") return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  let phone: string;
  try {
    phone = normalizeKenyanMsisdn(submission.value.phone);
  } catch {
    return data<ActionData>({ lastResult: submission.reply({ fieldErrors: { phone: ["Enter a Kenyan mobile number such as 0712 345 678"] } }) }, { status: 400 });
  }
  const db = getDb();
  db.transaction((tx) => {
    tx.update(merchants).set({ settlementPhone: phone }).where(eq(merchants.id, merchant.merchantId)).run();
    recordAudit(tx, { actorType: "merchant_user", actorId: merchant.userId, action: "settlement.phone_changed", targetType: "merchant", targetId: merchant.merchantId, details: { phone } });
  });
  return redirectWithSuccess("/merchant/settings", { message: "Settlement number saved", description: `We will pay you to ${phone} on M-Pesa.` });
}

export default function MerchantSettings() {
  const { phone } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "settlement-settings",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settlementSettingsSchema }),
  });
  return (
    <Container className="max-w-2xl py-12">
      <p>
        <Link to="/merchant/dashboard" className="text-sm font-semibold text-brand-800 underline">
          Back to the dashboard
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Settlement settings</h1>
      <p className="mt-3 text-slate-700">
        Confirmed payments are paid out at once to this M-Pesa number, in transfers of up to KES 250,000 and up to KES 500,000 a day; anything above
        waits for the next day.
      </p>
      <p className="mt-3 font-medium text-ink">{phone ? `Currently paying to ${phone}.` : "No settlement number yet: payments wait until you add one."}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <TextField
          meta={fieldMeta(fields.phone)}
          label="M-Pesa number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={typeof fields.phone.initialValue === "string" ? fields.phone.initialValue : phone ?? ""}
          placeholder="0712 345 678"
        />
        <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
      </Form>
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) => seo(matches, { title: "Settlement settings", description: "Where OneHop pays you.", path: "/merchant/settings", noindex: true });
