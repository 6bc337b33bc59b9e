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
import { partyLimits, partyRoleLabels } from "~/core/kyb/party-schema";
import { partyRoles } from "~/core/kyb/vocabulary";

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

const roleOptions = partyRoles.map((role) => ({ value: role, label: partyRoleLabels[role] }));
const nationalityOptions = countries.map((country) => ({
  value: country.code,
  label: country.name,
}));

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
}: {
  field: (name: PartyFieldName) => { meta: FieldMeta; initial?: string };
}) {
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
        label="Role"
        placeholder="Select role"
        options={roleOptions}
        defaultValue={role.initial}
      />
      <TextField
        meta={fullName.meta}
        label="Full name"
        hint="As on the ID or passport"
        defaultValue={fullName.initial}
        maxLength={partyLimits.fullName}
        autoComplete="off"
      />
      <SelectField
        meta={nationality.meta}
        label="Nationality"
        placeholder="Select nationality"
        options={nationalityOptions}
        defaultValue={nationality.initial}
      />
      <TextField
        meta={idNumber.meta}
        label="ID or passport number"
        defaultValue={idNumber.initial}
        maxLength={partyLimits.idNumber}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        meta={dateOfBirth.meta}
        label="Date of birth"
        type="date"
        hint="Day, month and year"
        defaultValue={dateOfBirth.initial}
        autoComplete="off"
      />
      <TextField
        meta={share.meta}
        label="Share held (%)"
        hint="Owners only: 25 to 100"
        inputMode="decimal"
        defaultValue={share.initial}
        maxLength={partyLimits.sharePercent}
        autoComplete="off"
      />
      <CheckboxField
        meta={pep.meta}
        defaultChecked={pep.initial === "on"}
        label="A politically exposed person (PEP), or a family member or close associate of one"
        className="sm:col-span-2"
      />
      <TextAreaField
        meta={pepDetails.meta}
        label="PEP details (only if a PEP): the public position, who holds it, and when"
        rows={2}
        defaultValue={pepDetails.initial}
        maxLength={partyLimits.pepDetails}
        className="sm:col-span-2"
      />
    </div>
  );
}
