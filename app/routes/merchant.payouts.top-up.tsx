/**
 * Top up the payout balance (issue 30): the three ways with exact instructions (Pay Bill with the
 * merchant id as account number, a bank transfer quoting the merchant's reference, an M-Pesa
 * prompt to a phone), the merchant's recent top-ups, and in simulator mode buttons that pay the
 * Pay Bill or send a bank transfer on the simulators. Members who may read balances see it; those
 * who may create payouts may top up. Plain POST forms with a redirect and a message: works without
 * JavaScript.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { Badge, Container } from "~/components/ui";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { fieldMeta, SubmitButton, TextField } from "~/components/ui/form";
import {
  collectionAccount,
  topUpContent,
  topUpMethodLabels,
  topUpStatusLabels,
} from "~/content/top-ups";
import { can } from "~/core/accounts/permissions";
import { topUpLimits } from "~/core/funding/top-ups.server";
import { requirePermission } from "~/utils/auth.server";
import { formatEatDateTime, formatKesCents, formatPhone } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { rateLimits } from "~/wiring/rate-limits.server";
import { topUps } from "~/wiring/top-ups.server";
import { logger } from "~/utils/logger.server";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Top up your balance",
    description: "Add money to your OneHop KES balance to pay out from it.",
    path: paths.merchantTopUp,
    noindex: true,
  });

export const headers = privatePageHeaders;

/** Prompts a member may ask for: 5 in 15 minutes. */
const STK_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

const AMOUNT_MESSAGE = "Enter the amount in whole shillings, such as 5000";
const amountField = z
  .string({ required_error: AMOUNT_MESSAGE })
  .trim()
  .regex(/^\d{1,7}$/, AMOUNT_MESSAGE)
  .transform(Number)
  .refine((kes) => kes >= 1, "The smallest top-up is KES 1.00");

const stkSchema = z.object({
  intent: z.literal("stk"),
  amount: amountField,
  phone: z
    .string({ required_error: "Enter the M-Pesa number to send the prompt to" })
    .trim()
    .max(40),
});
const simulateSchema = z.object({
  intent: z.enum(["simulate-paybill", "simulate-bank"]),
  amount: amountField,
});
const topUpSchema = z.discriminatedUnion("intent", [stkSchema, simulateSchema]);

type ActionData = { intent: string; lastResult: SubmissionResult<string[]> };

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "balances:read");
  const service = topUps();
  const page = await service.page(merchant.merchantId);
  return {
    merchantId: merchant.merchantId,
    canTopUp: can(merchant.role, "payouts:create"),
    available: page.available.toString(),
    paybill: page.paybill,
    bankReference: page.bankReference,
    stkOffered: page.stkOffered,
    phone: page.settlementPhone ? formatPhone(page.settlementPhone) : "",
    simulator: service.simulator,
    maxMpesaKes: formatKesCents(topUpLimits("mpesa_stk").max),
    maxBankKes: formatKesCents(topUpLimits("bank").max),
    topUps: page.topUps.map((topUp) => ({
      id: topUp.id,
      method: topUp.method,
      status: topUp.status,
      amount: topUp.amountKesCents.toString(),
      reference: topUp.providerReference,
      failureReason: topUp.failureReason,
      createdAt: topUp.createdAt,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payouts:create");
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: topUpSchema });
  const intent = String(form.get("intent") ?? "");
  if (submission.status !== "success")
    return data<ActionData>({ intent, lastResult: submission.reply() }, { status: 400 });
  const value = submission.value;
  const service = topUps();
  const amount = formatKesCents(BigInt(value.amount) * 100n);

  if (value.intent === "stk") {
    const limit = await rateLimits().hit(`top-up-stk:${merchant.userId}`, STK_LIMIT);
    if (!limit.allowed)
      return data<ActionData>(
        {
          intent,
          lastResult: submission.reply({
            formErrors: ["You have asked for several prompts already. Try again in a few minutes."],
          }),
        },
        { status: 429 },
      );
    const result = await service.requestStk({
      merchantId: merchant.merchantId,
      memberId: merchant.userId,
      amountKes: value.amount,
      phone: value.phone,
    });
    if (!result.ok)
      return data<ActionData>(
        {
          intent,
          lastResult: submission.reply(
            result.field === "form"
              ? { formErrors: [result.message] }
              : { fieldErrors: { [result.field]: [result.message] } },
          ),
        },
        { status: 400 },
      );
    return redirectWithSuccess(paths.merchantTopUp, {
      message: `${topUpContent.stkSent} ${amount}.`,
      description: result.customerMessage,
    });
  }

  // Simulator mode only: the simulators pay as a customer or a bank would.
  if (!service.simulator) throw new Response("Not found", { status: 404 });
  try {
    if (value.intent === "simulate-paybill") {
      const paid = await service.simulatePaybill(merchant.merchantId, value.amount);
      return paid.confirmed
        ? redirectWithSuccess(
            paths.merchantTopUp,
            `A test phone paid ${amount} to the Pay Bill: it is in your balance.`,
          )
        : redirectWithError(paths.merchantTopUp, "The simulated Pay Bill payment was not taken.");
    }
    const sent = await service.simulateBankTransfer(merchant.merchantId, value.amount);
    return sent.status === 200
      ? redirectWithSuccess(
          paths.merchantTopUp,
          `A simulated bank transfer of ${amount} arrived: it is in your balance.`,
        )
      : redirectWithError(paths.merchantTopUp, "The simulated bank transfer was not taken.");
  } catch (error) {
    logger.warn("simulated top-up failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return data<ActionData>(
      {
        intent,
        lastResult: submission.reply({
          fieldErrors: { amount: [error instanceof Error ? error.message : String(error)] },
        }),
      },
      { status: 400 },
    );
  }
}

function Instruction({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-600">{term}:</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

function SimulateForm({
  intent,
  label,
  actionData,
}: {
  intent: "simulate-paybill" | "simulate-bank";
  label: string;
  actionData: ActionData | undefined;
}) {
  const [form, fields] = useForm({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.lastResult : undefined,
    defaultValue: { amount: "1000" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: simulateSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 rounded-xl bg-slate-50 p-4">
      <TextField
        meta={fieldMeta(fields.amount)}
        label="Test amount (KES)"
        inputMode="numeric"
        autoComplete="off"
        {...getInputProps(fields.amount, { type: "text" })}
      />
      <SubmitButton variant="secondary" pendingLabel="Paying…" name="intent" value={intent}>
        {label}
      </SubmitButton>
    </Form>
  );
}

function StkForm({ phone, actionData }: { phone: string; actionData: ActionData | undefined }) {
  const [form, fields] = useForm({
    id: "stk",
    lastResult: actionData?.intent === "stk" ? actionData.lastResult : undefined,
    defaultValue: { phone },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stkSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-2">
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {form.errors[0]}
        </p>
      ) : null}
      <TextField
        meta={fieldMeta(fields.amount)}
        label="Amount (KES)"
        inputMode="numeric"
        autoComplete="off"
        {...getInputProps(fields.amount, { type: "text" })}
      />
      <TextField
        meta={fieldMeta(fields.phone)}
        label="M-Pesa number"
        hint="A Safaricom number, such as 0712 345 678."
        inputMode="tel"
        autoComplete="tel"
        {...getInputProps(fields.phone, { type: "tel" })}
      />
      <SubmitButton pendingLabel="Sending the prompt…" name="intent" value="stk">
        Send the prompt
      </SubmitButton>
    </Form>
  );
}

/** One way to top up: a card with its heading. */
function MethodCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function MerchantTopUp() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  return (
    <Container className="py-12">
      <p>
        <Link to={paths.merchantPayouts} className="text-sm underline">
          Back to payouts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink">{topUpContent.title}</h1>
      <p className="mt-3 max-w-3xl text-slate-700">{topUpContent.intro}</p>
      <dl className="mt-6 max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <dt className="text-sm text-slate-600">Available to pay out</dt>
        <dd className="text-2xl font-bold text-ink" data-testid="available">
          {formatKesCents(page.available)}
        </dd>
      </dl>
      {page.simulator ? (
        <p className="mt-4 max-w-3xl rounded-xl bg-amber-50 p-4 text-amber-950">
          {topUpContent.simulatorNote}
        </p>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <MethodCard id="paybill" title={topUpContent.paybillTitle}>
          {page.paybill ? (
            <>
              <p className="mt-2 text-slate-700">
                In M-Pesa choose Lipa na M-Pesa, then Pay Bill, and enter:
              </p>
              <dl className="mt-3 space-y-1">
                <Instruction term="Business number">{page.paybill}</Instruction>
                <Instruction term="Account number">{page.merchantId}</Instruction>
              </dl>
              <p className="mt-3 text-sm text-slate-600">
                KES 1 to {page.maxMpesaKes} a payment. It is added as soon as M-Pesa confirms it.
              </p>
              {page.simulator && page.canTopUp ? (
                <SimulateForm
                  intent="simulate-paybill"
                  label={topUpContent.simulatePaybill}
                  actionData={actionData}
                />
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-slate-700">Pay Bill top-ups are not available yet.</p>
          )}
        </MethodCard>

        <MethodCard id="bank" title={topUpContent.bankTitle}>
          <p className="mt-2 text-slate-700">
            Send a PesaLink or bank transfer to our collection account and quote your reference:
          </p>
          <dl className="mt-3 space-y-1">
            <Instruction term="Bank">{collectionAccount.bankName}</Instruction>
            <Instruction term="Account name">{collectionAccount.accountName}</Instruction>
            <Instruction term="Account number">{collectionAccount.accountNumber}</Instruction>
            <Instruction term="Branch">{collectionAccount.branch}</Instruction>
            <Instruction term="Reference">{page.bankReference}</Instruction>
          </dl>
          <p className="mt-3 text-sm text-slate-600">
            Up to {page.maxBankKes} a transfer over PesaLink. Without the reference we cannot tell
            the money is yours: it waits until we check it.
          </p>
          {page.simulator && page.canTopUp ? (
            <SimulateForm
              intent="simulate-bank"
              label={topUpContent.simulateBank}
              actionData={actionData}
            />
          ) : null}
        </MethodCard>

        <MethodCard id="stk" title={topUpContent.stkTitle}>
          <p className="mt-2 text-slate-700">{topUpContent.stkIntro}</p>
          {!page.stkOffered ? (
            <p className="mt-3 text-slate-700">M-Pesa prompts are not available yet.</p>
          ) : page.canTopUp ? (
            <StkForm phone={page.phone} actionData={actionData} />
          ) : (
            <p className="mt-3 text-slate-700">
              Only members who may make payouts can send a prompt.
            </p>
          )}
        </MethodCard>
      </div>

      <section aria-labelledby="recent-title" className="mt-10">
        <h2 id="recent-title" className="text-2xl font-semibold text-ink">
          {topUpContent.recentTitle}
        </h2>
        {page.topUps.length === 0 ? (
          <p className="mt-4 text-slate-700">{topUpContent.none}</p>
        ) : (
          <ResponsiveTable
            className="mt-4"
            caption={topUpContent.recentTitle}
            rows={page.topUps}
            rowKey={(row) => row.id}
            title={{
              heading: "Amount",
              cell: (row) => formatKesCents(row.amount),
            }}
            columns={[
              { heading: "How", cell: (row) => topUpMethodLabels[row.method] },
              {
                heading: "Status",
                cell: (row) => (
                  <>
                    <Badge tone={topUpStatusLabels[row.status].tone}>
                      {topUpStatusLabels[row.status].label}
                    </Badge>
                    {row.failureReason ? (
                      <span className="mt-1 block text-sm text-slate-700">{row.failureReason}</span>
                    ) : null}
                  </>
                ),
              },
              { heading: "Reference", cell: (row) => row.reference ?? "", className: "font-mono" },
              {
                heading: "Date (EAT)",
                cell: (row) => formatEatDateTime(row.createdAt),
                className: "whitespace-nowrap",
              },
            ]}
          />
        )}
      </section>
    </Container>
  );
}
