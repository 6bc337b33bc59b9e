/**
 * The fields of one director or beneficial owner (issue 31, item 6; ADR 0058), for the merchant
 * application and for Settings. Plain inputs: the share and the PEP details are always there
 * (without JavaScript a choice cannot reveal them), each with a hint saying when it applies.
 */
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
  type FieldMeta,
} from "~/components/ui/form";
import { countries } from "~/content/countries";
import { partyLimits } from "~/core/kyb/party-schema";
import { partyRoles } from "~/core/kyb/vocabulary";
import { applicationMessages } from "~/i18n/catalogs/application";
import { countriesIn } from "~/i18n/country-names";
import type { Locale } from "~/i18n/locales";
import type { Translation } from "~/i18n/messages";

/** A person's words in one language (the application's page language; Settings: English). */
export type PartyText = Translation<(typeof applicationMessages)["en"]["party"]>;

export const partyFieldNames = [
  "role",
  "fullName",
  "nationality",
  "idNumber",
  "dateOfBirth",
  "sharePercent",
  "pep",
  "pepDetails",
] as const;
export type PartyFieldName = (typeof partyFieldNames)[number];

/** Which fields must be filled (the share and the PEP details depend on other answers). */
export const partyFieldRequired: Record<PartyFieldName, boolean> = {
  role: true,
  fullName: true,
  nationality: true,
  idNumber: true,
  dateOfBirth: true,
  sharePercent: false,
  pep: false,
  pepDetails: false,
};

export function PartyFields({
  field,
  t = applicationMessages.en.party,
  locale = "en",
}: {
  field: (name: PartyFieldName) => { meta: FieldMeta; initial?: string };
  t?: PartyText;
  /** The language of the nationalities' names (with `t`'s; Settings: English). */
  locale?: Locale;
}) {
  const nationalityOptions = countriesIn(countries, locale).map((country) => ({
    value: country.code,
    label: country.localName,
  }));
  const roleOptions = partyRoles.map((role) => ({ value: role, label: t.roles[role] }));
  const role = field("role");
  const fullName = field("fullName");
  const nationality = field("nationality");
  const idNumber = field("idNumber");
  const dateOfBirth = field("dateOfBirth");
  const share = field("sharePercent");
  const pep = field("pep");
  const pepDetails = field("pepDetails");
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        meta={role.meta}
        label={t.labels.role}
        placeholder={t.placeholders.role}
        options={roleOptions}
        defaultValue={role.initial}
      />
      <TextField
        meta={fullName.meta}
        label={t.labels.fullName}
        hint={t.hints.fullName}
        defaultValue={fullName.initial}
        maxLength={partyLimits.fullName}
        autoComplete="off"
      />
      <SelectField
        meta={nationality.meta}
        label={t.labels.nationality}
        placeholder={t.placeholders.nationality}
        options={nationalityOptions}
        defaultValue={nationality.initial}
      />
      <TextField
        meta={idNumber.meta}
        label={t.labels.idNumber}
        defaultValue={idNumber.initial}
        maxLength={partyLimits.idNumber}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        meta={dateOfBirth.meta}
        label={t.labels.dateOfBirth}
        type="date"
        hint={t.hints.dateOfBirth}
        defaultValue={dateOfBirth.initial}
        autoComplete="off"
      />
      <TextField
        meta={share.meta}
        label={t.labels.sharePercent}
        hint={t.hints.sharePercent}
        inputMode="decimal"
        defaultValue={share.initial}
        maxLength={partyLimits.sharePercent}
        autoComplete="off"
      />
      <CheckboxField
        meta={pep.meta}
        defaultChecked={pep.initial === "on"}
        label={t.labels.pep}
        className="sm:col-span-2"
      />
      <TextAreaField
        meta={pepDetails.meta}
        label={t.labels.pepDetails}
        rows={2}
        defaultValue={pepDetails.initial}
        maxLength={partyLimits.pepDetails}
        className="sm:col-span-2"
      />
    </div>
  );
}
