/**
 * The team forms (client and server): inviting someone by e-mail with a role, and accepting an
 * invitation with a username and password. Isomorphic (the forms validate in the browser too).
 */
import { z } from "zod";
import { teamRoles } from "./permissions";

/** Usernames: the same rule as the owner's, chosen when an application is approved. */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,32}$/;
export const usernameRule = "3 to 32 characters: letters, digits, dots, dashes or underscores";

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: z
    .string({ required_error: "Enter their e-mail address" })
    .trim()
    .toLowerCase()
    .max(254, "Use at most 254 characters")
    .email("Enter an e-mail address like name@example.co.ke"),
  role: z.enum(teamRoles, {
    required_error: "Choose a role",
    invalid_type_error: "Choose a role",
  }),
});

export const acceptInvitationSchema = z
  .object({
    fullName: z
      .string({ required_error: "Enter your full name as on your ID" })
      .trim()
      .min(2, "Enter your full name as on your ID")
      .max(100, "Use at most 100 characters"),
    username: z
      .string({ required_error: "Choose a username" })
      .trim()
      .toLowerCase()
      .regex(USERNAME_PATTERN, usernameRule),
    password: z
      .string({ required_error: "Choose a password" })
      .max(128, "Use at most 128 characters"),
    confirmPassword: z.string({ required_error: "Type the password again" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match",
  });
