/**
 * The security page's forms (isomorphic: the page and its action share them): sign out one other
 * session (named by its reference), sign out all other sessions, and a member's e-mail choices.
 */
import { z } from "zod";

export const sessionIntents = {
  endOne: "end-session",
  endOthers: "end-other-sessions",
  notifications: "notifications",
} as const;

/** A member's optional e-mails: the page's labels, also quoted in the e-mails themselves. */
export const notificationChoices = {
  paymentSettled: "E-mail me when a payment settles",
  dailySummary: "Daily summary e-mail",
  monthlyStatement: "Monthly statement e-mail (on the 1st)",
} as const;

export const securityPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(sessionIntents.endOne), ref: z.string().min(1).max(64) }),
  z.object({ intent: z.literal(sessionIntents.endOthers) }),
  z.object({
    intent: z.literal(sessionIntents.notifications),
    paymentSettled: z.boolean().optional(),
    dailySummary: z.boolean().optional(),
    /** Ignored by the server unless the member's role may read statements. */
    monthlyStatement: z.boolean().optional(),
  }),
]);
