/**
 * Issue 10 items 5, 6, 7 and 16 against the production server (server.mjs, Node's default heap):
 * oversized bodies are refused before they are read, wrong body types and malformed addresses get a
 * clear 4xx instead of a 500 or Express's bare page, and every answer (redirects too) carries the
 * security headers, a route's stricter Referrer-Policy included.
 */
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createTestMerchant } from "./db";

const MB = 1024 * 1024;
const port = Number(process.env.E2E_PORT);
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request exactly as given (no content type added, no URL normalised), optionally with a body
 * that streams in chunks of unknown length. Answers as soon as the response ends; a body the server
 * stopped reading is abandoned.
 */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | { chunkedBytes: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, method, path, headers: { Host: `localhost:${port}`, ...headers } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
          request.destroy();
        });
      },
    );
    // Writing after the server answered may fail (it stops reading): the answer is what counts.
    request.on("error", (error) => reject(error));
    if (body === undefined) return void request.end();
    if (typeof body === "string") return void request.end(body);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let written = 0;
    const pump = () => {
      while (written < body.chunkedBytes && !request.destroyed) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

async function expectAlive(request: APIRequestContext) {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
}

function expectSecurityHeaders(
  headers: Record<string, string | string[] | undefined>,
  what: string,
) {
  expect(headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBeTruthy();
}

test.describe("request bodies are limited before they are read (item 5)", () => {
  test("one 20 MB anonymous form post answers 413 with a readable page, and the server lives on", async ({
    request,
  }) => {
    const response = await request.post("/get-started", {
      headers: { ...FORM, Accept: "text/html" },
      data: Buffer.alloc(20 * MB, "a"),
    });
    expect(response.status()).toBe(413);
    expect(response.headers()["content-type"]).toContain("text/html");
    expectSecurityHeaders(response.headers(), "413 page");
    const page = await response.text();
    expect(page).toContain("<h1>Request too large</h1>");
    expect(page).toContain("at most 64 KB");
    expect(page).toContain('<a class="button" href="/">Return to Home</a>');
    await expectAlive(request);
  });

  test("three concurrent 10 MB posts all answer 413, and the server lives on", async ({
    request,
  }) => {
    const posts = ["/get-started", "/merchant-signin", "/admin/signin"].map((path) =>
      request.post(path, { headers: FORM, data: Buffer.alloc(10 * MB, "b") }),
    );
    for (const response of await Promise.all(posts)) expect(response.status()).toBe(413);
    await expectAlive(request);
  });

  test("a 20 MB chunked body (no Content-Length) is counted as it arrives and refused at the limit", async ({
    request,
  }) => {
    const answer = await raw(
      "POST",
      "/get-started",
      { ...FORM, "Transfer-Encoding": "chunked" },
      { chunkedBytes: 20 * MB },
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("Request too large");
    await expectAlive(request);
  });

  test("webhooks take up to 1 MB of JSON and refuse more with a JSON 413", async ({ request }) => {
    const big = await request.post("/webhooks/mpesa/b2c/result?token=wrong", {
      data: { padding: "x".repeat(2 * MB) },
    });
    expect(big.status()).toBe(413);
    expect(await big.json()).toEqual({
      error: { code: "payload_too_large", message: expect.stringContaining("1 MB") },
    });
    // Still reaches the route with JSON (which refuses the wrong token itself).
    const small = await request.post("/webhooks/mpesa/b2c/result?token=wrong", {
      data: { padding: "x".repeat(200 * 1024) },
    });
    expect(small.status()).toBe(403);
    expect(await small.json()).toMatchObject({ ResultDesc: "Forbidden" });
  });
});

test.describe("wrong body types answer 415 or 400, never 500 (item 6)", () => {
  const cases: {
    name: string;
    headers: Record<string, string>;
    body: string;
    status: number;
    says: string;
  }[] = [
    {
      name: "JSON",
      headers: { "Content-Type": "application/json" },
      body: '{"username":"demo"}',
      status: 415,
      says: "not application/json",
    },
    {
      name: "text/plain",
      headers: { "Content-Type": "text/plain" },
      body: "username=demo",
      status: 415,
      says: "not text/plain",
    },
    {
      name: "no content type",
      headers: {},
      body: "username=demo",
      status: 415,
      says: "no Content-Type",
    },
    {
      name: "broken multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=----x" },
      body: "this is not multipart",
      status: 400,
      says: "multipart body is broken",
    },
    {
      name: "multipart without a boundary",
      headers: { "Content-Type": "multipart/form-data" },
      body: "--x\r\n",
      status: 400,
      says: "multipart body is broken",
    },
  ];
  for (const path of ["/get-started", "/merchant-signin"]) {
    for (const { name, headers, body, status, says } of cases) {
      test(`${name} to ${path} answers ${status} with a clear message`, async ({ request }) => {
        const page = await raw("POST", path, { ...headers, Accept: "text/html" }, body);
        expect(page.status).toBe(status);
        // A JSON sender is a script: it gets JSON; the others a page.
        expect(page.headers["content-type"]).toContain(
          name === "JSON" ? "application/json" : "text/html",
        );
        expect(page.body).toContain(says);
        expectSecurityHeaders(page.headers, `${name} ${path}`);
        const api = await raw("POST", path, { ...headers, Accept: "application/json" }, body);
        expect(api.status).toBe(status);
        expect(JSON.parse(api.body).error.code).toBe(
          status === 415 ? "unsupported_media_type" : "malformed_body",
        );
        await expectAlive(request);
      });
    }
  }

  test("forms still work: urlencoded and multipart posts, Remix's .data posts and a bare button", async ({
    request,
  }) => {
    const urlencoded = await request.post("/merchant-signin", {
      form: { merchantId: "MRC-K3NYA2", username: "demo", password: "wrong-password" },
    });
    expect(urlencoded.status()).toBe(401);
    expect(await urlencoded.text()).toContain("Merchant Sign In");
    const multipart = await request.post("/get-started", {
      multipart: { businessName: "Only a name" },
    });
    expect(multipart.status()).toBe(400);
    // Single fetch: the browser posts the form to `<route>.data` and reads a turbo-stream.
    const data = await request.post("/get-started.data", { form: { businessName: "Only a name" } });
    expect(data.status()).toBe(400);
    expect(data.headers()["content-type"]).toContain("text/x-script");
    // An empty post without a type (a "Sign Out" or "Refresh" button sent by a script) is an empty
    // form.
    const signOut = await raw("POST", "/merchant/signout", {});
    expect(signOut.status).toBe(302);
  });
});

test.describe("malformed addresses get the app's own 400 page (item 7)", () => {
  for (const path of ["/%", "/blog/%E0%A4%A", "/merchant/%zz"]) {
    test(`${path} answers 400 with the page`, async () => {
      const answer = await raw("GET", path, { Accept: "text/html" });
      expect(answer.status).toBe(400);
      expect(answer.headers["content-type"]).toContain("text/html");
      expect(answer.body).not.toBe("Bad Request");
      expect(answer.body).toContain("<h1>Bad request</h1>");
      expect(answer.body).toContain('href="/"');
      expectSecurityHeaders(answer.headers, path);
    });
  }
});

test.describe("security headers where the shared ones fell short (item 16)", () => {
  test("a signed-out redirect carries the security headers, for documents and .data requests", async ({
    request,
  }) => {
    const document = await request.get("/merchant/dashboard", { maxRedirects: 0 });
    expect(document.status()).toBe(302);
    expect(document.headers()["location"]).toContain("/merchant-signin");
    expectSecurityHeaders(document.headers(), "document redirect");
    const data = await request.get("/merchant/dashboard.data", { maxRedirects: 0 });
    expect([202, 204, 302]).toContain(data.status());
    expectSecurityHeaders(data.headers(), ".data redirect");
    const action = await request.post("/merchant/signout", { form: {}, maxRedirects: 0 });
    expect(action.status()).toBe(302);
    expectSecurityHeaders(action.headers(), "action redirect");
  });

  // same-origin: no referrer (the payment's id) to other sites; the page's own forms keep a real
  // Origin, which no-referrer would turn into `null` (refused as cross-site).
  test("the checkout page /pay/:id keeps its own Referrer-Policy: same-origin", async ({
    request,
    baseURL,
  }) => {
    const merchant = await createTestMerchant();
    const signIn = await request.post("/merchant-signin", { form: merchant, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
    // A signed-in post shows where it comes from, as a browser's does.
    const created = await request.post("/merchant/payments/new", {
      headers: { Origin: baseURL! },
      form: {
        intent: "create",
        amountKes: "2500",
        asset: "USDT",
        reference: `HARDEN-${Date.now()}`,
      },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const paymentId = /\/merchant\/payments\/(pay_[a-z0-9]+)/.exec(
      created.headers()["location"] ?? "",
    )?.[1];
    expect(paymentId).toBeTruthy();
    const checkout = await request.get(`/pay/${paymentId}`);
    expect(checkout.status()).toBe(200);
    expect(checkout.headers()["referrer-policy"]).toBe("same-origin");
    expect(checkout.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    // Other pages keep the shared policy.
    expect((await request.get("/about")).headers()["referrer-policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  test("the set-password page, whose URL carries a one-time token, sends only its origin as a Referer", async ({
    request,
  }) => {
    const page = await request.get("/merchant/set-password?token=not-a-real-token");
    expect(page.status()).toBe(410);
    expect(page.headers()["referrer-policy"]).toBe("strict-origin");
  });
});
