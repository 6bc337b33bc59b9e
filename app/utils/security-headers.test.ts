import { describe, expect, it } from "vitest";
import {
  API_CONTENT_SECURITY_POLICY,
  applyBaseSecurityHeaders,
  applyDocumentSecurityHeaders,
  DEFAULT_REFERRER_POLICY,
  effectiveReferrerPolicy,
  withSecurityHeaders,
} from "./security-headers.server";

const request = new Request("http://localhost:3000/pay/pay_abc");

describe("Referrer-Policy: a route's own stricter policy wins", () => {
  it("keeps no-referrer, same-origin and strict-origin; overrides weaker or missing ones", () => {
    expect(effectiveReferrerPolicy("no-referrer")).toBe("no-referrer");
    expect(effectiveReferrerPolicy("same-origin")).toBe("same-origin");
    expect(effectiveReferrerPolicy("Strict-Origin")).toBe("strict-origin");
    expect(effectiveReferrerPolicy("unsafe-url")).toBe(DEFAULT_REFERRER_POLICY);
    expect(effectiveReferrerPolicy("no-referrer-when-downgrade")).toBe(DEFAULT_REFERRER_POLICY);
    expect(effectiveReferrerPolicy(null)).toBe(DEFAULT_REFERRER_POLICY);
    // A list: browsers use the last policy they know.
    expect(effectiveReferrerPolicy("unsafe-url, no-referrer")).toBe("no-referrer");
    expect(effectiveReferrerPolicy("no-referrer, unsafe-url")).toBe(DEFAULT_REFERRER_POLICY);
  });

  it("a document whose route set no-referrer (/pay/:id) keeps it", () => {
    const headers = applyDocumentSecurityHeaders(
      new Headers({ "Referrer-Policy": "no-referrer" }),
      request,
      "nonce",
    );
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(headers.get("Content-Security-Policy")).toContain("'nonce-nonce'");
    expect(applyBaseSecurityHeaders(new Headers(), request).get("Referrer-Policy")).toBe(
      DEFAULT_REFERRER_POLICY,
    );
  });
});

describe("withSecurityHeaders (redirects and resources)", () => {
  it("dresses a redirect with the base headers and a CSP that allows nothing", () => {
    const redirect = withSecurityHeaders(
      new Response(null, { status: 302, headers: { Location: "/merchant-signin" } }),
      request,
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/merchant-signin");
    expect(redirect.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(redirect.headers.get("X-Frame-Options")).toBe("DENY");
    expect(redirect.headers.get("Referrer-Policy")).toBe(DEFAULT_REFERRER_POLICY);
    expect(redirect.headers.get("Content-Security-Policy")).toBe(API_CONTENT_SECURITY_POLICY);
    expect(redirect.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("copies a response whose headers are immutable (Response.redirect), and adds HSTS over https", () => {
    const https = new Request("http://localhost:3000/x", {
      headers: { "X-Forwarded-Proto": "https" },
    });
    const redirect = withSecurityHeaders(
      Response.redirect("https://localhost:3000/merchant-signin", 303),
      https,
    );
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("Location")).toBe("https://localhost:3000/merchant-signin");
    expect(redirect.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(redirect.headers.get("Content-Security-Policy")).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it("leaves an HTML resource's own CSP choice and an already dressed response alone", () => {
    const html = withSecurityHeaders(
      new Response("<p>hi</p>", { headers: { "Content-Type": "text/html" } }),
      request,
    );
    expect(html.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(html.headers.get("Content-Security-Policy")).toBeNull();
    const dressed = new Response("x", {
      headers: {
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'self'",
      },
    });
    expect(withSecurityHeaders(dressed, request)).toBe(dressed);
  });
});

describe("withSecurityHeaders on data responses", () => {
  it("adds the CSP to a response that has nosniff but no CSP (a single-fetch .data redirect)", () => {
    const data = new Response("[]", {
      status: 202,
      headers: { "X-Content-Type-Options": "nosniff", "X-Remix-Redirect": "/merchant-signin" },
    });
    expect(withSecurityHeaders(data, request).headers.get("Content-Security-Policy")).toBe(
      API_CONTENT_SECURITY_POLICY,
    );
  });
});
