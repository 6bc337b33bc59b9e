/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the route table and the zod schemas the
 * handlers validate with (@asteasolutions/zod-to-openapi), so the document cannot say something the
 * API does not do. Built once per process; served at `/api/v1/openapi.json` and read by `/docs`.
 */
import { OpenApiGeneratorV31, OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "./schemas.server";
import { bodyLimitText, errorSchema } from "./schemas.server";
import { API_PREFIX, apiRoutes } from "./routes.server";
import type { ApiResponse } from "./types.server";

const errorDescriptions: Record<number, string> = {
  400: "The request is malformed: a field is missing, invalid or unknown (`param` names it).",
  401: "No API key, or one that is invalid, revoked or expired.",
  403: "The key lacks the scope this route needs, or the request came from a browser.",
  404: "No such object for this key: another merchant's, or the other mode's, is not found either.",
  409: "The object is not in a state that allows this, or the Idempotency-Key is still in use.",
  413: "The body is larger than 64 KB.",
  415: "The body is not `application/json`.",
  422: "Refused: an amount over a limit, or an Idempotency-Key reused with another request.",
  429: "Too many requests for this key (`rate_limited`), or too many with an invalid key from this address (`too_many_failed_keys`): wait `Retry-After` seconds.",
  503: "No live rate to quote from, or custody did not answer: retry with the same Idempotency-Key.",
};

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "Your secret key, `oh_test_…` (test mode) or `oh_live_…`.",
  });
  const idempotencyHeader = z.string().max(255).optional().openapi({
    description:
      "Makes a retry safe: the same key and body within 24 h returns the first response (with `Idempotent-Replayed: true`).",
    example: "order-A-1042-create",
  });
  for (const route of apiRoutes) {
    const { doc } = route;
    const responses: Record<
      string,
      { description: string; content: Record<string, { schema: z.ZodTypeAny }> }
    > = {
      [String(doc.response.status)]: {
        description: doc.response.description,
        content: { "application/json": { schema: doc.response.schema } },
      },
    };
    for (const status of doc.errors)
      responses[String(status)] = {
        description:
          status === 413 && route.maxBodyBytes
            ? `The body is larger than ${bodyLimitText(route.maxBodyBytes)}.`
            : (errorDescriptions[status] ?? "Error"),
        content: { "application/json": { schema: errorSchema } },
      };
    registry.registerPath({
      method: route.method.toLowerCase() as "get" | "post" | "delete",
      path: route.path,
      operationId: doc.operationId,
      summary: doc.summary,
      description: `${doc.description ? `${doc.description}\n\n` : ""}Scope: \`${route.scope}\`.`,
      tags: [doc.tag],
      // The scope the key needs, machine-readable (OpenAPI 3.1 allows scopes on any scheme).
      security: [{ [bearer.name]: [route.scope] }],
      request: {
        params: doc.params ? z.object(doc.params) : undefined,
        query: route.query as z.AnyZodObject | undefined,
        headers:
          route.method === "POST" ? z.object({ "Idempotency-Key": idempotencyHeader }) : undefined,
        body: route.body
          ? {
              required: !route.bodyOptional,
              content: { "application/json": { schema: route.body } },
            }
          : undefined,
      },
      responses,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "OneHop API",
      version: "v1",
      description:
        "Accept Bitcoin, Ethereum, USDT and USDC and settle in Kenyan shillings. Amounts are integers in minor units with the currency named, with a decimal string beside each.",
    },
    servers: [{ url: API_PREFIX }],
  });
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
