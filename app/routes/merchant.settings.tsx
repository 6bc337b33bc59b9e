/**
 * Settlement settings (issue 14, item 5): where the merchant is paid. Every member who may see
 * balances sees the destinations; only an owner (with a recent step-up) adds, confirms, removes or
 * splits them, and adding one asks for the password again. The rules live in core/destinations.
 */
import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  ApprovalThresholdForm,
  PAYOUT_APPROVAL_INTENT,
  payoutApprovalSchema,
} from "~/components/merchants/payouts/ApprovalThresholdForm";
import { SoleApproverNote } from "~/components/merchants/payouts/BatchActions";
import { AddDestinationForm } from "~/components/merchants/settlement/AddDestinationForm";
import { DestinationList } from "~/components/merchants/settlement/DestinationList";
import {
  SETTLEMENT_POLICY_INTENT,
  SettlementPolicyForm,
} from "~/components/merchants/settlement/SettlementPolicyForm";
import { KRA_PIN_INTENT, KraPinForm } from "~/components/merchants/settlement/KraPinForm";
import { SplitRulesForm } from "~/components/merchants/settlement/SplitRulesForm";
import { Container } from "~/components/ui";
import { banks } from "~/content/banks";
import { can } from "~/core/accounts/permissions";
import { maskedDestinationLabel } from "~/core/destinations/display";
import {
  addDestinationSchema,
  destinationActionSchema,
  destinationAddressOf,
  parseSplitForm,
  railNames,
} from "~/core/destinations/schema";
import type { VerificationStart } from "~/core/destinations/verification.server";
import { destinationView } from "~/core/destinations/views";
import { describePolicy, settlementPolicySchema } from "~/core/funding/policy";
import { kraPinSchema } from "~/core/merchants/kra-pin";
import { describeWait } from "~/core/rate-limit.server";
import { railProfiles } from "~/core/rails/profiles";
import { railIds, type RailId } from "~/core/rails/types";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { formatKes, formatKesCents } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { clientKey } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { destinations as destinationsService } from "~/wiring/destinations.server";
import { disbursements, payoutApproval } from "~/wiring/disbursements.server";
import { payments } from "~/wiring/payments.server";
import { businessDetails } from "~/wiring/business-details.server";
import { settlementPolicy } from "~/wiring/settlement-policy.server";

type ActionData = {
  lastResult?: SubmissionResult<string[]>;
  splitError?: string;
  approvalResult?: SubmissionResult<string[]>;
  policyResult?: SubmissionResult<string[]>;
  kraPinResult?: SubmissionResult<string[]>;
};

/** The rails a merchant can choose: M-Pesa always, the others where they run (are configured). */
function offeredRails(): RailId[] {
  const running = new Set(payments().payoutRails());
  return railIds.filter((rail) => rail === "mpesa" || running.has(rail));
}

export async function loader({ request }: LoaderFunctionArgs) {
  // Who may see where the merchant is paid; only an owner may change it (the forms).
  const merchant = await requirePermission(request, "balances:read");
  const now = Date.now();
  const settings = await destinationsService().settings(merchant.merchantId, now);
  const destinations = settings.destinations.map((row) => destinationView(row, now));
  const { summary } = settings;
  const mpesa = railProfiles.mpesa;
  const stored = await settlementPolicy().read(merchant.merchantId);
  const { policy } = stored;
  return {
    business: {
      kraPin: await businessDetails().kraPin(merchant.merchantId),
      canChange: can(merchant.role, "settings:manage"),
    },
    policy: {
      summary: describePolicy(policy),
      // Collections credited to the balance and not paid out yet (a daily schedule's day so far).
      due: stored.dueLiveKesCents >= 100n ? formatKesCents(stored.dueLiveKesCents) : null,
      values: {
        schedule: policy.schedule,
        dailyTime: policy.dailyTime,
        keep: policy.keep,
        keepPercent: policy.keep === "percent" ? String(policy.keepPercent) : "",
        keepFloatKes: policy.keep === "float" ? String(policy.keepFloatKesCents / 100n) : "",
      },
    },
    destinations,
    current: summary.label,
    hold: summary.notice,
    failover: settings.failover,
    rails: offeredRails().map((rail) => ({ value: rail, label: railNames[rail] })),
    banks: banks.map((bank) => ({ value: bank.code, label: bank.name })),
    limits: `M-Pesa pays up to ${formatKes(mpesa.perTransferKes)} a transfer and ${formatKes(mpesa.dailyKes)} a day`,
    coolingOffHours: payments().config.payoutDestinationCoolingOffHours,
    canChange: can(merchant.role, "payout_destination:manage"),
    // Single payouts above this (whole KES) need a second approval: owners change it, members
    // who make or approve payouts see it.
    payoutApproval:
      can(merchant.role, "payouts:create") || can(merchant.role, "payouts:approve")
        ? {
            aboveKes: await payoutApproval().aboveKes(merchant.merchantId),
            canChange: can(merchant.role, "payout_approval:manage"),
            // Nobody else could approve (ADR 0039): said here and on the Payouts page.
            soleApprover:
              (await disbursements().otherApprovers(merchant.merchantId, merchant.userId)) === 0,
            hasTwoFactor: merchant.totpEnabledAt !== null,
          }
        : null,
  };
}

const verificationMessage: Record<VerificationStart["kind"], string> = {
  name_found: "Check the registered name below and confirm it is yours to start using it.",
  payout_pending:
    "We are sending a small check payment to it. When it arrives, confirm the registered name here.",
  not_found: "",
  unavailable:
    "We could not check it with the provider right now: use Check again in a few minutes.",
  not_verifying: "",
};

export async function action({ request }: ActionFunctionArgs) {
  // The payout approval limit and every other form here are for owners only.
  const formIntent = new URL(request.url).searchParams.get("intent");
  if (formIntent === PAYOUT_APPROVAL_INTENT) return payoutApprovalAction(request);
  if (formIntent === SETTLEMENT_POLICY_INTENT) return settlementPolicyAction(request);
  if (formIntent === KRA_PIN_INTENT) return kraPinAction(request);
  const merchant = await requirePermission(request, "payout_destination:manage");
  requireRecentStepUp(request, merchant);
  const form = await request.formData();
  const service = destinationsService();
  const now = Date.now();
  const actor = { merchantId: merchant.merchantId, userId: merchant.userId };
  const intent = String(form.get("intent") ?? "add");

  if (intent === "splits") {
    const verified = (await service.list(merchant.merchantId))
      .filter((d) => d.status === "verified")
      .map((d) => d.id);
    const parsed = parseSplitForm(form, verified);
    if (!parsed.ok) return data<ActionData>({ splitError: parsed.error }, { status: 400 });
    const saved = await service.setSplits(actor, parsed.shares, parsed.failover, now);
    if (!saved.ok)
      return data<ActionData>(
        { splitError: "Only verified destinations can take a share" },
        { status: 400 },
      );
    return redirectWithSuccess(paths.merchantSettings, {
      message: "Split and failover saved",
      description:
        parsed.shares.size > 0
          ? "Each settlement is now split between your destinations."
          : "Each settlement goes to your default destination.",
    });
  }

  if (intent !== "add") {
    const parsed = destinationActionSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success)
      return redirectWithError(paths.merchantSettings, "That destination was not found");
    const { destinationId } = parsed.data;
    if (parsed.data.intent === "verify") {
      const destination = await service.get(merchant.merchantId, destinationId);
      if (!destination || destination.status !== "verifying")
        return redirectWithError(paths.merchantSettings, "That destination is not being checked");
      const started = await payments().verifyDestination(destination);
      return started.kind === "not_found"
        ? redirectWithError(paths.merchantSettings, {
            message: "Destination not verified",
            description: started.description,
          })
        : redirectWithSuccess(paths.merchantSettings, {
            message: "Checking the destination",
            description: verificationMessage[started.kind],
          });
    }
    const result =
      parsed.data.intent === "confirm-name" || parsed.data.intent === "reject-name"
        ? await service.answerName(actor, destinationId, parsed.data.intent === "confirm-name", now)
        : parsed.data.intent === "make-default"
          ? await service.makeDefault(actor, destinationId, now)
          : await service.remove(actor, destinationId, now);
    if (!result.ok) {
      const refusals = {
        not_found: "That destination was not found",
        wrong_state: "That destination is not waiting for your answer",
        not_verified: "Only a verified destination can be the default",
        is_default: "Make another destination the default before removing this one",
      } as const;
      return redirectWithError(paths.merchantSettings, refusals[result.reason]);
    }
    const label = maskedDestinationLabel(result.destination);
    const done = {
      "confirm-name": ["Destination verified", `${label} can now be paid.`],
      "reject-name": ["Destination not used", `Nothing will be paid to ${label}.`],
      "make-default": ["Default destination changed", `Settlements now go to ${label}.`],
      remove: ["Destination removed", `Nothing more will be paid to ${label}.`],
    } as const;
    const [message, description] = done[parsed.data.intent];
    return redirectWithSuccess(paths.merchantSettings, { message, description });
  }

  const submission = parseWithZod(form, { schema: addDestinationSchema });
  if (submission.status !== "success")
    return data<ActionData>(
      { lastResult: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  const address = destinationAddressOf(submission.value);
  if (!offeredRails().includes(address.rail))
    return data<ActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: { rail: [`${railNames[address.rail]} payouts are not available yet`] },
          hideFields: ["password"],
        }),
      },
      { status: 400 },
    );
  const added = await service.add(
    {
      merchantId: merchant.merchantId,
      userId: merchant.userId,
      password: submission.value.password,
      address,
      clientKey: clientKey(request),
    },
    { coolingOffHours: payments().config.payoutDestinationCoolingOffHours, now },
  );
  if (!added.ok) {
    if (added.reason === "duplicate" || added.reason === "too_many")
      return data<ActionData>(
        {
          lastResult: submission.reply({
            formErrors: [
              added.reason === "duplicate"
                ? "You already have this destination."
                : "You have the most destinations allowed: remove one first.",
            ],
            hideFields: ["password"],
          }),
        },
        { status: 400 },
      );
    const message =
      added.reason === "throttled"
        ? `Too many wrong passwords. Try again in ${describeWait(added.retryAfterMs)}.`
        : added.reason === "busy"
          ? "We are very busy right now, so your password was not checked and nothing changed. Please try again in a few seconds."
          : "That password is not right. Enter the password you sign in with.";
    const retryAfterMs = "retryAfterMs" in added ? added.retryAfterMs : null;
    return data<ActionData>(
      {
        lastResult: submission.reply({
          fieldErrors: { password: [message] },
          hideFields: ["password"],
        }),
      },
      {
        status: retryAfterMs === null ? 400 : 429,
        headers:
          retryAfterMs === null
            ? undefined
            : { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) },
      },
    );
  }
  const started = await payments().verifyDestination(added.destination);
  if (started.kind === "not_found")
    return redirectWithError(paths.merchantSettings, {
      message: "Destination not verified",
      description: `${started.description}. Check the details and add it again.`,
    });
  return redirectWithSuccess(paths.merchantSettings, {
    message: "Destination added",
    description: verificationMessage[started.kind],
  });
}

/** The payout approval limit (issues 15 and 27): owners only, with a recent step-up, audited. */
async function payoutApprovalAction(request: Request) {
  const merchant = await requirePermission(request, "payout_approval:manage");
  requireRecentStepUp(request, merchant);
  const submission = parseWithZod(await request.formData(), { schema: payoutApprovalSchema });
  if (submission.status !== "success")
    return data<ActionData>({ approvalResult: submission.reply() }, { status: 400 });
  const kes = submission.value.approvalAboveKes;
  await payoutApproval().setAboveKes(
    { merchantId: merchant.merchantId, actorId: merchant.userId, kes },
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantSettings, {
    message: "Approval limit saved",
    description:
      kes === null
        ? "Single payouts are sent without a second approval."
        : `Single payouts above ${formatKes(kes)} now wait for a second member's approval.`,
  });
}

/**
 * When the merchant is paid and what stays for payouts (issue 30, item 1): owners only, with a
 * recent step-up, audited.
 */
async function settlementPolicyAction(request: Request) {
  const merchant = await requirePermission(request, "payout_destination:manage");
  requireRecentStepUp(request, merchant);
  const submission = parseWithZod(await request.formData(), { schema: settlementPolicySchema });
  if (submission.status !== "success")
    return data<ActionData>({ policyResult: submission.reply() }, { status: 400 });
  const changed = await settlementPolicy().save(
    { merchantId: merchant.merchantId, userId: merchant.userId },
    submission.value,
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantSettings, {
    message: changed ? "Payout schedule saved" : "Payout schedule unchanged",
    description: describePolicy(submission.value),
  });
}

/** The KRA PIN printed on statements (issue 30, item 8): owners and admins, audited. */
async function kraPinAction(request: Request) {
  const merchant = await requirePermission(request, "settings:manage");
  const submission = parseWithZod(await request.formData(), { schema: kraPinSchema });
  if (submission.status !== "success")
    return data<ActionData>({ kraPinResult: submission.reply() }, { status: 400 });
  const pin = submission.value.kraPin;
  await businessDetails().setKraPin(
    { merchantId: merchant.merchantId, userId: merchant.userId },
    pin,
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantSettings, {
    message: "KRA PIN saved",
    description: pin
      ? `Your statements now show KRA PIN ${pin}.`
      : "Your statements no longer show a KRA PIN.",
  });
}

export default function MerchantSettings() {
  const {
    destinations,
    current,
    hold,
    failover,
    rails,
    banks,
    limits,
    coolingOffHours,
    canChange,
    payoutApproval,
    policy,
    business,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const verified = destinations.filter((d) => d.status === "verified");
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
        Your payments are paid out to your default destination (or split between your destinations),
        as your payout schedule below says. {limits}; anything above waits for the next day. Each
        transfer carries the provider&apos;s own charge, passed on at cost (see the{" "}
        <Link to={paths.tariffSchedule} className="underline">
          tariff schedule
        </Link>
        ).
      </p>
      <p className="mt-3 font-medium text-ink">
        {current
          ? `Currently paying to ${current}.`
          : "No settlement number yet: payments wait until you add one."}
      </p>
      {hold ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">
          {hold}. A new destination waits before it is paid, in case someone else added it.
        </p>
      ) : null}

      {destinations.length > 0 ? (
        <section aria-labelledby="destinations-title" className="mt-10">
          <h2 id="destinations-title" className="text-2xl font-semibold text-ink">
            Your payout destinations
          </h2>
          <DestinationList destinations={destinations} canChange={canChange} />
        </section>
      ) : null}

      <section aria-labelledby="policy-title" className="mt-10">
        <h2 id="policy-title" className="text-2xl font-semibold text-ink">
          When you are paid
        </h2>
        <p className="mt-2 text-slate-700">{policy.summary}</p>
        {policy.due ? (
          <p className="mt-2 text-slate-700">
            {policy.due} of your payments is waiting for the next daily payout.
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-700">
          Money kept in your OneHop balance pays your{" "}
          <Link to={paths.merchantPayouts} className="underline">
            bulk and single payouts
          </Link>
          . Money you top up is never paid back out to your destination.
        </p>
        {canChange ? (
          <SettlementPolicyForm
            action={`${paths.merchantSettings}?intent=${SETTLEMENT_POLICY_INTENT}`}
            current={policy.values}
            lastResult={actionData?.policyResult}
          />
        ) : (
          <p className="mt-4 text-slate-700">Only an account owner can change this.</p>
        )}
      </section>

      {canChange && verified.length > 1 ? (
        <section aria-labelledby="split-title" className="mt-10">
          <h2 id="split-title" className="text-2xl font-semibold text-ink">
            Split and failover
          </h2>
          <SplitRulesForm
            destinations={verified}
            failover={failover}
            error={actionData?.splitError ?? null}
          />
        </section>
      ) : null}

      {canChange ? (
        <section aria-labelledby="add-title" className="mt-10">
          <h2 id="add-title" className="text-2xl font-semibold text-ink">
            Add a destination
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            We check every new destination with its provider and show you the registered name to
            confirm before anything is paid there.
          </p>
          <AddDestinationForm
            lastResult={actionData?.lastResult}
            rails={rails}
            banks={banks}
            hint={
              destinations.length > 0 && coolingOffHours > 0
                ? `To change where you are paid. We e-mail you about the change, and payouts to a new destination start after ${coolingOffHours} hours.`
                : "To change where you are paid. We e-mail you about the change."
            }
          />
        </section>
      ) : (
        <p className="mt-6 text-slate-700">Only an account owner can change where you are paid.</p>
      )}

      {payoutApproval ? (
        <section aria-labelledby="payout-approval-title" className="mt-10">
          <h2 id="payout-approval-title" className="text-2xl font-semibold text-ink">
            Payout approval
          </h2>
          {payoutApproval.soleApprover ? (
            <SoleApproverNote hasTwoFactor={payoutApproval.hasTwoFactor} />
          ) : null}
          {payoutApproval.canChange ? (
            <ApprovalThresholdForm
              action={`${paths.merchantSettings}?intent=${PAYOUT_APPROVAL_INTENT}`}
              current={payoutApproval.aboveKes}
              lastResult={actionData?.approvalResult}
            />
          ) : (
            <p className="mt-4 text-slate-700">
              {payoutApproval.aboveKes === null
                ? "Single payouts are sent without a second approval."
                : `Single payouts above ${formatKes(payoutApproval.aboveKes)} wait for a second member's approval.`}{" "}
              A payout file always does. Only an account owner can change this.
            </p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="business-title" className="mt-10">
        <h2 id="business-title" className="text-2xl font-semibold text-ink">
          Business details on your statements
        </h2>
        {business.canChange ? (
          <KraPinForm
            action={`${paths.merchantSettings}?intent=${KRA_PIN_INTENT}`}
            current={business.kraPin}
            lastResult={actionData?.kraPinResult}
          />
        ) : (
          <p className="mt-4 text-slate-700">
            {business.kraPin ? `KRA PIN: ${business.kraPin}.` : "No KRA PIN yet."} Only an owner or
            admin can change it.
          </p>
        )}
        {business.canChange ? (
          <p className="mt-4">
            <Link
              to={paths.merchantBusinessOwners}
              className="font-semibold text-brand-800 underline"
            >
              Directors and owners
            </Link>
          </p>
        ) : null}
      </section>
      {business.canChange ? (
        <p className="mt-10">
          <Link to={paths.merchantData} className="font-semibold text-brand-800 underline">
            Your data: download it or ask for erasure
          </Link>
        </p>
      ) : null}
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
