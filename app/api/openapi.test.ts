/**
 * The API documentation cannot drift from the API (issue 13, item 5). The OpenAPI document served
 * at /api/v1/openapi.json and the /docs/api page must say what the route table and the zod schemas
 * the handlers validate with do, and the JSON the API actually produces (paymentObject,
 * eventObject) must be what the document describes. Each comparison is a function returning the
 * differences; every check also proves on a deliberately altered copy that a field added to one
 * side only is caught.
 */
import { OpenApiGeneratorV31, OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { describe, expect, test } from "vitest";
import type { ZodTypeAny } from "zod";
import {
  buildApiReference,
  splitScope,
  type ApiReference,
  type OpenApiDocumentLike,
} from "~/components/docs/reference";
import { errorMeanings } from "~/content/docs/errors";
import { quickstartPaymentBody } from "~/content/docs/quickstart";
import { apiErrorCodeList, apiErrorCodes } from "~/core/api/error-codes";
import { webhookEventTypes } from "~/core/api/vocabulary";
import { eventObject, type WebhookEvent } from "~/core/api/outbox.server";
import { paymentObject, withSiteUrl, type PaymentRow } from "~/core/api/payment-object";
import { loader as referenceLoader } from "~/routes/docs.api";
import {
  buildOpenApiDocument,
  errorStatusesOf,
  openApiJson,
  openApiResponse,
  tidied,
} from "./openapi.server";
import { apiRoutes } from "./routes.server";
import { eventSchema } from "./event-schemas.server";
import { createPaymentBody, paymentSchema, z } from "./schemas.server";
import type { ApiRoute } from "./types.server";

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: unknown;
  enum?: unknown[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
/** The document exactly as the API serves it. */
const served = (): Document => JSON.parse(openApiJson()) as Document;

const resolve = (doc: Document, schema: Schema | undefined): Schema =>
  schema?.$ref ? doc.components.schemas[schema.$ref.split("/").at(-1)!]! : (schema ?? {});

const sorted = <T>(values: Iterable<T>) => [...values].sort();

// ---------------------------------------------------------------------------------------------
// (a) The route table and the document's operations.

function operationsOf(doc: Document) {
  const found: { method: string; path: string; operationId: string; scope: string | null }[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item))
      found.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        scope: splitScope(operation.description).scope,
      });
  return found.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

const routeOperations = () =>
  apiRoutes
    .map((route) => ({
      method: route.method,
      path: route.path,
      operationId: route.doc.operationId,
      scope: route.scope as string | null,
    }))
    .sort((a, b) => a.operationId.localeCompare(b.operationId));

// ---------------------------------------------------------------------------------------------
// (b) A zod object schema against the document's JSON schema for it.

/** The ZodObject under optional/default/effects wrappers. */
function unwrap(schema: ZodTypeAny): ZodTypeAny {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
      current = current.unwrap() as ZodTypeAny;
    else if (current instanceof z.ZodDefault) current = current.removeDefault() as ZodTypeAny;
    else if (current instanceof z.ZodEffects) current = current.innerType() as ZodTypeAny;
    else return current;
  }
}

function allowedValues(schema: ZodTypeAny): unknown[] | null {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodEnum) return [...(inner.options as unknown[])];
  if (inner instanceof z.ZodLiteral) return [inner.value as unknown];
  return null;
}

/** What differs between a zod object and its JSON schema: names, required, strictness, enums. */
function objectDrift(zodSchema: ZodTypeAny, json: Schema): string[] {
  const object = unwrap(zodSchema);
  if (!(object instanceof z.ZodObject)) return ["the zod schema is not an object"];
  const shape = object.shape as Record<string, ZodTypeAny>;
  const problems: string[] = [];
  const zodKeys = sorted(Object.keys(shape));
  const jsonKeys = sorted(Object.keys(json.properties ?? {}));
  if (JSON.stringify(zodKeys) !== JSON.stringify(jsonKeys))
    problems.push(`properties: zod ${zodKeys.join(",")} vs document ${jsonKeys.join(",")}`);
  const zodRequired = sorted(zodKeys.filter((key) => !shape[key]!.isOptional()));
  const jsonRequired = sorted(json.required ?? []);
  if (JSON.stringify(zodRequired) !== JSON.stringify(jsonRequired))
    problems.push(`required: zod ${zodRequired.join(",")} vs document ${jsonRequired.join(",")}`);
  const strict = (object._def as { unknownKeys: string }).unknownKeys === "strict";
  if (strict !== (json.additionalProperties === false))
    problems.push(`strict: zod ${strict} vs document ${String(json.additionalProperties)}`);
  for (const key of zodKeys) {
    const values = allowedValues(shape[key]!);
    const documented = json.properties?.[key]?.enum;
    if (values && JSON.stringify(values) !== JSON.stringify(documented))
      problems.push(
        `${key}: zod allows ${JSON.stringify(values)}, document ${JSON.stringify(documented)}`,
      );
  }
  return problems;
}

/** The JSON schema zod-to-openapi makes of `schema` on its own (outside the route table). */
function generatedAlone(schema: ZodTypeAny): Schema {
  const registry = new OpenAPIRegistry();
  registry.register("Subject", schema);
  const components = new OpenApiGeneratorV31(registry.definitions).generateComponents()
    .components as { schemas: Record<string, Schema> };
  return tidied(components.schemas.Subject!);
}

function bodyDrift(doc: Document, route: ApiRoute): string[] {
  const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
  if (!operation) return ["operation missing"];
  const documented = operation.requestBody?.content["application/json"]?.schema;
  if (!route.body) return documented ? ["a body is documented, the route takes none"] : [];
  if (!documented) return ["the route takes a body, none is documented"];
  const json = resolve(doc, documented);
  const problems = objectDrift(route.body, json);
  if (JSON.stringify(json) !== JSON.stringify(generatedAlone(route.body)))
    problems.push("the document's body schema is not what zod-to-openapi makes of route.body");
  return problems;
}

function parameterDrift(doc: Document, route: ApiRoute): string[] {
  const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
  if (!operation) return ["operation missing"];
  const parameters = operation.parameters ?? [];
  const problems: string[] = [];
  const query = parameters.filter((parameter) => parameter.in === "query");
  const asObject: Schema = {
    properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema!])),
    required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    additionalProperties: false, // the handler refuses unknown query parameters
  };
  if (route.query) problems.push(...objectDrift(route.query, asObject).map((p) => `query ${p}`));
  else if (query.length) problems.push("query parameters documented, the route takes none");
  const pathNames = sorted([...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!));
  const documentedPath = sorted(
    parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name),
  );
  if (JSON.stringify(pathNames) !== JSON.stringify(documentedPath))
    problems.push(`path parameters: ${pathNames.join(",")} vs ${documentedPath.join(",")}`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// (c) Realistic rows for the objects the API sends.

const at = Date.UTC(2026, 10, 25, 8, 30);

const awaiting: PaymentRow = {
  id: "pay_k3ny4x7q2m9d",
  mode: "test",
  status: "awaiting_payment",
  reference: "A-1042",
  description: null,
  metadata: JSON.stringify({ order_id: "A-1042" }),
  asset: "USDT",
  network: "ethereum",
  paidWith: "crypto",
  amountKesCents: 250_000n,
  feeKesCents: 2_500n,
  exciseKesCents: 250n,
  quoteRate: "129.50000000",
  marketRate: "128.85000000",
  spreadBps: 50,
  rateSource: "coingecko",
  rateFetchedAt: at - 20_000,
  cryptoAmountUnits: 19_305_019n,
  receivedUnits: 0n,
  confirmations: 0,
  quotedAt: at,
  expiresAt: at + 15 * 60_000,
  depositAddress: "0x5e2f9c1a7b3d4e6f8a0b1c2d3e4f5a6b7c8d9e0f",
  successUrl: null,
  cancelUrl: null,
  customerEmail: null,
  createdAt: at,
  updatedAt: at,
  confirmedAt: null,
  settledAt: null,
  canceledAt: null,
};

/** Settled, every optional column set, and amounts past 2^53 (sent as digit strings). */
const settled: PaymentRow = {
  ...awaiting,
  id: "pay_9q8w7e6r5t4y",
  mode: "live",
  status: "settled",
  description: "Order A-1043: 2 bags of Kericho tea",
  metadata: null,
  asset: "ETH",
  amountKesCents: 9_007_199_254_740_993n,
  cryptoAmountUnits: 2n ** 60n,
  receivedUnits: 2n ** 60n,
  confirmations: 12,
  successUrl: "https://shop.example.co.ke/thanks",
  cancelUrl: "https://shop.example.co.ke/cart",
  customerEmail: "wanjiru@example.co.ke",
  updatedAt: at + 3_600_000,
  confirmedAt: at + 600_000,
  settledAt: at + 3_600_000,
};

const siteUrl = "https://onehop.co.ke";

function eventRow(payment: PaymentRow, type: string): WebhookEvent {
  return {
    id: "evt_Wm2bX0cZ8mQ1n4Yp7tK3sA",
    merchantId: "MRC-K3NYA2",
    mode: payment.mode,
    type,
    objectId: payment.id,
    data: JSON.stringify({ object: paymentObject(payment) }),
    createdAt: at,
  };
}

/** Keys of an object the API sends against the documented component (nested objects too). */
function keyDrift(
  value: Record<string, unknown>,
  json: Schema,
  doc: Document,
  where = "",
): string[] {
  const problems: string[] = [];
  const sent = sorted(Object.keys(value));
  const documented = sorted(Object.keys(json.properties ?? {}));
  if (JSON.stringify(sent) !== JSON.stringify(documented))
    problems.push(
      `${where || "object"}: sent ${sent.join(",")} vs documented ${documented.join(",")}`,
    );
  const unsent = (json.required ?? []).filter((key) => !(key in value));
  if (unsent.length)
    problems.push(`${where || "object"}: required but not sent ${unsent.join(",")}`);
  for (const [key, child] of Object.entries(value)) {
    const property = resolve(doc, json.properties?.[key]);
    if (child && typeof child === "object" && !Array.isArray(child) && property.properties)
      problems.push(
        ...keyDrift(child as Record<string, unknown>, property, doc, `${where}${key}.`),
      );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// (e) The reference page against the route table.

function referenceDrift(reference: ApiReference): string[] {
  const listed = reference.groups.flatMap((group) => group.operations);
  const problems: string[] = [];
  const ids = sorted(listed.map((operation) => operation.operationId));
  const expected = sorted(apiRoutes.map((route) => route.doc.operationId));
  if (JSON.stringify(ids) !== JSON.stringify(expected))
    problems.push(`listed ${ids.join(",")} vs routes ${expected.join(",")}`);
  for (const route of apiRoutes) {
    const operation = listed.find((each) => each.operationId === route.doc.operationId);
    if (!operation) continue;
    if (operation.method !== route.method || operation.path !== route.path)
      problems.push(`${route.doc.operationId}: ${operation.method} ${operation.path}`);
    if (operation.scope !== route.scope) problems.push(`${route.doc.operationId}: scope`);
    for (const example of Object.values(operation.examples))
      if (!example.includes("/api/v1")) problems.push(`${route.doc.operationId}: example URL`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

describe("the OpenAPI document", () => {
  test("is the document the API serves, generated from the route table", () => {
    const response = openApiResponse({});
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual(buildOpenApiDocument());
    expect((JSON.parse(response.body) as { openapi: string }).openapi).toBe("3.1.0");
  });

  test("(a) lists every route with its method, path, operationId and scope, and nothing else", () => {
    const doc = served();
    expect(operationsOf(doc)).toEqual(routeOperations());
    for (const route of apiRoutes) {
      const operation = doc.paths[route.path]![route.method.toLowerCase()]!;
      expect(sorted(Object.keys(operation.responses)), route.doc.operationId).toEqual(
        sorted([route.doc.response.status, ...errorStatusesOf(route)].map(String)),
      );
    }
    expect(new Set(apiRoutes.map((route) => route.doc.operationId)).size).toBe(apiRoutes.length);

    // An operation the table does not have, or a changed scope, is caught.
    const extra = clone(doc);
    extra.paths["/payouts"] = {
      post: { operationId: "createPayout", description: "Scope: `payouts:write`.", responses: {} },
    };
    expect(operationsOf(extra)).not.toEqual(routeOperations());
    const rescoped = clone(doc);
    rescoped.paths["/payments"]!.post!.description = "Scope: `payments:read`.";
    expect(operationsOf(rescoped)).not.toEqual(routeOperations());
  });

  test("(b) documents each body and query exactly as the zod schemas validate it", () => {
    const doc = served();
    const withBody = apiRoutes.filter((route) => route.body);
    expect(withBody.map((route) => route.doc.operationId)).toContain("createPayment");
    for (const route of apiRoutes) {
      expect(bodyDrift(doc, route), route.doc.operationId).toEqual([]);
      expect(parameterDrift(doc, route), route.doc.operationId).toEqual([]);
    }

    // A field only in the document, or only in the schema, is caught.
    const create = apiRoutes.find((route) => route.doc.operationId === "createPayment")!;
    const documentedOnly = clone(doc);
    documentedOnly.components.schemas.CreatePayment!.properties!.tip = { type: "integer" };
    expect(bodyDrift(documentedOnly, create)).not.toEqual([]);
    const schemaOnly = { ...create, body: createPaymentBody.extend({ tip: z.number().int() }) };
    expect(bodyDrift(doc, schemaOnly)).not.toEqual([]);
    const list = apiRoutes.find((route) => route.doc.operationId === "listPayments")!;
    const queryOnly = { ...list, query: (list.query as z.AnyZodObject).extend({ q: z.string() }) };
    expect(parameterDrift(doc, queryOnly)).not.toEqual([]);
  });

  test("(c) the payment object the API sends parses strictly and has the documented fields", () => {
    const doc = served();
    const component = doc.components.schemas.Payment!;
    for (const row of [awaiting, settled]) {
      const sent = withSiteUrl(paymentObject(row), siteUrl);
      expect(paymentSchema.safeParse(sent).error?.issues ?? []).toEqual([]);
      expect(keyDrift(sent, component, doc)).toEqual([]);
      expect(sent.checkout_url).toBe(`${siteUrl}/pay/${row.id}`);
    }
    const big = withSiteUrl(paymentObject(settled), siteUrl);
    expect(big.crypto_amount).toBe((2n ** 60n).toString());

    // A field sent but not documented (or documented but never sent) is caught.
    const sent = withSiteUrl(paymentObject(awaiting), siteUrl);
    expect(paymentSchema.safeParse({ ...sent, tip: 0 }).success).toBe(false);
    expect(keyDrift({ ...sent, tip: 0 }, component, doc)).not.toEqual([]);
    const documentedOnly = clone(component);
    documentedOnly.properties!.tip = { type: "integer" };
    documentedOnly.required!.push("tip");
    expect(keyDrift(sent, documentedOnly, doc)).not.toEqual([]);
    const nested = { ...sent, quote: { ...sent.quote, provider: "x" } };
    expect(keyDrift(nested, component, doc)).not.toEqual([]);
  });

  test("(c) the event object the API and webhooks send parses and has the documented fields", () => {
    const doc = served();
    // The payment events' schema (Event is a oneOf of one schema per kind of object).
    const component = doc.components.schemas.PaymentEvent!;
    for (const [row, type] of [
      [awaiting, "payment.created"],
      [settled, "payment.settled"],
    ] as const) {
      const sent = eventObject(eventRow(row, type), siteUrl);
      expect(eventSchema.safeParse(sent).error?.issues ?? []).toEqual([]);
      expect(keyDrift(sent, component, doc)).toEqual([]);
      expect(sent.data.object).toEqual(withSiteUrl(paymentObject(row), siteUrl));
    }
    const sent = eventObject(eventRow(awaiting, "payment.paid"), siteUrl);
    expect(keyDrift({ ...sent, attempt: 1 }, component, doc)).not.toEqual([]);
    // The payment inside is held to the Payment schema: an extra field there fails to parse.
    const inner = { ...sent, data: { object: { ...sent.data.object, tip: 0 } } };
    expect(eventSchema.safeParse(inner).success).toBe(false);
    // A `ping` (Send test event) carries the endpoint, as documented.
    const ping = eventObject(
      {
        ...eventRow(awaiting, "ping"),
        data: JSON.stringify({
          object: { id: "we_x", object: "webhook_endpoint", url: "https://shop.example/hook" },
        }),
      },
      siteUrl,
    );
    expect(eventSchema.safeParse(ping).error?.issues ?? []).toEqual([]);
  });

  test("(d) every example request body parses with its route's body schema", () => {
    const withExamples = apiRoutes.filter((route) => route.doc.example !== undefined);
    expect(withExamples.map((route) => route.doc.operationId)).toContain("createPayment");
    for (const route of withExamples) {
      expect(route.body, route.doc.operationId).toBeDefined();
      const parsed = route.body!.safeParse(route.doc.example);
      expect(parsed.error?.issues ?? [], route.doc.operationId).toEqual([]);
    }
    // The quickstart's payment too.
    expect(createPaymentBody.safeParse(quickstartPaymentBody).success).toBe(true);
    // An example with a field the schema does not take is refused (the check can fail).
    const create = withExamples.find((route) => route.doc.operationId === "createPayment")!;
    expect(create.body!.safeParse({ ...(create.doc.example as object), tip: 100 }).success).toBe(
      false,
    );
  });

  test("(e) the /docs/api page lists every operation, with its scope and examples", () => {
    const reference = referenceLoader();
    expect(referenceDrift(reference)).toEqual([]);
    const create = reference.groups
      .flatMap((group) => group.operations)
      .find((operation) => operation.operationId === "createPayment")!;
    const example = apiRoutes.find((route) => route.doc.operationId === "createPayment")!.doc
      .example as Record<string, unknown>;
    expect(create.examples.curl).toContain("/api/v1/payments");
    expect(create.examples.curl).toContain(`"reference": "${String(example.reference)}"`);
    expect(create.body?.fields.map((field) => field.name)).toEqual(
      Object.keys(createPaymentBody.shape),
    );
    expect(reference.objects.map((object) => object.name)).toContain("Payment");

    // A page missing an operation (or listing one the API lacks) is caught.
    const missing = clone(reference);
    missing.groups[0]!.operations.pop();
    expect(referenceDrift(missing)).not.toEqual([]);
    const invented = buildApiReference(
      {
        ...served(),
        paths: { ...served().paths, "/payouts": { post: { operationId: "x" } } },
      } as OpenApiDocumentLike,
      { baseUrl: "https://onehop.co.ke/api/v1" },
    );
    expect(referenceDrift(invented)).not.toEqual([]);
  });
});

describe("the contract's completeness (issue 32, item 1)", () => {
  test("every error code's status has a row in the /docs table, with its meaning", () => {
    const documented = new Set(errorMeanings.map((row) => row.status));
    const missing = apiErrorCodeList.filter((code) => !documented.has(apiErrorCodes[code].status));
    expect(missing).toEqual([]);
    // The document's Error schema lists exactly these codes.
    const error = served().components.schemas.Error!.properties!.error!.properties!;
    expect(error.code!.enum).toEqual(apiErrorCodeList);
  });

  test("every event type has its payload's schema in Event and its own webhook", () => {
    const doc = served() as Document & { webhooks: Record<string, unknown> };
    const mapping = (
      doc.components.schemas.Event as { discriminator: { mapping: Record<string, string> } }
    ).discriminator.mapping;
    const types = [...webhookEventTypes, "ping"];
    expect(Object.keys(mapping).sort()).toEqual([...types].sort());
    expect(Object.keys(doc.webhooks).sort()).toEqual([...types].sort());
    // A refund event carries a refund: its schema is the Refund object's.
    const refundEvent = resolve(doc, { $ref: mapping["refund.succeeded"] });
    expect(JSON.stringify(refundEvent.properties!.data!.properties!.object)).toContain(
      '"$ref":"#/components/schemas/Refund"',
    );
  });
});
