import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  cachedPageResponse,
  cacheTtlMs,
  chooseEncoding,
  clearPageCache,
  getCachedPage,
  putCachedPage,
  respondThroughPageCache,
  serveCachedPage,
} from "./page-cache.server";

const get = (path = "/about", headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers });
const PUBLIC = {
  "Cache-Control": "public, max-age=60, s-maxage=300",
  "Content-Type": "text/html; charset=utf-8",
};

/** A stand-in for Remix that counts its renders and can be held until released. */
function remix(init: { headers?: Record<string, string>; status?: number } = {}) {
  const calls: string[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let hold = false;
  const handle = async (request: Request) => {
    calls.push(new URL(request.url).pathname);
    if (hold) await held;
    return new Response(`<html>render ${calls.length}</html>`, {
      status: init.status ?? 200,
      headers: init.headers ?? PUBLIC,
    });
  };
  return {
    calls,
    handle,
    holdRenders: () => (hold = true),
    release: () => release(),
  };
}

beforeEach(() => clearPageCache());

describe("page cache", () => {
  it("caches only public, cookie-free GET 200 responses, for at most 60 s", () => {
    expect(
      cacheTtlMs(get(), 200, new Headers({ "Cache-Control": "public, max-age=60, s-maxage=300" })),
    ).toBe(60_000);
    expect(cacheTtlMs(get(), 200, new Headers({ "Cache-Control": "public, max-age=30" }))).toBe(
      30_000,
    );
    expect(cacheTtlMs(get(), 200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(0);
    expect(cacheTtlMs(get(), 200, new Headers())).toBe(0);
    expect(cacheTtlMs(get(), 404, new Headers({ "Cache-Control": "public, max-age=60" }))).toBe(0);
    const withCookie = new Headers({ "Cache-Control": "public, max-age=60", "Set-Cookie": "a=b" });
    expect(cacheTtlMs(get(), 200, withCookie)).toBe(0);
    const post = new Request("http://localhost/about", { method: "POST" });
    expect(cacheTtlMs(post, 200, new Headers({ "Cache-Control": "public, max-age=60" }))).toBe(0);
  });

  it("negotiates br, then gzip, honouring q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding(null)).toBe("identity");
    expect(chooseEncoding("identity")).toBe("identity");
  });

  it("stores compressed copies with their headers and expires them", async () => {
    const headers = new Headers({ ...PUBLIC, "Content-Security-Policy": "script-src 'nonce-abc'" });
    const page = putCachedPage(
      "k1",
      Buffer.from("<html>hello</html>"),
      { status: 200, ttlMs: 1000, headers },
      0,
    );
    expect(getCachedPage("k1", 500)).toBe(page);
    const response = cachedPageResponse(page, "gzip", true);
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-abc'");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(response.headers.get("X-Page-Cache")).toBe("hit");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(
      "<html>hello</html>",
    );
    expect(getCachedPage("k1", 1000)).toBeUndefined();
  });
});

describe("answering through the cache", () => {
  it("renders a public page once and answers the next request from memory, compressed as asked", async () => {
    const app = remix();
    const first = await respondThroughPageCache(
      get("/about", { "accept-encoding": "br" }),
      app.handle,
    );
    const second = await respondThroughPageCache(
      get("/about", { "accept-encoding": "gzip" }),
      app.handle,
    );
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.headers.get("Content-Encoding")).toBe("br");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(
      "<html>render 1</html>",
    );
    expect(app.calls).toEqual(["/about"]);
  });

  it("keeps one copy per language: the switch's cookie, else Accept-Language (issue 33)", async () => {
    const app = remix();
    const answer = async (headers: Record<string, string>) =>
      (await respondThroughPageCache(get("/features", headers), app.handle)).headers;
    expect((await answer({ "accept-language": "sw-KE,sw;q=0.9" })).get("X-Page-Cache")).toBe(
      "miss",
    );
    expect((await answer({ "accept-language": "en-GB" })).get("X-Page-Cache")).toBe("miss");
    expect(
      (await answer({ cookie: "onehop_lang=sw", "accept-language": "en" })).get("X-Page-Cache"),
    ).toBe("hit");
    const english = await answer({});
    expect(english.get("X-Page-Cache")).toBe("hit");
    expect(english.get("Vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(app.calls).toEqual(["/features", "/features"]);
  });

  it("lets concurrent requests for one URL wait for a single render", async () => {
    const app = remix();
    app.holdRenders();
    const answers = Promise.all(
      [1, 2, 3, 4, 5].map(() => respondThroughPageCache(get("/blog"), app.handle)),
    );
    app.release();
    const bodies = await Promise.all((await answers).map((response) => response.text()));
    expect(new Set(bodies)).toEqual(new Set(["<html>render 1</html>"]));
    expect(app.calls).toEqual(["/blog"]);
  });

  it("never caches private pages, errors, data requests or requests carrying a flash message", async () => {
    const privatePage = remix({ headers: { "Cache-Control": "private, no-store" } });
    await respondThroughPageCache(get("/merchant/dashboard"), privatePage.handle);
    await respondThroughPageCache(get("/merchant/dashboard"), privatePage.handle);
    expect(privatePage.calls).toHaveLength(2);

    const notFound = remix({ status: 404 });
    await respondThroughPageCache(get("/missing"), notFound.handle);
    expect((await respondThroughPageCache(get("/missing"), notFound.handle)).status).toBe(404);
    expect(notFound.calls).toHaveLength(2);

    const data = remix();
    await respondThroughPageCache(get("/features.data"), data.handle);
    await respondThroughPageCache(get("/features.data"), data.handle);
    expect(data.calls).toHaveLength(2);

    const page = remix();
    await respondThroughPageCache(get("/about"), page.handle);
    const withFlash = await respondThroughPageCache(
      get("/about", { cookie: "onehop_flash=abc" }),
      page.handle,
    );
    expect(await withFlash.text()).toBe("<html>render 2</html>");
  });

  it("renders for a signed-in merchant (the header says Dashboard) instead of serving the cache", async () => {
    const page = remix();
    await respondThroughPageCache(get("/features"), page.handle);
    const signedIn = await respondThroughPageCache(
      get("/features", { cookie: "theme=dark; onehop_session=abc" }),
      page.handle,
    );
    expect(await signedIn.text()).toBe("<html>render 2</html>");
    // A cookie whose name merely contains the session cookie's name is not a session.
    const other = await respondThroughPageCache(
      get("/features", { cookie: "not_onehop_session=abc" }),
      page.handle,
    );
    expect(await other.text()).toBe("<html>render 1</html>");
  });

  it("does not keep a render that began before the cache was cleared", async () => {
    const app = remix();
    app.holdRenders();
    const stale = respondThroughPageCache(get("/blog"), app.handle);
    clearPageCache();
    app.release();
    await stale;
    await respondThroughPageCache(get("/blog"), app.handle);
    expect(app.calls).toEqual(["/blog", "/blog"]);
  });
});

describe("the server's fast path", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (serveCachedPage(req, res)) return;
      res.writeHead(299, { "content-type": "text/plain" });
      res.end("passed to Remix");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers a cached page with its stored headers, and passes everything else on", async () => {
    const app = remix({
      headers: { ...PUBLIC, "Content-Security-Policy": "script-src 'nonce-xyz'" },
    });
    await respondThroughPageCache(get("/terms?section=fees"), app.handle);

    const hit = await fetch(`${base}/terms?section=fees`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("content-security-policy")).toBe("script-src 'nonce-xyz'");
    expect(await hit.text()).toBe("<html>render 1</html>");
    // The copy kept is the English one: a Kiswahili reader is not given it (issue 33).
    expect(
      await fetch(`${base}/terms?section=fees`, { headers: { "accept-language": "sw" } }).then(
        (response) => response.status,
      ),
    ).toBe(299);
    expect(
      await fetch(`${base}/terms?section=fees`, { headers: { cookie: "onehop_lang=sw" } }).then(
        (response) => response.status,
      ),
    ).toBe(299);

    const passed = async (path: string, init: RequestInit = {}) =>
      (await fetch(`${base}${path}`, init)).status;
    expect(await passed("/terms")).toBe(299);
    expect(
      await passed("/terms?section=fees", { headers: { cookie: "theme=dark; onehop_flash=abc" } }),
    ).toBe(299);
    expect(await passed("/terms?section=fees", { method: "POST" })).toBe(299);
    expect(await passed("/terms?section=fees", { headers: { "x-forwarded-proto": "https" } })).toBe(
      299,
    );
  });
});
