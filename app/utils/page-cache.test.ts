import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cachedPageResponse, cacheTtlMs, chooseEncoding, getCachedPage, putCachedPage } from "./page-cache.server";

const get = (headers: Record<string, string> = {}) => new Request("http://localhost/about", { headers });

describe("page cache", () => {
  it("caches only public, cookie-free GET 200 responses, for at most 60 s", () => {
    expect(cacheTtlMs(get(), 200, new Headers({ "Cache-Control": "public, max-age=60, s-maxage=300" }))).toBe(60_000);
    expect(cacheTtlMs(get(), 200, new Headers({ "Cache-Control": "public, max-age=30" }))).toBe(30_000);
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

  it("stores compressed copies and expires them", async () => {
    const page = putCachedPage("k1", "<html>hello</html>", { nonce: "n", status: 200, ttlMs: 1000 }, 0);
    expect(getCachedPage("k1", 500)).toBe(page);
    const response = cachedPageResponse(page, get({ "accept-encoding": "gzip" }), new Headers(), true);
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("X-Page-Cache")).toBe("hit");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe("<html>hello</html>");
    expect(getCachedPage("k1", 1000)).toBeUndefined();
  });
});
