/**
 * The merchant's KRA PIN (issue 30, item 8), printed on its statements: a letter (A for a person,
 * P for a company or other body), nine digits and a check letter, as on the KRA PIN certificate
 * ("P051234567X"). Isomorphic: the settings form's schema.
 */
import { z } from "zod";

const KRA_PIN = /^[AP]\d{9}[A-Z]$/;

/** Upper case, spaces and dashes dropped: " p051-234 567x " -> "P051234567X". */
export function normalizeKraPin(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

export const kraPinSchema = z.object({
  kraPin: z
    .string()
    .max(20, "Enter the 11-character PIN from your KRA PIN certificate, such as P051234567X")
    .optional()
    .transform((value, ctx) => {
      const pin = normalizeKraPin(value ?? "");
      if (pin === "") return null;
      if (!KRA_PIN.test(pin)) {
        ctx.addIssue({
          code: "custom",
          message: "Enter the 11-character PIN from your KRA PIN certificate, such as P051234567X",
        });
        return z.NEVER;
      }
      return pin;
    }),
});
