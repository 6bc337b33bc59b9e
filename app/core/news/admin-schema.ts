/**
 * What the /admin/ingest forms may post: one zod schema, used by the action and by Conform in the
 * browser.
 */
import { z } from "zod";
import { outboundUrlProblem } from "~/utils/outbound-address";

const id = z.string({ required_error: "Missing id" }).trim().min(1).max(100);
const onOff = z.enum(["on", "off"]);

/** The add-feed form's fields (the browser validates these; the action also checks the intent). */
export const addFeedSchema = z.object({
  name: z
    .string({ required_error: "Enter the outlet's name" })
    .trim()
    .min(2, "Enter the outlet's name")
    .max(80, "Use at most 80 characters"),
  url: z
    .string({ required_error: "Enter the feed's address" })
    .trim()
    .max(500, "Use at most 500 characters")
    .url("Enter a full address, starting with https://")
    .refine((value) => /^https?:\/\//i.test(value), "Use an http or https address")
    // The outbound policy (SSRF): public hosts on ports 80/443 only; the fetcher checks again on
    // every hop.
    .superRefine((value, context) => {
      const problem = /^https?:\/\//i.test(value) ? outboundUrlProblem(value) : null;
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),
});

export const ingestActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("fetch") }),
  z.object({ intent: z.literal("auto-ingest"), enabled: onOff }),
  z.object({ intent: z.literal("auto-publish"), enabled: onOff }),
  z.object({ intent: z.literal("publish"), articleId: id }),
  z.object({ intent: z.literal("unpublish"), articleId: id }),
  addFeedSchema.extend({ intent: z.literal("add-feed") }),
  z.object({ intent: z.literal("enable-feed"), feedId: id }),
  z.object({ intent: z.literal("disable-feed"), feedId: id }),
  z.object({ intent: z.literal("remove-feed"), feedId: id }),
]);

export type IngestAction = z.infer<typeof ingestActionSchema>;
