/**
 * The settlement destination forms (client and server): adding a destination on a rail, the owner's
 * answer about the registered name, the default, the split shares and failover. The rail decides
 * which fields count; every check a field can fail says what to type instead.
 */
import { z } from "zod";
import { bankByCode } from "~/content/banks";
import { checkBankAccount } from "~/core/providers/pesalink/account";
import { railIds, type RailId } from "~/core/rails/types";
import { kenyanPhoneError, parseKenyanPhone } from "~/utils/phone";
import { mobileNetworkOf, networkNames, railNetwork } from "./mobile-networks";

export const railNames: Record<RailId, string> = {
  mpesa: "M-Pesa",
  "airtel-money": "Airtel Money",
  "t-kash": "T-Kash",
  pesalink: "Bank account (PesaLink)",
};

/** "a Safaricom", "an Airtel". */
const article = (name: string) => `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;

/** What the add form says when a field is wrong (a page passes its language's). */
export interface AddDestinationErrors {
  password: string;
  rail: string;
  phoneFormat: string;
  bankList: string;
  accountNumberLength: string;
  accountNameLength: string;
  accountNumberRequired: string;
  accountNameRequired: string;
  accountDigitsOnly: string;
  accountDigits: (bank: string, min: number, max: number, got: number) => string;
  phoneRequired: (rail: string) => string;
  phoneInvalid: string;
  otherNetwork: (network: string, rail: string, expected: string) => string;
  unknownNetwork: (expected: string, rail: string) => string;
}

export const addDestinationErrors: AddDestinationErrors = {
  password: "Enter your password to change where you are paid",
  rail: "Choose where to be paid",
  phoneFormat: "Enter a Kenyan mobile number such as 0712 345 678",
  bankList: "Choose your bank from the list",
  accountNumberLength: "An account number has at most 20 digits",
  accountNameLength: "Enter the account name in at most 100 characters",
  accountNumberRequired: "Enter the account number",
  accountNameRequired: "Enter the name the account is held in",
  accountDigitsOnly: "An account number has digits only",
  accountDigits: (bank, min, max, got) =>
    `${bank} account numbers have ${min === max ? `${min}` : `between ${min} and ${max}`} digits (got ${got})`,
  phoneRequired: (rail) => `Enter the ${rail} number to be paid to`,
  phoneInvalid: kenyanPhoneError,
  otherNetwork: (network, rail, expected) =>
    `That is ${article(network)} number: ${rail} pays ${expected} numbers only`,
  unknownNetwork: (expected, rail) =>
    `That is not ${article(expected)} number: ${rail} pays ${expected} numbers only`,
};

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/**
 * What the add form gives, checked field by field for the chosen rail, saying `m`'s messages and
 * `rails`' names. Its value is what destinationAddressOf takes.
 */
export const addDestinationSchemaFor = (
  m: AddDestinationErrors,
  rails: Record<RailId, string> = railNames,
) =>
  z
    .object({
      rail: z.enum(railIds, { required_error: m.rail, invalid_type_error: m.rail }),
      phone: optionalText(20, m.phoneFormat),
      bankCode: optionalText(4, m.bankList),
      accountNumber: optionalText(30, m.accountNumberLength),
      accountName: optionalText(100, m.accountNameLength),
      password: z.string({ required_error: m.password }).min(1, m.password).max(200, m.password),
    })
    .superRefine((value, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (value.rail === "pesalink") {
        if (!value.bankCode) return issue("bankCode", m.bankList);
        const bank = bankByCode(value.bankCode);
        if (!bank) return issue("bankCode", m.bankList);
        if (!value.accountNumber) return issue("accountNumber", m.accountNumberRequired);
        const checked = checkBankAccount(value.bankCode, value.accountNumber);
        if (!checked.ok) {
          const digits = value.accountNumber.replace(/[\s-]/g, "");
          issue(
            checked.field,
            checked.field === "bankCode"
              ? m.bankList
              : /^\d+$/.test(digits)
                ? m.accountDigits(
                    bank.name,
                    bank.account.minLength,
                    bank.account.maxLength,
                    digits.length,
                  )
                : m.accountDigitsOnly,
          );
        }
        if (!value.accountName) issue("accountName", m.accountNameRequired);
        return;
      }
      const railName = rails[value.rail];
      if (!value.phone) return issue("phone", m.phoneRequired(railName));
      const parsed = parseKenyanPhone(value.phone);
      if (!parsed.ok) return issue("phone", m.phoneInvalid);
      const network = mobileNetworkOf(parsed.e164);
      const expected = railNetwork[value.rail];
      if (network !== expected) {
        issue(
          "phone",
          network
            ? m.otherNetwork(networkNames[network], railName, networkNames[expected])
            : m.unknownNetwork(networkNames[expected], railName),
        );
      }
    });

export const addDestinationSchema = addDestinationSchemaFor(addDestinationErrors);

export type AddDestinationInput = z.infer<typeof addDestinationSchema>;

/** A destination as stored: the number in E.164, or the bank account as digits. */
export type DestinationAddress =
  | { rail: "mpesa" | "airtel-money" | "t-kash"; phone: string }
  | { rail: "pesalink"; bankCode: string; accountNumber: string; accountName: string };

/** The checked form as the address to store (call after the schema accepted it). */
export function destinationAddressOf(input: AddDestinationInput): DestinationAddress {
  if (input.rail === "pesalink") {
    const checked = checkBankAccount(input.bankCode!, input.accountNumber!);
    if (!checked.ok) throw new Error(checked.message);
    return {
      rail: "pesalink",
      bankCode: checked.bank.code,
      accountNumber: checked.accountNumber,
      accountName: input.accountName!,
    };
  }
  const parsed = parseKenyanPhone(input.phone!);
  if (!parsed.ok) throw new Error(parsed.error);
  return { rail: input.rail, phone: parsed.e164 };
}

const destinationId = z
  .string({ required_error: "Choose a destination" })
  .regex(/^dst_[a-z0-9]{6,32}$/, "Choose a destination");

/** The other forms of the page, by intent. */
export const destinationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm-name"), destinationId }),
  z.object({ intent: z.literal("reject-name"), destinationId }),
  z.object({ intent: z.literal("make-default"), destinationId }),
  z.object({ intent: z.literal("remove"), destinationId }),
  z.object({ intent: z.literal("verify"), destinationId }),
]);

/** Split shares: `split.<destinationId>` = whole percent (empty: not in the split); failover. */
export function parseSplitForm(
  form: FormData,
  destinationIds: readonly string[],
): { ok: true; shares: Map<string, number>; failover: boolean } | { ok: false; error: string } {
  const shares = new Map<string, number>();
  for (const id of destinationIds) {
    const raw = String(form.get(`split.${id}`) ?? "")
      .trim()
      .replace(/%$/, "");
    if (raw === "" || raw === "0") continue;
    if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100)
      return { ok: false, error: "Each share is a whole percent from 1 to 100" };
    shares.set(id, Number(raw));
  }
  const total = [...shares.values()].reduce((sum, share) => sum + share, 0);
  if (shares.size === 1)
    return {
      ok: false,
      error: "A split needs at least two destinations: leave every share empty to use the default",
    };
  if (shares.size > 0 && total !== 100)
    return { ok: false, error: `The shares add up to ${total}%: they must add up to 100%` };
  return { ok: true, shares, failover: form.get("failover") === "on" };
}
