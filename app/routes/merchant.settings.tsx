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
  payoutApprovalSchemaIn,
} from "~/components/merchants/payouts/ApprovalThresholdForm";
import { SoleApproverNote } from "~/components/merchants/payouts/BatchActions";
import { AddDestinationForm } from "~/components/merchants/settlement/AddDestinationForm";
import { addDestinationSchemaFor } from "~/core/destinations/schema";
import { DestinationList } from "~/components/merchants/settlement/DestinationList";
import {
  SETTLEMENT_POLICY_INTENT,
  SettlementPolicyForm,
} from "~/components/merchants/settlement/SettlementPolicyForm";
import { describePolicy, settlementPolicySchemaFor } from "~/core/funding/policy";
import {
  KRA_PIN_INTENT,
  KraPinForm,
  kraPinSchemaFor,
} from "~/components/merchants/settlement/KraPinForm";
import { SplitRulesForm } from "~/components/merchants/settlement/SplitRulesForm";
import { Container } from "~/components/ui";
import { bankByCode, banks } from "~/content/banks";
import { can } from "~/core/accounts/permissions";
import type { DestinationLike } from "~/core/destinations/display";
import {
  destinationActionSchema,
  destinationAddressOf,
  parseSplitForm,
  railNames,
} from "~/core/destinations/schema";
import type { VerificationStart } from "~/core/destinations/verification.server";
import { destinationView } from "~/core/destinations/views";
import { waitMinutes } from "~/core/rate-limit.server";
import { railProfiles } from "~/core/rails/profiles";
import { railIds, type RailId } from "~/core/rails/types";
import { requirePermission, requireRecentStepUp } from "~/utils/auth.server";
import { formatEatDateTime, formatKes, formatKesCents, maskPhone } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { clientKey } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { destinations as destinationsService } from "~/wiring/destinations.server";
import { disbursements, payoutApproval } from "~/wiring/disbursements.server";
import { payments } from "~/wiring/payments.server";
import { businessDetails } from "~/wiring/business-details.server";
import { settlementPolicy } from "~/wiring/settlement-policy.server";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";

type SettingsText = Translation<(typeof settingsMessages)["en"]>;

/**
 * For toasts and notices: "M-Pesa +254 7•• ••• 678", "Equity Bank Kenya account ••••9886" (core's
 * maskedDestinationLabel, in the page's language).
 */
function maskedLabel(destination: DestinationLike, m: SettingsText): string {
  if (destination.rail === "pesalink") {
    const code = destination.bankCode;
    const bank = (code && bankByCode(code)?.name) || `Bank ${code ?? "?"}`;
    return m.maskedBankAccount(bank, (destination.accountNumber ?? "").slice(-4));
  }
  return `${m.rails[destination.rail]} ${destination.phone ? maskPhone(destination.phone) : ""}`.trim();
}

/** parseSplitForm's refusal (core, English) in the page's language. */
function splitError(error: string, m: SettingsText["splits"]["errors"]): string {
  if (error.startsWith("Each share is")) return m.whole;
  if (error.startsWith("A split needs")) return m.twoNeeded;
  const total = /^The shares add up to (\d+)%/.exec(error);
  return total ? m.total(Number(total[1])) : error;
}

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
  const locale = requestLocale(request);
  const m = inLocale(settingsMessages, locale);
  const now = Date.now();
  const settings = await destinationsService().settings(merchant.merchantId, now);
  const destinations = settings.destinations.map((row) => ({
    ...destinationView(row, now),
    heldUntil: row.heldUntil !== null && row.heldUntil > now ? row.heldUntil : null,
  }));
  const byDefault = settings.destinations.find((row) => row.isDefault);
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
      summary: describePolicy(policy, m.policy),
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
    hold:
      summary.heldUntil !== null && byDefault
        ? m.page.held(maskedLabel(byDefault, m), formatEatDateTime(summary.heldUntil, locale))
        : summary.notice,
    failover: settings.failover,
    rails: offeredRails().map((rail) => ({ value: rail, label: railNames[rail] })),
    banks: banks.map((bank) => ({ value: bank.code, label: bank.name })),
    limits: m.page.limits(formatKes(mpesa.perTransferKes), formatKes(mpesa.dailyKes)),
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

const verificationMessage = (
  t: SettingsText["toasts"],
): Record<VerificationStart["kind"], string> => ({
  name_found: t.nameFound,
  payout_pending: t.payoutPending,
  not_found: "",
  unavailable: t.unavailable,
  not_verifying: "",
});

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
  const m = inLocale(settingsMessages, requestLocale(request));
  const t = m.toasts;

  if (intent === "splits") {
    const verified = (await service.list(merchant.merchantId))
      .filter((d) => d.status === "verified")
      .map((d) => d.id);
    const parsed = parseSplitForm(form, verified);
    if (!parsed.ok)
      return data<ActionData>(
        { splitError: splitError(parsed.error, m.splits.errors) },
        { status: 400 },
      );
    const saved = await service.setSplits(actor, parsed.shares, parsed.failover, now);
    if (!saved.ok)
      return data<ActionData>({ splitError: m.splits.errors.verifiedOnly }, { status: 400 });
    return redirectWithSuccess(paths.merchantSettings, {
      message: t.splitSaved,
      description: parsed.shares.size > 0 ? t.splitOn : t.splitOff,
    });
  }

  if (intent !== "add") {
    const parsed = destinationActionSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return redirectWithError(paths.merchantSettings, t.notFound);
    const { destinationId } = parsed.data;
    if (parsed.data.intent === "verify") {
      const destination = await service.get(merchant.merchantId, destinationId);
      if (!destination || destination.status !== "verifying")
        return redirectWithError(paths.merchantSettings, t.notChecking);
      const started = await payments().verifyDestination(destination);
      return started.kind === "not_found"
        ? redirectWithError(paths.merchantSettings, {
            message: t.notVerifiedTitle,
            description: started.description,
          })
        : redirectWithSuccess(paths.merchantSettings, {
            message: t.checking,
            description: verificationMessage(t)[started.kind],
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
        not_found: t.notFound,
        wrong_state: t.notWaiting,
        not_verified: t.notVerified,
        is_default: t.isDefault,
      } as const;
      return redirectWithError(paths.merchantSettings, refusals[result.reason]);
    }
    const label = maskedLabel(result.destination, m);
    const done = {
      "confirm-name": [t.verified, t.verifiedDescription(label)],
      "reject-name": [t.rejected, t.rejectedDescription(label)],
      "make-default": [t.defaultChanged, t.defaultChangedDescription(label)],
      remove: [t.removed, t.removedDescription(label)],
    } as const;
    const [message, description] = done[parsed.data.intent];
    return redirectWithSuccess(paths.merchantSettings, { message, description });
  }

  const submission = parseWithZod(form, { schema: addDestinationSchemaFor(m.add.errors, m.rails) });
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
          fieldErrors: { rail: [m.add.errors.railUnavailable(m.rails[address.rail])] },
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
              added.reason === "duplicate" ? m.add.errors.duplicate : m.add.errors.tooMany,
            ],
            hideFields: ["password"],
          }),
        },
        { status: 400 },
      );
    const message =
      added.reason === "throttled"
        ? m.add.errors.throttled(waitMinutes(added.retryAfterMs))
        : added.reason === "busy"
          ? m.add.errors.busy
          : m.add.errors.wrongPassword;
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
      message: t.notVerifiedTitle,
      description: t.checkDetails(started.description),
    });
  return redirectWithSuccess(paths.merchantSettings, {
    message: t.added,
    description: verificationMessage(t)[started.kind],
  });
}

/** The payout approval limit (issues 15 and 27): owners only, with a recent step-up, audited. */
async function payoutApprovalAction(request: Request) {
  const merchant = await requirePermission(request, "payout_approval:manage");
  requireRecentStepUp(request, merchant);
  const submission = parseWithZod(await request.formData(), {
    schema: payoutApprovalSchemaIn(requestLocale(request)),
  });
  if (submission.status !== "success")
    return data<ActionData>({ approvalResult: submission.reply() }, { status: 400 });
  const kes = submission.value.approvalAboveKes;
  const m = inLocale(settingsMessages, requestLocale(request));
  await payoutApproval().setAboveKes(
    { merchantId: merchant.merchantId, actorId: merchant.userId, kes },
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantSettings, {
    message: m.toasts.approvalSaved,
    description: kes === null ? m.page.approvalNone : m.toasts.approvalSavedAbove(formatKes(kes)),
  });
}

/**
 * When the merchant is paid and what stays for payouts (issue 30, item 1): owners only, with a
 * recent step-up, audited.
 */
async function settlementPolicyAction(request: Request) {
  const merchant = await requirePermission(request, "payout_destination:manage");
  requireRecentStepUp(request, merchant);
  const m = inLocale(settingsMessages, requestLocale(request));
  const submission = parseWithZod(await request.formData(), {
    schema: settlementPolicySchemaFor(m.policy.errors),
  });
  if (submission.status !== "success")
    return data<ActionData>({ policyResult: submission.reply() }, { status: 400 });
  const changed = await settlementPolicy().save(
    { merchantId: merchant.merchantId, userId: merchant.userId },
    submission.value,
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantSettings, {
    message: changed ? m.toasts.scheduleSaved : m.toasts.scheduleUnchanged,
    description: describePolicy(submission.value, m.policy),
  });
}

/** The KRA PIN printed on statements (issue 30, item 8): owners and admins, audited. */
async function kraPinAction(request: Request) {
  const merchant = await requirePermission(request, "settings:manage");
  const m = inLocale(settingsMessages, requestLocale(request));
  const submission = parseWithZod(await request.formData(), {
    schema: kraPinSchemaFor(m.kraPin.invalid),
  });
  if (submission.status !== "success")
    return data<ActionData>({ kraPinResult: submission.reply() }, { status: 400 });
  const pin = submission.value.kraPin;
  await businessDetails().setKraPin(
    { merchantId: merchant.merchantId, userId: merchant.userId },
    pin,
    Date.now(),
  );
  return redirectWithSuccess(paths.merchantSettings, {
    message: m.toasts.kraPinSaved,
    description: pin ? m.toasts.kraPinShown(pin) : m.toasts.kraPinRemoved,
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
  const m = useMessages(settingsMessages);
  const p = m.page;
  const verified = destinations.filter((d) => d.status === "verified");
  return (
    <Container className="max-w-2xl py-12">
      <p>
        <Link
          to={paths.merchantDashboard}
          className="text-sm font-semibold text-brand-800 underline"
        >
          {p.back}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{p.title}</h1>
      <p className="mt-3 text-slate-700">
        {p.introBefore}
        {limits}
        {p.introAfter}
        <Link to={paths.tariffSchedule} className="underline">
          {p.tariffLink}
        </Link>
        ).
      </p>
      <p className="mt-3 font-medium text-ink">
        {current ? p.currentlyPaying(current) : p.noDestination}
      </p>
      {hold ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">
          {hold}
          {p.heldAfter}
        </p>
      ) : null}

      {destinations.length > 0 ? (
        <section aria-labelledby="destinations-title" className="mt-10">
          <h2 id="destinations-title" className="text-2xl font-semibold text-ink">
            {p.destinationsTitle}
          </h2>
          <DestinationList destinations={destinations} canChange={canChange} />
        </section>
      ) : null}

      <section aria-labelledby="policy-title" className="mt-10">
        <h2 id="policy-title" className="text-2xl font-semibold text-ink">
          {p.policyTitle}
        </h2>
        <p className="mt-2 text-slate-700">{policy.summary}</p>
        {policy.due ? <p className="mt-2 text-slate-700">{p.due(policy.due)}</p> : null}
        <p className="mt-2 text-sm text-slate-700">
          {p.keptBefore}
          <Link to={paths.merchantPayouts} className="underline">
            {p.keptLink}
          </Link>
          {p.keptAfter}
        </p>
        {canChange ? (
          <SettlementPolicyForm
            action={`${paths.merchantSettings}?intent=${SETTLEMENT_POLICY_INTENT}`}
            current={policy.values}
            lastResult={actionData?.policyResult}
          />
        ) : (
          <p className="mt-4 text-slate-700">{p.onlyOwnerChange}</p>
        )}
      </section>

      {canChange && verified.length > 1 ? (
        <section aria-labelledby="split-title" className="mt-10">
          <h2 id="split-title" className="text-2xl font-semibold text-ink">
            {p.splitTitle}
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
            {p.addTitle}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{p.addIntro}</p>
          <AddDestinationForm
            lastResult={actionData?.lastResult}
            rails={rails.map((rail) => ({ value: rail.value, label: m.rails[rail.value] }))}
            banks={banks}
            hint={
              destinations.length > 0 && coolingOffHours > 0
                ? p.addHintWait(coolingOffHours)
                : p.addHint
            }
          />
        </section>
      ) : (
        <p className="mt-6 text-slate-700">{p.onlyOwnerWhere}</p>
      )}

      {payoutApproval ? (
        <section aria-labelledby="payout-approval-title" className="mt-10">
          <h2 id="payout-approval-title" className="text-2xl font-semibold text-ink">
            {p.approvalTitle}
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
                ? p.approvalNone
                : p.approvalAbove(formatKes(payoutApproval.aboveKes))}
              {p.approvalFileAlways}
            </p>
          )}
        </section>
      ) : null}
      <section aria-labelledby="business-title" className="mt-10">
        <h2 id="business-title" className="text-2xl font-semibold text-ink">
          {p.businessTitle}
        </h2>
        {business.canChange ? (
          <KraPinForm
            action={`${paths.merchantSettings}?intent=${KRA_PIN_INTENT}`}
            current={business.kraPin}
            lastResult={actionData?.kraPinResult}
          />
        ) : (
          <p className="mt-4 text-slate-700">
            {business.kraPin ? p.kraPinShown(business.kraPin) : p.noKraPin}
            {p.onlyOwnerAdmin}
          </p>
        )}
        {business.canChange ? (
          <p className="mt-4">
            <Link
              to={paths.merchantBusinessOwners}
              className="font-semibold text-brand-800 underline"
            >
              {p.ownersLink}
            </Link>
          </p>
        ) : null}
      </section>
      {business.canChange ? (
        <p className="mt-10">
          <Link to={paths.merchantData} className="font-semibold text-brand-800 underline">
            {p.dataLink}
          </Link>
        </p>
      ) : null}
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(settingsMessages, matchesLocale(matches)).page.title,
    description: inLocale(settingsMessages, matchesLocale(matches)).page.metaDescription,
    path: paths.merchantSettings,
    noindex: true,
  });
