/**
 * The password forms (client and server): "Forgot password?" for merchant users and operators and
 * the reset-link page ("Change password" is `changePasswordSchemaIn`, in the page's language). The
 * policy's server-only rules run afterwards (checkNewPassword).
 */
import { z } from "zod";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { memberFieldsFor, type SignInFormMessages } from "~/core/merchants/sign-in-schema";
import {
  confirmPasswordFieldFor,
  newPasswordFieldFor,
  passwordsMatchFor,
  type NewPasswordMessages,
} from "./new-password-fields";

/** "Forgot password?" for a merchant member, saying `m`'s messages (the sign-in form's). */
export const forgotMerchantPasswordSchemaFor = (m: SignInFormMessages) =>
  z.object(memberFieldsFor(m));

export const forgotMerchantPasswordSchema = forgotMerchantPasswordSchemaFor(signInMessages.en.form);

export const forgotOperatorPasswordSchema = z.object({
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .email("Enter a valid email address")
    .max(254),
});

/** The reset-link page's form, saying `m`'s messages. */
export const resetPasswordSchemaFor = (m: NewPasswordMessages) =>
  z
    .object({ password: newPasswordFieldFor(m), confirmPassword: confirmPasswordFieldFor(m) })
    .superRefine(passwordsMatchFor(m));

export const resetPasswordSchema = resetPasswordSchemaFor(signInMessages.en.newPassword);
