import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConsolePage } from "~/components/app/ConsolePage";
import { ApplicationStatusBadge } from "~/components/admin/applications/ApplicationStatusBadge";
import { DuplicateFlag } from "~/components/admin/applications/DuplicateFlag";
import { Card } from "~/components/ui";
import { SubmitButton, TextAreaField, TextField } from "~/components/ui/form";
import {
  businessTypes,
  integrationTypes,
  monthlyVolumeLabel,
  optionLabel,
  timelines,
} from "~/content/application-options";
import { findCountry } from "~/content/countries";
import { ReviewError, suggestUsername } from "~/core/merchants/applications.server";
import { reviewSchema } from "~/core/merchants/review-schema";
import { DocumentDetailsForm, PartiesCard, TierCard } from "~/components/admin/kyb/KybPanels";
import { documentDetailsSchema, eatDayOf, eatDayStart, tierSchema } from "~/core/kyb/admin-schema";
import type { KybDocumentType } from "~/core/kyb/document-types";
import { KybError } from "~/core/kyb/reviews.server";
import { bpsToPercent } from "~/core/kyb/party-schema";
import { tierDailyCapKes } from "~/core/kyb/tiers";
import { kyb } from "~/wiring/kyb.server";
import { payments } from "~/wiring/payments.server";
import { env } from "~/utils/env.server";
import { formatEatDateTime, formatFileSize, formatPhone } from "~/utils/format";
import { invariantResponse, privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, jsonWithSuccess } from "~/utils/toast.server";
import { applications } from "~/wiring/applications.server";

type ActionData = {
  errors?: Record<string, string[] | null>;
  /** The document whose form `errors` belong to (the KYB document forms). */
  documentId?: string;
  approval?: { merchantId: string; username: string; link: string; expiresAt: string };
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request, ["reviewer"]);
  const service = applications();
  const application = await service.get(params.id ?? "");
  invariantResponse(application, "Application not found");
  const country = findCountry(application.country);
  const trail = await service.auditTrail("merchant_application", application.id);
  const names = await service.operatorNames(
    trail.flatMap((entry) =>
      entry.actorType === "operator" && entry.actorId ? [entry.actorId] : [],
    ),
  );
  return {
    application: {
      ...application,
      countryName: country ? `${country.flag} ${country.name}` : application.country,
      businessTypeLabel: optionLabel(businessTypes, application.businessType),
      monthlyVolumeLabel: monthlyVolumeLabel(application.monthlyVolume),
      integrationLabel: optionLabel(integrationTypes, application.integrationType),
      timelineLabel: optionLabel(timelines, application.timeline),
      createdAtIso: new Date(application.createdAt).toISOString(),
    },
    suggestedUsername: suggestUsername(application.email),
    documents: (await service.documents(application.id)).map((document) => ({
      id: document.id,
      fileName: document.fileName,
      sizeBytes: document.sizeBytes,
      contentType: document.contentType,
      scanStatus: document.scanStatus,
      sha256: document.sha256,
      documentType: document.documentType,
      expiresOn: document.expiresAt === null ? null : eatDayOf(document.expiresAt),
    })),
    parties: (await service.parties({ applicationId: application.id })).map((party) => ({
      id: party.id,
      role: party.role,
      fullName: party.fullName,
      nationality: findCountry(party.nationality ?? "")?.name ?? party.nationality ?? "Not given",
      idNumber: party.idNumber,
      dateOfBirth: party.dateOfBirth,
      share: party.ownershipBps === null ? null : `${bpsToPercent(party.ownershipBps)}%`,
      pep: party.pep,
      pepDetails: party.pepDetails,
      removed: party.removedAt !== null,
    })),
    kyb: application.merchantId ? await merchantKybView(application.merchantId) : null,
    duplicates: (await service.duplicates([application.id])).get(application.id) ?? [],
    audit: trail.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actor: actorName(entry, names),
      at: new Date(entry.createdAt).toISOString(),
      details: entry.details,
    })),
  };
}

/** The merchant's tier, each tier's cap and its next review (an approved application). */
async function merchantKybView(merchantId: string) {
  const current = await kyb().merchantKyb(merchantId);
  if (!current) return null;
  const standard = payments().config.dailyPerMerchantKes;
  return {
    tier: current.tier,
    reviewDueAt: current.reviewDueAt,
    capsKes: {
      basic: tierDailyCapKes("basic", standard),
      standard: tierDailyCapKes("standard", standard),
      enhanced: tierDailyCapKes("enhanced", standard),
    },
  };
}

/** The KYB forms (ADR 0058): the merchant's tier, a document's type and expiry; audited. */
async function kybAction(form: FormData, applicationId: string, operatorId: string) {
  const service = applications();
  if (form.get("intent") === "tier") {
    const submission = parseWithZod(form, { schema: tierSchema });
    if (submission.status !== "success")
      return data<ActionData>({ errors: submission.reply().error ?? {} }, { status: 400 });
    const application = await service.get(applicationId);
    invariantResponse(application?.merchantId, "Merchant not found");
    const result = await kyb().setMerchantTier({
      merchantId: application.merchantId,
      tier: submission.value.tier,
      operatorId,
    });
    return jsonWithSuccess<ActionData>(
      {},
      {
        message: "Tier saved",
        description: `${application.merchantId} moves from ${result.from} to ${submission.value.tier}.`,
      },
    );
  }
  const submission = parseWithZod(form, { schema: documentDetailsSchema });
  const documentId = String(form.get("documentId") ?? "");
  if (submission.status !== "success")
    return data<ActionData>(
      { errors: submission.reply().error ?? {}, documentId },
      { status: 400 },
    );
  try {
    await kyb().setDocumentDetails({
      applicationId,
      documentId: submission.value.documentId,
      documentType: submission.value.documentType as KybDocumentType,
      expiresAt: submission.value.expiresOn ? eatDayStart(submission.value.expiresOn) : null,
      operatorId,
    });
  } catch (error) {
    if (error instanceof KybError) throw new Response(error.message, { status: 404 });
    throw error;
  }
  return jsonWithSuccess<ActionData>({}, { message: "Document saved" });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireOperator(request, ["reviewer"]);
  const form = await request.formData();
  if (form.get("intent") === "tier" || form.get("intent") === "document")
    return kybAction(form, params.id ?? "", operator.id);
  const submission = parseWithZod(form, { schema: reviewSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ errors: submission.reply().error ?? {} }, { status: 400 });
  }
  const service = applications();
  try {
    if (submission.value.intent === "approve") {
      const result = await service.approve({
        applicationId: params.id ?? "",
        operatorId: operator.id,
        username: submission.value.username,
        linkTtlMs: env.SET_PASSWORD_LINK_HOURS * 3_600_000,
        setPasswordUrl: (token) =>
          `${env.PUBLIC_SITE_URL.replace(/\/$/, "")}/merchant/set-password?token=${token}`,
      });
      const link = `${env.PUBLIC_SITE_URL.replace(/\/$/, "")}/merchant/set-password?token=${result.setPasswordToken}`;
      return jsonWithSuccess<ActionData>(
        {
          approval: {
            merchantId: result.merchantId,
            username: result.username,
            link,
            expiresAt: new Date(result.setPasswordExpiresAt).toISOString(),
          },
        },
        { message: "Application approved", description: `Merchant ${result.merchantId} created.` },
      );
    }
    await service.reject({
      applicationId: params.id ?? "",
      operatorId: operator.id,
      reason: submission.value.reason,
    });
    return jsonWithSuccess<ActionData>(
      {},
      { message: "Application rejected", description: "The applicant will be told why by e-mail." },
    );
  } catch (error) {
    if (error instanceof ReviewError) {
      return jsonWithError<ActionData>(
        {},
        { message: "Review failed", description: error.message },
        { status: error.code === "not_found" ? 404 : 409 },
      );
    }
    throw error;
  }
}

/** Who an audit entry names: the operator's name and e-mail, else the id as recorded. */
function actorName(
  entry: { actorType: string; actorId: string | null },
  names: Map<string, { name: string; email: string }>,
): string {
  if (!entry.actorId) return entry.actorType === "system" ? "the system" : "someone unknown";
  const operator = entry.actorType === "operator" ? names.get(entry.actorId) : undefined;
  return operator ? `${operator.name} (${operator.email})` : entry.actorId;
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid grid-cols-3 gap-4 border-b border-slate-100 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="col-span-2 break-words text-ink">{value || "Not given"}</dd>
    </div>
  );
}

export default function AdminApplication() {
  const {
    application: a,
    suggestedUsername,
    audit,
    documents,
    duplicates,
    parties,
    kyb: merchantKyb,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const error = (name: string) => actionData?.errors?.[name] ?? undefined;
  return (
    <ConsolePage title={`Application ${a.reference}`}>
      <p className="flex items-center gap-3">
        <ApplicationStatusBadge status={a.status} />
        <Link
          to={paths.adminApplications}
          className="text-sm font-semibold text-brand-800 underline"
        >
          Back to applications
        </Link>
      </p>

      {actionData?.approval ? (
        <div
          role="status"
          className="mt-6 rounded-xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900"
        >
          <h2 className="text-lg font-semibold">
            Merchant {actionData.approval.merchantId} created
          </h2>
          <p className="mt-2">
            Username <strong>{actionData.approval.username}</strong>. Send the merchant this
            one-time set-password link (it was also e-mailed to them, works once and expires{" "}
            {formatEatDateTime(actionData.approval.expiresAt)}):
          </p>
          <p className="mt-2 break-all rounded bg-white p-3 font-mono text-sm">
            <a
              href={actionData.approval.link}
              className="text-brand-800 underline"
              data-testid="set-password-link"
            >
              {actionData.approval.link}
            </a>
          </p>
          <p className="mt-2 text-sm">It is shown only now: we keep only a fingerprint of it.</p>
        </div>
      ) : null}

      <DuplicateFlag matches={duplicates} applicationId={a.id} />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card title="Application" headingLevel="h2" className="lg:col-span-2">
          <dl>
            <Row label="Business name" value={a.businessName} />
            <Row label="Business type" value={a.businessTypeLabel} />
            <Row label="Registration number" value={a.registrationNumber} />
            <Row label="Website" value={a.website} />
            <Row label="Contact name" value={a.contactName} />
            <Row label="Email" value={a.email} />
            <Row label="Phone" value={formatPhone(a.phone)} />
            <Row label="Country" value={a.countryName} />
            <Row label="City / town" value={a.city} />
            <Row label="Business address" value={a.businessAddress} />
            <Row label="Monthly volume" value={a.monthlyVolumeLabel} />
            <Row label="Current payment methods" value={a.currentPaymentMethods} />
            <Row label="Preferred integration" value={a.integrationLabel} />
            <Row label="Timeline" value={a.timelineLabel} />
            <Row label="Newsletter" value={a.agreedToNewsletter ? "Yes" : "No"} />
            <Row label="Submitted" value={formatEatDateTime(a.createdAtIso)} />
            {a.merchantId ? <Row label="Merchant ID" value={a.merchantId} /> : null}
            {a.decisionReason ? <Row label="Rejection reason" value={a.decisionReason} /> : null}
          </dl>
          <h3 className="mt-6 text-base font-semibold text-ink">KYB documents</h3>
          {documents.length === 0 ? (
            <p className="mt-2 text-slate-700">None sent with the application.</p>
          ) : (
            <ul className="mt-2 space-y-2" aria-label="KYB documents">
              {documents.map((document) => (
                <li key={document.id} className="rounded-lg border border-slate-200 p-3">
                  <a
                    href={paths.adminApplicationDocument(a.id, document.id)}
                    download
                    className="font-semibold text-brand-800 underline"
                  >
                    {document.fileName}
                  </a>
                  <p className="text-sm text-slate-700">
                    {formatFileSize(document.sizeBytes)} · {document.contentType} ·{" "}
                    <span>
                      {document.scanStatus === "unscanned"
                        ? "Not virus-scanned yet"
                        : document.scanStatus}
                    </span>
                  </p>
                  <p className="break-all font-mono text-xs text-slate-600">
                    SHA-256 {document.sha256}
                  </p>
                  <DocumentDetailsForm
                    document={document}
                    errors={actionData?.documentId === document.id ? actionData.errors : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>

        <div className="space-y-6">
          <PartiesCard parties={parties} />
          {merchantKyb ? (
            <TierCard
              tier={merchantKyb.tier}
              reviewDueAt={merchantKyb.reviewDueAt}
              capsKes={merchantKyb.capsKes}
              error={actionData?.documentId ? undefined : (actionData?.errors?.tier ?? undefined)}
            />
          ) : null}
          {a.status === "submitted" ? (
            <>
              <Card title="Approve" headingLevel="h2">
                <Form method="post" className="space-y-4">
                  <TextField
                    meta={{
                      id: "username",
                      name: "username",
                      errorId: "username-error",
                      errors: error("username"),
                      required: true,
                    }}
                    label="Owner username"
                    defaultValue={suggestedUsername}
                    hint="The merchant signs in with this and the merchant ID."
                  />
                  <SubmitButton pendingLabel="Approving..." name="intent" value="approve">
                    Approve and create merchant
                  </SubmitButton>
                </Form>
              </Card>
              <Card title="Reject" headingLevel="h2">
                <Form method="post" className="space-y-4">
                  <TextAreaField
                    meta={{
                      id: "reason",
                      name: "reason",
                      errorId: "reason-error",
                      errors: error("reason"),
                      required: true,
                    }}
                    label="Reason (sent to the applicant)"
                    rows={3}
                    maxLength={500}
                  />
                  <SubmitButton
                    pendingLabel="Rejecting..."
                    variant="secondary"
                    name="intent"
                    value="reject"
                  >
                    Reject application
                  </SubmitButton>
                </Form>
              </Card>
            </>
          ) : null}
          <Card title="Audit log" headingLevel="h2">
            {audit.length === 0 ? (
              <p>No review actions yet.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {audit.map((entry) => (
                  <li key={entry.id}>
                    <time dateTime={entry.at}>{formatEatDateTime(entry.at)}</time>: {entry.action}{" "}
                    by {entry.actor}
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      </div>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Application",
    description: "Merchant application review.",
    path: paths.adminApplications,
    noindex: true,
  });
