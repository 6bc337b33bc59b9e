/**
 * One API request, start to end (issue 13, item 2): Request-Id, browser (CORS) refusal, the route,
 * the key and its scope, the per-key rate limit, the body's type and JSON, strict validation, the
 * idempotency key, the handler, and every failure in the one error shape. Pure over `ApiRequest`
 * and `ApiDeps`: the Node adapter (node.server.ts) and tests drive it the same way.
 */
import type { ZodTypeAny } from "zod";
import { authenticateApiKey, type ApiKeyAuth, type ApiKeyRefusal } from "~/core/api/keys.server";
import { processGone } from "~/utils/server-process.server";
import {
  claimIdempotencyKey,
  completeIdempotency,
  IDEMPOTENCY_KEY_PATTERN,
  releaseIdempotencyKey,
  requestFingerprint,
  type IdempotencyScope,
} from "~/core/api/idempotency.server";
import { teamRoleInfo } from "~/core/accounts/permissions";
import { HEAVY_PER_CALLER, payoutUploadSlots } from "~/utils/heavy-work.server";
import { logger } from "~/utils/logger.server";
import type { ApiErrorCode } from "~/core/api/error-codes";
import {
  API_VERSION_HEADER,
  apiVersions,
  CURRENT_API_VERSION,
  isApiVersion,
  type ApiVersion,
} from "~/core/api/versions";
import { ApiError, errorBody, fromZodError, testModeOnly } from "./errors.server";
import { KEY_FAILURE_LIMIT, keyFailureWaitMs, recordKeyFailure } from "./key-failures.server";
import { takeRequest } from "./rate-limit.server";
import { randomIdBytes } from "~/core/ids.server";
import { API_PREFIX, matchRoute } from "./routes.server";
import { openApiResponse } from "./openapi.server";
import type { ApiDeps, ApiRequest, ApiResponse, ApiResult, ApiRoute } from "./types.server";

/** The version a request names, when it names a known one. */
function askedVersion(request: ApiRequest): ApiVersion | null {
  const asked = request.header(API_VERSION_HEADER.toLowerCase());
  return asked !== undefined && isApiVersion(asked) ? asked : null;
}

export const newRequestId = () => `req_${randomIdBytes(9).toString("base64url")}`;

const keyRefusals: Record<ApiKeyRefusal, [ApiErrorCode, string]> = {
  malformed: ["api_key_invalid", "The API key is not a OneHop key (oh_test_… or oh_live_…)."],
  unknown: ["api_key_invalid", "The API key is not valid."],
  revoked: ["api_key_revoked", "The API key was revoked. Create a new one on the Developers page."],
  expired: ["api_key_expired", "The API key has expired. Create a new one on the Developers page."],
};

async function authenticate(deps: ApiDeps, request: ApiRequest, now: number): Promise<ApiKeyAuth> {
  // An address with too many failed key checks is refused before its key is looked up.
  const waitMs = keyFailureWaitMs(request.clientAddress, now);
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new ApiError(
      "too_many_failed_keys",
      `Too many requests with an invalid API key from this address: at most ${KEY_FAILURE_LIMIT.limit} a minute. Retry after ${seconds} s.`,
      null,
      { "Retry-After": String(seconds) },
    );
  }
  const authorization = request.header("authorization");
  const challenge = { "WWW-Authenticate": 'Bearer realm="OneHop API"' };
  if (!authorization)
    throw new ApiError(
      "api_key_missing",
      "Send your API key as `Authorization: Bearer oh_test_…`.",
      null,
      challenge,
    );
  const match = /^Bearer ([^\s]{1,200})$/.exec(authorization.trim());
  if (!match) {
    recordKeyFailure(request.clientAddress, now);
    throw new ApiError(
      "api_key_invalid",
      "The Authorization header must be `Bearer <your API key>`.",
      null,
      challenge,
    );
  }
  const result = await authenticateApiKey(deps.store, match[1]!, now);
  if (!result.ok) {
    recordKeyFailure(request.clientAddress, now);
    const [code, message] = keyRefusals[result.reason];
    throw new ApiError(code, message, null, challenge);
  }
  return result.key;
}

function parseWith<S extends ZodTypeAny>(schema: S, value: unknown, where: "body" | "query") {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fromZodError(parsed.error, where);
  return parsed.data as unknown;
}

function parseJsonBody(request: ApiRequest): unknown {
  const type = request.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    throw new ApiError(
      "unsupported_media_type",
      "Send the body as JSON with `Content-Type: application/json`.",
    );
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ApiError("invalid_json", "The body must be a JSON object.");
  return body;
}

const json = (status: number, body: unknown, headers: Record<string, string>): ApiResponse => ({
  status,
  headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(body),
});

export async function handleApiRequest(deps: ApiDeps, request: ApiRequest): Promise<ApiResponse> {
  const requestId = newRequestId();
  const now = (deps.now ?? Date.now)();
  const headers: Record<string, string> = {
    "Request-Id": requestId,
    // Until the key is known: the version asked for, if it is one, else the current one.
    [API_VERSION_HEADER]: askedVersion(request) ?? CURRENT_API_VERSION,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
  let idempotency: IdempotencyScope | null = null;
  let stored = false;
  let releaseHeavy: (() => void) | null = null;
  try {
    const queryAt = request.url.indexOf("?");
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const search = new URLSearchParams(queryAt === -1 ? "" : request.url.slice(queryAt + 1));
    const path = pathname.slice(API_PREFIX.length) || "/";
    if (request.method === "OPTIONS" || request.header("origin") !== undefined)
      throw new ApiError(
        "browser_requests_refused",
        "The API does not answer browsers (no CORS): your secret key belongs on your server. Call the API from your backend.",
      );
    if (request.method === "GET" && path === "/openapi.json") return openApiResponse(headers);
    const match = matchRoute(request.method, path);
    if (match.kind === "not_found")
      throw new ApiError(
        "route_not_found",
        `No such route: ${request.method} ${pathname}. See ${API_PREFIX}/openapi.json.`,
      );
    if (match.kind === "method_not_allowed")
      throw new ApiError(
        "method_not_allowed",
        `${pathname} answers ${match.allow.join(", ")}, not ${request.method}.`,
        null,
        { Allow: match.allow.join(", ") },
      );
    const { route, params } = match;

    const asked = request.header(API_VERSION_HEADER.toLowerCase());
    if (asked !== undefined && !isApiVersion(asked))
      throw new ApiError(
        "api_version_invalid",
        `${API_VERSION_HEADER} must be one of ${apiVersions.join(", ")} (or left out: your key's version).`,
        API_VERSION_HEADER,
      );
    const key = await authenticate(deps, request, now);
    const version = asked ?? key.apiVersion;
    headers[API_VERSION_HEADER] = version;
    const limited = takeRequest(key.keyId, deps.rateLimitPerSecond, now);
    Object.assign(headers, limited.headers);
    if (!limited.allowed)
      throw new ApiError(
        "rate_limited",
        `Too many requests for this key: at most ${deps.rateLimitPerSecond} per second. Retry after ${limited.headers["Retry-After"]} s.`,
      );
    if (key.withheldScopes.includes(route.scope))
      throw new ApiError(
        "scope_beyond_role",
        `This key has the ${route.scope} scope, but the member it belongs to no longer has a role that allows it (${teamRoleInfo[key.role].label}). A key never does more than its member: ask an Owner or Admin for a key.`,
      );
    if (!key.scopes.includes(route.scope))
      throw new ApiError("missing_scope", `This key lacks the ${route.scope} scope.`);

    if (route.testOnly && key.mode === "live") throw testModeOnly();

    // A heavy request (a payout file) is one of at most a few per key at once: refused before its
    // Idempotency-Key is claimed, so a retry runs it.
    if (route.heavy) {
      releaseHeavy = payoutUploadSlots.take(`key:${key.keyId}`);
      if (!releaseHeavy)
        throw new ApiError(
          "too_many_concurrent",
          `This key is already sending ${HEAVY_PER_CALLER} payout files that are being checked: wait for one to finish, then retry.`,
          null,
          { "Retry-After": "1" },
        );
    }
    const query = parseQuery(route, search);
    let body: unknown = undefined;
    if (route.method === "POST") {
      // The key is claimed first: a retry with another body is 422 even if that body is invalid.
      const idempotencyKey = request.header("idempotency-key");
      if (idempotencyKey !== undefined) {
        if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
          throw new ApiError(
            "idempotency_key_invalid",
            "Idempotency-Key must be 1 to 255 printable ASCII characters.",
          );
        const scope = { merchantId: key.merchantId, mode: key.mode, key: idempotencyKey };
        // Applied, not yet durable: on disk with the effect (one group commit), before the answer.
        const fingerprint = requestFingerprint(request.method, pathname, request.body);
        let claim = await claimIdempotencyKey(deps.store, scope, fingerprint, now, {
          wait: "applied",
        });
        // Still running in a server process that has since died (kill -9, ADR 0047): take it over.
        if (claim.kind === "in_progress" && processGone(claim.holder))
          claim = await claimIdempotencyKey(deps.store, scope, fingerprint, now, {
            wait: "applied",
            takeOverFrom: claim.holder!,
          });
        if (claim.kind === "replay") {
          // The stored answer may be in the open group commit (a concurrent twin): durable first.
          await deps.store.durable();
          return {
            status: claim.status,
            headers: {
              "Content-Type": "application/json; charset=utf-8",
              ...headers,
              "Idempotent-Replayed": "true",
            },
            body: claim.body,
          };
        }
        if (claim.kind === "mismatch")
          throw new ApiError(
            "idempotency_key_reused",
            "This Idempotency-Key was used with a different request in the last 24 hours. Use a new key for a new request.",
          );
        if (claim.kind === "in_progress")
          throw new ApiError(
            "idempotency_key_in_use",
            "A request with this Idempotency-Key is still being processed. Retry in a moment.",
          );
        idempotency = scope;
      }
      // A big body (10,000 payouts) is validated a slice at a time by its route (`parseBody`).
      if (route.body && route.bodyOptional && request.body.trim() === "")
        body = parseWith(route.body, {}, "body");
      else if (route.body)
        body = route.parseBody
          ? await route.parseBody(parseJsonBody(request))
          : parseWith(route.body, parseJsonBody(request), "body");
      if (!route.body && request.body.trim() !== "") parseJsonBody(request);
    }

    const result: ApiResult = await route.handle({
      deps,
      store: deps.store,
      key,
      params,
      query,
      body,
      requestId,
      now,
      version,
      idempotencyKey: idempotency?.key ?? null,
      async storeResponse(q, response) {
        if (!idempotency) return;
        await completeIdempotency(q, idempotency, {
          status: response.status,
          body: JSON.stringify(response.body),
        });
        stored = true;
      },
    });
    if (idempotency && !stored) {
      const scope = idempotency;
      await deps.store.write(async (q) =>
        completeIdempotency(q, scope, {
          status: result.status,
          body: JSON.stringify(result.body),
        }),
      );
    }
    // The claim and the effect are on disk before the client hears of them.
    if (idempotency) await deps.store.durable();
    return json(result.status, result.body, headers);
  } catch (caught) {
    const error =
      caught instanceof ApiError
        ? caught
        : new ApiError(
            "internal_error",
            `Something went wrong on our side. Retry with the same Idempotency-Key; if it persists, write to us quoting ${requestId}.`,
          );
    if (!(caught instanceof ApiError))
      logger.error("api request failed", {
        requestId,
        error: caught instanceof Error ? (caught.stack ?? caught.message) : String(caught),
      });
    Object.assign(headers, error.headers);
    const answer = errorBody(error, requestId);
    if (idempotency && !stored) {
      // A refusal with nothing done is the request's answer (a retry gets it again); a server
      // error gives the key back so a retry runs the request afresh.
      const scope = idempotency;
      await deps.store.write(async (q) => {
        if (error.status >= 500) await releaseIdempotencyKey(q, scope);
        else
          await completeIdempotency(q, scope, {
            status: error.status,
            body: JSON.stringify(answer),
          });
      });
    }
    if (idempotency) await deps.store.durable();
    return json(error.status, answer, headers);
  } finally {
    releaseHeavy?.();
  }
}

/** The query parameters that are lists, given once per item (`expand[]=refunds&expand[]=…`). */
const REPEATABLE = new Set(["expand[]"]);

function parseQuery(route: ApiRoute, search: URLSearchParams): unknown {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of search) {
    if (REPEATABLE.has(name)) {
      const list = values[name];
      values[name] = Array.isArray(list) ? [...list, value] : [value];
      continue;
    }
    if (name in values) throw new ApiError("parameter_invalid", `${name}: give it once`, name);
    values[name] = value;
  }
  if (!route.query) {
    const names = Object.keys(values);
    if (names.length)
      throw new ApiError(
        "parameter_unknown",
        `Unknown query parameter${names.length > 1 ? "s" : ""}: ${names.join(", ")}.`,
        names[0]!,
      );
    return {};
  }
  return parseWith(route.query, values, "query");
}
