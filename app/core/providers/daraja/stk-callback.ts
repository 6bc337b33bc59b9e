/**
 * M-Pesa Express (STK Push) outcomes: the callback POSTed to our CallBackURL, and what each
 * ResultCode means for the customer (protocols.md §1.2). Pure functions, no I/O: the webhook route
 * calls `parseStkCallback` on the body and answers `DARAJA_CALLBACK_ACK`.
 *
 *   {"Body":{"stkCallback":{"MerchantRequestID":"…","CheckoutRequestID":"ws_CO_…",
 *     "ResultCode":0,"ResultDesc":"…","CallbackMetadata":{"Item":[{"Name":"Amount","Value":1.0},
 *     {"Name":"MpesaReceiptNumber","Value":"NLJ7RT61SV"},{"Name":"Balance"},
 *     {"Name":"TransactionDate","Value":20191219102115},
 *     {"Name":"PhoneNumber","Value":254708374149}]}}}}
 *
 * CallbackMetadata comes only with ResultCode 0; Balance often has no Value; TransactionDate
 * (YYYYMMDDHHmmss, EAT) and PhoneNumber are JSON numbers.
 */
import { mpesaPayMessages } from "~/i18n/catalogs/mpesa-pay";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { DarajaCallbackError } from "./errors";
import { parseDarajaTime } from "./eat-time";
import { isKenyanMsisdn } from "./msisdn";
import { stkCallbackEnvelopeSchema } from "./wire";

export interface StkResultMeaning {
  /** Something to show the paying customer. */
  message: string;
  /**
   * True when the same customer may simply try again (cancelled, timed out, wrong PIN, busy);
   * false for success and for failures a new prompt will not fix.
   */
  customerCanRetry: boolean;
}

/** The codes a new prompt will not fix; every other failure the customer may simply retry. */
const FINAL_CODES: ReadonlySet<number> = new Set([0, 2028]);

/** The ResultCodes we have words for (app/i18n/catalogs/checkout.ts, `mpesa.failures`). */
const KNOWN_CODES = [0, 1, 17, 1001, 1019, 1025, 1032, 1037, 2001, 2028, 9999] as const;
type KnownCode = (typeof KNOWN_CODES)[number];
const isKnownCode = (code: number): code is KnownCode =>
  (KNOWN_CODES as readonly number[]).includes(code);

/** What a ResultCode says to the customer, in their language (English where none is given). */
export function stkResultMessage(resultCode: number, locale: Locale = "en"): string {
  const failures = inLocale(mpesaPayMessages, locale).failures;
  return isKnownCode(resultCode) ? failures[`code${resultCode}`] : failures.unknown;
}

/** What an STK ResultCode (callback or query) means for the customer; unlisted codes: generic. */
export function stkResultMeaning(resultCode: number): StkResultMeaning {
  return {
    message: stkResultMessage(resultCode),
    customerCanRetry: !FINAL_CODES.has(resultCode),
  };
}

export interface StkCallbackSuccess {
  outcome: "succeeded";
  checkoutRequestId: string;
  merchantRequestId: string;
  /** MpesaReceiptNumber, e.g. "NLJ7RT61SV". */
  receipt: string;
  /** Amount in whole KES as on the wire. */
  amountKes: number;
  /** The same amount in cents, for the ledger. */
  amountCents: bigint;
  /**
   * PhoneNumber as `2547…`/`2541…`; undefined when it is missing or not a plain number (Safaricom
   * has begun masking numbers in some callbacks).
   */
  phone: string | undefined;
  /** TransactionDate (EAT) as ISO 8601 UTC. */
  paidAt: string;
  resultDesc: string;
}

export interface StkCallbackFailure {
  outcome: "failed";
  checkoutRequestId: string;
  merchantRequestId: string;
  /** Numeric ResultCode; a non-numeric one (rare) is -1, see `resultCodeRaw`. */
  resultCode: number;
  /** ResultCode exactly as sent, as a string. */
  resultCodeRaw: string;
  /** ResultDesc as M-Pesa sent it (for logs and operators). */
  resultDesc: string;
  /** For the customer: `stkResultMeaning(resultCode).message`. */
  message: string;
  customerCanRetry: boolean;
}

export type StkCallbackResult = StkCallbackSuccess | StkCallbackFailure;

function fail(message: string, cause?: unknown): never {
  throw new DarajaCallbackError(`STK callback: ${message}`, { cause });
}

/**
 * Reads an STK callback body (parsed JSON or the raw text). Throws `DarajaCallbackError` for a body
 * that is not the `Body.stkCallback` envelope, or a success without a usable receipt, amount or
 * date (it must not be credited on a guess).
 */
export function parseStkCallback(body: unknown): StkCallbackResult {
  let input = body;
  if (typeof input === "string") {
    try {
      input = JSON.parse(input) as unknown;
    } catch (error) {
      fail("the body is not JSON", error);
    }
  }
  const parsed = stkCallbackEnvelopeSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join(".") || "(root)" : "(root)";
    fail(
      `not a Body.stkCallback envelope (${where}: ${issue?.message ?? "invalid"})`,
      parsed.error,
    );
  }
  const callback = parsed.data.Body.stkCallback;
  const checkoutRequestId = callback.CheckoutRequestID;
  const merchantRequestId = callback.MerchantRequestID;
  const resultDesc = callback.ResultDesc ?? "";

  const resultCodeRaw = callback.ResultCode;
  const resultCode = /^\d+$/.test(resultCodeRaw) ? Number(resultCodeRaw) : -1;
  if (resultCode !== 0) {
    // Anything but 0 moved no money; an odd code is still a failure, never a reason to drop it.
    const meaning = stkResultMeaning(resultCode);
    return {
      outcome: "failed",
      checkoutRequestId,
      merchantRequestId,
      resultCode,
      resultCodeRaw,
      resultDesc,
      message: meaning.message,
      customerCanRetry: meaning.customerCanRetry,
    };
  }

  const items = new Map<string, string | number>();
  for (const item of callback.CallbackMetadata?.Item ?? []) {
    if (item.Value !== undefined && item.Value !== null) items.set(item.Name, item.Value);
  }
  const receipt = items.get("MpesaReceiptNumber");
  if (typeof receipt !== "string" || !/^[A-Z0-9]{6,20}$/.test(receipt.trim()))
    fail(`${checkoutRequestId}: success without a valid MpesaReceiptNumber`);
  const rawAmount = items.get("Amount");
  const amountKes =
    typeof rawAmount === "number"
      ? rawAmount
      : typeof rawAmount === "string" && /^\d+(\.0+)?$/.test(rawAmount.trim())
        ? Number(rawAmount)
        : Number.NaN;
  if (!Number.isSafeInteger(amountKes) || amountKes < 1)
    fail(`${checkoutRequestId}: success without a whole-shilling Amount (${String(rawAmount)})`);
  const paidAt = parseDarajaTime(items.get("TransactionDate"));
  if (paidAt === undefined) fail(`${checkoutRequestId}: success without a valid TransactionDate`);
  const rawPhone = items.get("PhoneNumber");
  const phoneText = rawPhone === undefined ? "" : String(rawPhone).trim();

  return {
    outcome: "succeeded",
    checkoutRequestId,
    merchantRequestId,
    receipt: receipt.trim(),
    amountKes,
    amountCents: BigInt(amountKes) * 100n,
    phone: isKenyanMsisdn(phoneText) ? phoneText : undefined,
    paidAt,
    resultDesc,
  };
}
