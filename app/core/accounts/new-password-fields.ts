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

/** What the new-password fields say (the English above, or a page's language: sign-in catalog). */
export interface NewPasswordMessages {
  readonly required: string;
  readonly tooShort: string;
  readonly tooLong: string;
  readonly confirmRequired: string;
  readonly mismatch: string;
}

/** The new-password field, saying `m`'s messages. */
export const newPasswordFieldFor = (m: NewPasswordMessages) =>
  z
    .string({ required_error: m.required })
    .refine((value) => passwordLength(value) >= PASSWORD_MIN_LENGTH, m.tooShort)
    .refine((value) => passwordLength(value) <= PASSWORD_MAX_LENGTH, m.tooLong);

/** The "type it again" field, saying `m`'s messages. */
export const confirmPasswordFieldFor = (m: NewPasswordMessages) =>
  z.string({ required_error: m.confirmRequired });

/** `password` and `confirmPassword` must match (`m.mismatch`): for an object's `.superRefine`. */
export const passwordsMatchFor =
  (m: NewPasswordMessages) =>
  (value: { password: string; confirmPassword: string }, context: z.RefinementCtx): void => {
    if (value.password !== value.confirmPassword)
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["confirmPassword"],
        message: m.mismatch,
      });
  };

/** The hint under a new-password field. */
export const newPasswordHint = `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password that is easy to remember.`;
