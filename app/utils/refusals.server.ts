/**
 * The answers the server gives before Remix runs (malformed address 400, body too large 413,
 * unsupported body type 415, broken form data 400, a body too slow to arrive 408): a small
 * self-contained page in the site's colours with a link home (no scripts, so it needs nothing from
 * the build), or `{"error":{"code","message"}}` for API callers. Both carry the security headers.
 */
import type { ServerResponse } from "node:http";
import { company } from "~/content/company";
import {
  API_CONTENT_SECURITY_POLICY,
  baseSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
} from "./security-headers.server";

export type RefusalCode =
  | "bad_request"
  | "malformed_body"
  | "payload_too_large"
  | "unsupported_media_type"
  | "request_timeout";

/**
 * A refusal, ready to send: security headers are added when it is sent (they depend on the scheme).
 */
export interface Refusal {
  status: 400 | 408 | 413 | 415;
  code: RefusalCode;
  json: boolean;
  contentType: string;
  body: string;
}

interface RefusalInput {
  status: Refusal["status"];
  code: RefusalCode;
  title: string;
  message: string;
  advice?: string;
  json: boolean;
}

export function refusal(input: RefusalInput): Refusal {
  if (input.json) {
    return {
      status: input.status,
      code: input.code,
      json: true,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ error: { code: input.code, message: input.message } }),
    };
  }
  return {
    status: input.status,
    code: input.code,
    json: false,
    contentType: "text/html; charset=utf-8",
    body: refusalPage(input),
  };
}

export function isRefusal(value: unknown): value is Refusal {
  return (
    typeof value === "object" &&
    value !== null &&
    "code" in value &&
    "body" in value &&
    "status" in value &&
    !(value instanceof Response)
  );
}

/** The malformed-address answer (`/%`, `/blog/%E0%A4%A`): Express's was a bare "Bad Request". */
/** A request body that stopped arriving, or took too long (request-time-limits.server.ts). */
export function requestTimeout(json: boolean): Refusal {
  return refusal({
    status: 408,
    code: "request_timeout",
    title: "Request timed out",
    message: "The request took too long to arrive, so we stopped waiting for it.",
    advice: "Check your connection and send the form again.",
    json,
  });
}

export function badAddress(json: boolean): Refusal {
  return refusal({
    status: 400,
    code: "bad_request",
    title: "Bad request",
    message:
      "This address is not valid: it contains a broken percent-encoding (a % not followed by a valid character code).",
    advice: "Check the link you followed, or start again from the home page.",
    json,
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const STYLE = [
  "body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;color:#0f172a;background:#fff;line-height:1.5}",
  "header{border-bottom:1px solid #e2e8f0;padding:1rem 1.5rem}",
  "header a{color:#065f46;font-weight:700;font-size:1.25rem;text-decoration:none}",
  "main{max-width:40rem;margin:0 auto;padding:6rem 1.5rem;text-align:center}",
  ".code{font-size:3.75rem;font-weight:700;color:#047857;margin:0}",
  "h1{font-size:1.875rem;margin:1rem 0 0}",
  "p{color:#334155}",
  ".button{display:inline-block;margin-top:2rem;border-radius:.5rem;padding:.625rem 1.25rem;background:#047857;color:#fff;font-weight:600;text-decoration:none}",
  ".button:hover{background:#065f46}",
  "a:focus-visible{outline:3px solid #0f172a;outline-offset:2px}",
].join("");

function refusalPage({ status, title, message, advice }: RefusalInput): string {
  return `<!DOCTYPE html>
<html lang="en-KE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${company.brand}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${company.brand}</a></header>
<main>
<p class="code">${status}</p>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
${advice ? `<p>${escapeHtml(advice)}</p>` : ""}
<a class="button" href="/">Return to Home</a>
<p>Need help? Contact <a href="mailto:${company.supportEmail}">${company.supportEmail}</a>.</p>
</main>
</body>
</html>
`;
}

/**
 * The refusal's complete headers: type, no caching, security headers (the page's CSP allows its
 * inline style).
 */
export function refusalHeaders(refused: Refusal, https: boolean): Record<string, string> {
  return {
    ...baseSecurityHeaders(https),
    "Content-Type": refused.contentType,
    "Content-Length": String(Buffer.byteLength(refused.body)),
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Content-Security-Policy": refused.json
      ? API_CONTENT_SECURITY_POLICY
      : contentSecurityPolicy(createNonce(), https),
  };
}

export function refusalResponse(refused: Refusal, https: boolean): Response {
  return new Response(refused.body, {
    status: refused.status,
    headers: refusalHeaders(refused, https),
  });
}

/** Sends a refusal from the Node server (before Express and Remix run). */
export function writeRefusal(
  res: ServerResponse,
  refused: Refusal,
  https: boolean,
  method = "GET",
): void {
  res.writeHead(refused.status, refusalHeaders(refused, https));
  res.end(method === "HEAD" ? undefined : refused.body);
}
