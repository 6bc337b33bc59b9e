/**
 * What a merchant (the dashboard form or the API) sends to create or change a webhook endpoint,
 * checked before anything is written. Isomorphic: the form's schema and the API share the limits.
 */
import { z } from "zod";
import { apiModes, webhookEventTypes } from "../vocabulary";

export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Endpoints per merchant and mode. */
export const WEBHOOK_ENDPOINTS_MAX = 16;
/** Events re-queued by one "Replay all since …". */
export const WEBHOOK_REPLAY_CAP = 10_000;
/** How long a rotated-out secret keeps signing beside the new one. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

export const ALL_EVENTS = "*";

export type EventSelection = readonly string[];

/** ["*"] or a non-empty list of known event types (duplicates removed, vocabulary order). */
export const eventsSchema = z
  .array(z.string().max(64), { message: "Choose the events to send." })
  .max(webhookEventTypes.length + 1)
  .transform((list, ctx) => {
    if (list.includes(ALL_EVENTS)) return [ALL_EVENTS];
    const unknown = list.filter((type) => !(webhookEventTypes as readonly string[]).includes(type));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `Unknown event type: ${unknown.slice(0, 3).join(", ")}. Choose from the list.`,
      });
      return z.NEVER;
    }
    if (list.length === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: "Choose at least one event, or All events.",
      });
      return z.NEVER;
    }
    return webhookEventTypes.filter((type) => list.includes(type));
  });

export const descriptionSchema = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, `Keep the description to ${WEBHOOK_DESCRIPTION_MAX} characters.`);

export const modeSchema = z.enum(apiModes, { message: "Choose test or live." });

// ---------------------------------------------------------------------------------------------
// The Developers > Webhooks forms (Conform + zod on the client and the server). The URL's full
// check (the loopback allowance, DNS) runs on the server only, in core.

const urlField = z
  .string({ required_error: "Enter the address where we should send events." })
  .trim()
  .min(1, "Enter the address where we should send events.")
  .max(2_000, "Use an address of at most 2,000 characters.");

export const addEndpointFormSchema = z.object({
  intent: z.literal("create"),
  url: urlField,
  description: descriptionSchema.optional(),
  mode: modeSchema,
  events: z
    .array(z.string().max(64), { required_error: "Choose the events to send, or All events." })
    .min(1, "Choose the events to send, or All events.")
    .max(32),
});
export type AddEndpointForm = z.infer<typeof addEndpointFormSchema>;

/** "2026-11-25T14:05" (a datetime-local value) read as Nairobi time; null if not one. */
export function nairobiLocalToEpoch(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const ms = Date.parse(`${match[1]}T${match[2] ?? "00:00"}:00+03:00`);
  return Number.isNaN(ms) ? null : ms;
}

export const replayFormSchema = z.object({
  intent: z.literal("replay"),
  since: z
    .string({ required_error: "Choose the date and time to replay from (Nairobi time)." })
    .max(20)
    .refine((value) => nairobiLocalToEpoch(value) !== null, {
      message: "Choose the date and time to replay from (Nairobi time).",
    }),
});

/** The endpoint page's one-button forms. */
export const endpointActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("rotate") }),
  z.object({ intent: z.literal("ping") }),
  z.object({ intent: z.literal("resend"), deliveryId: z.string().min(1).max(64) }),
]);
