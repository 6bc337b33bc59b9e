/**
 * The words of members' SMS notifications (issue 33), in the member's language
 * (merchant_users.locale, English until they choose): app/core/notifications/sms-messages.ts.
 * One SMS is 160 characters of the GSM alphabet: the Kiswahili is written in plain letters (no
 * accents, no curly quotes) and no longer than the English, so it fits the same limits.
 */
import { defineMessages } from "../messages";

export const smsMessages = defineMessages(
  {
    /** Before a test-mode SMS ("OneHop:" before a live one is the same in both languages). */
    testPrefix: "OneHop (test):",
    /** "OneHop: KES 2,500.00 received from a customer for INV-42 (pay_…). 30 Nov 2026, …." */
    paymentReceived: (
      prefix: string,
      amount: string,
      reference: string | null,
      paymentId: string,
      at: string,
    ) =>
      `${prefix} ${amount} received from a customer ${reference ? `for ${reference} (${paymentId})` : `(${paymentId})`}. ${at}.`,
    settlementPaid: (prefix: string, amount: string, rail: string, reference: string | null) =>
      `${prefix} ${amount} paid out to your ${rail}${reference ? ` for ${reference}` : ""}.`,
    receipt: (receipt: string) => `Receipt ${receipt}.`,
    /** A bank payout's rail as the SMS names it (the other rails are names: M-Pesa, T-Kash). */
    pesalink: "Bank account (PesaLink)",
    batchDone: (
      prefix: string,
      title: string,
      paid: number,
      rows: number,
      amount: string,
      at: string,
    ) => `${prefix} payout "${title}" done: ${paid} of ${rows} paid, ${amount}. ${at}.`,
  },
  {
    testPrefix: "OneHop (majaribio):",
    paymentReceived: (prefix, amount, reference, paymentId, at) =>
      `${prefix} Umepokea ${amount} kutoka kwa mteja ${reference ? `kwa ${reference} (${paymentId})` : `(${paymentId})`}. ${at}.`,
    settlementPaid: (prefix, amount, rail, reference) =>
      `${prefix} ${amount} imelipwa kwako kwenye ${rail}${reference ? ` kwa ${reference}` : ""}.`,
    receipt: (receipt) => `Risiti ${receipt}.`,
    pesalink: "akaunti ya benki (PesaLink)",
    batchDone: (prefix, title, paid, rows, amount, at) =>
      `${prefix} Kundi la malipo "${title}" limekamilika: ${paid} kati ya ${rows} yamelipwa, ${amount}. ${at}.`,
  },
);

/**
 * How the security page names each SMS's status: the English is `outboundMessageStatusLabels`
 * (app/core/notifications/sms-vocabulary.ts, which the schema reads, so it imports nothing); the
 * page can show both with `useMessages(smsStatusMessages)`.
 */
export const smsStatusMessages = defineMessages(
  {
    queued: "Waiting to be sent",
    sent: "Sent, waiting for the delivery report",
    delivered: "Delivered",
    failed: "Not delivered",
    capped: "Not sent: over the daily limit",
  },
  {
    queued: "Inasubiri kutumwa",
    sent: "Imetumwa, inasubiri ripoti ya kufika",
    delivered: "Imefika",
    failed: "Haikufika",
    capped: "Haikutumwa: imezidi kikomo cha siku",
  },
);
