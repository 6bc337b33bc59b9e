/**
 * The events the API lists and webhooks deliver (issue 32, item 1): one schema per kind of object,
 * each with the event types that carry it, and `Event`, a `oneOf` of them keyed by `type`. The
 * OpenAPI document's `webhooks` are built from the same table, so every type a webhook can carry
 * has its payload described, and a typed client can narrow an event by its `type`.
 */
import { webhookEventTypes, type WebhookEventType } from "~/core/api/vocabulary";
import { disbursementSchema, payoutBatchSchema } from "./endpoints/payout-batches.server";
import { refundSchema } from "./endpoints/refunds.server";
import { payoutSchema } from "./endpoints/settlement.server";
import { eventIdSchema, isoTime, paymentSchema, z } from "./schemas.server";

const pingObject = z
  .object({ id: z.string(), object: z.literal("webhook_endpoint"), url: z.string() })
  .strict()
  .openapi("PingObject", { description: "What a `ping` event carries: the endpoint pinged." });

/** The kinds of event: the schema's name, its object, and the types (by prefix) that carry it. */
const kinds = [
  { name: "PaymentEvent", prefix: "payment.", object: paymentSchema, what: "a payment" },
  { name: "PayoutEvent", prefix: "payout.", object: payoutSchema, what: "a payment's payout" },
  { name: "RefundEvent", prefix: "refund.", object: refundSchema, what: "a refund" },
  {
    name: "PayoutBatchEvent",
    prefix: "payout_batch.",
    object: payoutBatchSchema,
    what: "a payout batch",
  },
  {
    name: "DisbursementEvent",
    prefix: "disbursement.",
    object: disbursementSchema,
    what: "one payout of a batch",
  },
] as const;

export type EventType = WebhookEventType | "ping";

const typesOf = (prefix: string) =>
  webhookEventTypes.filter((type) => type.startsWith(prefix)) as [string, ...string[]];

const eventOf = (name: string, types: [string, ...string[]], object: z.ZodTypeAny, what: string) =>
  z
    .object({
      id: eventIdSchema,
      object: z.literal("event"),
      type: z.enum(types).openapi({ example: types[0] }),
      api_version: z.literal("v1"),
      livemode: z.boolean(),
      created_at: isoTime,
      data: z
        .object({
          object: object.openapi({ description: `${what}, as it was when the event happened.` }),
        })
        .strict(),
    })
    .strict()
    .openapi(name, { description: `An event about ${what}: \`${types.join("`, `")}\`.` });

/** Each kind's event schema, with the types it carries. */
export const eventKinds = [
  ...kinds.map((kind) => ({
    schema: eventOf(kind.name, typesOf(kind.prefix), kind.object, kind.what),
    types: typesOf(kind.prefix),
  })),
  {
    schema: eventOf("PingEvent", ["ping"], pingObject, "a webhook endpoint (a test ping)"),
    types: ["ping"] as [string, ...string[]],
  },
];

/** Which schema each event type's payload has. */
export const eventSchemaByType = new Map<string, z.ZodTypeAny>(
  eventKinds.flatMap(({ schema, types }) => types.map((type) => [type, schema] as const)),
);

const [first, second, ...rest] = eventKinds.map((kind) => kind.schema);
export const eventSchema = z
  .discriminatedUnion("type", [first!, second!, ...rest])
  .openapi("Event", {
    description:
      "Something that happened to one of your objects: its `type` says which, and `data.object` is the object as it was then.",
  });
