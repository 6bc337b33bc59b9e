/**
 * The new-password fields every form that chooses a password shares (set-password link, reset,
 * change, invitation): length limits and "type it again" checked in the browser and on the server.
 * Isomorphic: the common-password list and the "not your username" rules run on the server only
 * (password-policy.server.ts, `checkNewPassword`).
 */
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** Characters as the policy counts them: Unicode code points after NFKC. */
export const passwordLength = (password: string) => [...password.normalize("NFKC")].length;

export const newPasswordMessages = {
  required: "Choose a password",
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  confirmRequired: "Type the password again",
  mismatch: "The two passwords do not match",
} as const;

export const newPasswordField = z
  .string({ required_error: newPasswordMessages.required })
  .refine((value) => passwordLength(value) >= PASSWORD_MIN_LENGTH, newPasswordMessages.tooShort)
  .refine((value) => passwordLength(value) <= PASSWORD_MAX_LENGTH, newPasswordMessages.tooLong);

export const confirmPasswordField = z.string({
  required_error: newPasswordMessages.confirmRequired,
});

/** `password` and `confirmPassword` must match: add to an object schema with `.superRefine`. */
export function passwordsMatch(
  value: { password: string; confirmPassword: string },
  context: z.RefinementCtx,
): void {
  if (value.password !== value.confirmPassword)
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["confirmPassword"],
      message: newPasswordMessages.mismatch,
    });
}

/** The hint under a new-password field. */
export const newPasswordHint = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password that is easy to remember.`;
