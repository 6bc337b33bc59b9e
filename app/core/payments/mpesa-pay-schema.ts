/**
 * The checkout's "Pay with M-Pesa" form (ADR 0033): the number that gets the PIN prompt, a Kenyan
 * Safaricom mobile number. Isomorphic (zod + Conform); the core checks it again when it starts the
 * prompt.
 */
import { z } from "zod";
import { mobileNetworkOf } from "~/core/destinations/mobile-networks";
import { parseKenyanPhone } from "~/utils/phone";

export const MPESA_PHONE_REQUIRED = "Enter the M-Pesa number to send the prompt to";
export const NOT_SAFARICOM_MESSAGE =
  "Enter a Safaricom (M-Pesa) number, such as 0712 345 678. Airtel and Telkom numbers cannot pay with M-Pesa.";

export const mpesaPaySchema = z.object({
  intent: z.literal("mpesa"),
  phone: z
    .string({ required_error: MPESA_PHONE_REQUIRED })
    .trim()
    .max(40, "Enter a Kenyan mobile number, such as 0712 345 678")
    .superRefine((value, ctx) => {
      const parsed = parseKenyanPhone(value);
      if (!parsed.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
      else if (mobileNetworkOf(parsed.e164) !== "safaricom")
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: NOT_SAFARICOM_MESSAGE });
    }),
});
