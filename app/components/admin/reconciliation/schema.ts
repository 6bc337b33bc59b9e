/**
 * The reconciliation page's actions (/admin/reconciliation), one zod schema for the server's
 * action and the browser's validation: resolve a finding with a note, or run the reconciliation
 * now. Isomorphic.
 */
import { z } from "zod";

export const NOTE_MAX = 500;

export const resolveFindingSchema = z.object({
  intent: z.literal("resolve"),
  findingId: z
    .string({ required_error: "Choose the finding to resolve" })
    .max(64, "Not a finding id")
    .regex(/^[A-Za-z0-9_-]+$/, "Not a finding id"),
  note: z
    .string({ required_error: "Write a note: what the difference was and what you did" })
    .trim()
    .min(1, "Write a note: what the difference was and what you did")
    .max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters`),
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
