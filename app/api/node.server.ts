/**
 * The API on Node's own request and response (server.mjs calls `serveApi` first): no Express, no
 * Remix, no page machinery between the socket and the handler, so a read costs a key lookup, one
 * indexed query and a JSON string. The body is limited before it is read: a declared length over
 * the route's limit (64 KB unless the route sets its own) is refused at once (413); a chunked body
 * is counted as it arrives and dropped at the limit. A body that stops arriving, or arrives too
 * slowly for its size, is answered 408 (app/utils/request-time-limits.server.ts); a client that
 * goes away mid-body is an info line, not an error.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddressFrom } from "~/utils/client-address.server";
import {
  limitBodyTime,
  REQUEST_TIME_LIMITS,
  requestBodyLost,
  type RequestTimeLimits,
} from "~/utils/request-time-limits.server";
import { errorBody, ApiError } from "./errors.server";
import { API_VERSION_HEADER, CURRENT_API_VERSION } from "~/core/api/versions";
import { handleApiRequest, newRequestId } from "./handle.server";
import { API_PREFIX, matchRoute } from "./routes.server";
import { bodyLimitText, MAX_BODY_BYTES } from "./schemas.server";
import type { ApiDeps, ApiResponse } from "./types.server";

const BODYLESS = new Set(["GET", "HEAD", "DELETE", "OPTIONS"]);

function send(res: ServerResponse, response: ApiResponse): void {
  res.writeHead(response.status, {
    ...response.headers,
    "Content-Length": Buffer.byteLength(response.body),
  });
  res.end(response.body);
}

/** The body limit of the route a request is for: its own, or the API's. */
function bodyLimit(method: string, url: string): number {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).slice(API_PREFIX.length) || "/";
  const match = matchRoute(method, path);
  return (match.kind === "found" && match.route.maxBodyBytes) || MAX_BODY_BYTES;
}

/** An error answered here, before the request reaches the handler. Returns true (answered). */
function answerError(res: ServerResponse, error: ApiError): true {
  const requestId = newRequestId();
  send(res, {
    status: error.status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "Request-Id": requestId,
      [API_VERSION_HEADER]: CURRENT_API_VERSION,
    },
    body: JSON.stringify(errorBody(error, requestId)),
  });
  return true;
}

function tooLarge(res: ServerResponse, req: IncomingMessage, limit: number): void {
  res.setHeader("Connection", "close");
  answerError(
    res,
    new ApiError("body_too_large", `The body is larger than ${bodyLimitText(limit)}.`),
  );
  // Stop reading what is left of it.
  req.resume();
  setTimeout(() => req.destroy(), 5_000).unref();
}

/** The body never came whole: the client went away or was cut off for being too slow. */
const LOST = Symbol("lost");

/**
 * The body as text within `limit` bytes; null when it is larger; LOST when it ended early (the
 * time limits have already answered 408 or logged the client's leaving as an info line).
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | null | typeof LOST> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!done) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    req.on("error", (error) => (requestBodyLost(req) ? resolve(LOST) : reject(error)));
    req.on("close", () => {
      if (!req.complete) resolve(LOST);
    });
  });
}

/** The API's 408: the body stopped arriving, or took too long for its size. */
function requestTimedOut(res: ServerResponse): void {
  answerError(
    res,
    new ApiError("request_timeout", "The request body took too long to arrive. Send it again."),
  );
}

/** Whether this request is the API's: then it is answered here (true), else left to the app. */
export function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  deps: () => ApiDeps,
  timeLimits: RequestTimeLimits = REQUEST_TIME_LIMITS,
): boolean {
  const url = req.url ?? "/";
  const pathname = url.split("?")[0]!;
  if (!(pathname.startsWith(`${API_PREFIX}/`) || pathname === API_PREFIX)) {
    // Under /api but not this version (/api/v2/…, /api/payments): the API's JSON 404, not a page.
    if (pathname !== "/api" && !pathname.startsWith("/api/")) return false;
    req.resume();
    return answerError(
      res,
      new ApiError(
        "route_not_found",
        `No such route: ${req.method ?? "GET"} ${pathname}. The API is at ${API_PREFIX}: see ${API_PREFIX}/openapi.json.`,
      ),
    );
  }
  const method = req.method ?? "GET";
  const declared = Number(req.headers["content-length"] ?? "0");
  const limit = bodyLimit(method, url);
  if (declared > limit) {
    tooLarge(res, req, limit);
    return true;
  }
  const bodyless = BODYLESS.has(method) && !req.headers["transfer-encoding"] && !declared;
  // A body must keep coming and be in within its size's deadline (ADR 0040): else 408.
  if (!bodyless)
    limitBodyTime(req, res, { maxBytes: limit, answer: requestTimedOut, limits: timeLimits });
  void (bodyless ? Promise.resolve("") : readBody(req, limit))
    .then(async (body) => {
      if (body === LOST) return;
      if (body === null) return tooLarge(res, req, limit);
      const headers = req.headers;
      const response = await handleApiRequest(deps(), {
        method,
        url,
        header: (name) => {
          const value = headers[name];
          return Array.isArray(value) ? value[0] : value;
        },
        body,
        // For throttling failed key checks: the socket's address, or its trusted proxies' say.
        clientAddress: clientAddressFrom(
          req.socket.remoteAddress,
          [headers["x-forwarded-for"] ?? []].flat().join(", "),
        ),
      });
      send(res, response);
    })
    .catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
        res.end(
          '{"error":{"type":"api_error","code":"internal_error","message":"Internal error","param":null,"request_id":null}}',
        );
      }
      console.error("[api]", error);
    });
  return true;
}
