/**
 * The reconciliation page's actions (/admin/reconciliation), one zod schema for the server's
 * action and the browser's validation: resolve a finding with a note, settle an unanswered M-Pesa
 * B2B payout by hand, or run the reconciliation now. Isomorphic.
 */
import { z } from "zod";
import { MPESA_RECEIPT_PATTERN } from "~/core/disbursements/vocabulary";

export const NOTE_MAX = 500;

const findingIdField = z
  .string({ required_error: "Choose the finding to resolve" })
  .max(64, "Not a finding id")
  .regex(/^[A-Za-z0-9_-]+$/, "Not a finding id");

export const resolveFindingSchema = z.object({
  intent: z.literal("resolve"),
  findingId: findingIdField,
  note: z
    .string({ required_error: "Write a note: what the difference was and what you did" })
    .trim()
    .min(1, "Write a note: what the difference was and what you did")
    .max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters`),
});

export const SETTLE_B2B_INTENT = "settle-b2b";
export const RECEIPT_REQUIRED = "Enter M-Pesa's receipt for the payout, as the portal shows it";
export const RECEIPT_FORMAT = "An M-Pesa receipt is 10 letters and digits, like TKQ8AB12CD";

/**
 * Settle an unanswered M-Pesa B2B payout by hand, from M-Pesa's organisation portal: paid (with the
 * receipt) or failed (no such transaction: the money goes back to the merchant). The receipt is
 * read in capitals; it is required, and checked, for "paid" only.
 */
export const settleB2bSchema = z
  .object({
    intent: z.literal(SETTLE_B2B_INTENT),
    findingId: findingIdField,
    outcome: z.enum(["paid", "failed"], {
      required_error: "Choose what M-Pesa's portal shows: paid, or no such transaction",
      invalid_type_error: "Choose what M-Pesa's portal shows: paid, or no such transaction",
    }),
    receipt: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .optional(),
    note: z
      .string({ required_error: "Write a note: what you found on M-Pesa's portal" })
      .trim()
      .min(1, "Write a note: what you found on M-Pesa's portal")
      .max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters`),
  })
  .superRefine((value, ctx) => {
    if (value.outcome !== "paid") return;
    if (!value.receipt)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["receipt"], message: RECEIPT_REQUIRED });
    else if (!MPESA_RECEIPT_PATTERN.test(value.receipt))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["receipt"], message: RECEIPT_FORMAT });
  });

export const reconciliationActionSchema = z.discriminatedUnion("intent", [
  resolveFindingSchema,
  z.object({ intent: z.literal("run") }),
]);

/** Which findings the page lists. */
export const findingFilters = ["open", "resolved", "all"] as const;
export type FindingFilter = (typeof findingFilters)[number];

export const isFindingFilter = (value: string | null): value is FindingFilter =>
  (findingFilters as readonly (string | null)[]).includes(value);

/** A run id from the address (`?run=`): short, plain characters, else none. */
export const RUN_ID = /^[A-Za-z0-9_-]{1,64}$/;
