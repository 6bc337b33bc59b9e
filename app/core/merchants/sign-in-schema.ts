/** The merchant sign-in form (client and server), saying its messages in the page's language. */
import { z } from "zod";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import type { Translation } from "~/i18n/messages";

export type SignInFormMessages = Translation<(typeof signInMessages)["en"]["form"]>;

/** The form's schema with `m`'s messages (`inLocale(signInMessages, locale).form`). */
/** Which member: the merchant ID and the username (sign-in and "Forgot password?"). */
export const memberFieldsFor = (m: SignInFormMessages) => ({
  merchantId: z
    .string({ required_error: m.merchantIdRequired })
    .trim()
    .min(1, m.merchantIdRequired)
    .max(32, m.merchantIdTooLong),
  username: z
    .string({ required_error: m.usernameRequired })
    .trim()
    .min(1, m.usernameRequired)
    .max(64, m.usernameTooLong),
});

export const signInSchemaFor = (m: SignInFormMessages) =>
  z.object({
    ...memberFieldsFor(m),
    password: z
      .string({ required_error: m.passwordRequired })
      .min(1, m.passwordRequired)
      .max(256, m.passwordTooLong),
    redirectTo: z.string().max(500).optional(),
  });

/** In English (the operator console's words). */
export const signInSchema = signInSchemaFor(signInMessages.en.form);

export type SignInInput = z.infer<typeof signInSchema>;
