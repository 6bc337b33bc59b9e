/**
 * The settlement settings form (client and server): the M-Pesa number and, to change it, the
 * password.
 */
import { z } from "zod";

export const settlementDestinationSchema = z.object({
  phone: z
    .string({ required_error: "Enter the M-Pesa number to be paid to" })
    .trim()
    .min(1, "Enter the M-Pesa number to be paid to")
    .max(20, "Enter a Kenyan mobile number such as 0712 345 678"),
  password: z
    .string({ required_error: "Enter your password to change where you are paid" })
    .min(1, "Enter your password to change where you are paid")
    .max(200, "Enter your password to change where you are paid"),
});
