/**
 * The set-password form (the link in the approval e-mail): the shared new-password fields; the
 * server then applies the rest of the policy (checkNewPassword: common passwords, not the
 * username or business name).
 */
import { z } from "zod";
import {
  confirmPasswordField,
  newPasswordField,
  passwordsMatch,
} from "~/core/accounts/new-password-fields";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/core/accounts/new-password-fields";

export const setPasswordSchema = z
  .object({
    token: z.string({ required_error: "This link is incomplete" }).min(1),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .superRefine(passwordsMatch);
