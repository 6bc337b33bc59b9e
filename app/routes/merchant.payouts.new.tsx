/**
 * One payout (issue 15): the member types the recipient, rail, amount, reference and name; Review
 * checks them with the same rules as a line of a payout file and shows the amount, our fee, the
 * rail's charge, the total leaving the balance, the balance and whether it needs approval (the
 * merchant's threshold, set in Settings); Send checks everything again, asks for a recent step-up
 * and makes the payout (a batch of one), sent at once or waiting for another member's approval.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PayoutReview, type PayoutReviewData } from "~/components/merchants/payouts/PayoutReview";
import {
  payoutFormDefaults,
  payoutFormQuery,
  rawPayoutOf,
  SinglePayoutForm,
  singlePayoutSchemaFor,
  type SinglePayoutMessages,
  type SinglePayoutValues,
} from "~/components/merchants/payouts/SinglePayoutForm";
import { Container } from "~/components/ui";
import { bankByCode, banks } from "~/content/banks";
import { feeBps } from "~/content/tariff";
import { DisbursementError } from "~/core/disbursements/errors";
import { rowCost } from "~/core/disbursements/fees";
import { businessLabel } from "~/core/disbursements/row-destination";
import { checkPayoutRow, type CheckedPayoutRow } from "~/core/disbursements/row-check";
import { railNames } from "~/core/destinations/schema";
import { newRequestKey } from "~/core/ids.server";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { formatKes, formatKesCents, formatPhone } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithSuccess } from "~/utils/toast.server";
import { disbursements, newPayoutPage } from "~/wiring/disbursements.server";
import { domainErrorStatus } from "~/utils/domain-errors.server";
import { payoutsMessages } from "~/i18n/catalogs/payouts";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";

type ActionData = {
  lastResult: SubmissionResult<string[]>;
  review?: PayoutReviewData;
  /** Why Send was refused (short balance...), shown with the review. */
  sendError?: string;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "payouts:create");
  const page = await newPayoutPage(merchant.merchantId);
  return {
    // Back from confirming it is them: the form as it was (nothing secret in it).
    defaults: payoutFormDefaults(new URL(request.url).searchParams),
    banks: banks.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` })),
    available: page.available.toString(),
    approvalAboveKes: page.approvalAboveKes,
  };
}

/**
 * "+254 712 345 678", "Equity Bank Kenya, account 1450160649886", "Paybill 247247, account
 * 123456" or "Till 123456".
 */
function recipientLabel(row: CheckedPayoutRow, m: SinglePayoutMessages): string {
  const to = row.destination;
  if (to.kind === "msisdn") return formatPhone(to.phone);
  if (to.kind === "business") return businessLabel(to);
  return m.bankAccount(bankByCode(to.bankCode)?.name ?? m.bankNamed(to.bankCode), to.accountNumber);
}

function reviewOf(
  value: SinglePayoutValues,
  check: { row: CheckedPayoutRow; warnings: string[] },
  context: { availableKesCents: bigint; approvalAboveKes: number | null },
  m: SinglePayoutMessages,
): PayoutReviewData {
  const { row } = check;
  const b2b = row.destination.kind === "business" ? row.destination.b2b : null;
  const cost = rowCost(row.rail, row.amountKesCents, b2b);
  const raw = rawPayoutOf(value);
  return {
    to: recipientLabel(row, m),
    railName: b2b
      ? b2b === "paybill"
        ? "M-Pesa Paybill"
        : "M-Pesa Till"
      : row.rail === "pesalink"
        ? "PesaLink"
        : railNames[row.rail],
    name: row.name,
    reference: row.reference,
    amountKesCents: cost.amountKesCents.toString(),
    feeKesCents: cost.feeKesCents.toString(),
    exciseKesCents: cost.exciseKesCents.toString(),
    railChargeKesCents: cost.railChargeKesCents.toString(),
    totalKesCents: cost.totalKesCents.toString(),
    availableKesCents: context.availableKesCents.toString(),
    feeBps: b2b ? feeBps.b2b : feeBps.b2c,
    approvalAboveKes: context.approvalAboveKes,
    needsApproval:
      context.approvalAboveKes !== null &&
      row.amountKesCents > BigInt(context.approvalAboveKes) * 100n,
    smsReceipts: value.smsReceipts ?? false,
    warnings: check.warnings,
    values: {
      recipient: raw.recipient,
      rail: value.rail ?? "",
      bankCode: raw.bankCode,
      account: raw.account ?? "",
      amount: raw.amount,
      reference: raw.reference,
      name: raw.name,
      ...(value.smsReceipts ? { smsReceipts: "on" } : {}),
      requestKey: newRequestKey("pok"),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "payouts:create");
  const words = inLocale(payoutsMessages, requestLocale(request));
  const submission = parseWithZod(await request.formData(), {
    schema: singlePayoutSchemaFor(words.single),
  });
  if (submission.status !== "success")
    return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const value = submission.value;
  const raw = rawPayoutOf(value);
  const check = checkPayoutRow(raw);
  // The schema ran the same check: a refusal here means the two disagree.
  if (!check.ok) throw new Error("The payout passed the form's check but not the row check");
  // The balance and threshold as they are when the review is shown (after a refused send, as it is
  // then). Sending applies the threshold as it is in the payout's own transaction.
  const review = async () => {
    const page = await newPayoutPage(merchant.merchantId);
    return reviewOf(
      value,
      check,
      { availableKesCents: page.available, approvalAboveKes: page.approvalAboveKes },
      words.single,
    );
  };
  // Without a review's request key (a form from before reviews carried one), Send shows the review.
  if (value.intent === "review" || !value.requestKey)
    return data<ActionData>({ lastResult: submission.reply(), review: await review() });

  // Sending moves money: a fresh confirmation first, then back to this form filled in.
  requireRecentStepUp(request, merchant, `${paths.newMerchantPayout}?${payoutFormQuery(value)}`);
  try {
    const { batch, needsApproval, approvalAboveKes, created } = await disbursements().createSingle(
      { merchantId: merchant.merchantId, memberId: merchant.userId, mode: "live" },
      {
        row: check.row,
        raw,
        smsReceipts: value.smsReceipts ?? false,
        requestKey: value.requestKey,
      },
    );
    const t = words.toasts;
    const what = t.what(
      formatKesCents(check.row.amountKesCents),
      recipientLabel(check.row, words.single),
    );
    return redirectWithSuccess(
      paths.merchantPayoutBatch(batch.id),
      !created
        ? { message: t.alreadySubmitted, description: t.alreadySubmittedDescription(what) }
        : needsApproval
          ? {
              message: t.submittedForApproval,
              description: t.submittedForApprovalDescription(
                what,
                formatKes(approvalAboveKes ?? 0),
              ),
            }
          : { message: t.sent, description: t.sentDescription(what) },
    );
  } catch (error) {
    if (!(error instanceof DisbursementError)) throw error;
    return data<ActionData>(
      { lastResult: submission.reply(), review: await review(), sendError: error.message },
      { status: domainErrorStatus(error) },
    );
  }
}

export default function NewPayout() {
  const {
    defaults,
    banks: bankOptions,
    available,
    approvalAboveKes,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const review = actionData?.review;
  const m = useMessages(payoutsMessages);
  return (
    <Container className="max-w-3xl py-12">
      <p>
        <Link to={paths.merchantPayouts} className="text-sm font-semibold text-brand-800 underline">
          {m.single.back}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{m.newPayout}</h1>
      <p className="mt-2 text-slate-700">
        {m.single.intro(formatKesCents(available))}{" "}
        {approvalAboveKes === null
          ? m.single.noApproval
          : m.single.approvalAbove(formatKes(approvalAboveKes))}
      </p>
      <SinglePayoutForm
        lastResult={actionData?.lastResult}
        defaults={defaults}
        banks={bankOptions}
        reviewed={review !== undefined}
      />
      {review ? <PayoutReview review={review} error={actionData?.sendError ?? null} /> : null}
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(payoutsMessages, matchesLocale(matches)).newPayout,
    description: inLocale(payoutsMessages, matchesLocale(matches)).single.metaDescription,
    path: paths.newMerchantPayout,
    noindex: true,
  });
