import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { respond, screenIncoming, stampRemoteAddress } from "./front-door.server";
import { REMOTE_ADDRESS_HEADER } from "./remote-address";

function remix() {
  const seen: string[] = [];
  const handle = async (request: Request) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response("from Remix", {
      status: 200,
      headers: { "Cache-Control": "private, no-store" },
    });
  };
  return { seen, handle };
}

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/merchant-signin", {
    method: "POST",
    headers: { Host: "localhost:3000", ...headers },
    body: new URLSearchParams("a=b"),
  });

describe("the front door", () => {
  it("refuses a cross-site post with 403 before Remix (and any action) runs", async () => {
    const app = remix();
    const forged: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      // Our own site's origin sent to another Host: Remix would stop it with an empty 500.
      { Host: "127.0.0.1:3000", Origin: "http://localhost:3000" },
      { "X-Forwarded-Host": "evil.example", Origin: "http://localhost:3000" },
    ];
    for (const headers of forged) {
      const response = await respond(post(headers), app.handle);
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("Cross-site request rejected");
    }
    expect(app.seen).toEqual([]);
  });

  it("passes same-origin posts, provider callbacks (no Origin) and page views to Remix", async () => {
    const app = remix();
    expect((await respond(post({ Origin: "http://localhost:3000" }), app.handle)).status).toBe(200);
    expect((await respond(post({}), app.handle)).status).toBe(200);
    // Behind a proxy: the public host is in X-Forwarded-Host, as Remix reads it.
    const proxied = { Host: "10.0.0.5:3000", "X-Forwarded-Host": "onehop.co.ke" };
    expect(
      (await respond(post({ ...proxied, Origin: "https://onehop.co.ke" }), app.handle)).status,
    ).toBe(200);
    expect(
      (await respond(new Request("http://localhost:3000/merchant/dashboard"), app.handle)).status,
    ).toBe(200);
    expect(app.seen).toEqual([
      "POST /merchant-signin",
      "POST /merchant-signin",
      "POST /merchant-signin",
      "GET /merchant/dashboard",
    ]);
  });
});

describe("one same-origin rule for state-changing requests (issue 27, item 12)", () => {
  const SESSION = "onehop_session=signed-session";
  const ADMIN = "onehop_admin=signed-admin-session";

  it("refuses a signed-in post that does not show it came from our pages", async () => {
    const app = remix();
    const refused: [string, Record<string, string>][] = [
      // No Origin and a cross-site Referer: what the probe sent.
      ["cross-site referer", { Cookie: SESSION, Referer: "https://evil.example/page" }],
      ["cross-site referer, operator", { Cookie: ADMIN, Referer: "https://evil.example/" }],
      // Our host name on another port is another origin.
      ["other-port referer", { Cookie: SESSION, Referer: "http://localhost:4000/x" }],
      ["unreadable referer", { Cookie: SESSION, Referer: "not a url" }],
      // Nothing at all (curl, a script with a stolen cookie): a signed-in change must show it.
      ["no origin, referer or sec-fetch-site", { Cookie: `a=b; ${SESSION}` }],
    ];
    for (const [label, headers] of refused) {
      const response = await respond(post(headers), app.handle);
      expect(response.status, label).toBe(403);
      expect(await response.text(), label).toMatch(/^Cross-site request rejected/);
    }
    // A cross-site Referer without Origin is refused without a cookie too.
    expect((await respond(post({ Referer: "https://evil.example/" }), app.handle)).status).toBe(
      403,
    );
    expect(app.seen).toEqual([]);
  });

  it("passes a signed-in post whose Origin, Referer or Sec-Fetch-Site shows our site", async () => {
    const app = remix();
    const passed: [string, Record<string, string>][] = [
      ["origin", { Cookie: SESSION, Origin: "http://localhost:3000" }],
      ["same-origin referer", { Cookie: SESSION, Referer: "http://localhost:3000/merchant/x?y=1" }],
      ["sec-fetch-site same-origin", { Cookie: SESSION, "Sec-Fetch-Site": "same-origin" }],
      ["sec-fetch-site same-site", { Cookie: ADMIN, "Sec-Fetch-Site": "same-site" }],
      ["sec-fetch-site none", { Cookie: SESSION, "Sec-Fetch-Site": "none" }],
      // Not signed in (a provider's callback, a bearer-key client): nothing to forge.
      ["no cookie", {}],
      ["bearer, no cookie", { Authorization: "Bearer sk_test_x" }],
      ["another site's cookie only", { Cookie: "onehop_sessionx=1; theme=dark" }],
    ];
    for (const [label, headers] of passed) {
      expect((await respond(post(headers), app.handle)).status, label).toBe(200);
    }
    // Reading is never refused.
    const read = new Request("http://localhost:3000/merchant/dashboard", {
      headers: { Cookie: SESSION, Referer: "https://evil.example/" },
    });
    expect((await respond(read, app.handle)).status).toBe(200);
    expect(app.seen).toHaveLength(passed.length + 1);
  });
});

describe("the front door's limits (issue 10 items 5, 6, 7, 16)", () => {
  const formPost = (path: string, body: BodyInit | null, headers: Record<string, string>) =>
    new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { Host: "localhost:3000", ...headers },
      body,
    });

  it("answers wrong body types 415 and broken multipart 400 before Remix runs", async () => {
    const app = remix();
    const cases: [Record<string, string>, string, number][] = [
      [{ "Content-Type": "application/json" }, '{"username":"demo"}', 415],
      [{ "Content-Type": "text/plain" }, "username=demo", 415],
      [{}, "username=demo", 415],
      [{ "Content-Type": "multipart/form-data; boundary=xyz" }, "--nope\r\n", 400],
    ];
    for (const [headers, body, status] of cases) {
      for (const path of ["/get-started", "/merchant-signin", "/merchant-signin.data"]) {
        const response = await respond(formPost(path, body, headers), app.handle);
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
        expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      }
    }
    expect(app.seen).toEqual([]);
  });

  it("passes urlencoded and multipart forms (also Remix's .data posts) and JSON webhooks", async () => {
    const app = remix();
    const form = new FormData();
    form.set("username", "demo");
    expect(
      (
        await respond(
          formPost("/merchant-signin.data", "username=demo", {
            "Content-Type": "application/x-www-form-urlencoded",
          }),
          app.handle,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await respond(
          new Request("http://localhost:3000/merchant-signin.data", { method: "POST", body: form }),
          app.handle,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await respond(
          formPost("/webhooks/custody", "{}", { "Content-Type": "application/json" }),
          app.handle,
        )
      ).status,
    ).toBe(200);
    expect(app.seen).toEqual([
      "POST /merchant-signin.data",
      "POST /merchant-signin.data",
      "POST /webhooks/custody",
    ]);
  });

  it("answers a malformed address with its own 400 page", async () => {
    const app = remix();
    for (const path of ["/%", "/blog/%E0%A4%A"]) {
      const response = await respond(new Request(`http://localhost:3000${path}`), app.handle);
      expect(response.status).toBe(400);
      expect(response.headers.get("Content-Type")).toContain("text/html");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(await response.text()).toContain("<h1>Bad request</h1>");
    }
    expect(app.seen).toEqual([]);
  });

  it("gives Remix's redirects the security headers", async () => {
    const redirecting = async () =>
      new Response(null, {
        status: 302,
        headers: { Location: "/merchant-signin?redirectTo=%2Fmerchant%2Fdashboard" },
      });
    const response = await respond(
      new Request("http://localhost:3000/merchant/dashboard"),
      redirecting,
    );
    expect(response.status).toBe(302);
    for (const name of [
      "Content-Security-Policy",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "X-Frame-Options",
    ]) {
      expect(response.headers.get(name), name).toBeTruthy();
    }
  });
});

describe("the server's first checks (screenIncoming, stampRemoteAddress)", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      stampRemoteAddress(req);
      if (screenIncoming(req, res)) return;
      let received = 0;
      req.on("data", (chunk: Buffer) => (received += chunk.length));
      req.on("end", () =>
        res.end(JSON.stringify({ received, remote: req.headers[REMOTE_ADDRESS_HEADER] })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses a declared 20 MB form at once with 413 and keeps serving", async () => {
    const response = await fetch(`${base}/get-started`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new Uint8Array(20 * 1024 * 1024).fill(97),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("<h1>Request too large</h1>");
    const next = await fetch(`${base}/get-started`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(await next.json()).toMatchObject({ received: 3 });
  });

  it("refuses /% with the 400 page and wrong types with 415, before the body is read", async () => {
    const bad = await fetch(`${base}/%`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get("x-content-type-options")).toBe("nosniff");
    const json = await fetch(`${base}/get-started`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({
      error: {
        code: "unsupported_media_type",
        message: expect.stringContaining("application/json"),
      },
    });
  });

  it("the remote-address header is the socket's, whatever the client sent", async () => {
    const response = await fetch(`${base}/get-started`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-OneHop-Remote-Address": "203.0.113.9",
      },
      body: "a=1",
    });
    expect(await response.json()).toMatchObject({ remote: "127.0.0.1" });
  });
});
