/**
 * Every API answer the tests get is checked against the OpenAPI document (issue 32, item 1), so the
 * document and the API cannot drift apart: the status must be one the operation declares, the body
 * must match that response's schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses), and the headers
 * the document marks required must be there. `startApiServer`'s `call` runs it on every answer.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { buildOpenApiDocument } from "~/api/openapi.server";
import { API_PREFIX } from "~/api/routes.server";

interface Response {
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: object }>;
}
interface Operation {
  operationId: string;
  responses: Record<string, Response>;
}
type Document = ReturnType<typeof buildOpenApiDocument> & {
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, { required?: boolean }> };
};

const ROOT = "https://onehop.test/openapi.json";

let state:
  | {
      doc: Document;
      ajv: Ajv2020;
      templates: { pattern: RegExp; path: string }[];
      validators: Map<string, ValidateFunction>;
    }
  | undefined;

function load() {
  if (state) return state;
  const doc = buildOpenApiDocument() as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: ROOT, components: doc.components });
  const templates = Object.keys(doc.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
  }));
  state = { doc, ajv, templates, validators: new Map() };
  return state;
}

/** The ajv validator of a schema of the document (compiled once). */
function validatorOf(schema: object): ValidateFunction {
  const { ajv, validators } = load();
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    // The document's refs are `#/components/...`: resolve them against the registered root.
    const rooted = JSON.parse(key.replaceAll('"#/components/', `"${ROOT}#/components/`));
    validate = ajv.compile(rooted as object);
    validators.set(key, validate);
  }
  return validate;
}

const errorRef = { $ref: "#/components/schemas/Error" };

/**
 * What the document and an answer disagree on (empty when it conforms). `url` is the path and
 * query under the site (`/api/v1/payments?limit=2`).
 */
export function answerProblems(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  body: unknown,
): string[] {
  const { doc, templates } = load();
  const pathname = url.split("?")[0]!;
  if (!pathname.startsWith(API_PREFIX)) return [];
  const path = pathname.slice(API_PREFIX.length) || "/";
  if (method === "GET" && path === "/openapi.json") return [];
  const where = `${method} ${path} → ${status}`;
  const problems: string[] = [];
  if (!headers.get("request-id")) problems.push(`${where}: no Request-Id header`);
  const template = templates.find((each) => each.pattern.test(path));
  const operation = template && doc.paths[template.path]![method.toLowerCase()];
  let schema: object = errorRef;
  if (operation) {
    const response = operation.responses[String(status)];
    if (!response) {
      problems.push(`${where}: status ${status} is not in ${operation.operationId}'s responses`);
      return problems;
    }
    const content = response.content?.["application/json"]?.schema;
    if (content) schema = content;
    for (const [name, ref] of Object.entries(response.headers ?? {})) {
      const declared = doc.components.headers[ref.$ref.split("/").at(-1)!];
      if (declared?.required && !headers.get(name))
        problems.push(`${where}: required header ${name} is missing`);
    }
  } else if (status === 403 && method !== "OPTIONS") {
    problems.push(`${where}: no such operation in the document`);
  } else if (![403, 404, 405, 408, 413].includes(status)) {
    problems.push(`${where}: no such operation in the document`);
  }
  const validate = validatorOf(schema);
  if (!validate(body))
    problems.push(
      `${where}: the body does not match the document: ${load().ajv.errorsText(validate.errors, {
        separator: "; ",
      })}`,
    );
  return problems;
}
