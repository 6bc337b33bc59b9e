import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import { settlementDestinationSchema } from "~/core/merchants/settlement-destination-schema";
import {
  changeSettlementDestination,
  getSettlementDestination,
} from "~/core/merchants/settlement-destination.server";
import { heldDestinationNotice } from "~/core/payments/settlement.server";
import { describeWait } from "~/core/rate-limit.server";
import { can } from "~/core/accounts/permissions";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { formatPhone } from "~/utils/format";
import { parseKenyanPhone } from "~/utils/phone";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { clientKey } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { payments } from "~/wiring/payments.server";

type ActionData = { lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  // Who may see where the merchant is paid; only an owner may change it (the form).
  const merchant = await requirePermission(request, "balances:read");
  const destination = getSettlementDestination(getDb(), merchant.merchantId, Date.now());
  return {
    phone: destination.phone,
    display: destination.phone ? formatPhone(destination.phone) : null,
    hold:
      destination.phone && destination.heldUntil
        ? heldDestinationNotice(destination.phone, destination.heldUntil)
        : null,
    coolingOffHours: payments().config.payoutDestinationCoolingOffHours,
    canChange: can(merchant.role, "payout_destination:manage"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payout_destination:manage");
  requireRecentStepUp(request, merchant);
  const submission = parseWithZod(await request.formData(), {
    schema: settlementDestinationSchema,
  });
  if (submission.status !== "success")
    return data<ActionData>(
      { lastResult: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  const parsed = parseKenyanPhone(submission.value.phone);
  if (!parsed.ok) {
    return data<ActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: { phone: [parsed.error] },
          hideFields: ["password"],
        }),
      },
      { status: 400 },
    );
  }
  const phone = parsed.e164;
  const now = Date.now();
  const result = await changeSettlementDestination(
    getDb(),
    {
      merchantId: merchant.merchantId,
      userId: merchant.userId,
      password: submission.value.password,
      phone,
      clientKey: clientKey(request),
    },
    { coolingOffHours: payments().config.payoutDestinationCoolingOffHours, now },
  );
  if (!result.ok) {
    const message =
      result.reason === "throttled"
        ? `Too many wrong passwords. Try again in ${describeWait(result.retryAfterMs)}.`
        : result.reason === "busy"
          ? "We are very busy right now, so your password was not checked and nothing changed. Please try again in a few seconds."
          : "That password is not right. Enter the password you sign in with.";
    const refused = result.reason !== "wrong_password";
    return data<ActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: { password: [message] },
          hideFields: ["password"],
        }),
      },
      {
        status: refused ? 429 : 400,
        headers: refused
          ? { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) }
          : undefined,
      },
    );
  }
  const description = result.heldUntil
    ? `${heldDestinationNotice(result.phone, result.heldUntil)}. We e-mailed you about the change.`
    : `We will pay you to ${formatPhone(result.phone)} on M-Pesa.`;
  return redirectWithSuccess(paths.merchantSettings, {
    message: "Settlement number saved",
    description,
  });
}

export default function MerchantSettings() {
  const { phone, display, hold, coolingOffHours, canChange } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: "settlement-settings",
    lastResult: actionData?.lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settlementDestinationSchema }),
  });
  return (
    <Container className="max-w-2xl py-12">
      <p>
        <Link
          to={paths.merchantDashboard}
          className="text-sm font-semibold text-brand-800 underline"
        >
          Back to the dashboard
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">Settlement settings</h1>
      <p className="mt-3 text-slate-700">
        Confirmed payments are paid out at once to this M-Pesa number, in transfers of up to KES
        250,000 and up to KES 500,000 a day; anything above waits for the next day. Each transfer
        carries M-Pesa&apos;s own charge, passed on at cost (see the{" "}
        <Link to={paths.tariffSchedule} className="underline">
          tariff schedule
        </Link>
        ).
      </p>
      <p className="mt-3 font-medium text-ink">
        {display
          ? `Currently paying to ${display}.`
          : "No settlement number yet: payments wait until you add one."}
      </p>
      {hold ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">
          {hold}. A new number waits before it is paid, in case someone else changed it.
        </p>
      ) : null}
      {canChange ? (
        <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
          <TextField
            meta={fieldMeta(fields.phone)}
            label="M-Pesa number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            defaultValue={
              typeof fields.phone.initialValue === "string"
                ? fields.phone.initialValue
                : (phone ?? "")
            }
            placeholder="0712 345 678"
          />
          <TextField
            meta={fieldMeta(fields.password)}
            label="Your password"
            type="password"
            autoComplete="current-password"
            hint={
              phone && coolingOffHours > 0
                ? `To change where you are paid. We e-mail you about the change, and payouts to a new number start after ${coolingOffHours} hours.`
                : "To change where you are paid. We e-mail you about the change."
            }
          />
          <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
        </Form>
      ) : (
        <p className="mt-3 text-slate-700">Only an account owner can change this number.</p>
      )}
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Settlement settings",
    description: "Where OneHop pays you.",
    path: paths.merchantSettings,
    noindex: true,
  });
