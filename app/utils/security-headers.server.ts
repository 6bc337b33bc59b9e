/**
 * Security headers for every response we produce. Documents get a nonce-based CSP: only scripts that
 * carry this request's nonce (Remix's own inline and module scripts) or come from our origin run.
 */
import { randomBytes } from "node:crypto";
import { env } from "./env.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** HTTPS as the client saw it: our proxy's X-Forwarded-Proto, else the connection itself. */
export function servedOverHttps(forwardedProto: string | null | undefined, connectionIsHttps: boolean): boolean {
  if (forwardedProto) return forwardedProto.split(",")[0]?.trim() === "https";
  return connectionIsHttps;
}

export function isHttps(request: Request): boolean {
  return servedOverHttps(request.headers.get("x-forwarded-proto"), new URL(request.url).protocol === "https:");
}

export function contentSecurityPolicy(nonce: string, https: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // sonner injects its stylesheet at run time and React sets style attributes: styles stay inline-able.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    env.isProduction ? "connect-src 'self'" : "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Headers for every response (documents, data, resources). */
export function applyBaseSecurityHeaders(headers: Headers, request: Request): Headers {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (isHttps(request)) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return headers;
}

/** Headers for an HTML document rendered with `nonce`. */
export function applyDocumentSecurityHeaders(headers: Headers, request: Request, nonce: string): Headers {
  applyBaseSecurityHeaders(headers, request);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, isHttps(request)));
  return headers;
}
