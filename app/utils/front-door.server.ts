/**
 * What the server (server.mjs) does with every request before Remix
 * (docs/decisions/0016-own-server.md, 0017-request-limits.md):
 *
 * 1. `stampRemoteAddress`: the TCP peer's address goes into `x-onehop-remote-address`, replacing
 *    whatever the client sent under that name (per-client throttling keys on it:
 *    request.server.ts).
 * 2. `screenIncoming`, as soon as the headers arrive and before Express: a malformed address (`/%`)
 *    is answered 400 with our own page, a declared body over the path's limit 413, a body type the
 *    path does not take 415 (utils/body-limit.server.ts). Page-cache hits are answered before this.
 *    A body it lets through is timed: 408 when it pauses too long or arrives too slowly for its
 *    size (utils/request-time-limits.server.ts).
 * 3. `respond`, in front of Remix: refuse cross-site posts with a 403 (`assertSameOrigin`, the one
 *    rule: another site's Origin, Sec-Fetch-Site or Referer, or a signed-in post that shows none
 *    of them; Remix would stop a forged document post itself, but with an empty 500), read the
 *    body within its limit (413 when a chunked body passes it, 400 for broken multipart), then
 *    answer through the page cache (utils/page-cache.server.ts). Every answer leaves with the
 *    security headers, redirects included.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  bodyPolicyFor,
  checkDeclaredBody,
  hasBody,
  limitFor,
  screenBody,
} from "./body-limit.server";
import { logger } from "./logger.server";
import { respondThroughPageCache } from "./page-cache.server";
import { respondThroughPrivateCache } from "./private-page-cache.server";
import {
  badAddress,
  isRefusal,
  refusalResponse,
  requestTimeout,
  writeRefusal,
  type Refusal,
} from "./refusals.server";
import {
  limitBodyTime,
  REQUEST_TIME_LIMITS,
  type RequestTimeLimits,
} from "./request-time-limits.server";
import { assertSameOrigin } from "./request.server";
import { isHttps, servedOverHttps, withSecurityHeaders } from "./security-headers.server";
import { REMOTE_ADDRESS_HEADER } from "./remote-address";

/**
 * The request header carrying the socket's peer address (set by the server, never by the client).
 */

/** Sets the remote-address header from the socket, overwriting any value the client sent. */
export function stampRemoteAddress(req: Pick<IncomingMessage, "headers" | "socket">): void {
  const address = req.socket.remoteAddress;
  if (address) req.headers[REMOTE_ADDRESS_HEADER] = address;
  else delete req.headers[REMOTE_ADDRESS_HEADER];
}

/** Whether every %-escape in the path decodes (`/%`, `/blog/%E0%A4%A` do not). */
export function isDecodablePath(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function wantsJsonAnswer(pathname: string, accept: string | null | undefined): boolean {
  if (bodyPolicyFor(pathname).answer === "json") return true;
  return (accept ?? "").includes("application/json") && !(accept ?? "").includes("text/html");
}

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * How long a refused body is still read (and dropped) so the client reads our answer, not a reset.
 */
const LINGER_MS = 5_000;

/**
 * The checks that need only the request line and headers, run by server.mjs before Express. Answers
 * and returns true when the request is refused; a GET without a body and a clean path pays two
 * string tests.
 */
export function screenIncoming(
  req: IncomingMessage,
  res: ServerResponse,
  timeLimits: RequestTimeLimits = REQUEST_TIME_LIMITS,
): boolean {
  const url = req.url ?? "/";
  const method = req.method ?? "GET";
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const contentLength = single(req.headers["content-length"]);
  const chunked = req.headers["transfer-encoding"] !== undefined;
  let refused: Refusal | undefined;
  if (!isDecodablePath(pathname)) {
    refused = badAddress(wantsJsonAnswer(pathname, single(req.headers.accept)));
  } else if (contentLength !== undefined || chunked || !BODYLESS_METHODS.has(method)) {
    refused = checkDeclaredBody({
      method,
      pathname,
      contentType: single(req.headers["content-type"]),
      contentLength,
      chunked,
      accept: single(req.headers.accept),
    });
  }
  const https = servedOverHttps(
    single(req.headers["x-forwarded-proto"]),
    "encrypted" in req.socket,
  );
  if (!refused) {
    // A body still to come must keep coming (no pause over the idle limit) and be in within its
    // address's deadline; else 408 (request-time-limits.server.ts, ADR 0040).
    if (hasBody({ contentLength, chunked }) && !req.complete) {
      const contentType = single(req.headers["content-type"]);
      const json = wantsJsonAnswer(pathname, single(req.headers.accept));
      limitBodyTime(req, res, {
        maxBytes: limitFor(bodyPolicyFor(pathname), contentType),
        answer: (out) => writeRefusal(out, requestTimeout(json), https, method),
        limits: timeLimits,
      });
    }
    return false;
  }
  writeRefusal(res, refused, https, method);
  // Node reads and drops the unread body after the answer (so the client sees it rather than a
  // reset); a body that keeps coming loses its connection after a few seconds.
  if (!req.complete) {
    const giveUp = setTimeout(() => req.destroy(), LINGER_MS);
    giveUp.unref();
    req.once("end", () => clearTimeout(giveUp));
    req.once("close", () => clearTimeout(giveUp));
  }
  return true;
}

export async function respond(
  request: Request,
  handleWithRemix: (request: Request) => Promise<Response>,
): Promise<Response> {
  try {
    assertSameOrigin(request);
  } catch (refusal) {
    if (!(refusal instanceof Response)) throw refusal;
    logger.warn("cross-site post rejected", {
      path: new URL(request.url).pathname,
      origin: request.headers.get("Origin"),
      referer: request.headers.get("Referer")?.slice(0, 200) ?? null,
      fetchSite: request.headers.get("Sec-Fetch-Site"),
    });
    return withSecurityHeaders(refusal, request);
  }
  const { pathname } = new URL(request.url);
  if (!isDecodablePath(pathname))
    return refusalResponse(
      badAddress(wantsJsonAnswer(pathname, request.headers.get("Accept"))),
      isHttps(request),
    );
  const screened = await screenBody(request);
  if (isRefusal(screened)) return refusalResponse(screened, isHttps(request));
  return respondThroughPageCache(screened, (forRemix) =>
    respondThroughPrivateCache(forRemix, async (signedIn) =>
      withSecurityHeaders(await handleWithRemix(signedIn), signedIn),
    ),
  );
}
