/**
 * The operators' KYB forms on an application's page (issue 31, item 6; ADR 0058): a merchant's
 * tier, and a document's type and expiry. Isomorphic.
 */
import { z } from "zod";
import { kybDocumentTypes } from "./document-types";
import { kybTiers } from "./vocabulary";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day's start in Nairobi ("2027-03-31" -> 31 Mar 2027 00:00 EAT), epoch ms. */
export function eatDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00+03:00`);
}

/** An epoch ms as its Nairobi calendar day, for a date input. */
export function eatDayOf(at: number): string {
  return new Date(at + 3 * 3_600_000).toISOString().slice(0, 10);
}

export const tierSchema = z.object({
  intent: z.literal("tier"),
  tier: z.enum(kybTiers, { errorMap: () => ({ message: "Choose a tier" }) }),
});

const documentTypeValues = kybDocumentTypes.map((type) => type.value) as [string, ...string[]];

export const documentDetailsSchema = z.object({
  intent: z.literal("document"),
  documentId: z.string().min(1).max(100),
  documentType: z.enum(documentTypeValues, {
    errorMap: () => ({ message: "Choose what the document is" }),
  }),
  expiresOn: z
    .string()
    .regex(ISO_DATE, "Enter the expiry as a full date")
    .refine((value) => !Number.isNaN(eatDayStart(value)), "Enter a real date")
    .optional(),
});
