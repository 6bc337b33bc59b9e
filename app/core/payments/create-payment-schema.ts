/** The merchant's "Create Payment" form (client and server). */
import { z } from "zod";

export const paymentAssets = ["USDT", "USDC", "BTC", "ETH"] as const;

export const createPaymentSchema = z.object({
  intent: z.enum(["review", "create"]).default("review"),
  amountKes: z
    .string({ required_error: "Enter the amount in KES" })
    .trim()
    .regex(/^\d{1,7}$/, "Enter a whole number of shillings, without commas or decimals")
    .transform(Number),
  asset: z.enum(paymentAssets, {
    errorMap: () => ({ message: "Choose what the customer pays with" }),
  }),
  reference: z
    .string({ required_error: "Enter your reference, such as an order number" })
    .trim()
    .min(1, "Enter your reference, such as an order number")
    .max(64, "Keep the reference under 64 characters"),
  description: z.string().trim().max(200, "Keep the description under 200 characters").optional(),
});
