/**
 * Security headers for every response we produce. Documents get a nonce-based CSP: only scripts
 * that carry this request's nonce (Remix's own inline and module scripts) or come from our origin
 * run.
 */
import { randomBytes } from "node:crypto";
import { env } from "./env.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** HTTPS as the client saw it: our proxy's X-Forwarded-Proto, else the connection itself. */
export function servedOverHttps(
  forwardedProto: string | null | undefined,
  connectionIsHttps: boolean,
): boolean {
  if (forwardedProto) return forwardedProto.split(",")[0]?.trim() === "https";
  return connectionIsHttps;
}

export function isHttps(request: Request): boolean {
  return servedOverHttps(
    request.headers.get("x-forwarded-proto"),
    new URL(request.url).protocol === "https:",
  );
}

export function contentSecurityPolicy(nonce: string, https: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // sonner injects its stylesheet at run time and React sets style attributes: styles stay
    // inline-able.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    env.isProduction
      ? "connect-src 'self'"
      : "connect-src 'self' ws://localhost:* ws://127.0.0.1:*",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ];
  if (https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Our Referrer-Policy; a route may set a stricter one of its own (e.g. /pay/:id: no-referrer). */
export const DEFAULT_REFERRER_POLICY = "strict-origin-when-cross-origin";
/** The policies that leak less than ours: a route's own one of these wins. */
const STRICTER_REFERRER_POLICIES = new Set(["no-referrer", "same-origin", "strict-origin"]);

/**
 * The Referrer-Policy to send when a route set `own`: the route's when it is stricter than ours,
 * else ours (a weaker one, such as unsafe-url, is overridden). A header may list fallbacks;
 * browsers use the last one they know, so that one is compared.
 */
export function effectiveReferrerPolicy(own: string | null | undefined): string {
  const last = own
    ?.split(",")
    .map((policy) => policy.trim().toLowerCase())
    .filter(Boolean)
    .at(-1);
  return last && STRICTER_REFERRER_POLICIES.has(last) ? last : DEFAULT_REFERRER_POLICY;
}

/**
 * For responses that are not our HTML documents (redirects, JSON, refusals): nothing may load or
 * frame them.
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers every response carries (documents, data, resources, redirects), as a plain object.
 */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": DEFAULT_REFERRER_POLICY,
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * Headers for every response (documents, data, resources). A route's stricter Referrer-Policy
 * stays.
 */
export function applyBaseSecurityHeaders(headers: Headers, request: Request): Headers {
  const own = headers.get("Referrer-Policy");
  for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps(request))))
    headers.set(name, value);
  headers.set("Referrer-Policy", effectiveReferrerPolicy(own));
  return headers;
}

/**
 * For responses the document and data entries did not dress (redirects from loaders and actions,
 * resource routes, the front door's own answers): the base headers, and a CSP that allows nothing
 * unless the response is HTML (an HTML resource keeps what it set). Responses that already carry
 * both nosniff and a CSP (our documents) pass unchanged.
 */
export function withSecurityHeaders(response: Response, request: Request): Response {
  if (
    response.headers.has("X-Content-Type-Options") &&
    response.headers.has("Content-Security-Policy")
  )
    return response;
  const dress = (headers: Headers) => {
    applyBaseSecurityHeaders(headers, request);
    const html = /^text\/html/i.test(headers.get("Content-Type") ?? "");
    if (!headers.has("Content-Security-Policy") && !html)
      headers.set("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
  };
  try {
    dress(response.headers);
    return response;
  } catch {
    // Immutable headers (Response.redirect(), a fetched response): answer with a copy.
    const headers = new Headers(response.headers);
    dress(headers);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
}

/** Headers for an HTML document rendered with `nonce`. */
export function applyDocumentSecurityHeaders(
  headers: Headers,
  request: Request,
  nonce: string,
): Headers {
  applyBaseSecurityHeaders(headers, request);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, isHttps(request)));
  return headers;
}
