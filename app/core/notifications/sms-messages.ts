/**
 * The texts of members' SMS notifications (issue 30, item 9): short (one SMS, 160 characters,
 * where the reference allows), money and times in Kenyan style through ~/utils/format, no secrets
 * and no customer's phone number. Isomorphic. Each in the member's language (issue 33; the words
 * are in app/i18n/catalogs/sms.ts): English when not given.
 */
import { smsMessages } from "~/i18n/catalogs/sms";
import type { Locale } from "~/i18n/locales";
import { inLocale } from "~/i18n/messages";
import { formatEatDateTime, formatKesCents } from "~/utils/format";

/** One SMS of the GSM alphabet. */
export const SMS_SEGMENT_CHARS = 160;

/** A merchant's reference or title in a text: at most `max` characters, an ellipsis if cut. */
export function shortened(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 3)}...`;
}

/**
 * A text in the reader's language that costs no more SMS than the English: Kiswahili runs longer,
 * so when it would pass the English's length (or one SMS, whichever is more), the parts the
 * merchant typed (reference, title, receipt) are cut further, to no less than 8 characters.
 * English is never cut further than before.
 */
function fitted(
  render: (max: number, locale: Locale) => string,
  max: number,
  locale: Locale,
): string {
  let text = render(max, locale);
  if (locale === "en") return text;
  const budget = Math.max(SMS_SEGMENT_CHARS, render(max, "en").length);
  for (let cut = max - 1; text.length > budget && cut >= 8; cut--) text = render(cut, locale);
  return text;
}

const prefix = (mode: "live" | "test", locale: Locale) =>
  mode === "test" ? inLocale(smsMessages, locale).testPrefix : "OneHop:";

/** "OneHop: KES 2,500.00 received from a customer for INV-42 (pay_…). 30 Nov 2026, 14:05 EAT." */
export function paymentReceivedText(
  input: {
    mode: "live" | "test";
    amountKesCents: bigint;
    reference: string | null;
    paymentId: string;
    at: number;
  },
  locale: Locale = "en",
): string {
  const render = (max: number, locale: Locale) =>
    inLocale(smsMessages, locale).paymentReceived(
      prefix(input.mode, locale),
      formatKesCents(input.amountKesCents),
      input.reference ? shortened(input.reference, max) : null,
      input.paymentId,
      formatEatDateTime(input.at, locale),
    );
  return fitted(render, 24, locale);
}

/** "OneHop: KES 2,475.00 paid out to your M-Pesa for INV-42. Receipt QK…. 30 Nov 2026, …." */
export function settlementPaidText(
  input: {
    mode: "live" | "test";
    amountKesCents: bigint;
    /** The rail's English name: "M-Pesa", "Bank account (PesaLink)". */
    railName: string;
    /** The rail ("mpesa", "pesalink"): a bank account is named in the reader's language. */
    rail?: string;
    reference: string | null;
    receipt: string | null;
    at: number;
  },
  locale: Locale = "en",
): string {
  const render = (max: number, locale: Locale) => {
    const m = inLocale(smsMessages, locale);
    const parts = [
      m.settlementPaid(
        prefix(input.mode, locale),
        formatKesCents(input.amountKesCents),
        locale !== "en" && input.rail === "pesalink" ? m.pesalink : input.railName,
        input.reference ? shortened(input.reference, max) : null,
      ),
      input.receipt ? m.receipt(shortened(input.receipt, max)) : null,
      `${formatEatDateTime(input.at, locale)}.`,
    ];
    return parts.filter(Boolean).join(" ");
  };
  return fitted(render, 24, locale);
}

/** "OneHop: payout "Salaries" done: 12 of 14 paid, KES 50,000.00. 30 Nov 2026, 14:05 EAT." */
export function payoutBatchDoneText(
  input: {
    mode: "live" | "test";
    title: string;
    paidCount: number;
    rowCount: number;
    paidKesCents: bigint;
    at: number;
  },
  locale: Locale = "en",
): string {
  const render = (max: number, locale: Locale) =>
    inLocale(smsMessages, locale).batchDone(
      prefix(input.mode, locale),
      shortened(input.title, max),
      input.paidCount,
      input.rowCount,
      formatKesCents(input.paidKesCents),
      formatEatDateTime(input.at, locale),
    );
  return fitted(render, 30, locale);
}
