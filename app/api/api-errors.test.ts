/**
 * The merchant API's refusals through real HTTP (issue 13, "Bad input"): keys (missing, malformed,
 * unknown, revoked, expired, wrong mode, without the scope, another merchant's data), amounts,
 * bodies (unknown and missing fields, invalid JSON, arrays, wrong type, 1 MB with and without a
 * length), return URLs and networks, browsers (CORS), routes and methods, the per-key rate limit,
 * and test mode where the simulators do not run. Each answer is the one error shape with the
 * Request-Id header equal to its `request_id`.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { revokeApiKey } from "~/core/api/keys.server";
import { expectApiError, expectOk, setUpApi, type ApiAnswer } from "../../tests/support/api-server";
import { testStore } from "../../tests/setup/db";

const SHOP = "MRC-AEEA22";
const OTHER = "MRC-AEEB22";
const f = setUpApi([SHOP, OTHER]);

const order = (overrides: Record<string, unknown> = {}) => ({
  amount: 250000,
  currency: "KES",
  asset: "USDT",
  reference: "E-1",
  ...overrides,
});

const authError = (code: string) => ({ status: 401, type: "authentication_error", code }) as const;
const invalid = (param: string | null, code = "parameter_invalid") =>
  ({ status: 400, type: "invalid_request_error", code, param }) as const;

function expectChallenge(answer: ApiAnswer) {
  expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="OneHop API"');
}

describe("API keys", () => {
  it("a request without a key is 401 api_key_missing with a Bearer challenge", async () => {
    const answer = await f.call("GET", "/api/v1/payments");
    expectApiError(answer, authError("api_key_missing"));
    expectChallenge(answer);
  });

  it("a malformed Authorization header or key is 401 api_key_invalid", async () => {
    const good = f.newKey(SHOP, "test").secret;
    for (const authorization of [
      `Basic ${Buffer.from("user:pass").toString("base64")}`,
      `Bearer`,
      `Bearer ${good} extra`,
      `Bearer oh_test_short`,
      `Bearer oh_prod_${"a".repeat(32)}`,
    ]) {
      const answer = await f.call("GET", "/api/v1/payments", {
        headers: { Authorization: authorization },
      });
      expectApiError(answer, authError("api_key_invalid"));
      expectChallenge(answer);
    }
  });

  it("a well-formed key nobody made is 401 api_key_invalid", async () => {
    const answer = await f.call("GET", "/api/v1/payments", { key: `oh_live_${"Z".repeat(32)}` });
    expectApiError(answer, authError("api_key_invalid"));
    expectChallenge(answer);
  });

  it("a revoked key is refused at once", async () => {
    const { secret, id } = f.newKey(SHOP, "live");
    expectOk(await f.call("GET", "/api/v1/payments", { key: secret }));
    expect(
      await testStore(f.db).write((q) =>
        revokeApiKey(q, { merchantId: SHOP, keyId: id, revokedBy: "usr_x", now: f.h.clock.now }),
      ),
    ).toBe(true);
    expectApiError(
      await f.call("GET", "/api/v1/payments", { key: secret }),
      authError("api_key_revoked"),
    );
  });

  it("an expired key is refused; one expiring later still works", async () => {
    for (const expiresAt of [f.h.clock.now - 60_000, f.h.clock.now]) {
      const expired = f.newKey(SHOP, "test", { expiresAt }).secret;
      expectApiError(
        await f.call("GET", "/api/v1/payments", { key: expired }),
        authError("api_key_expired"),
      );
    }
    const later = f.newKey(SHOP, "test", { expiresAt: f.h.clock.now + 60_000 }).secret;
    expectOk(await f.call("GET", "/api/v1/payments", { key: later }));
  });

  it("test and live data are apart: the other mode's payment is 404 and never listed", async () => {
    const test = f.newKey(SHOP, "test").secret;
    const live = f.newKey(SHOP, "live").secret;
    const testPayment = expectOk(
      await f.call("POST", "/api/v1/payments", { key: test, body: order() }),
      201,
    );
    const livePayment = expectOk(
      await f.call("POST", "/api/v1/payments", { key: live, body: order() }),
      201,
    );
    expect(testPayment.livemode).toBe(false);
    expect(livePayment.livemode).toBe(true);

    const missing = { status: 404, type: "not_found_error", code: "resource_missing", param: "id" };
    expectApiError(
      await f.call("GET", `/api/v1/payments/${testPayment.id}`, { key: live }),
      missing,
    );
    expectApiError(
      await f.call("GET", `/api/v1/payments/${livePayment.id}`, { key: test }),
      missing,
    );
    expectApiError(
      await f.call("POST", `/api/v1/payments/${testPayment.id}/cancel`, { key: live }),
      missing,
    );

    const liveList = expectOk(await f.call("GET", "/api/v1/payments?limit=100", { key: live }));
    const liveIds = liveList.data.map((p: { id: string }) => p.id);
    expect(liveIds).toContain(livePayment.id);
    expect(liveIds).not.toContain(testPayment.id);
    expect(liveList.data.every((p: { livemode: boolean }) => p.livemode)).toBe(true);
    const testList = expectOk(await f.call("GET", "/api/v1/payments?limit=100", { key: test }));
    expect(testList.data.map((p: { id: string }) => p.id)).not.toContain(livePayment.id);

    const liveEvents = expectOk(await f.call("GET", "/api/v1/events?limit=100", { key: live }));
    const eventPayments = liveEvents.data.map(
      (event: { data: { object?: { id: string } } }) => event.data.object?.id,
    );
    expect(eventPayments).toContain(livePayment.id);
    expect(eventPayments).not.toContain(testPayment.id);
    expectApiError(
      await f.call("GET", `/api/v1/payments?starting_after=${testPayment.id}`, { key: live }),
      { ...missing, param: "starting_after" },
    );
  });

  it("a key without the route's scope is 403 missing_scope", async () => {
    const reader = f.newKey(SHOP, "test", { scopes: ["payments:read"] }).secret;
    expectOk(await f.call("GET", "/api/v1/payments", { key: reader }));
    expectApiError(await f.call("POST", "/api/v1/payments", { key: reader, body: order() }), {
      status: 403,
      type: "permission_error",
      code: "missing_scope",
    });
    expectApiError(await f.call("GET", "/api/v1/balances", { key: reader }), {
      status: 403,
      type: "permission_error",
      code: "missing_scope",
    });
    const writer = f.newKey(SHOP, "test", { scopes: ["payments:write"] }).secret;
    expectApiError(await f.call("GET", "/api/v1/payments", { key: writer }), {
      status: 403,
      type: "permission_error",
      code: "missing_scope",
    });
  });

  it("another merchant's payment is 404 (not 403) and is not canceled", async () => {
    const mine = f.newKey(SHOP, "live").secret;
    const theirs = f.newKey(OTHER, "live").secret;
    const payment = expectOk(
      await f.call("POST", "/api/v1/payments", { key: theirs, body: order() }),
      201,
    );
    const missing = { status: 404, type: "not_found_error", code: "resource_missing", param: "id" };
    expectApiError(await f.call("GET", `/api/v1/payments/${payment.id}`, { key: mine }), missing);
    expectApiError(
      await f.call("POST", `/api/v1/payments/${payment.id}/cancel`, { key: mine }),
      missing,
    );
    const still = expectOk(await f.call("GET", `/api/v1/payments/${payment.id}`, { key: theirs }));
    expect(still.status).toBe("awaiting_payment");
    const list = expectOk(await f.call("GET", "/api/v1/payments?limit=100", { key: mine }));
    expect(list.data.map((p: { id: string }) => p.id)).not.toContain(payment.id);
  });
});

/** The whole answer of a node:http request, as `call` gives it. */
function readAnswer(res: IncomingMessage): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers))
        if (typeof value === "string") headers.set(name, value);
      resolve({ status: res.statusCode ?? 0, headers, text, json: JSON.parse(text) as unknown });
    });
    res.on("error", reject);
  });
}

describe("amounts", () => {
  const post = (body: unknown) =>
    f.call("POST", "/api/v1/payments", { key: f.newKey(SHOP, "live").secret, body });

  it.each([
    ["a float", 2500.5],
    ["a float of cents", 250000.5],
    ["negative", -250000],
    ["zero", 0],
    ["a string with a space", " 2500"],
    ["a numeric string", "250000"],
    ["not whole shillings", 150],
    ["null", null],
  ])("refuses an amount that is %s (400, param amount)", async (_name, amount) => {
    expectApiError(await post(order({ amount })), invalid("amount"));
  });

  it("below the minimum is 422 amount_too_small; above the maximum 422 amount_too_large", async () => {
    expectApiError(await post(order({ amount: 40_000 })), {
      status: 422,
      type: "invalid_request_error",
      code: "amount_too_small",
      param: "amount",
    });
    expectApiError(await post(order({ amount: 500_000_100 })), {
      status: 422,
      type: "invalid_request_error",
      code: "amount_too_large",
      param: "amount",
    });
  });
});

describe("request bodies", () => {
  const key = () => f.newKey(SHOP, "live").secret;

  it("refuses unknown fields and names them", async () => {
    const answer = await f.call("POST", "/api/v1/payments", {
      key: key(),
      body: order({ colour: "red" }),
    });
    expectApiError(answer, invalid("colour", "parameter_unknown"));
    expect(answer.json.error.message).toContain("colour");

    const query = await f.call("GET", "/api/v1/payments?sort=asc", { key: key() });
    expectApiError(query, invalid("sort", "parameter_unknown"));
    expect(query.json.error.message).toContain("sort");
  });

  it("names a missing required field", async () => {
    const { reference: _omitted, ...body } = order();
    const answer = await f.call("POST", "/api/v1/payments", { key: key(), body });
    expectApiError(answer, invalid("reference", "parameter_missing"));
    expect(answer.json.error.message).toContain("reference");
  });

  it("refuses invalid JSON and a JSON array (400 invalid_json)", async () => {
    const headers = { "Content-Type": "application/json" };
    for (const body of ['{"amount": 250000,', "[1, 2]", "null", '"text"', ""])
      expectApiError(
        await f.call("POST", "/api/v1/payments", { key: key(), body, headers }),
        invalid(null, "invalid_json"),
      );
  });

  it("refuses a body that is not JSON by its content type (415)", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonx"])
      expectApiError(
        await f.call("POST", "/api/v1/payments", {
          key: key(),
          body: JSON.stringify(order()),
          headers: { "Content-Type": type },
        }),
        { status: 415, type: "invalid_request_error", code: "unsupported_media_type" },
      );
    // Parameters on the JSON type are fine.
    expectOk(
      await f.call("POST", "/api/v1/payments", {
        key: key(),
        body: JSON.stringify(order()),
        headers: { "Content-Type": "application/json; charset=utf-8" },
      }),
      201,
    );
  });

  const megabyte = () => JSON.stringify(order({ description: "x".repeat(1024 * 1024) }));

  it("refuses a 1 MB body sent with its length (413 body_too_large)", async () => {
    const answer = await f.call("POST", "/api/v1/payments", {
      key: key(),
      body: megabyte(),
      headers: { "Content-Type": "application/json" },
    });
    expectApiError(answer, { status: 413, type: "invalid_request_error", code: "body_too_large" });
  });

  it("refuses a declared length over 64 KB before the body is sent", async () => {
    const url = new URL(`${f.api.url}/api/v1/payments`);
    // Only the headers go out: the answer must not wait for the megabyte they announce.
    const answer = await new Promise<ApiAnswer>((resolve, reject) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: {
          Authorization: `Bearer ${key()}`,
          "Content-Type": "application/json",
          "Content-Length": String(1024 * 1024),
        },
      });
      req.on("response", (res) => resolve(readAnswer(res)));
      req.on("error", reject);
      req.flushHeaders();
    });
    expectApiError(answer, { status: 413, type: "invalid_request_error", code: "body_too_large" });
  });

  it("refuses a 1 MB body sent chunked, without a length (413 body_too_large)", async () => {
    const url = new URL(`${f.api.url}/api/v1/payments`);
    const body = megabyte();
    const answer = await new Promise<ApiAnswer>((resolve) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: {
            Authorization: `Bearer ${key()}`,
            "Content-Type": "application/json",
            "Transfer-Encoding": "chunked",
          },
        },
        (res) => resolve(readAnswer(res)),
      );
      // The server may close the connection before all of it was sent: only the answer counts.
      req.on("error", () => {});
      expect(req.getHeader("content-length")).toBeUndefined();
      Readable.from(
        (function* () {
          for (let at = 0; at < body.length; at += 16 * 1024) yield body.slice(at, at + 16 * 1024);
        })(),
      ).pipe(req);
    });
    expectApiError(answer, { status: 413, type: "invalid_request_error", code: "body_too_large" });
  });

  it("success_url must be https with a live key; http is allowed with a test key", async () => {
    const http = "http://localhost:8080/thanks";
    expectApiError(
      await f.call("POST", "/api/v1/payments", {
        key: f.newKey(SHOP, "live").secret,
        body: order({ success_url: http }),
      }),
      invalid("success_url"),
    );
    expectApiError(
      await f.call("POST", "/api/v1/payments", {
        key: f.newKey(SHOP, "live").secret,
        body: order({ cancel_url: "http://shop.example.co.ke/cart" }),
      }),
      invalid("cancel_url"),
    );
    const created = expectOk(
      await f.call("POST", "/api/v1/payments", {
        key: f.newKey(SHOP, "test").secret,
        body: order({ success_url: http }),
      }),
      201,
    );
    expect(created.success_url).toBe(http);
    expectApiError(
      await f.call("POST", "/api/v1/payments", {
        key: f.newKey(SHOP, "test").secret,
        body: order({ success_url: "javascript:alert(1)" }),
      }),
      invalid("success_url"),
    );
  });

  it("refuses a network the asset is not paid on", async () => {
    const answer = await f.call("POST", "/api/v1/payments", {
      key: key(),
      body: order({ network: "bitcoin" }),
    });
    expectApiError(answer, invalid("network"));
    expect(answer.json.error.message).toContain("ethereum");
    expectOk(
      await f.call("POST", "/api/v1/payments", {
        key: key(),
        body: order({ network: "ethereum" }),
      }),
      201,
    );
  });
});

describe("networks (ADR 0031)", () => {
  const key = () => f.newKey(SHOP, "test").secret;
  const refusal = async (body: Record<string, unknown>) => {
    const answer = await f.call("POST", "/api/v1/payments", { key: key(), body: order(body) });
    expectApiError(answer, invalid("network"));
    return answer.json.error.message as string;
  };

  it("refuses Polygon, which is not supported, naming the networks the asset is on", async () => {
    expect(await refusal({ asset: "USDC", network: "polygon" })).toBe(
      'network: Polygon is not supported (we accept USDC on Ethereum and Base): USDC is paid on "ethereum" or "base".',
    );
  });

  it("refuses a known network the asset is not on, and an unknown one", async () => {
    expect(await refusal({ asset: "USDC", network: "tron" })).toBe(
      'network: USDC is not accepted on Tron: USDC is paid on "ethereum" or "base".',
    );
    expect(await refusal({ asset: "USDT", network: "base" })).toBe(
      'network: USDT is not accepted on Base: USDT is paid on "tron" or "ethereum".',
    );
    expect(await refusal({ asset: "BTC", network: "lightning" })).toBe(
      'network: "lightning" is not a network we know: BTC is paid on "bitcoin".',
    );
  });
});

describe("browsers, routes and methods", () => {
  it("refuses requests from a browser (Origin) and preflights, with no CORS header", async () => {
    const key = f.newKey(SHOP, "test").secret;
    const refused = {
      status: 403,
      type: "permission_error",
      code: "browser_requests_refused",
    } as const;
    expectApiError(
      await f.call("GET", "/api/v1/payments", {
        key,
        headers: { Origin: "https://shop.example.co.ke" },
      }),
      refused,
    );
    expectApiError(
      await f.call("OPTIONS", "/api/v1/payments", {
        headers: {
          Origin: "https://shop.example.co.ke",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      }),
      refused,
    );
    expectApiError(await f.call("OPTIONS", "/api/v1/payments"), refused);
    // (expectApiError and expectOk check that no answer carries Access-Control-Allow-Origin.)
    expectOk(await f.call("GET", "/api/v1/payments", { key }));
  });

  it("an unknown route is 404 route_not_found; a wrong method is 405 with Allow", async () => {
    const key = f.newKey(SHOP, "test").secret;
    expectApiError(await f.call("GET", "/api/v1/charges", { key }), {
      status: 404,
      type: "not_found_error",
      code: "route_not_found",
    });
    expectApiError(await f.call("GET", "/api/v1", { key }), {
      status: 404,
      type: "not_found_error",
      code: "route_not_found",
    });
    // Another version, or no version, is the API's JSON 404 too: never the site's HTML page.
    for (const path of ["/api/v2/payments", "/api/payments?limit=1", "/api"]) {
      const other = await f.call("GET", path, { key });
      expectApiError(other, { status: 404, type: "not_found_error", code: "route_not_found" });
      expect(other.json.error.message).toContain("/api/v1/openapi.json");
    }
    const wrong = await f.call("DELETE", "/api/v1/payments", { key });
    expectApiError(wrong, {
      status: 405,
      type: "invalid_request_error",
      code: "method_not_allowed",
    });
    expect(wrong.headers.get("allow")?.split(", ").sort()).toEqual(["GET", "POST"]);
    const cancel = await f.call("GET", "/api/v1/payments/pay_000000000000/cancel", { key });
    expectApiError(cancel, {
      status: 405,
      type: "invalid_request_error",
      code: "method_not_allowed",
    });
    expect(cancel.headers.get("allow")).toBe("POST");
    // A malformed escape in an id names nothing: 404, not a server error.
    expectApiError(await f.call("GET", "/api/v1/payments/%E0%A4%A", { key }), {
      status: 404,
      type: "not_found_error",
      code: "route_not_found",
    });
  });
});

describe("rate limits", () => {
  it("the 4th request in a second is 429 with Retry-After and RateLimit-*; other keys go on", async () => {
    const busy = f.newKey(SHOP, "test").secret;
    const calm = f.newKey(SHOP, "test").secret;
    f.deps.rateLimitPerSecond = 3;
    try {
      for (const remaining of ["2", "1", "0"]) {
        const answer = await f.call("GET", "/api/v1/rates", { key: busy });
        expectOk(answer);
        expect(answer.headers.get("ratelimit-limit")).toBe("3");
        expect(answer.headers.get("ratelimit-remaining")).toBe(remaining);
        expect(answer.headers.get("retry-after")).toBeNull();
      }
      const limited = await f.call("GET", "/api/v1/rates", { key: busy });
      expectApiError(limited, { status: 429, type: "rate_limit_error", code: "rate_limited" });
      expect(limited.headers.get("retry-after")).toBe("1");
      expect(limited.headers.get("ratelimit-limit")).toBe("3");
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
      expect(limited.headers.get("ratelimit-reset")).toBe("1");

      expectOk(await f.call("GET", "/api/v1/rates", { key: calm }));
      // A second later the key may go on.
      f.h.clock.now += 1_000;
      expectOk(await f.call("GET", "/api/v1/rates", { key: busy }));
    } finally {
      f.deps.rateLimitPerSecond = 100_000;
    }
  });
});

describe("test mode", () => {
  it("without the simulators, a test key's create is 503 test_mode_unavailable; live goes on", async () => {
    f.deps.testModeAvailable = () => false;
    try {
      expectApiError(
        await f.call("POST", "/api/v1/payments", {
          key: f.newKey(SHOP, "test").secret,
          body: order(),
        }),
        { status: 503, type: "api_error", code: "test_mode_unavailable" },
      );
      expectOk(
        await f.call("POST", "/api/v1/payments", {
          key: f.newKey(SHOP, "live").secret,
          body: order(),
        }),
        201,
      );
    } finally {
      f.deps.testModeAvailable = () => true;
    }
  });
});
