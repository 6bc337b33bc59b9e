/** Request facts every action needs: same-origin check, client key for throttling, user agent. */
import type { HeadersFunction } from "@remix-run/node";
import { clientAddress, clientKeyFor } from "./client-address.server";
import { carriesCookie, cookieNames } from "./cookie-names";
import { privatePageHeaders } from "./http";

/**
 * The host a same-origin post names in its Origin: what Remix compares it with before any action
 * (X-Forwarded-Host's first value, else Host), else the request URL's.
 */
function servedHost(request: Request): string {
  const forwarded = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("Host") || new URL(request.url).host;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** What a request's headers show about where it was sent from. */
export type RequestSource = "same-site" | "cross-site" | "unknown";

/**
 * Where a request came from, by the first header that says: `Sec-Fetch-Site: cross-site`, then
 * `Origin` ("null" or another host than the one the request was sent to: the same test as Remix's
 * own), then, without Origin, `Sec-Fetch-Site` (same-origin, same-site, none) and then `Referer`
 * (its host against ours; one that does not parse is cross-site). "unknown" when none is present.
 */
export function requestSource(request: Request): RequestSource {
  const fetchSite = request.headers.get("Sec-Fetch-Site")?.trim().toLowerCase();
  if (fetchSite === "cross-site") return "cross-site";
  const origin = request.headers.get("Origin");
  if (origin !== null)
    return origin !== "null" && originHost(origin) === servedHost(request)
      ? "same-site"
      : "cross-site";
  if (fetchSite === "same-origin" || fetchSite === "same-site" || fetchSite === "none")
    return "same-site";
  const referer = request.headers.get("Referer");
  if (referer) return originHost(referer) === servedHost(request) ? "same-site" : "cross-site";
  return "unknown";
}

/** Whether the request carries a merchant or operator session cookie (is cookie-authenticated). */
export function carriesSessionCookie(request: Request): boolean {
  return carriesCookie(
    request.headers.get("Cookie"),
    cookieNames.merchantSession,
    cookieNames.operatorSession,
  );
}

/**
 * The one same-origin rule for state-changing requests (CSRF; issue 27, item 12; ADR 0004), run by
 * the front door before Remix and again by the session guards and actions:
 *
 * - GET and HEAD pass (they change nothing).
 * - A request whose headers show another site (`requestSource`: Origin, Sec-Fetch-Site, or Referer
 *   when Origin is missing) is refused with 403.
 * - A request carrying a session cookie must show it came from our site: with neither Origin,
 *   Referer nor Sec-Fetch-Site (curl, a script holding a cookie) it is refused with 403. Browsers
 *   send Origin on every POST, so our own forms always pass.
 * - A request without a session cookie and without any of those headers passes: provider
 *   callbacks and the bearer-key API carry no victim's cookies.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const source = requestSource(request);
  if (source === "cross-site") throw forbidden("Cross-site request rejected");
  if (source === "unknown" && carriesSessionCookie(request))
    throw forbidden(
      "Cross-site request rejected: a signed-in request must show where it comes from (Origin header)",
    );
}

export function forbidden(message = "Forbidden"): Response {
  return new Response(message, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * A key for per-client throttling: the client's address (the socket's, or the right-most untrusted
 * X-Forwarded-For hop behind a TRUST_PROXY proxy; IPv6 by /64), `ip:unknown` when the request did
 * not come through server.mjs. Never the User-Agent: anyone can change it, and many share one.
 */
export function clientKey(request: Request): string {
  return clientKeyFor(request);
}

/** `Retry-After` in whole seconds (at least 1) for a wait in milliseconds. */
export function retryAfterHeader(ms: number): { "Retry-After": string } {
  return { "Retry-After": String(Math.max(1, Math.ceil(ms / 1000))) };
}

/**
 * `headers` for a private page whose action may refuse with 429: the page is never stored, and the
 * action's Retry-After reaches the browser on the rendered page too (a form posted without
 * JavaScript).
 */
export const privatePageHeadersWithRetryAfter: HeadersFunction = (args) => {
  const headers = new Headers(privatePageHeaders(args));
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export function userAgent(request: Request): string | null {
  return request.headers.get("User-Agent")?.slice(0, 300) ?? null;
}

const REDIRECT_BASE = "http://onehop.invalid";
/** Whitespace, control characters and backslashes: browsers drop or turn these into "/" in URLs. */
const UNSAFE_IN_URL =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;
/** Exactly one "/" then something that is neither "/" nor "\" (or the bare "/"). */
const LOCAL_PATH = /^\/(?![/\\])/;

/**
 * The value percent-decoded until it stops changing (at most 4 rounds); null when it will not
 * decode.
 */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * Only our own paths: "/merchant/dashboard?tab=1" yes; "//evil.com", "/.//evil.com",
 * "/%2e//evil.com", "/\\evil.com", "/<TAB>/evil.com", "/%5Cevil.com", "https://…", "javascript:…"
 * no (the fallback). The value is resolved the way a browser would, and the result is checked
 * again, decoded: it must start with exactly one "/" followed by neither "/" nor "\\", stay on our
 * origin, and be stable.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (
    typeof value !== "string" ||
    value.length > 2048 ||
    !LOCAL_PATH.test(value) ||
    UNSAFE_IN_URL.test(value)
  )
    return fallback;
  let url: URL;
  try {
    url = new URL(value, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE || url.username || url.password) return fallback;
  const result = url.pathname + url.search + url.hash;
  // Re-check after normalising ("/./" and "/../" collapse, "%2e" is a dot), raw and fully decoded.
  const decodedPath = fullyDecoded(url.pathname);
  if (
    !LOCAL_PATH.test(result) ||
    decodedPath === null ||
    !LOCAL_PATH.test(decodedPath) ||
    UNSAFE_IN_URL.test(decodedPath)
  ) {
    return fallback;
  }
  // Decoded, it must still resolve to a local path ("/%252e%252e//evil.com" decodes to
  // "/..//evil.com").
  const decoded = new URL(decodedPath, REDIRECT_BASE);
  if (decoded.origin !== REDIRECT_BASE || !LOCAL_PATH.test(decoded.pathname)) return fallback;
  // The answer must mean the same thing when it is resolved again (by the browser, from our page).
  const again = new URL(result, REDIRECT_BASE);
  if (again.origin !== REDIRECT_BASE || again.pathname + again.search + again.hash !== result)
    return fallback;
  return result;
}

/** Where a request came from, for security events and sessions (display only, never trust). */
export function requestOrigin(request: Request): {
  ipAddress: string | null;
  userAgent: string | null;
} {
  return { ipAddress: clientAddress(request), userAgent: userAgent(request) };
}
