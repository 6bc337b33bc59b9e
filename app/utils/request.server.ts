/** Request facts every action needs: same-origin check, client key for throttling, user agent. */
import { createHash } from "node:crypto";
import { env } from "./env.server";

/**
 * Reject cross-site form posts (CSRF): a browser always sends Origin on POST; when it names another
 * site, or Sec-Fetch-Site says cross-site, answer 403. Requests without either (curl, server-to-server)
 * pass: they carry no victim's cookies.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("Origin");
  const allowed = new Set([new URL(request.url).origin, new URL(env.PUBLIC_SITE_URL).origin]);
  const host = request.headers.get("Host");
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (origin && origin !== "null" && !allowed.has(origin)) throw forbidden("Cross-site request rejected");
  if (origin === "null" || request.headers.get("Sec-Fetch-Site") === "cross-site") {
    throw forbidden("Cross-site request rejected");
  }
}

export function forbidden(message = "Forbidden"): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * A key for per-client throttling. Behind our reverse proxy (TRUST_PROXY=true) it is the client IP from
 * X-Forwarded-For; remix-serve does not expose the socket address, so without a proxy it falls back to
 * a hash of the user agent (see docs/decisions/0007-merchant-auth.md).
 */
export function clientKey(request: Request): string {
  if (env.TRUST_PROXY) {
    const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return `ip:${forwarded}`;
  }
  const agent = request.headers.get("User-Agent") ?? "";
  return `ua:${createHash("sha256").update(agent).digest("base64url").slice(0, 16)}`;
}

export function userAgent(request: Request): string | null {
  return request.headers.get("User-Agent")?.slice(0, 300) ?? null;
}

/** Only our own paths: "/merchant/dashboard" yes; "//evil.com", "https://…", "/\\evil" no. */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  try {
    const url = new URL(value, "http://onehop.invalid");
    if (url.origin !== "http://onehop.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
