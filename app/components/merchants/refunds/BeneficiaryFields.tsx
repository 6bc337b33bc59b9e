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
  beneficiaryWalletLabels,
  beneficiaryWallets,
  TRAVEL_RULE_THRESHOLD_USD,
  type BeneficiaryInput,
} from "~/core/compliance/travel-rule/ivms101";
import { FieldError, fieldMeta, SelectField, TextField } from "~/components/ui/form";

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

const text = (max: number, what: string) =>
  z.string().trim().max(max, `Keep the ${what} to ${max} characters`).optional();

/** The fields as the form's zod schema reads them. */
export const beneficiaryFormFields = {
  beneficiaryFamilyName: text(BENEFICIARY_LIMITS.name, "family name"),
  beneficiaryGivenNames: text(BENEFICIARY_LIMITS.name, "given names"),
  beneficiaryAddress: text(BENEFICIARY_LIMITS.address, "address"),
  beneficiaryCountry: z
    .string()
    .trim()
    .refine((value) => findCountry(value) !== undefined, "Choose a country from the list")
    .optional(),
  beneficiaryWallet: z
    .enum(beneficiaryWallets, { message: "Choose where the customer's wallet is" })
    .optional(),
  beneficiaryVaspName: text(BENEFICIARY_LIMITS.vaspName, "provider's name"),
};

type BeneficiaryValues = Partial<Record<BeneficiaryField, string | undefined>>;

/** Once any of them is given: the family name, the wallet, and the provider's name for "vasp". */
export function checkBeneficiaryFields(value: BeneficiaryValues, ctx: z.RefinementCtx) {
  if (!BENEFICIARY_FIELDS.some((field) => value[field])) return;
  if (!value.beneficiaryFamilyName)
    ctx.addIssue({
      code: "custom",
      path: ["beneficiaryFamilyName"],
      message: "Enter the customer's family name (surname)",
    });
  if (!value.beneficiaryWallet)
    ctx.addIssue({
      code: "custom",
      path: ["beneficiaryWallet"],
      message: "Choose where the customer's wallet is",
    });
  if (value.beneficiaryWallet === "vasp" && !value.beneficiaryVaspName)
    ctx.addIssue({
      code: "custom",
      path: ["beneficiaryVaspName"],
      message: "Enter the exchange or provider that holds the customer's wallet",
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

const countryOptions = countries.map((country) => ({ value: country.code, label: country.name }));

export function BeneficiaryFields({
  fields,
  context,
}: {
  fields: Record<BeneficiaryField, FieldLike>;
  context: TravelRuleFormContext;
}) {
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
      <legend className="px-1 text-sm font-semibold text-slate-800">
        The customer receiving the refund
      </legend>
      <p id="beneficiary-note" className="text-sm text-slate-700">
        {context.required
          ? `Required for this refund: it is worth ${threshold} or more (about ${context.thresholdKes} at today's rate). `
          : `Required for refunds worth ${threshold} or more (about ${context.thresholdKes} at today's rate); optional below. `}
        The law (the travel rule) asks us to send the customer's name and where their wallet is with
        the refund, and your business's details as the sender.
      </p>
      <TextField
        meta={fieldMeta(fields.beneficiaryFamilyName, false)}
        label="Family name (surname)"
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.name}
        defaultValue={initial("beneficiaryFamilyName")}
      />
      <TextField
        meta={fieldMeta(fields.beneficiaryGivenNames, false)}
        label="Given names"
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.name}
        defaultValue={initial("beneficiaryGivenNames")}
      />
      <TextField
        meta={fieldMeta(fields.beneficiaryAddress, false)}
        label="Address (optional)"
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.address}
        defaultValue={initial("beneficiaryAddress")}
      />
      <SelectField
        meta={fieldMeta(fields.beneficiaryCountry, false)}
        label="Country (optional)"
        placeholder="Not given"
        options={countryOptions}
        defaultValue={initial("beneficiaryCountry") ?? ""}
      />
      <fieldset aria-describedby={walletErrors ? wallet.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Where is the customer&apos;s wallet?
        </legend>
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
                {beneficiaryWalletLabels[value]}
              </label>
            </div>
          ))}
        </div>
        <FieldError meta={fieldMeta(wallet, false)} />
      </fieldset>
      <TextField
        meta={fieldMeta(fields.beneficiaryVaspName, false)}
        label="The exchange or provider's name (if at one)"
        autoComplete="off"
        maxLength={BENEFICIARY_LIMITS.vaspName}
        defaultValue={initial("beneficiaryVaspName")}
      />
    </fieldset>
  );
}
