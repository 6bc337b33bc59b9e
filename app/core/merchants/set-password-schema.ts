/**
 * The set-password form (the link in the approval e-mail): the shared new-password fields; the
 * server then applies the rest of the policy (checkNewPassword: common passwords, not the
 * username or business name). Its messages in the page's language (the sign-in catalog).
 */
import { z } from "zod";
import {
  confirmPasswordFieldFor,
  newPasswordFieldFor,
  passwordsMatchFor,
  type NewPasswordMessages,
} from "~/core/accounts/new-password-fields";
import { signInMessages } from "~/i18n/catalogs/sign-in";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/core/accounts/new-password-fields";

export const setPasswordSchemaFor = (m: NewPasswordMessages & { linkIncomplete: string }) =>
  z
    .object({
      token: z.string({ required_error: m.linkIncomplete }).min(1),
      password: newPasswordFieldFor(m),
      confirmPassword: confirmPasswordFieldFor(m),
    })
    .superRefine(passwordsMatchFor(m));

export const setPasswordSchema = setPasswordSchemaFor({
  ...signInMessages.en.newPassword,
  linkIncomplete: signInMessages.en.setPassword.linkIncomplete,
});
