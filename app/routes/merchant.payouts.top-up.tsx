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
import { collectionAccount, topUpStatusLabels } from "~/content/top-ups";
import { can } from "~/core/accounts/permissions";
import { mobileNetworkOf } from "~/core/destinations/mobile-networks";
import { topUpLimits } from "~/core/funding/top-ups.server";
import { topUpFailureIn, topUpMessages } from "~/i18n/catalogs/top-up";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { formatEatDateTime, formatKesCents, formatPhone } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { rateLimits } from "~/wiring/rate-limits.server";
import { topUps } from "~/wiring/top-ups.server";
import { logger } from "~/utils/logger.server";
import { parseKenyanPhone } from "~/utils/phone";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(topUpMessages, matchesLocale(matches)).title,
    description: inLocale(topUpMessages, matchesLocale(matches)).metaDescription,
    path: paths.merchantTopUp,
    noindex: true,
  });

export const headers = privatePageHeaders;

/** Prompts a member may ask for: 5 in 15 minutes. */
const STK_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

type Messages = Translation<typeof topUpMessages.en>;
type Errors = Messages["errors"];

/** The forms' schemas with their messages in the page's language. */
const amountFieldFor = (e: Errors) =>
  z
    .string({ required_error: e.amount })
    .trim()
    .regex(/^\d{1,7}$/, e.amount)
    .transform(Number)
    .refine((kes) => kes >= 1, e.smallest);

const stkSchemaFor = (e: Errors) =>
  z.object({
    intent: z.literal("stk"),
    amount: amountFieldFor(e),
    phone: z.string({ required_error: e.phoneRequired }).trim().max(40),
  });
const simulateSchemaFor = (e: Errors) =>
  z.object({
    intent: z.enum(["simulate-paybill", "simulate-bank"]),
    amount: amountFieldFor(e),
  });
const topUpSchemaFor = (e: Errors) =>
  z.discriminatedUnion("intent", [stkSchemaFor(e), simulateSchemaFor(e)]);

/**
 * Why the prompt's amount or phone cannot be used, in the page's language, checked as the top-up
 * service checks them (it answers in English for the API), or null.
 */
function stkProblem(
  e: Errors,
  amountKes: number,
  phone: string,
): { field: "amount" | "phone"; message: string } | null {
  const { max } = topUpLimits("mpesa_stk");
  if (BigInt(amountKes) * 100n > max)
    return { field: "amount", message: e.largest(formatKesCents(max)) };
  const parsed = parseKenyanPhone(phone);
  if (!parsed.ok) return { field: "phone", message: e.phoneInvalid };
  if (mobileNetworkOf(parsed.e164) !== "safaricom")
    return { field: "phone", message: e.notSafaricom };
  return null;
}

/**
 * The top-up service's own sentences (English, as the API gives them) in the page's language;
 * M-Pesa's words (its answer to a prompt) stay as M-Pesa wrote them.
 */
function inPageLanguage(m: Messages, message: string): string {
  const english = inLocale(topUpMessages, "en");
  if (message === english.errors.promptWaiting) return m.errors.promptWaiting;
  if (message === english.toasts.noAnswer) return m.toasts.noAnswer;
  return message;
}

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
  const m = inLocale(topUpMessages, requestLocale(request));
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: topUpSchemaFor(m.errors) });
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
            formErrors: [m.errors.tooManyPrompts],
          }),
        },
        { status: 429 },
      );
    const problem = stkProblem(m.errors, value.amount, value.phone);
    if (problem)
      return data<ActionData>(
        {
          intent,
          lastResult: submission.reply({ fieldErrors: { [problem.field]: [problem.message] } }),
        },
        { status: 400 },
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
              ? { formErrors: [inPageLanguage(m, result.message)] }
              : { fieldErrors: { [result.field]: [result.message] } },
          ),
        },
        { status: 400 },
      );
    return redirectWithSuccess(paths.merchantTopUp, {
      message: m.toasts.stkSent(amount),
      description: inPageLanguage(m, result.customerMessage),
    });
  }

  // Simulator mode only: the simulators pay as a customer or a bank would.
  if (!service.simulator) throw new Response("Not found", { status: 404 });
  try {
    if (value.intent === "simulate-paybill") {
      const paid = await service.simulatePaybill(merchant.merchantId, value.amount);
      return paid.confirmed
        ? redirectWithSuccess(paths.merchantTopUp, m.toasts.paybillPaid(amount))
        : redirectWithError(paths.merchantTopUp, m.toasts.paybillNotTaken);
    }
    const sent = await service.simulateBankTransfer(merchant.merchantId, value.amount);
    return sent.status === 200
      ? redirectWithSuccess(paths.merchantTopUp, m.toasts.bankArrived(amount))
      : redirectWithError(paths.merchantTopUp, m.toasts.bankNotTaken);
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
  const m = useMessages(topUpMessages);
  const [form, fields] = useForm({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.lastResult : undefined,
    defaultValue: { amount: "1000" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: simulateSchemaFor(m.errors) }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 rounded-xl bg-slate-50 p-4">
      <TextField
        meta={fieldMeta(fields.amount)}
        label={m.testAmount}
        inputMode="numeric"
        autoComplete="off"
        {...getInputProps(fields.amount, { type: "text" })}
      />
      <SubmitButton variant="secondary" pendingLabel={m.paying} name="intent" value={intent}>
        {label}
      </SubmitButton>
    </Form>
  );
}

function StkForm({ phone, actionData }: { phone: string; actionData: ActionData | undefined }) {
  const m = useMessages(topUpMessages);
  const [form, fields] = useForm({
    id: "stk",
    lastResult: actionData?.intent === "stk" ? actionData.lastResult : undefined,
    defaultValue: { phone },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: stkSchemaFor(m.errors) }),
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
        label={m.amountLabel}
        inputMode="numeric"
        autoComplete="off"
        {...getInputProps(fields.amount, { type: "text" })}
      />
      <TextField
        meta={fieldMeta(fields.phone)}
        label={m.phoneLabel}
        hint={m.phoneHint}
        inputMode="tel"
        autoComplete="tel"
        {...getInputProps(fields.phone, { type: "tel" })}
      />
      <SubmitButton pendingLabel={m.sending} name="intent" value="stk">
        {m.send}
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
  const m = useMessages(topUpMessages);
  const locale = useLocale();
  return (
    <Container className="py-12">
      <p>
        <Link to={paths.merchantPayouts} className="text-sm underline">
          {m.back}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 max-w-3xl text-slate-700">{m.intro}</p>
      <dl className="mt-6 max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <dt className="text-sm text-slate-600">{m.available}</dt>
        <dd className="text-2xl font-bold text-ink" data-testid="available">
          {formatKesCents(page.available)}
        </dd>
      </dl>
      {page.simulator ? (
        <p className="mt-4 max-w-3xl rounded-xl bg-amber-50 p-4 text-amber-950">
          {m.simulatorNote}
        </p>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <MethodCard id="paybill" title={m.paybillTitle}>
          {page.paybill ? (
            <>
              <p className="mt-2 text-slate-700">{m.paybillSteps}</p>
              <dl className="mt-3 space-y-1">
                <Instruction term={m.businessNumber}>{page.paybill}</Instruction>
                <Instruction term={m.accountNumber}>{page.merchantId}</Instruction>
              </dl>
              <p className="mt-3 text-sm text-slate-600">{m.paybillLimits(page.maxMpesaKes)}</p>
              {page.simulator && page.canTopUp ? (
                <SimulateForm
                  intent="simulate-paybill"
                  label={m.simulatePaybill}
                  actionData={actionData}
                />
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-slate-700">{m.paybillUnavailable}</p>
          )}
        </MethodCard>

        <MethodCard id="bank" title={m.bankTitle}>
          <p className="mt-2 text-slate-700">{m.bankSteps}</p>
          <dl className="mt-3 space-y-1">
            <Instruction term={m.bank}>{collectionAccount.bankName}</Instruction>
            <Instruction term={m.accountName}>{collectionAccount.accountName}</Instruction>
            <Instruction term={m.accountNumber}>{collectionAccount.accountNumber}</Instruction>
            <Instruction term={m.branch}>{collectionAccount.branch}</Instruction>
            <Instruction term={m.reference}>{page.bankReference}</Instruction>
          </dl>
          <p className="mt-3 text-sm text-slate-600">{m.bankLimits(page.maxBankKes)}</p>
          {page.simulator && page.canTopUp ? (
            <SimulateForm intent="simulate-bank" label={m.simulateBank} actionData={actionData} />
          ) : null}
        </MethodCard>

        <MethodCard id="stk" title={m.stkTitle}>
          <p className="mt-2 text-slate-700">{m.stkIntro}</p>
          {!page.stkOffered ? (
            <p className="mt-3 text-slate-700">{m.stkUnavailable}</p>
          ) : page.canTopUp ? (
            <StkForm phone={page.phone} actionData={actionData} />
          ) : (
            <p className="mt-3 text-slate-700">{m.stkNotAllowed}</p>
          )}
        </MethodCard>
      </div>

      <section aria-labelledby="recent-title" className="mt-10">
        <h2 id="recent-title" className="text-2xl font-semibold text-ink">
          {m.recentTitle}
        </h2>
        {page.topUps.length === 0 ? (
          <p className="mt-4 text-slate-700">{m.none}</p>
        ) : (
          <ResponsiveTable
            className="mt-4"
            caption={m.recentTitle}
            rows={page.topUps}
            rowKey={(row) => row.id}
            title={{
              heading: m.columns.amount,
              cell: (row) => formatKesCents(row.amount),
            }}
            columns={[
              { heading: m.columns.how, cell: (row) => m.methods[row.method] },
              {
                heading: m.columns.status,
                cell: (row) => (
                  <>
                    <Badge tone={topUpStatusLabels[row.status].tone}>
                      {m.statuses[row.status]}
                    </Badge>
                    {row.failureReason ? (
                      <span className="mt-1 block text-sm text-slate-700">
                        {topUpFailureIn(locale, row.failureReason)}
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                heading: m.columns.reference,
                cell: (row) => row.reference ?? "",
                className: "font-mono",
              },
              {
                heading: m.columns.date,
                cell: (row) => formatEatDateTime(row.createdAt, locale),
                className: "whitespace-nowrap",
              },
            ]}
          />
        )}
      </section>
    </Container>
  );
}
