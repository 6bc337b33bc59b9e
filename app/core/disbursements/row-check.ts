/**
 * One payout row checked (bulk payouts): a line of an uploaded file, the single-payout form and a
 * row edited in the page all go through `checkPayoutRow`. Isomorphic: no server imports.
 *
 * A row names its recipient (a Kenyan mobile number, a bank account number with its bank code, or
 * an M-Pesa Paybill or Till number), the rail (blank: implied by the number's prefix; `paybill` or
 * `till` for M-Pesa B2B, ADR 0035 "B2B"), the amount in whole shillings, an optional reference and
 * name (required for bank rows: PesaLink needs the account name) and, for a Paybill, the account
 * number at the Paybill. Every message is
 * shown to the merchant as it is: it says what is wrong with the cell and how to fix it.
 */
import { mobileNetworkOf, networkNames, railNetwork } from "~/core/destinations/mobile-networks";
import { checkBankAccount } from "~/core/providers/pesalink/account";
import { profileOf } from "~/core/rails/charges";
import type { PayoutDestination, RailId } from "~/core/rails/types";
import type { B2bKind } from "./vocabulary";
import { formatKes, formatKesCents, formatPhone } from "~/utils/format";
import { kenyanPhoneError, parseKenyanPhone } from "~/utils/phone";

export interface RawPayoutRow {
  recipient: string;
  rail: string;
  amount: string;
  reference: string;
  name: string;
  bankCode: string;
  /** The account number at a Paybill (M-Pesa B2B); absent or "" for every other row. */
  account?: string;
}

export interface CheckedPayoutRow {
  rail: RailId;
  destination: PayoutDestination;
  /** whole shillings in cents */
  amountKesCents: bigint;
  reference: string;
  name: string;
}

export type RowCheck =
  | { ok: true; row: CheckedPayoutRow; warnings: string[] }
  | { ok: false; errors: { field: keyof RawPayoutRow; message: string }[] };

export const PAYOUT_REFERENCE_MAX = 40;
export const PAYOUT_NAME_MAX = 100;
/** Daraja's longest AccountReference (B2B_ACCOUNT_REFERENCE_MAX): never shortened. */
export const PAYBILL_ACCOUNT_MAX = 13;
/** A Paybill or Till number, as Daraja (and its simulator) take PartyB. */
const BUSINESS_NUMBER = /^\d{5,7}$/;

type MobileRail = keyof typeof railNetwork;
type RowError = { field: keyof RawPayoutRow; message: string };

/** Rail spellings a file may use, compared without case, spaces, hyphens or underscores. */
const railSpellings: Record<string, RailId> = {
  mpesa: "mpesa",
  safaricom: "mpesa",
  airtel: "airtel-money",
  airtelmoney: "airtel-money",
  tkash: "t-kash",
  telkom: "t-kash",
  bank: "pesalink",
  pesalink: "pesalink",
};

/** M-Pesa B2B spellings (same comparison): a Paybill (with an account) or a Till. */
const b2bSpellings: Record<string, B2bKind> = {
  paybill: "paybill",
  mpesapaybill: "paybill",
  businesspaybill: "paybill",
  paybillnumber: "paybill",
  till: "till",
  mpesatill: "till",
  tillnumber: "till",
  buygoods: "till",
  businessbuygoods: "till",
};

const acceptedRails = "mpesa, airtel-money, t-kash, bank, paybill or till";

/** Rails that tell us the registered name before paying (Airtel's KYC, PesaLink's lookup). */
const railsWithNameLookup: readonly RailId[] = ["airtel-money", "pesalink"];

const railOfNetwork = {
  safaricom: "mpesa",
  airtel: "airtel-money",
  telkom: "t-kash",
} as const satisfies Record<(typeof railNetwork)[MobileRail], MobileRail>;

/** A cell as quoted in a message: trimmed and cut short. */
const quoted = (value: string) => {
  const text = value.trim();
  return `"${text.length > 30 ? `${text.slice(0, 29)}…` : text}"`;
};

/** "a Safaricom", "an Airtel". */
const article = (name: string) => `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const FORMULA_START = /^[=+\-@]/;
/** What a spreadsheet writes for a long number in a General cell: 2.54712E+11. */
const SCIENTIFIC = /^\d+(?:\.\d+)?e[+-]?\d+$/i;
const BANK_LOOKING = /^[\d\s-]+$/;

const spellingKey = (input: string) => input.toLowerCase().replace(/[\s\-_]/g, "");

function railOf(input: string): RailId | null {
  return railSpellings[spellingKey(input)] ?? null;
}

/** The B2B kind a rail cell names ("paybill", "Till", "M-Pesa Paybill"), or null. */
export function b2bKindOf(input: string): B2bKind | null {
  return b2bSpellings[spellingKey(input.trim())] ?? null;
}

type AmountParse = { ok: true; cents: bigint } | { ok: false; message: string };

const GROUPED = /^(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * An amount as people write it ("1500", "1,500", "1 500", "1500.00", "KES 1,500", "Ksh1500") as
 * cents, without floats. Whole shillings only: the rails pay no cents.
 */
function parseAmount(input: string): AmountParse {
  const shown = quoted(input);
  let text = input
    .replace(/[\u00a0\u202f\u2009]/g, " ")
    .replace(/\u2212/g, "-")
    .trim()
    .toLowerCase();
  if (!text) return { ok: false, message: "Enter the amount to pay in shillings, such as 1500" };
  let negative = false;
  const unwrap = () => {
    if (/^\(.*\)$/.test(text)) {
      negative = true;
      text = text.slice(1, -1).trim();
    }
    if (text.startsWith("-")) {
      negative = true;
      text = text.slice(1).trim();
    }
  };
  unwrap();
  text = text.replace(/^(?:kes|kshs?\.?|shs?\.?)\s*/, "").replace(/\s*(?:kes|kshs?\.?)$/, "");
  unwrap();
  if (SCIENTIFIC.test(text)) {
    return {
      ok: false,
      message: `The amount ${shown} is written as a power of ten: write all its digits, such as 100000 (in a spreadsheet, format the column as Number)`,
    };
  }
  if (/^\d+,\d{1,2}$/.test(text)) {
    return {
      ok: false,
      message: `The amount ${shown} uses a comma for decimals: write whole shillings, such as 1500`,
    };
  }
  const match = GROUPED.exec(text);
  if (!match) {
    return {
      ok: false,
      message: `The amount ${shown} is not a number: write whole shillings, such as 1500 or 1,500`,
    };
  }
  const fraction = match[1] ?? "";
  if (fraction.length > 2) {
    return {
      ok: false,
      message: `The amount ${shown} has more than 2 decimal places: write whole shillings, such as 1500`,
    };
  }
  const whole = BigInt(text.replace(/\.\d*$/, "").replace(/[, ]/g, ""));
  const cents = BigInt(fraction.padEnd(2, "0") || "0");
  const amount = whole * 100n + cents;
  if (negative && amount > 0n) {
    return {
      ok: false,
      message: `The amount ${shown} is negative: write the amount to pay without a minus sign or brackets, such as ${whole.toString()}`,
    };
  }
  if (amount === 0n) {
    return { ok: false, message: "The amount is 0: enter the amount to pay, such as 1500" };
  }
  if (cents !== 0n) {
    return {
      ok: false,
      message: `The amount ${formatKesCents(amount)} has cents, and payouts are in whole shillings only: write ${whole.toString()} or ${(whole + 1n).toString()}`,
    };
  }
  return { ok: true, cents: amount };
}

/** A free-text cell (name, reference): trimmed, bounded, plain text. */
function checkText(
  field: "name" | "reference",
  value: string,
  max: number,
  errors: RowError[],
): string {
  const text = value.trim();
  const label = field === "name" ? "The name" : "The reference";
  if (CONTROL_CHARACTERS.test(text)) {
    errors.push({
      field,
      message: `${label} contains a line break or another invisible character: type it on one line`,
    });
  } else if (FORMULA_START.test(text)) {
    errors.push({
      field,
      message: `Remove the formula: ${field === "name" ? "a name" : "a reference"} must be plain text, not starting with = + - or @ (${quoted(text)})`,
    });
  } else if (text.length > max) {
    errors.push({
      field,
      message: `${label} has ${text.length} characters: shorten it to at most ${max}`,
    });
  }
  return text;
}

/** The rail a row names, or the one its recipient implies; null with an error pushed. */
function resolveRail(raw: RawPayoutRow, errors: RowError[]): RailId | "infer-mobile" | null {
  const given = raw.rail.trim();
  if (given) {
    const rail = railOf(given);
    if (!rail) {
      errors.push({
        field: "rail",
        message: `The rail ${quoted(given)} is not one we pay: write ${acceptedRails}, or leave it blank for a mobile number`,
      });
    }
    return rail;
  }
  if (raw.bankCode.trim() && BANK_LOOKING.test(raw.recipient.trim())) return "pesalink";
  return "infer-mobile";
}

function checkMobile(
  recipient: string,
  rail: MobileRail | "infer-mobile",
  errors: RowError[],
): { rail: MobileRail; e164: string } | null {
  if (!recipient) {
    errors.push({
      field: "recipient",
      message:
        rail === "infer-mobile"
          ? "Enter the recipient: a Kenyan mobile number such as 0712 345 678, or a bank account number with its bank code"
          : `Enter the ${profileOf(rail).name} number to pay, such as 0712 345 678`,
    });
    return null;
  }
  if (SCIENTIFIC.test(recipient)) {
    errors.push({
      field: "recipient",
      message: `The number ${quoted(recipient)} was turned into a power of ten by a spreadsheet: format the column as Text and type the number again`,
    });
    return null;
  }
  const parsed = parseKenyanPhone(recipient);
  if (!parsed.ok) {
    const compact = recipient.replace(/[\s\-.()]/g, "");
    const foreign = /^(?:\+|00)(?!254)\d/.test(compact);
    errors.push({
      field: "recipient",
      message: foreign
        ? `${kenyanPhoneError}: ${quoted(recipient)} is not a Kenyan number, and we pay Kenyan numbers only`
        : `${kenyanPhoneError} (Kenyan numbers only): ${quoted(recipient)} is not one`,
    });
    return null;
  }
  const shown = formatPhone(parsed.e164);
  const network = mobileNetworkOf(parsed.e164);
  if (rail === "infer-mobile") {
    if (!network) {
      errors.push({
        field: "rail",
        message: `We cannot tell the network of ${shown} from its prefix: write the rail (mpesa, airtel-money or t-kash)`,
      });
      return null;
    }
    return { rail: railOfNetwork[network], e164: parsed.e164 };
  }
  const expected = networkNames[railNetwork[rail]];
  if (network !== railNetwork[rail]) {
    const what = network
      ? `is ${article(networkNames[network])} number`
      : `is not ${article(expected)} number`;
    errors.push({
      field: "recipient",
      message: `${shown} ${what}; ${profileOf(rail).name} pays ${expected} numbers only. Change the rail or the number.`,
    });
    return null;
  }
  return { rail, e164: parsed.e164 };
}

function checkBank(
  raw: RawPayoutRow,
  recipient: string,
  name: string,
  errors: RowError[],
): PayoutDestination | null {
  let bankCode = raw.bankCode.trim();
  if (/^\d$/.test(bankCode)) bankCode = `0${bankCode}`; // a spreadsheet drops the 0 of "01"
  let ok = true;
  if (!bankCode) {
    errors.push({
      field: "bankCode",
      message:
        "Enter the bank's 2-digit code in bank_code (such as 68 for Equity Bank Kenya): a bank payout needs it",
    });
    ok = false;
  }
  if (!recipient) {
    errors.push({ field: "recipient", message: "Enter the bank account number to pay" });
    ok = false;
  } else if (SCIENTIFIC.test(recipient)) {
    errors.push({
      field: "recipient",
      message: `The account number ${quoted(recipient)} was turned into a power of ten by a spreadsheet: format the column as Text and type the number again`,
    });
    ok = false;
  }
  if (!name) {
    errors.push({
      field: "name",
      message: "Enter the name the bank account is held in: PesaLink needs the account name",
    });
    ok = false;
  }
  if (!bankCode) return null;
  const checked = checkBankAccount(bankCode, recipient);
  if (!checked.ok && checked.field === "bankCode") {
    errors.push({
      field: "bankCode",
      message: `The bank code ${quoted(bankCode)} is not a bank we pay over PesaLink: check it (such as 01 for KCB Bank Kenya, 68 for Equity Bank Kenya)`,
    });
    return null;
  }
  if (!checked.ok) {
    if (recipient && !SCIENTIFIC.test(recipient)) {
      errors.push({
        field: "recipient",
        message: /digits only/.test(checked.message)
          ? `The account number ${quoted(recipient)} must be digits only (spaces and dashes are fine)`
          : `${checked.message}: check the account number`,
      });
    }
    return null;
  }
  if (!ok) return null;
  return {
    kind: "bank_account",
    bankCode: checked.bank.code,
    accountNumber: checked.accountNumber,
    accountName: name,
  };
}

/**
 * A Paybill or Till row (M-Pesa B2B, ADR 0035 "B2B"): the business number (5 to 7 digits) and, for
 * a Paybill, the account number there (1 to 13 characters, never shortened: a cut account number
 * would credit someone else). A Till has no account.
 */
function checkBusiness(
  raw: RawPayoutRow,
  kind: B2bKind,
  recipient: string,
  errors: RowError[],
): PayoutDestination | null {
  const label = kind === "paybill" ? "Paybill" : "Till";
  const example = kind === "paybill" ? "247247" : "123456";
  const number = recipient.replace(/[\s-]/g, "");
  let ok = true;
  if (!recipient) {
    errors.push({
      field: "recipient",
      message: `Enter the ${label} number to pay, such as ${example}`,
    });
    ok = false;
  } else if (!BUSINESS_NUMBER.test(number)) {
    errors.push({
      field: "recipient",
      message: `The ${label} number ${quoted(recipient)} is not one: a ${label} number has 5 to 7 digits, such as ${example}`,
    });
    ok = false;
  }
  const account = (raw.account ?? "").trim();
  if (kind === "till") {
    if (account) {
      errors.push({
        field: "account",
        message:
          "A Till takes no account number: clear the account, or write paybill as the rail if the business gave you a Paybill and account",
      });
      ok = false;
    }
  } else if (!account) {
    errors.push({
      field: "account",
      message:
        "Enter the account number at the Paybill (the one the business gave you, such as your customer or invoice number there): a Paybill payment needs it",
    });
    ok = false;
  } else if (CONTROL_CHARACTERS.test(account)) {
    errors.push({
      field: "account",
      message:
        "The account number contains a line break or another invisible character: type it on one line",
    });
    ok = false;
  } else if (FORMULA_START.test(account)) {
    errors.push({
      field: "account",
      message: `Remove the formula: an account number must be plain text, not starting with = + - or @ (${quoted(account)})`,
    });
    ok = false;
  } else if (Array.from(account).length > PAYBILL_ACCOUNT_MAX) {
    errors.push({
      field: "account",
      message: `The account number has ${Array.from(account).length} characters: M-Pesa takes at most ${PAYBILL_ACCOUNT_MAX}. Check it with the business (it is never shortened)`,
    });
    ok = false;
  }
  if (raw.bankCode.trim()) {
    errors.push({
      field: "bankCode",
      message: `A bank code is only for bank payouts: clear it for a ${label} payout`,
    });
    ok = false;
  }
  if (!ok) return null;
  return {
    kind: "business",
    b2b: kind,
    businessNumber: number,
    accountReference: kind === "paybill" ? account : null,
  };
}

/** Check one row: the normalised payout, or every field's error. */
export function checkPayoutRow(raw: RawPayoutRow): RowCheck {
  const errors: RowError[] = [];
  const warnings: string[] = [];
  const recipient = raw.recipient.trim();
  const reference = checkText("reference", raw.reference, PAYOUT_REFERENCE_MAX, errors);
  const name = checkText("name", raw.name, PAYOUT_NAME_MAX, errors);
  const amount = parseAmount(raw.amount);
  if (!amount.ok) errors.push({ field: "amount", message: amount.message });

  let rail: RailId | null = null;
  let destination: PayoutDestination | null = null;
  const b2b = b2bKindOf(raw.rail);
  const wanted = b2b ? null : resolveRail(raw, errors);
  if (b2b) {
    destination = checkBusiness(raw, b2b, recipient, errors);
    rail = "mpesa";
  } else if (wanted === "pesalink") {
    destination = checkBank(raw, recipient, name, errors);
    rail = "pesalink";
  } else if (wanted) {
    const mobile = checkMobile(recipient, wanted, errors);
    if (mobile) {
      rail = mobile.rail;
      destination = { kind: "msisdn", phone: mobile.e164 };
    }
    if (raw.bankCode.trim()) {
      errors.push({
        field: "bankCode",
        message:
          "A bank code is only for bank payouts: clear it, or write bank as the rail and a bank account number as the recipient",
      });
    }
  }

  if (!b2b && (raw.account ?? "").trim()) {
    errors.push({
      field: "account",
      message:
        "An account number is only for Paybill payouts: clear it, or write paybill as the rail and the Paybill number as the recipient",
    });
  }

  if (rail && amount.ok) {
    const profile = profileOf(rail);
    const min = BigInt(profile.minimumKes) * 100n;
    const max = BigInt(profile.perTransferKes) * 100n;
    if (amount.cents < min) {
      errors.push({
        field: "amount",
        message: `${profile.name} pays at least ${formatKes(profile.minimumKes)}: raise the amount to ${formatKes(profile.minimumKes)} or more`,
      });
    } else if (amount.cents > max) {
      errors.push({
        field: "amount",
        message: `${profile.name} pays at most ${formatKes(profile.perTransferKes)} per payout: split ${formatKes(amount.cents / 100n)} into smaller payouts`,
      });
    }
  }

  if (errors.length > 0 || !rail || !destination || !amount.ok) {
    const order: (keyof RawPayoutRow)[] = [
      "recipient",
      "rail",
      "amount",
      "reference",
      "name",
      "bankCode",
      "account",
    ];
    errors.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
    return { ok: false, errors };
  }
  if (name && !railsWithNameLookup.includes(rail)) {
    warnings.push(
      `${profileOf(rail).name} does not tell us the registered name before paying: the name is kept for your records only`,
    );
  }
  return {
    ok: true,
    row: { rail, destination, amountKesCents: amount.cents, reference, name },
    warnings,
  };
}

/** Same rail, same destination and same amount: the same key (a likely duplicate payout). */
export function duplicateKey(row: CheckedPayoutRow): string {
  const to =
    row.destination.kind === "msisdn"
      ? row.destination.phone
      : row.destination.kind === "business"
        ? `${row.destination.b2b}:${row.destination.businessNumber}:${row.destination.accountReference ?? ""}`
        : `${row.destination.bankCode}:${row.destination.accountNumber}`;
  return `${row.rail}|${to}|${row.amountKesCents.toString()}`;
}
