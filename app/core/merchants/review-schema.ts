import { z } from "zod";

export const reviewSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    username: z
      .string({ required_error: "Choose a username" })
      .trim()
      .toLowerCase()
      .regex(
        /^[a-z0-9._-]{3,32}$/,
        "3 to 32 characters: letters, digits, dots, dashes or underscores",
      ),
  }),
  z.object({
    intent: z.literal("reject"),
    reason: z
      .string({ required_error: "Give the applicant a reason" })
      .trim()
      .min(5, "Give the applicant a reason (at least 5 characters)")
      .max(500, "Keep the reason under 500 characters"),
  }),
]);
