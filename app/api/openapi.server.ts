/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the route table and the zod schemas the
 * handlers validate with (@asteasolutions/zod-to-openapi), so the document cannot say something the
 * API does not do. Built once per process; served at `/api/v1/openapi.json` and read by `/docs`.
 */
import {
  OpenApiGeneratorV31,
  OpenAPIRegistry,
  type ResponseConfig,
} from "@asteasolutions/zod-to-openapi";
import { codesWithStatus } from "~/core/api/error-codes";
import { apiScopeLabels, apiScopes } from "~/core/api/vocabulary";
import { API_VERSION_HEADER, apiVersions, CURRENT_API_VERSION } from "~/core/api/versions";
import { eventKinds } from "./event-schemas.server";
import { bodyLimitText, errorSchema, eventIdSchema, idempotencyHeader, z } from "./schemas.server";
import { API_PREFIX, apiRoutes } from "./routes.server";
import type { ApiResponse, ApiRoute, ApiRouteDoc } from "./types.server";

const errorDescriptions: Record<number, string> = {
  400: "The request is malformed: a field is missing, invalid or unknown (`param` names it), the Idempotency-Key is not 1 to 255 printable ASCII characters, or `OneHop-Version` names no version.",
  401: "No API key, or one that is invalid, revoked or expired.",
  403: "The key lacks the scope this route needs (or its member's role no longer allows it), or the request came from a browser.",
  404: "No such object for this key (another merchant's, or the other mode's, is not found either), or no such `starting_after`/`ending_before` object to page from.",
  408: "The body stopped arriving, or took too long for its size: send it again with the same Idempotency-Key.",
  409: "The object is not in a state that allows this, or a request with this Idempotency-Key is still being processed.",
  413: "The body is larger than 64 KB.",
  415: "The body is not `application/json`.",
  422: "Refused: an amount outside the limits, or an Idempotency-Key reused with another request.",
  429: "Too many requests: wait `Retry-After` seconds.",
  500: "Something went wrong on our side: retry with the same Idempotency-Key.",
  503: "No live rate to quote from, custody did not answer, or test mode is not available here: retry later with the same Idempotency-Key.",
};

const versionHeader = z.enum(apiVersions).optional().openapi({
  description:
    "The dated API version to use for this request. Leave it out to use your key's: a key is pinned to the version that was current when it was made.",
  example: CURRENT_API_VERSION,
});

/** The statuses every route can answer besides its own: any request, and any POST. */
const EVERY_ROUTE = [400, 401, 403, 429, 500];
const EVERY_POST = [400, 408, 409, 413, 415, 422];

const tags = [
  { name: "Payments", description: "Take a payment in crypto (or M-Pesa) at a locked KES quote." },
  { name: "Refunds", description: "Send money back to a payment's customer." },
  { name: "Payout batches", description: "Pay many people at once, with a second approval." },
  { name: "Balances", description: "Your KES balance." },
  { name: "Rates", description: "Today's rates, KES per coin." },
  { name: "Events", description: "What happened to your objects: what webhooks deliver." },
  { name: "Webhook endpoints", description: "Where we send events, and their signing secrets." },
  {
    name: "Test helpers",
    description: "Test keys only: pay a payment, fund your test balance, fail the next payout.",
  },
] as const satisfies readonly { name: ApiRouteDoc["tag"]; description: string }[];

const scopeTable = apiScopes.map((scope) => `- \`${scope}\`: ${apiScopeLabels[scope]}`).join("\n");

/** The response headers, declared once in `components.headers`. */
function registerHeaders(registry: OpenAPIRegistry) {
  const integer = { type: "integer" as const, minimum: 0 };
  const header = (
    name: string,
    description: string,
    schema: { type: "string" | "integer"; [more: string]: unknown },
    example: unknown,
  ) =>
    registry.registerComponent("headers", name, {
      description,
      schema,
      example,
      // On every answer.
      ...(name === "Request-Id" || name === API_VERSION_HEADER ? { required: true } : {}),
    }).ref;
  return {
    "Request-Id": header(
      "Request-Id",
      "This request's id: quote it to us. Equal to `error.request_id` on an error.",
      { type: "string", pattern: "^req_[A-Za-z0-9_-]+$" },
      "req_9x2VbQe4LmT7",
    ),
    [API_VERSION_HEADER]: header(
      API_VERSION_HEADER,
      "The dated API version this answer was made with: the request's `OneHop-Version`, else the key's.",
      { type: "string", enum: [...apiVersions] },
      CURRENT_API_VERSION,
    ),
    "RateLimit-Limit": header(
      "RateLimit-Limit",
      "Requests this key may make per second.",
      integer,
      25,
    ),
    "RateLimit-Remaining": header(
      "RateLimit-Remaining",
      "Requests left in this second.",
      integer,
      24,
    ),
    "RateLimit-Reset": header("RateLimit-Reset", "Seconds until the window resets.", integer, 1),
    "RateLimit-Policy": header(
      "RateLimit-Policy",
      "The policy: `<limit>;w=1` (per second).",
      { type: "string" },
      "25;w=1",
    ),
    "Retry-After": header("Retry-After", "Seconds to wait before retrying.", integer, 1),
    "Idempotent-Replayed": header(
      "Idempotent-Replayed",
      "`true` when this is the stored answer to an earlier request with the same Idempotency-Key.",
      { type: "string", enum: ["true"] },
      "true",
    ),
    "WWW-Authenticate": header(
      "WWW-Authenticate",
      "How to authenticate.",
      { type: "string" },
      'Bearer realm="OneHop API"',
    ),
  };
}

type HeaderRefs = ReturnType<typeof registerHeaders>;

const rateLimitHeaders = [
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "RateLimit-Policy",
] as const;

/** The headers an answer of `status` carries (`required` when it always does). */
function headersFor(refs: HeaderRefs, status: number, method: string) {
  const headers: Record<string, { $ref: string }> = {
    "Request-Id": refs["Request-Id"],
    [API_VERSION_HEADER]: refs[API_VERSION_HEADER],
  };
  // Every answer past the key check carries the rate-limit headers (not a 401, nor what comes
  // before the key: a browser's 403).
  if (status < 400 || ![401, 403, 413, 408].includes(status))
    for (const name of rateLimitHeaders) headers[name] = refs[name];
  if (status === 429) headers["Retry-After"] = refs["Retry-After"];
  if (status === 401) headers["WWW-Authenticate"] = refs["WWW-Authenticate"];
  if (method === "POST" && status < 500)
    headers["Idempotent-Replayed"] = refs["Idempotent-Replayed"];
  return headers;
}

const errorResponse = (status: number, route: ApiRoute, refs: HeaderRefs): ResponseConfig => ({
  description: `${
    status === 413 && route.maxBodyBytes
      ? `The body is larger than ${bodyLimitText(route.maxBodyBytes)}.`
      : (errorDescriptions[status] ?? "Error")
  } Codes: ${codesWithStatus(status)
    .map((code) => `\`${code}\``)
    .join(", ")}.`,
  headers: headersFor(refs, status, route.method),
  content: { "application/json": { schema: errorSchema } },
});

/** Whether a list pages from an object's id (an unknown one is 404). */
const pagesFromAnId = (route: ApiRoute) =>
  route.query instanceof z.ZodObject && "starting_after" in route.query.shape;

/** The error statuses an operation documents: its own, and those of every route or POST. */
export function errorStatusesOf(route: ApiRoute): number[] {
  const statuses = new Set([
    ...route.doc.errors,
    ...EVERY_ROUTE,
    ...(route.method === "POST" ? EVERY_POST : []),
    ...(route.doc.params || pagesFromAnId(route) ? [404] : []),
  ]);
  return [...statuses].sort();
}

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: `Your secret key, \`oh_test_…\` (test mode) or \`oh_live_…\`. A key has scopes; each operation names the one it needs in \`x-scope\` (and its description). A key never does more than the team member who made it. The scopes:\n\n${scopeTable}`,
  });
  const signature = registry.registerComponent("securitySchemes", "webhookSignature", {
    type: "apiKey",
    in: "header",
    name: "OneHop-Signature",
    description:
      'How we sign what we post to your webhook endpoints: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>." followed by the raw body, keyed with the endpoint\'s secret>`. Refuse a body whose signature does not match or whose `t` is more than 5 minutes away.',
  });
  const refs = registerHeaders(registry);
  for (const route of apiRoutes) {
    const { doc } = route;
    const responses: Record<string, ResponseConfig> = {
      [String(doc.response.status)]: {
        description: doc.response.description,
        headers: headersFor(refs, doc.response.status, route.method),
        content: { "application/json": { schema: doc.response.schema } },
      },
    };
    for (const status of errorStatusesOf(route))
      responses[String(status)] = errorResponse(status, route, refs);
    registry.registerPath({
      method: route.method.toLowerCase() as "get" | "post" | "delete",
      path: route.path,
      operationId: doc.operationId,
      summary: doc.summary,
      description: `${doc.description ? `${doc.description}\n\n` : ""}Scope: \`${route.scope}\`.`,
      tags: [doc.tag],
      // OpenAPI lets only OAuth scopes be declared (Spectral checks them against flows): a key's
      // scope is named in `x-scope` (ADR 0062).
      security: [{ [bearer.name]: [] }],
      "x-scope": route.scope,
      request: {
        params: doc.params ? z.object(doc.params) : undefined,
        query: route.query as z.AnyZodObject | undefined,
        headers: z.object({
          [API_VERSION_HEADER]: versionHeader,
          ...(route.method === "POST"
            ? {
                "Idempotency-Key": idempotencyHeader.openapi({
                  example: `${doc.operationId}-A-1042`,
                }),
              }
            : {}),
        }),
        body: route.body
          ? {
              required: !route.bodyOptional,
              content: {
                "application/json": {
                  schema: route.body,
                  ...(doc.example === undefined ? {} : { example: doc.example }),
                },
              },
            }
          : undefined,
      },
      responses,
    });
  }
  for (const { schema, types } of eventKinds)
    for (const type of types)
      registry.registerWebhook({
        method: "post",
        path: type,
        operationId: `webhook_${type.replace(".", "_")}`,
        summary: `The \`${type}\` event`,
        description: `Posted to each enabled endpoint that subscribed to \`${type}\`${type === "ping" ? " (sent only by “Send test event”)" : ""}. Verify \`OneHop-Signature\` against the raw body before trusting it; answer 2xx within 10 s.`,
        tags: ["Events"],
        security: [{ [signature.name]: [] }],
        request: {
          headers: z.object({
            "OneHop-Signature": z.string().openapi({
              description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t." + raw body>`.',
              example:
                "t=1764059400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
            }),
            "OneHop-Event-Id": eventIdSchema,
            "OneHop-Event-Type": z.string().openapi({ example: type }),
          }),
          body: { required: true, content: { "application/json": { schema } } },
        },
        responses: {
          "200": { description: "Received: any 2xx stops the retries." },
        },
      });
  return tidied(
    new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: "3.1.0",
      info: {
        title: "OneHop API",
        version: "v1",
        description: `Accept Bitcoin, Ethereum, USDT and USDC and settle in Kenyan shillings. Amounts are integers in minor units with the currency named, with a decimal string beside each.\n\nEvery answer carries \`Request-Id\`. A path called with a method it does not answer gets 405 \`method_not_allowed\` with an \`Allow\` header; a path that does not exist, 404 \`route_not_found\`. Errors have one shape (\`Error\`); their codes are listed with each status.`,
        contact: { name: "OneHop developer support", email: "developers@onehop.co.ke" },
        license: {
          name: "Proprietary: OneHop Terms of Service",
          url: "https://onehop.co.ke/terms",
        },
      },
      servers: [{ url: API_PREFIX }],
      tags: [...tags],
    }),
  );
}

/**
 * Two corrections to what zod-to-openapi makes, in place: a nullable enum is documented as
 * `type: [string, null]` with an `enum` without null, which refuses the null it allows (null is
 * added); and a documented `minimum` above zod's `positive()` leaves two lower bounds (the
 * `exclusiveMinimum` it supersedes is dropped).
 */
export function tidied<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(tidied);
  else if (node && typeof node === "object") {
    const schema = node as {
      type?: unknown;
      enum?: unknown[];
      minimum?: number;
      exclusiveMinimum?: number;
    };
    // A new array: the generator shares one enum array between schemas.
    if (Array.isArray(schema.type) && schema.type.includes("null") && schema.enum)
      if (!schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    if (schema.minimum !== undefined && schema.exclusiveMinimum !== undefined)
      if (schema.minimum > schema.exclusiveMinimum) delete schema.exclusiveMinimum;
    Object.values(node).forEach(tidied);
  }
  return node;
}

let cached: string | undefined;

/** The document as JSON text (built on first use). */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}

export function openApiResponse(headers: Record<string, string>): ApiResponse {
  return {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
    body: openApiJson(),
  };
}
