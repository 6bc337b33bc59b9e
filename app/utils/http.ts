/**
 * Response header helpers shared by routes. Public pages that are the same for every visitor are
 * cacheable by a CDN; anything that carries a flash message or a session is private.
 */
import type { HeadersFunction } from "@remix-run/node";

export const PUBLIC_PAGE_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * `export const headers = publicPageHeaders;` on a public page. If the root decided the response is
 * private (a flash message was rendered), that wins.
 */
export const publicPageHeaders: HeadersFunction = ({ parentHeaders }) => {
  const parent = parentHeaders.get("Cache-Control");
  if (parent && parent.includes("no-store")) return { "Cache-Control": parent };
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
};

/** `export const headers = privatePageHeaders;` on pages that depend on the signed-in user. */
export const privatePageHeaders: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });

/**
 * Set on a signed-in page the server may keep for a few seconds for the same session
 * (utils/private-page-cache.server.ts); it never leaves the server.
 */
export const PRIVATE_CACHE_HEADER = "X-OneHop-Private-Cache";

/**
 * `export const headers = privateCachedPageHeaders;` on a signed-in page that only reads (the
 * dashboard, lists): private to the browser, and kept by the server per session until the next
 * database write (docs/decisions/0025-private-page-cache.md).
 */
export const privateCachedPageHeaders: HeadersFunction = () => ({
  "Cache-Control": PRIVATE_NO_STORE,
  [PRIVATE_CACHE_HEADER]: "1",
});

/**
 * For pages whose loader decides the caching (e.g. until the next rates refresh): the loader's
 * Cache-Control, unless the root made the response private (a flash message).
 */
export const loaderCacheHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const parent = parentHeaders.get("Cache-Control");
  if (parent?.includes("no-store")) return { "Cache-Control": parent };
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store" };
};

/**
 * A 404 response to throw from a loader or action (the root's error boundary shows "Page not
 * found").
 */
export function notFound(message = "Not Found", init?: ResponseInit): Response {
  return new Response(message, { status: 404, ...init });
}

/** A 403 response to throw from a loader or action (the shell shows "Access denied"). */
export function forbidden(message = "Forbidden", init?: ResponseInit): Response {
  return new Response(message, { status: 403, ...init });
}

/**
 * `invariantResponse(payment, "Payment not found")`: when `condition` is falsy, throw a Response
 * with `message`, 404 unless `init` sets another status; afterwards TypeScript knows `condition`
 * holds.
 */
export function invariantResponse(
  condition: unknown,
  message: string,
  init?: ResponseInit,
): asserts condition {
  if (!condition) throw notFound(message, init);
}
