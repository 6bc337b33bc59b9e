import { z } from "zod";

export const operatorSignInSchema = z.object({
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .email("Enter a valid email address")
    .max(254),
  password: z
    .string({ required_error: "Password is required" })
    .min(1, "Password is required")
    .max(256),
  redirectTo: z.string().max(500).optional(),
});
