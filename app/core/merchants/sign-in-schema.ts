/** The merchant sign-in form (client and server). */
import { z } from "zod";

export const signInSchema = z.object({
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
  password: z
    .string({ required_error: "Password is required" })
    .min(1, "Password is required")
    .max(256, "Password must be at most 256 characters"),
  redirectTo: z.string().max(500).optional(),
});

export type SignInInput = z.infer<typeof signInSchema>;
