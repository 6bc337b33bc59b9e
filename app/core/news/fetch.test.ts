import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_MAX_BYTES, FEED_USER_AGENT, fetchFeed, requestUrl } from "./fetch.server";
import { shiftFeedDates, startFeedSimulator, type FeedSimulator } from "./simulator.server";

const FIXTURES = path.resolve("tests/fixtures/feeds");
const MB = 1024 * 1024;
let simulator: FeedSimulator;
let streamed = { written: 0, closedEarly: false };

/** A well-formed RSS document of about `bytes` bytes, written as a stream with back-pressure. */
function streamHugeFeed(bytes: number) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    streamed = { written: 0, closedEarly: false };
    response.writeHead(200, { "Content-Type": "application/rss+xml; charset=utf-8" });
    const item = (n: number) =>
      `<item><title>Stablecoin settlement item ${n}</title><link>https://big.example/${n}</link><pubDate>Fri, 12 Dec 2025 08:00:00 GMT</pubDate><description>${"Merchants receive stablecoin settlement within minutes. ".repeat(40)}</description></item>\n`;
    let n = 0;
    response.on("close", () => {
      if (!response.writableFinished) streamed.closedEarly = true;
    });
    const pump = () => {
      if (n === 0) streamed.written += Buffer.byteLength('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>');
      if (n === 0) response.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>');
      while (streamed.written < bytes) {
        if (response.destroyed) return;
        const chunk = item(n++);
        streamed.written += Buffer.byteLength(chunk);
        if (!response.write(chunk)) {
          response.once("drain", pump);
          return;
        }
      }
      response.end("</channel></rss>");
    };
    pump();
  };
}

beforeAll(async () => {
  simulator = await startFeedSimulator({
    dir: FIXTURES,
    routes: {
      "outlet.example/rss": "cointelegraph-rss.xml",
      "outlet.example/forbidden": { status: 403 },
      "outlet.example/broken": { status: 500 },
      "outlet.example/silent": { hang: true },
      "outlet.example/huge": { handler: streamHugeFeed(30 * MB) },
      "outlet.example/latin1": {
        handler: (_request, response) => {
          response.writeHead(200, { "Content-Type": "application/rss+xml; charset=ISO-8859-1" });
          response.end(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\xe9</title></channel></rss>', "latin1"));
        },
      },
    },
  });
});

afterAll(async () => {
  await simulator.close();
});

const options = () => ({ baseUrl: simulator.baseUrl });

describe("fetching a feed", () => {
  it("asks through the simulator's base URL when one is set, else the outlet itself", () => {
    expect(requestUrl("https://cointelegraph.com/rss?x=1", "http://127.0.0.1:9/")).toBe("http://127.0.0.1:9/cointelegraph.com/rss?x=1");
    expect(requestUrl("https://cointelegraph.com/rss", null)).toBe("https://cointelegraph.com/rss");
  });

  it("sends a real User-Agent and gets the body with its validators", async () => {
    const result = await fetchFeed("https://outlet.example/rss", options());
    expect(result.kind).toBe("ok");
    if (result.kind !== "ok") return;
    expect(result.body).toContain("<title>Cointelegraph.com News</title>");
    expect(result.etag).toMatch(/^".+"$/);
    expect(result.lastModified).toBeTruthy();
    expect(result.truncated).toBe(false);
    expect(simulator.requests.at(-1)?.userAgent).toBe(FEED_USER_AGENT);
  });

  it("is answered 403 when it sends a library's default User-Agent, as outlets behind Cloudflare do", async () => {
    const result = await fetchFeed("https://outlet.example/rss", { ...options(), userAgent: "node" });
    expect(result).toEqual({ kind: "failed", status: 403, error: "HTTP 403" });
  });

  it("makes a conditional GET and accepts 304 Not Modified, by ETag or by date", async () => {
    const first = await fetchFeed("https://outlet.example/rss", options());
    if (first.kind !== "ok") throw new Error("expected a body");
    const byEtag = await fetchFeed("https://outlet.example/rss", { ...options(), etag: first.etag });
    expect(byEtag).toEqual({ kind: "not_modified", status: 304 });
    expect(simulator.requests.at(-1)?.ifNoneMatch).toBe(first.etag);
    const byDate = await fetchFeed("https://outlet.example/rss", { ...options(), lastModified: first.lastModified });
    expect(byDate.kind).toBe("not_modified");
    const stale = await fetchFeed("https://outlet.example/rss", { ...options(), etag: '"something-else"' });
    expect(stale.kind).toBe("ok");
  });

  it("reports 403, 404 and 500 as failures with their status", async () => {
    expect(await fetchFeed("https://outlet.example/forbidden", options())).toMatchObject({ kind: "failed", status: 403 });
    expect(await fetchFeed("https://outlet.example/missing", options())).toMatchObject({ kind: "failed", status: 404 });
    expect(await fetchFeed("https://outlet.example/broken", options())).toMatchObject({ kind: "failed", status: 500, error: "HTTP 500" });
  });

  it("gives up on a feed that never answers at the deadline", async () => {
    const started = performance.now();
    const result = await fetchFeed("https://outlet.example/silent", { ...options(), timeoutMs: 300 });
    expect(result).toEqual({ kind: "failed", status: null, error: "Timed out after 300 ms" });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reports a host that cannot be reached", async () => {
    const result = await fetchFeed("https://outlet.example/rss", { baseUrl: "http://127.0.0.1:1" });
    expect(result).toMatchObject({ kind: "failed", status: null });
  });

  it("cuts a 30 MB feed off at the 5 MB cap and stops downloading", async () => {
    const result = await fetchFeed("https://outlet.example/huge", options());
    expect(result.kind).toBe("ok");
    if (result.kind !== "ok") return;
    expect(result.truncated).toBe(true);
    expect(result.bytes).toBe(FEED_MAX_BYTES);
    expect(Buffer.byteLength(result.body)).toBeLessThanOrEqual(FEED_MAX_BYTES);
    await expect.poll(() => streamed.closedEarly).toBe(true);
    expect(streamed.written).toBeLessThan(30 * MB);
  });

  it("decodes the charset the feed declares", async () => {
    const result = await fetchFeed("https://outlet.example/latin1", options());
    expect(result.kind === "ok" && result.body).toContain("<title>Café</title>");
  });
});

describe("the simulator's date shift", () => {
  it("moves every date so the newest item is at the target, keeping the gaps", () => {
    const xml =
      "<rss><channel><lastBuildDate>Sat, 13 Dec 2025 00:00:00 GMT</lastBuildDate>" +
      "<item><pubDate>Fri, 12 Dec 2025 17:33:11 -0500</pubDate></item>" +
      "<item><pubDate>Fri, 12 Dec 2025 10:00:00 GMT</pubDate></item></channel></rss>";
    const target = Date.UTC(2026, 10, 21, 10, 0, 0);
    const shifted = shiftFeedDates(xml, target);
    const dates = [...shifted.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) => Date.parse(match[1] ?? ""));
    expect(dates).toEqual([target, target - (Date.parse("2025-12-12T22:33:11Z") - Date.parse("2025-12-12T10:00:00Z"))]);
    expect(shifted).toContain("<lastBuildDate>");
  });

  it("shifts Atom dates as ISO 8601", () => {
    const shifted = shiftFeedDates("<feed><entry><updated>2016-02-01T17:54:50+01:00</updated></entry></feed>", Date.UTC(2026, 0, 1));
    expect(shifted).toBe("<feed><entry><updated>2026-01-01T00:00:00.000Z</updated></entry></feed>");
  });
});
