/** `/events`: what happened to the merchant's objects, the same events webhooks deliver. */
import { eventObject } from "~/core/api/outbox.server";
import { findEvent, listEvents } from "~/core/api/reads.server";
import { notFound } from "../errors.server";
import { eventSchema } from "../event-schemas.server";
import { eventIdSchema, listEventsQuery, listSchema } from "../schemas.server";
import { defineRoute } from "../types.server";
import { cursorNotFound, pageCursor, pageOf, timeFilter } from "./lists.server";

export const eventRoutes = [
  defineRoute({
    method: "GET",
    path: "/events",
    scope: "payments:read",
    query: listEventsQuery,
    doc: {
      operationId: "listEvents",
      tag: "Events",
      summary: "List events",
      description:
        "Newest first, kept for 30 days. After an outage, page through these to catch up: each event's `id` is the one its webhook carried. Page with `starting_after` (the last id you have) or back with `ending_before` (the first id you have).",
      response: {
        status: 200,
        description: "A page of events.",
        schema: listSchema(eventSchema, "EventList"),
      },
      errors: [400, 401, 403, 429],
    },
    async handle(context) {
      const { query } = context;
      const page = await listEvents(context.store, context.key, {
        limit: query.limit,
        ...pageCursor(query),
        type: query.type,
        ...timeFilter(query),
      });
      if (!page) throw cursorNotFound("event", query);
      return {
        status: 200,
        body: pageOf(page, (event) => eventObject(event, context.deps.siteUrl)),
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/events/{id}",
    scope: "payments:read",
    doc: {
      operationId: "getEvent",
      tag: "Events",
      summary: "Retrieve an event",
      params: { id: eventIdSchema },
      response: { status: 200, description: "The event.", schema: eventSchema },
      errors: [401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const event = await findEvent(context.store, context.key, id);
      if (!event) throw notFound("event", id);
      return { status: 200, body: eventObject(event, context.deps.siteUrl) };
    },
  }),
];
