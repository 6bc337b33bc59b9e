/**
 * The KYB parts of an application's page for operators (issue 31, item 6; ADR 0058): the directors
 * and owners (with declared PEPs), the merchant's tier and next review once approved, and a form
 * per document for its type and expiry. Plain forms that post to the page.
 */
import { Form } from "@remix-run/react";
import { Card } from "~/components/ui";
import { SelectField, SubmitButton, TextField } from "~/components/ui/form";
import { kybDocumentTypes } from "~/core/kyb/document-types";
import { tierRules } from "~/core/kyb/tiers";
import { kybTiers, type KybTier } from "~/core/kyb/vocabulary";
import { formatDate, formatKes } from "~/utils/format";

export interface PartyView {
  id: string;
  role: "director" | "owner";
  fullName: string;
  nationality: string;
  idNumber: string | null;
  dateOfBirth: string | null;
  share: string | null;
  pep: boolean;
  pepDetails: string | null;
  removed: boolean;
}

export function PartiesCard({ parties }: { parties: readonly PartyView[] }) {
  return (
    <Card title="Directors and owners" headingLevel="h2">
      {parties.length === 0 ? (
        <p className="text-slate-700">None given (applied before directors were asked).</p>
      ) : (
        <ul className="space-y-3" aria-label="Directors and owners">
          {parties.map((party) => (
            <li key={party.id} className="rounded-lg border border-slate-200 p-3">
              <p className="font-semibold text-ink">
                {party.fullName}{" "}
                <span className="font-normal text-slate-700">
                  · {party.role === "director" ? "Director" : `Owner, ${party.share ?? "?"}`}
                </span>
              </p>
              <p className="text-sm text-slate-700">
                {party.nationality} · ID {party.idNumber ?? "not given"} · born{" "}
                {party.dateOfBirth ? formatDate(party.dateOfBirth) : "not given"}
              </p>
              {party.pep ? (
                <p className="mt-1 text-sm font-semibold text-amber-900">
                  Declared PEP: {party.pepDetails}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function TierCard({
  tier,
  reviewDueAt,
  capsKes,
  error,
}: {
  tier: KybTier;
  reviewDueAt: number | null;
  capsKes: Record<KybTier, number>;
  error?: string[];
}) {
  const options = kybTiers.map((value) => ({
    value,
    label: `${tierRules[value].label}: ${formatKes(capsKes[value])} a day`,
  }));
  return (
    <Card title="KYB tier" headingLevel="h2">
      <p className="text-slate-700">
        Now <strong>{tierRules[tier].label}</strong>: {formatKes(capsKes[tier])} a day. Next review{" "}
        {reviewDueAt ? <strong>{formatDate(reviewDueAt)}</strong> : "not set"}.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <SelectField
          meta={{ id: "tier", name: "tier", errorId: "tier-error", errors: error, required: true }}
          label="Tier"
          placeholder="Select tier"
          options={options}
          defaultValue={tier}
        />
        <p className="text-sm text-slate-600">
          Setting the tier counts as a review: the next one is due after the tier&apos;s cycle, or
          sooner when a document expires.
        </p>
        <SubmitButton pendingLabel="Saving..." name="intent" value="tier">
          Save tier
        </SubmitButton>
      </Form>
    </Card>
  );
}

export interface DocumentKyb {
  id: string;
  fileName: string;
  documentType: string | null;
  expiresOn: string | null;
}

export function DocumentDetailsForm({
  document,
  errors,
}: {
  document: DocumentKyb;
  errors?: Record<string, string[] | null>;
}) {
  const prefix = `doc-${document.id}`;
  return (
    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <input type="hidden" name="documentId" value={document.id} />
      <SelectField
        meta={{
          id: `${prefix}-type`,
          name: "documentType",
          errorId: `${prefix}-type-error`,
          errors: errors?.documentType ?? undefined,
        }}
        label={<>Type of {document.fileName}</>}
        placeholder="Select type"
        options={kybDocumentTypes}
        defaultValue={document.documentType ?? undefined}
      />
      <TextField
        meta={{
          id: `${prefix}-expires`,
          name: "expiresOn",
          errorId: `${prefix}-expires-error`,
          errors: errors?.expiresOn ?? undefined,
        }}
        label="Expires on"
        type="date"
        hint="Empty if it does not expire"
        defaultValue={document.expiresOn ?? undefined}
      />
      <SubmitButton pendingLabel="Saving..." name="intent" value="document" variant="secondary">
        Save
      </SubmitButton>
    </Form>
  );
}
