/**
 * `/webhook_endpoints`: register, list, change, delete, rotate the secret of, ping and replay the
 * key's endpoints (its merchant, its mode). The rules (URL, events, limits) are core's
 * (app/core/api/webhooks/endpoints.server.ts), the same as the Developers page's.
 */
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  replayWebhooksSince,
  rotateWebhookSecret,
  sendWebhookPing,
  updateWebhookEndpoint,
  webhookEndpointObject,
  type Problem,
  type WebhookEndpointView,
} from "~/core/api/webhooks/endpoints.server";
import { WEBHOOK_REPLAY_CAP } from "~/core/api/webhooks/endpoint-input";
import { webhookEventTypes } from "~/core/api/vocabulary";
import { ApiError, notFound } from "../errors.server";
import { eventIdSchema, z } from "../schemas.server";
import { defineRoute, type ApiContext } from "../types.server";

const endpointIdSchema = z
  .string()
  .max(64)
  .regex(/^we_[A-Za-z0-9_-]+$/, "must be a webhook endpoint id (we_…)")
  .openapi({ example: "we_3kT9xQ2mV8bN1cR5yL7wPa" });

const eventsField = z
  .array(z.enum([...webhookEventTypes, "*"]))
  .min(1, 'choose at least one event type, or ["*"] for all')
  .openapi({ description: 'Event types to send, or ["*"] for all.', example: ["payment.paid"] });

const createBody = z
  .object({
    url: z.string().max(2000).openapi({ example: "https://shop.example.co.ke/onehop/webhooks" }),
    enabled_events: eventsField,
    description: z.string().max(200).optional(),
  })
  .strict()
  .openapi("CreateWebhookEndpoint");

const updateBody = z
  .object({
    url: z.string().max(2000).optional(),
    enabled_events: eventsField.optional(),
    description: z.string().max(200).nullable().optional(),
    status: z.enum(["enabled", "disabled"]).optional(),
  })
  .strict()
  .openapi("UpdateWebhookEndpoint");

const replayBody = z
  .object({
    since: z
      .string()
      .datetime({ offset: true, message: "must be an ISO 8601 time such as 2026-11-25T08:30:00Z" })
      .openapi({ description: "Re-send every subscribed event created at or after this time." }),
  })
  .strict()
  .openapi("ReplayWebhooks");

const endpointShape = {
  id: endpointIdSchema,
  object: z.literal("webhook_endpoint"),
  livemode: z.boolean(),
  url: z.string(),
  description: z.string().nullable(),
  enabled_events: z.array(z.string()),
  status: z.enum(["enabled", "disabled"]),
  failing_since: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
};

const endpointSchema = z.object(endpointShape).strict().openapi("WebhookEndpoint");

// Its own object, not an extension: a strict object extended would be documented as an `allOf`
// whose first part refuses the `secret` the second adds.
const withSecretSchema = z
  .object({
    ...endpointShape,
    secret: z.string().openapi({ description: "The signing secret (whsec_…), shown only here." }),
  })
  .strict()
  .openapi("WebhookEndpointWithSecret");

const params = { id: endpointIdSchema };
const scopeOf = (context: ApiContext) => ({
  merchantId: context.key.merchantId,
  mode: context.key.mode,
});
const json = (view: WebhookEndpointView) => webhookEndpointObject(view);

/** A core refusal as the API's error: 404 for another's endpoint, else 400 naming the field. */
function refusal(problem: Problem, id?: string): ApiError {
  if (problem.notFound) return notFound("webhook endpoint", id ?? "");
  const param =
    problem.field === "events" ? "enabled_events" : ((problem.field as string | null) ?? null);
  return new ApiError(
    problem.field ? "parameter_invalid" : "endpoint_disabled",
    problem.message,
    param,
  );
}

const tag = "Webhook endpoints" as const;

export const webhookEndpointRoutes = [
  defineRoute({
    method: "POST",
    path: "/webhook_endpoints",
    scope: "webhooks:manage",
    body: createBody,
    doc: {
      operationId: "createWebhookEndpoint",
      tag,
      summary: "Register a webhook endpoint",
      description:
        "Events of the key's mode go to `url` (https in live mode; never a private or local address). The response carries the signing `secret`: store it, it is not shown again.",
      response: {
        status: 201,
        description: "The endpoint and its secret.",
        schema: withSecretSchema,
      },
      errors: [400, 401, 403, 409, 413, 415, 422, 429],
      example: {
        url: "https://shop.example.co.ke/onehop/webhooks",
        enabled_events: ["payment.paid", "payment.expired"],
        description: "Order fulfilment",
      },
    },
    async handle(context) {
      const { body } = context;
      const created = await createWebhookEndpoint(
        context.store,
        {
          ...scopeOf(context),
          url: body.url,
          events: body.enabled_events,
          description: body.description,
          now: context.now,
        },
        { policy: context.deps.webhookUrlPolicy },
      );
      if (!created.ok) throw refusal(created);
      return { status: 201, body: { ...json(created.endpoint), secret: created.secret } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/webhook_endpoints",
    scope: "webhooks:manage",
    doc: {
      operationId: "listWebhookEndpoints",
      tag,
      summary: "List webhook endpoints",
      response: {
        status: 200,
        description: "The key's endpoints (at most 16 per mode), newest first.",
        schema: z.object({ object: z.literal("list"), data: z.array(endpointSchema) }),
      },
      errors: [401, 403, 429],
    },
    async handle(context) {
      const views = await listWebhookEndpoints(context.store, scopeOf(context));
      return { status: 200, body: { object: "list", data: views.map(json) } };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/webhook_endpoints/{id}",
    scope: "webhooks:manage",
    doc: {
      operationId: "getWebhookEndpoint",
      tag,
      summary: "Retrieve a webhook endpoint",
      params,
      response: { status: 200, description: "The endpoint.", schema: endpointSchema },
      errors: [401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const view = await getWebhookEndpoint(context.store, scopeOf(context), id);
      if (!view) throw notFound("webhook endpoint", id);
      return { status: 200, body: json(view) };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/webhook_endpoints/{id}",
    scope: "webhooks:manage",
    body: updateBody,
    doc: {
      operationId: "updateWebhookEndpoint",
      tag,
      summary: "Update a webhook endpoint",
      description:
        "Change its URL, events or description, or disable it (pending deliveries stop) and enable it again (then replay what you missed).",
      params,
      response: { status: 200, description: "The endpoint.", schema: endpointSchema },
      errors: [400, 401, 403, 404, 413, 415, 422, 429],
      example: { status: "disabled" },
    },
    async handle(context) {
      const id = context.params.id!;
      const { body } = context;
      const updated = await updateWebhookEndpoint(
        context.store,
        scopeOf(context),
        id,
        {
          url: body.url,
          events: body.enabled_events,
          description: body.description,
          status: body.status,
          now: context.now,
        },
        { policy: context.deps.webhookUrlPolicy },
      );
      if (!updated.ok) throw refusal(updated, id);
      return { status: 200, body: json(updated.endpoint) };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/webhook_endpoints/{id}",
    scope: "webhooks:manage",
    doc: {
      operationId: "deleteWebhookEndpoint",
      tag,
      summary: "Delete a webhook endpoint",
      description: "Deletes it with its delivery log; the events stay (GET /events).",
      params,
      response: {
        status: 200,
        description: "Deleted.",
        schema: z.object({
          id: endpointIdSchema,
          object: z.literal("webhook_endpoint"),
          deleted: z.literal(true),
        }),
      },
      errors: [401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      if (!(await deleteWebhookEndpoint(context.store, scopeOf(context), id)))
        throw notFound("webhook endpoint", id);
      return { status: 200, body: { id, object: "webhook_endpoint", deleted: true } };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/webhook_endpoints/{id}/rotate_secret",
    scope: "webhooks:manage",
    doc: {
      operationId: "rotateWebhookSecret",
      tag,
      summary: "Rotate the signing secret",
      description:
        "A new secret, shown once. For 24 hours deliveries carry a `v1=` signature for each secret, so your receiver can switch without missing events.",
      params,
      response: {
        status: 200,
        description: "The new secret.",
        schema: z.object({
          id: endpointIdSchema,
          secret: z.string(),
          previous_secret_expires_at: z.string(),
        }),
      },
      errors: [401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const rotated = await rotateWebhookSecret(context.store, scopeOf(context), id, context.now);
      if (!rotated.ok) throw refusal(rotated, id);
      const body = {
        id,
        secret: rotated.secret,
        previous_secret_expires_at: new Date(rotated.previousSecretExpiresAt).toISOString(),
      };
      return { status: 200, body };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/webhook_endpoints/{id}/ping",
    scope: "webhooks:manage",
    doc: {
      operationId: "pingWebhookEndpoint",
      tag,
      summary: "Send a test event",
      description: "Queues a `ping` event to this endpoint only.",
      params,
      response: {
        status: 202,
        description: "Queued: its delivery shows in the log.",
        schema: z.object({ event_id: eventIdSchema }),
      },
      errors: [401, 403, 404, 409, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const sent = await sendWebhookPing(context.store, scopeOf(context), id, context.now);
      if (!sent.ok) throw refusal(sent, id);
      return { status: 202, body: { event_id: sent.eventId } };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/webhook_endpoints/{id}/replay",
    scope: "webhooks:manage",
    body: replayBody,
    doc: {
      operationId: "replayWebhooks",
      tag,
      summary: "Replay events since a time",
      description: `After an outage: queue again every subscribed event created since \`since\`, oldest first, at most ${WEBHOOK_REPLAY_CAP.toLocaleString("en-KE")} per call (\`capped\` says when to call again from \`last_event_at\`).`,
      params,
      response: {
        status: 202,
        description: "Queued.",
        schema: z.object({
          queued: z.number().int(),
          capped: z.boolean(),
          last_event_at: z.string().nullable(),
        }),
      },
      errors: [400, 401, 403, 404, 409, 413, 415, 429],
      example: { since: "2026-11-25T06:00:00Z" },
    },
    async handle(context) {
      const id = context.params.id!;
      const replayed = await replayWebhooksSince(
        context.store,
        scopeOf(context),
        id,
        Date.parse(context.body.since),
        context.now,
      );
      if (!replayed.ok) throw refusal(replayed, id);
      return {
        status: 202,
        body: {
          queued: replayed.queued,
          capped: replayed.capped,
          last_event_at:
            replayed.lastEventAt === null ? null : new Date(replayed.lastEventAt).toISOString(),
        },
      };
    },
  }),
];
