/**
 * The password forms (client and server): "Forgot password?" for merchant users and operators,
 * the reset-link page and "Change password". The policy's server-only rules run afterwards
 * (checkNewPassword).
 */
import { z } from "zod";
import { confirmPasswordField, newPasswordField, passwordsMatch } from "./new-password-fields";

export const forgotMerchantPasswordSchema = z.object({
  merchantId: z
    .string({ required_error: "Merchant ID is required" })
    .trim()
    .min(1, "Merchant ID is required")
    .max(32, "Merchant ID must be at most 32 characters"),
  username: z
    .string({ required_error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(64, "Username must be at most 64 characters"),
});

export const forgotOperatorPasswordSchema = z.object({
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .email("Enter a valid email address")
    .max(254),
});

export const resetPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmPasswordField })
  .superRefine(passwordsMatch);

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ required_error: "Enter your current password" })
      .max(256, "Password must be at most 256 characters"),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .superRefine(passwordsMatch);
