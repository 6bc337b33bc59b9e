/**
 * The travel rule's fields on the crypto refund form (issue 31, item 8; ADR 0060): the customer's
 * name (family name required once any is given), address and country, and where their wallet is
 * (their own, or at a named exchange). Always in the server's HTML for crypto refunds, with the
 * note that they are required for refunds worth USD 1,000 or more; the server decides at review
 * whether this refund needs them, and says so at the family name.
 */
import { z } from "zod";
import { countries, findCountry } from "~/content/countries";
import {
  BENEFICIARY_LIMITS,
  beneficiaryWallets,
  TRAVEL_RULE_THRESHOLD_USD,
  type BeneficiaryInput,
} from "~/core/compliance/travel-rule/ivms101";
import { FieldError, fieldMeta, SelectField, TextField } from "~/components/ui/form";
import { refundsMessages, type RefundsMessages } from "~/i18n/catalogs/refunds";
import { countriesIn } from "~/i18n/country-names";
import { useLocale, useMessages } from "~/i18n/use-messages";

export const BENEFICIARY_FIELDS = [
  "beneficiaryFamilyName",
  "beneficiaryGivenNames",
  "beneficiaryAddress",
  "beneficiaryCountry",
  "beneficiaryWallet",
  "beneficiaryVaspName",
] as const;
type BeneficiaryField = (typeof BENEFICIARY_FIELDS)[number];

export const beneficiaryFieldLimits: Record<BeneficiaryField, number> = {
  beneficiaryFamilyName: BENEFICIARY_LIMITS.name,
  beneficiaryGivenNames: BENEFICIARY_LIMITS.name,
  beneficiaryAddress: BENEFICIARY_LIMITS.address,
  beneficiaryCountry: 2,
  beneficiaryWallet: 8,
  beneficiaryVaspName: BENEFICIARY_LIMITS.vaspName,
};

type SchemaMessages = RefundsMessages["schema"];

const text = (max: number, message: (max: number) => string) =>
  z.string().trim().max(max, message(max)).optional();

/** The fields as the form's zod schema reads them, with messages in the page's language. */
export function beneficiaryFormFieldsFor(m: SchemaMessages) {
  return {
    beneficiaryFamilyName: text(BENEFICIARY_LIMITS.name, m.familyNameTooLong),
    beneficiaryGivenNames: text(BENEFICIARY_LIMITS.name, m.givenNamesTooLong),
    beneficiaryAddress: text(BENEFICIARY_LIMITS.address, m.beneficiaryAddressTooLong),
    beneficiaryCountry: z
      .string()
      .trim()
      .refine((value) => findCountry(value) !== undefined, m.chooseCountry)
      .optional(),
    beneficiaryWallet: z.enum(beneficiaryWallets, { message: m.chooseWallet }).optional(),
    beneficiaryVaspName: text(BENEFICIARY_LIMITS.vaspName, m.vaspNameTooLong),
  };
}

/** The fields as the form's zod schema reads them (English). */
export const beneficiaryFormFields = beneficiaryFormFieldsFor(refundsMessages.en.schema);

type BeneficiaryValues = Partial<Record<BeneficiaryField, string | undefined>>;

/** Once any of them is given: the family name, the wallet, and the provider's name for "vasp". */
export function checkBeneficiaryFields(
  value: BeneficiaryValues,
  ctx: z.RefinementCtx,
  m: SchemaMessages = refundsMessages.en.schema,
) {
  if (!BENEFICIARY_FIELDS.some((field) => value[field])) return;
  if (!value.beneficiaryFamilyName)
    ctx.addIssue({
      code: "custom",
      path: ["beneficiaryFamilyName"],
      message: m.familyNameMissing,
    });
  if (!value.beneficiaryWallet)
    ctx.addIssue({
      code: "custom",
      path: ["beneficiaryWallet"],
      message: m.chooseWallet,
    });
  if (value.beneficiaryWallet === "vasp" && !value.beneficiaryVaspName)
    ctx.addIssue({
      code: "custom",
      path: ["beneficiaryVaspName"],
      message: m.vaspNameMissing,
    });
}

/** The form's beneficiary in the core's words, or undefined when none was given. */
export function beneficiaryOfForm(value: BeneficiaryValues): BeneficiaryInput | undefined {
  if (!value.beneficiaryFamilyName || !value.beneficiaryWallet) return undefined;
  const wallet = value.beneficiaryWallet === "vasp" ? "vasp" : "unhosted";
  return {
    familyName: value.beneficiaryFamilyName,
    givenNames: value.beneficiaryGivenNames || null,
    address: value.beneficiaryAddress || null,
    country: value.beneficiaryCountry ? value.beneficiaryCountry.toUpperCase() : null,
    wallet,
    vaspName: wallet === "vasp" ? value.beneficiaryVaspName || null : null,
  };
}

export interface TravelRuleFormContext {
  /** "KES 129,200.00" at the current USD/KES rate. */
  thresholdKes: string;
  /** The server found this refund is worth USD 1,000 or more. */
  required: boolean;
}

interface FieldLike {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
}

export function BeneficiaryFields({
  fields,
  context,
}: {
  fields: Record<BeneficiaryField, FieldLike>;
  context: TravelRuleFormContext;
}) {
  const m = useMessages(refundsMessages).beneficiary;
  const countryOptions = countriesIn(countries, useLocale()).map((country) => ({
    value: country.code,
    label: country.localName,
  }));
  const initial = (field: BeneficiaryField) => {
    const value = fields[field].initialValue;
    return typeof value === "string" ? value : undefined;
  };
  const wallet = fields.beneficiaryWallet;
  const walletErrors = wallet.errors?.length ? wallet.errors : undefined;
  const threshold = `USD ${TRAVEL_RULE_THRESHOLD_USD.toLocaleString("en-KE")}`;
  return (
    <fieldset
      aria-describedby="beneficiary-note"
      className="space-y-4 rounded-lg border border-slate-300 p-4"
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">{m.legend}</legend>
      <p id="beneficiary-note" className="text-sm text-slate-700">
        {context.required
          ? m.requiredNow(threshold, context.thresholdKes)
          : m.requiredAbove(threshold, context.thresholdKes)}
        {m.lawNote}
      </p>
      <TextField
        meta={fieldMeta(fields.beneficiaryFamilyName, false)}
        label={m.familyName}
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.name}
        defaultValue={initial("beneficiaryFamilyName")}
      />
      <TextField
        meta={fieldMeta(fields.beneficiaryGivenNames, false)}
        label={m.givenNames}
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.name}
        defaultValue={initial("beneficiaryGivenNames")}
      />
      <TextField
        meta={fieldMeta(fields.beneficiaryAddress, false)}
        label={m.address}
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.address}
        defaultValue={initial("beneficiaryAddress")}
      />
      <SelectField
        meta={fieldMeta(fields.beneficiaryCountry, false)}
        label={m.country}
        placeholder={m.notGiven}
        options={countryOptions}
        defaultValue={initial("beneficiaryCountry") ?? ""}
      />
      <fieldset aria-describedby={walletErrors ? wallet.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">{m.walletLegend}</legend>
        <div className="mt-2 space-y-2">
          {beneficiaryWallets.map((value) => (
            <div key={value} className="flex items-start gap-3">
              <input
                type="radio"
                id={`${wallet.id}-${value}`}
                name={wallet.name}
                value={value}
                defaultChecked={initial("beneficiaryWallet") === value}
                className="mt-1 h-4 w-4 border-slate-500 text-brand-700 focus:ring-brand-700"
              />
              <label htmlFor={`${wallet.id}-${value}`} className="text-sm text-slate-800">
                {m.wallets[value]}
              </label>
            </div>
          ))}
        </div>
        <FieldError meta={fieldMeta(wallet, false)} />
      </fieldset>
      <TextField
        meta={fieldMeta(fields.beneficiaryVaspName, false)}
        label={m.vaspName}
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.vaspName}
        defaultValue={initial("beneficiaryVaspName")}
      />
    </fieldset>
  );
}
