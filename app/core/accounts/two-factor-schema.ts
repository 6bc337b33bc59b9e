/**
 * The forms of two-factor sign-in (isomorphic: the pages validate with them on both sides). One
 * field takes a 6-digit code from the authenticator app or a recovery code (step-up without two-
 * factor asks for the password instead); the server decides which (two-factor.server.ts).
 */
import { z } from "zod";
import { signInMessages } from "~/i18n/catalogs/sign-in";

/** The second sign-in step and step-up with two-factor on: a TOTP code or a recovery code. */
export const secondFactorSchemaFor = (m: { codeRequired: string; codeTooLong: string }) =>
  z.object({
    code: z.string({ required_error: m.codeRequired }).trim().max(200, m.codeTooLong),
    redirectTo: z.string().optional(),
  });

/** In English (the operator console's words); the merchant's page: `secondFactorSchemaFor`. */
export const secondFactorSchema = secondFactorSchemaFor(signInMessages.en.secondStep);

/** Step-up without two-factor: the password. */
export const confirmPasswordSchema = z.object({
  password: z.string({ required_error: "Enter your password." }).max(1000),
  redirectTo: z.string().optional(),
});
