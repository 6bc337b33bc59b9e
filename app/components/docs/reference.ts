/**
 * The API reference page's model, made from the OpenAPI document (app/api/openapi.server.ts) at
 * request time: every operation with its parameters, body fields, responses and request examples
 * in curl, Node (fetch) and Python (requests), and every object schema with its fields. Nothing
 * here is written by hand per endpoint, so the page says what the document says. Pure and
 * isomorphic: the `/docs/api` loader calls it and tests call it.
 */

export type HttpMethod = "GET" | "POST" | "DELETE" | "PATCH" | "PUT";
const methods = ["get", "post", "put", "patch", "delete"] as const;

/** The parts of an OpenAPI 3.1 schema the reference reads. */
export interface SchemaLike {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: SchemaLike[];
  oneOf?: SchemaLike[];
  allOf?: SchemaLike[];
  items?: SchemaLike;
  properties?: Record<string, SchemaLike>;
  required?: string[];
  additionalProperties?: boolean | SchemaLike;
  description?: string;
  example?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

interface ParameterLike {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaLike;
}

interface OperationLike {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: ParameterLike[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaLike }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: SchemaLike }> }
  >;
}

export interface OpenApiDocumentLike {
  info?: { title?: string; version?: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Partial<Record<(typeof methods)[number], OperationLike>>>;
  components?: {
    schemas?: Record<string, SchemaLike>;
    securitySchemes?: Record<string, { type?: string; scheme?: string; description?: string }>;
  };
}

export interface ReferenceField {
  name: string;
  type: string;
  /** The object schema this field is (a link to its table), if any. */
  ref: string | null;
  required: boolean;
  description: string;
  /** Limits, allowed values, default and format, in words. */
  constraints: string;
  example: string | null;
}

export interface ReferenceResponse {
  status: string;
  description: string;
  schema: string | null;
}

export interface ReferenceOperation {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string;
  scope: string | null;
  tag: string;
  pathParameters: ReferenceField[];
  queryParameters: ReferenceField[];
  headerParameters: ReferenceField[];
  body: { schema: string | null; fields: ReferenceField[] } | null;
  responses: ReferenceResponse[];
  examples: { curl: string; node: string; python: string };
}

export interface ReferenceObject {
  name: string;
  description: string;
  fields: ReferenceField[];
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  baseUrl: string;
  /** How requests authenticate (the security schemes' descriptions). */
  authentication: string[];
  groups: { tag: string; operations: ReferenceOperation[] }[];
  objects: ReferenceObject[];
}

export interface ReferenceOptions {
  /** Absolute base of the API: `https://onehop.co.ke/api/v1`. */
  baseUrl: string;
  /** Example request bodies by operation id (the route table's `doc.example`). */
  examples?: Record<string, unknown>;
}

const SCOPE_LINE = /(?:\n\n)?Scope: `([^`]+)`\.$/;

/** The scope an operation's description names (`Scope: \`payments:read\`.`), and the rest. */
export function splitScope(description: string | undefined): {
  scope: string | null;
  text: string;
} {
  const text = description ?? "";
  const match = SCOPE_LINE.exec(text);
  return match
    ? { scope: match[1]!, text: text.slice(0, match.index).trim() }
    : { scope: null, text: text.trim() };
}

const refName = (ref: string) => ref.split("/").at(-1)!;

function resolve(schema: SchemaLike | undefined, doc: OpenApiDocumentLike): SchemaLike {
  if (!schema) return {};
  if (schema.$ref) return doc.components?.schemas?.[refName(schema.$ref)] ?? {};
  return schema;
}

/** A schema's type in words: `string`, `integer or string`, `array of Payment`, `Payment`. */
export function typeOf(schema: SchemaLike | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeOf))].join(" or ");
  if (schema.allOf?.length === 1) return typeOf(schema.allOf[0]);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const words = types.map((type) => {
    if (type === "array") return `array of ${typeOf(schema.items)}`;
    if (type === "object" && schema.additionalProperties && !schema.properties) {
      const values =
        typeof schema.additionalProperties === "object"
          ? typeOf(schema.additionalProperties)
          : "any";
      return `object of ${values} values`;
    }
    return type;
  });
  return words.length ? words.join(" or ") : "any";
}

const refOf = (schema: SchemaLike | undefined): string | null => {
  if (!schema) return null;
  if (schema.$ref) return refName(schema.$ref);
  if (schema.items?.$ref) return refName(schema.items.$ref);
  return null;
};

const literal = (value: unknown) => JSON.stringify(value);

/** Limits, allowed values, default and format of a schema, in words. */
export function constraintsOf(schema: SchemaLike | undefined): string {
  if (!schema) return "";
  const parts: string[] = [];
  if (schema.enum)
    parts.push(
      schema.enum.length === 1
        ? `always ${literal(schema.enum[0])}`
        : `one of ${schema.enum.map(literal).join(", ")}`,
    );
  if (schema.format) parts.push(`format ${schema.format}`);
  if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
    parts.push(`at most ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0)
    parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.pattern) parts.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${literal(schema.default)}`);
  return parts.join("; ");
}

function field(
  name: string,
  schema: SchemaLike | undefined,
  required: boolean,
  description?: string,
): ReferenceField {
  const own = schema ?? {};
  return {
    name,
    type: typeOf(own),
    ref: refOf(own),
    required,
    description: description ?? own.description ?? "",
    constraints: constraintsOf(own),
    example: own.example === undefined ? null : literal(own.example),
  };
}

/**
 * The fields of an object schema, nested inline objects flattened with dotted names
 * (`quote.rate`); a field that is another named schema links to it instead.
 */
export function fieldsOf(
  schema: SchemaLike | undefined,
  doc: OpenApiDocumentLike,
  prefix = "",
  depth = 0,
): ReferenceField[] {
  const object = resolve(schema, doc);
  const required = new Set(object.required ?? []);
  const fields: ReferenceField[] = [];
  for (const [name, property] of Object.entries(object.properties ?? {})) {
    const full = `${prefix}${name}`;
    fields.push(field(full, property, required.has(name)));
    if (!property.$ref && property.properties && depth < 3)
      fields.push(...fieldsOf(property, doc, `${full}.`, depth + 1));
  }
  return fields;
}

/** A value for an example request: the schema's example, default or first allowed value. */
export function sampleOf(schema: SchemaLike | undefined, doc: OpenApiDocumentLike): unknown {
  const own = resolve(schema, doc);
  if (own.example !== undefined) return own.example;
  if (own.default !== undefined) return own.default;
  if (own.enum?.length) return own.enum[0];
  const union = own.anyOf ?? own.oneOf;
  if (union?.length) return sampleOf(union[0], doc);
  const type = Array.isArray(own.type) ? own.type[0] : own.type;
  if (type === "object") {
    const required = own.required ?? [];
    return Object.fromEntries(
      Object.entries(own.properties ?? {})
        .filter(([name]) => required.includes(name))
        .map(([name, property]) => [name, sampleOf(property, doc)]),
    );
  }
  if (type === "array") return [];
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  if (own.format === "date-time") return "2026-11-25T08:30:00.000Z";
  return "string";
}

// ---------------------------------------------------------------------------------------------
// Request examples.

interface ExampleRequest {
  method: HttpMethod;
  url: string;
  headers: [string, string][];
  query: [string, string][];
  body: unknown;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

const indent = (text: string, spaces: number) =>
  text
    .split("\n")
    .map((line, index) => (index === 0 ? line : " ".repeat(spaces) + line))
    .join("\n");

function fullUrl(request: ExampleRequest): string {
  if (!request.query.length) return request.url;
  return `${request.url}?${new URLSearchParams(request.query).toString()}`;
}

export function curlExample(request: ExampleRequest): string {
  const lines = [`curl ${request.query.length ? `"${fullUrl(request)}"` : fullUrl(request)}`];
  if (request.method !== "GET" && (request.method !== "POST" || request.body === undefined))
    lines.push(`-X ${request.method}`);
  lines.push(`-H "Authorization: Bearer $ONEHOP_API_KEY"`);
  if (request.body !== undefined) lines.push(`-H "Content-Type: application/json"`);
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== undefined)
    lines.push(`-d ${shellQuote(JSON.stringify(request.body, null, 2))}`);
  return lines.join(" \\\n  ");
}

export function nodeExample(request: ExampleRequest): string {
  const headers = [
    "Authorization: `Bearer ${process.env.ONEHOP_API_KEY}`,",
    ...(request.body !== undefined ? [`"Content-Type": "application/json",`] : []),
    ...request.headers.map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)},`),
  ];
  const options = [
    ...(request.method !== "GET" ? [`method: "${request.method}",`] : []),
    `headers: {\n${headers.map((line) => `    ${line}`).join("\n")}\n  },`,
    ...(request.body !== undefined
      ? [`body: JSON.stringify(${indent(JSON.stringify(request.body, null, 2), 2)}),`]
      : []),
  ];
  return [
    `const response = await fetch(${JSON.stringify(fullUrl(request))}, {`,
    ...options.map((line) => `  ${line}`),
    `});`,
    `const body = await response.json();`,
    `if (!response.ok) throw new Error(\`\${body.error.code}: \${body.error.message}\`);`,
  ].join("\n");
}

/** A JSON value as a Python literal (True/False/None), indented by four. */
export function pythonLiteral(value: unknown, level = 0): string {
  const pad = " ".repeat(4 * (level + 1));
  const close = " ".repeat(4 * level);
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number" || typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, level + 1)},`).join("\n")}\n${close}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return "{}";
  return `{\n${entries
    .map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, level + 1)},`)
    .join("\n")}\n${close}}`;
}

export function pythonExample(request: ExampleRequest): string {
  const headers = [
    `"Authorization": f"Bearer {os.environ['ONEHOP_API_KEY']}",`,
    ...request.headers.map(([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)},`),
  ];
  const args = [
    `${JSON.stringify(request.url)},`,
    `headers={\n${headers.map((line) => `        ${line}`).join("\n")}\n    },`,
    ...(request.query.length
      ? [`params=${pythonLiteral(Object.fromEntries(request.query), 1)},`]
      : []),
    ...(request.body !== undefined ? [`json=${pythonLiteral(request.body, 1)},`] : []),
    "timeout=30,",
  ];
  return [
    "import os",
    "",
    "import requests",
    "",
    `response = requests.${request.method.toLowerCase()}(`,
    ...args.map((line) => `    ${line}`),
    ")",
    "body = response.json()",
    "if not response.ok:",
    `    raise RuntimeError(f"{body['error']['code']}: {body['error']['message']}")`,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------

function operationOf(
  doc: OpenApiDocumentLike,
  path: string,
  method: (typeof methods)[number],
  operation: OperationLike,
  options: ReferenceOptions,
): ReferenceOperation {
  const operationId = operation.operationId ?? `${method}${path}`;
  const { scope, text } = splitScope(operation.description);
  const parameters = operation.parameters ?? [];
  const inPlace = (where: string) =>
    parameters
      .filter((parameter) => parameter.in === where)
      .map((parameter) =>
        field(
          parameter.name,
          parameter.schema,
          parameter.required === true,
          parameter.description ?? parameter.schema?.description,
        ),
      );
  const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
  const upper = method.toUpperCase() as HttpMethod;

  let examplePath = path;
  for (const parameter of parameters.filter((each) => each.in === "path"))
    examplePath = examplePath.replace(
      `{${parameter.name}}`,
      encodeURIComponent(String(sampleOf(parameter.schema, doc))),
    );
  const request: ExampleRequest = {
    method: upper,
    url: `${options.baseUrl.replace(/\/$/, "")}${examplePath}`,
    headers: parameters
      .filter((parameter) => parameter.in === "header" && parameter.schema?.example !== undefined)
      .map((parameter) => [
        parameter.name,
        // One key per request: copying two examples must not reuse a key (that answers 422).
        parameter.name.toLowerCase() === "idempotency-key"
          ? `${operationId}-A-1042`
          : String(parameter.schema!.example),
      ]),
    query: parameters
      .filter(
        (parameter) =>
          parameter.in === "query" &&
          (parameter.required || parameter.schema?.default !== undefined),
      )
      .map((parameter) => [parameter.name, String(sampleOf(parameter.schema, doc))]),
    body: bodySchema ? (options.examples?.[operationId] ?? sampleOf(bodySchema, doc)) : undefined,
  };

  return {
    operationId,
    method: upper,
    path,
    summary: operation.summary ?? operationId,
    description: text,
    scope,
    tag: operation.tags?.[0] ?? "Other",
    pathParameters: inPlace("path"),
    queryParameters: inPlace("query"),
    headerParameters: inPlace("header"),
    body: bodySchema ? { schema: refOf(bodySchema), fields: fieldsOf(bodySchema, doc) } : null,
    responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
      status,
      description: response.description ?? "",
      schema: refOf(response.content?.["application/json"]?.schema),
    })),
    examples: {
      curl: curlExample(request),
      node: nodeExample(request),
      python: pythonExample(request),
    },
  };
}

export function buildApiReference(
  doc: OpenApiDocumentLike,
  options: ReferenceOptions,
): ApiReference {
  const groups: ApiReference["groups"] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const built = operationOf(doc, path, method, operation, options);
      let group = groups.find((each) => each.tag === built.tag);
      if (!group) groups.push((group = { tag: built.tag, operations: [] }));
      group.operations.push(built);
    }
  }
  return {
    title: doc.info?.title ?? "API",
    version: doc.info?.version ?? "",
    description: doc.info?.description ?? "",
    baseUrl: options.baseUrl,
    authentication: Object.values(doc.components?.securitySchemes ?? {}).map((scheme) =>
      [scheme.scheme === "bearer" ? "`Authorization: Bearer <key>`." : "", scheme.description ?? ""]
        .filter(Boolean)
        .join(" "),
    ),
    groups,
    objects: Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      description: schema.description ?? "",
      fields: fieldsOf(schema, doc),
    })),
  };
}
