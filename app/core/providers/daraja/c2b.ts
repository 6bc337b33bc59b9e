/**
 * Daraja's C2B (Pay Bill / Till) protocol, protocols.md §1.3: the register-URL and simulate paths,
 * the validation and confirmation payload (one shape for both) and the answers. Shared by our
 * callback routes and the Daraja simulator. Isomorphic (no I/O).
 */
import { z } from "zod";

export const C2B_REGISTER_PATHS = ["/mpesa/c2b/v1/registerurl", "/mpesa/c2b/v2/registerurl"];
export const C2B_SIMULATE_PATHS = ["/mpesa/c2b/v1/simulate", "/mpesa/c2b/v2/simulate"];
export const C2B_RESPONSE_TYPES = ["Completed", "Cancelled"] as const;
export type C2bResponseType = (typeof C2B_RESPONSE_TYPES)[number];
export const C2B_COMMAND_IDS = ["CustomerPayBillOnline", "CustomerBuyGoodsOnline"] as const;

/**
 * Register-URL refuses URLs containing these words (protocols.md §1.1), so our C2B URLs avoid
 * them (which is why they are /webhooks/paybill/…, not /webhooks/mpesa/…).
 */
export const C2B_FORBIDDEN_URL_WORDS = ["mpesa", "safaricom", "sql", "exe", "cmd", "query"];

export const c2bUrlAllowed = (url: string) =>
  !C2B_FORBIDDEN_URL_WORDS.some((word) => url.toLowerCase().includes(word));

/** Validation's refusal codes. */
export const C2B_REJECT = {
  invalidMsisdn: "C2B00011",
  invalidAccount: "C2B00012",
  invalidAmount: "C2B00013",
  invalidKyc: "C2B00014",
  invalidShortcode: "C2B00015",
  other: "C2B00016",
} as const;

const text = z.union([z.string(), z.number()]).transform((value) => String(value).trim());
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? "" : String(value).trim()));

/** The validation and confirmation payload (strings; numbers accepted and read as text). */
export const c2bPayloadSchema = z.object({
  TransactionType: optionalText,
  TransID: text.pipe(z.string().min(1).max(40)),
  TransTime: optionalText,
  /** "10.00": whole or two-decimal KES. */
  TransAmount: text.pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "not an amount")),
  BusinessShortCode: text.pipe(z.string().min(1).max(20)),
  BillRefNumber: optionalText.pipe(z.string().max(100)),
  InvoiceNumber: optionalText,
  OrgAccountBalance: optionalText,
  ThirdPartyTransID: optionalText,
  MSISDN: optionalText,
  FirstName: optionalText,
  MiddleName: optionalText,
  LastName: optionalText,
});
export type C2bPayload = z.infer<typeof c2bPayloadSchema>;

/** The payload's amount in KES cents ("10.00" -> 1000n). */
export function c2bAmountCents(amount: string): bigint {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/** Who paid, as the payload says: the (masked) number and the names given. */
export function c2bPayer(payload: C2bPayload): string {
  const name = [payload.FirstName, payload.MiddleName, payload.LastName].filter(Boolean).join(" ");
  return [payload.MSISDN, name].filter(Boolean).join(" ");
}

export const C2B_ACCEPT = { ResultCode: "0", ResultDesc: "Accepted" } as const;
export const c2bReject = (code: (typeof C2B_REJECT)[keyof typeof C2B_REJECT]) => ({
  ResultCode: code,
  ResultDesc: "Rejected",
});
export const C2B_CONFIRMED = { ResultCode: 0, ResultDesc: "Success" } as const;
