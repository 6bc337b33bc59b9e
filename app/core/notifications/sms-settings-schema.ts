/**
 * The SMS part of the security page (issue 30, item 9): a member's number for SMS and which texts
 * they want. Isomorphic: the page and its action share it. Labels live here, one source.
 */
import { z } from "zod";
import { kenyanPhoneError, parseKenyanPhone } from "~/utils/phone";

export const SMS_INTENT = "sms-notifications";

export const smsChoiceLabels = {
  phone: "Mobile number for SMS",
  onPayment: "SMS me for each payment received",
  onPayout: "SMS me for each payout",
} as const;

export const smsPhoneNeeded = "Enter the number to text, or turn both SMS choices off";

/** The SMS form's messages (the security page's catalog gives them in the page's language). */
export interface SmsFormMessages {
  phoneInvalid: string;
  phoneNeeded: string;
}

export const smsSettingsSchemaFor = (m: SmsFormMessages) =>
  z
    .object({
      intent: z.literal(SMS_INTENT),
      phone: z.string().trim().max(32).optional(),
      onPayment: z.boolean().optional(),
      onPayout: z.boolean().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.phone) {
        const parsed = parseKenyanPhone(value.phone);
        if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["phone"], message: m.phoneInvalid });
      } else if (value.onPayment || value.onPayout) {
        ctx.addIssue({ code: "custom", path: ["phone"], message: m.phoneNeeded });
      }
    })
    .transform((value) => ({
      phone: value.phone ? (parseKenyanPhone(value.phone) as { e164: string }).e164 : null,
      onPayment: value.onPayment ?? false,
      onPayout: value.onPayout ?? false,
    }));

export const smsSettingsSchema = smsSettingsSchemaFor({
  phoneInvalid: kenyanPhoneError,
  phoneNeeded: smsPhoneNeeded,
});
