/**
 * The bank's notification of money received on our collection account (a PesaLink credit), as
 * Jenga's IPN carries it ([?] field names modelled on Jenga's "Instant Payment Notification":
 * customer, transaction, bank). The raw body is signed by the bank in the same header as its
 * result callbacks (x-jenga-signature, verified with the bank's public key). Isomorphic.
 */
import { z } from "zod";

const amount = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "not an amount"));

export const pesalinkIncomingSchema = z.object({
  callbackType: z.literal("IPN"),
  customer: z.object({
    name: z.string().max(200).default(""),
    /** What the sender quoted as the reference (ours: "OH" + the merchant code). */
    reference: z.string().max(100).default(""),
  }),
  transaction: z.object({
    date: z.string().max(40),
    /** The bank's unique reference of this credit. */
    reference: z.string().trim().min(1).max(60),
    paymentMode: z.string().max(40),
    amount,
    currency: z.literal("KES"),
    status: z.string().max(40),
    remarks: z.string().max(200).default(""),
  }),
  bank: z.object({
    /** Our account credited. */
    account: z.string().max(40),
    senderBank: z.string().max(100).default(""),
    senderAccount: z.string().max(60).default(""),
  }),
});
export type PesalinkIncoming = z.infer<typeof pesalinkIncomingSchema>;

/** The notification's amount in KES cents. */
export function incomingAmountCents(value: string): bigint {
  const [whole, fraction = ""] = value.split(".");
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
}
