import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from "vitest";
import type { ResolveHost } from "~/utils/outbound-address.server";
import {
  FEED_FETCH_FAILED,
  FEED_MAX_BYTES,
  FEED_USER_AGENT,
  fetchFeed,
  requestUrl,
} from "./fetch.server";
import {
  shiftFeedDates,
  startFeedSimulator,
  type FeedSimulator,
} from "../../../tests/support/simulators";

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
      if (n === 0)
        streamed.written += Buffer.byteLength(
          '<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>',
        );
      if (n === 0)
        response.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title>');
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

/**
 * An internal service the fetcher must never reach in live mode: it counts every TCP connection and
 * every HTTP request it gets, and answers like an admin panel would.
 */
interface Victim {
  server: Server;
  port: number;
  connections: number;
  requests: number;
}
let victim: Victim;
let victim6: Victim;

async function startVictim(host: string): Promise<Victim> {
  const server = createServer((_request, response) => {
    entry.requests += 1;
    response.writeHead(401, { "Content-Type": "text/plain" }).end("internal admin");
  });
  const entry: Victim = { server, port: 0, connections: 0, requests: 0 };
  server.on("connection", () => (entry.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  entry.port = (server.address() as AddressInfo).port;
  return entry;
}

const redirectTo =
  (location: () => string) => (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(302, { Location: location() }).end();
  };

beforeAll(async () => {
  victim = await startVictim("127.0.0.1");
  victim6 = await startVictim("::1");
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
          response.end(
            Buffer.from(
              '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\xe9</title></channel></rss>',
              "latin1",
            ),
          );
        },
      },
      "outlet.example/gzip": {
        handler: (_request, response) => {
          response.writeHead(200, {
            "Content-Type": "application/rss+xml",
            "Content-Encoding": "gzip",
          });
          response.end(
            gzipSync(
              '<?xml version="1.0"?><rss version="2.0"><channel><title>Packed</title></channel></rss>',
            ),
          );
        },
      },
      "outlet.example/moved": { handler: redirectTo(() => "/outlet.example/rss") },
      "outlet.example/loop": { handler: redirectTo(() => "/outlet.example/loop") },
      "outlet.example/to-loopback": {
        handler: redirectTo(() => `http://127.0.0.1:${victim.port}/admin`),
      },
      "outlet.example/to-hex-loopback": {
        handler: redirectTo(() => `http://0x7f000001:${victim.port}/admin`),
      },
      "outlet.example/to-ipv6-loopback": {
        handler: redirectTo(() => `http://[::1]:${victim6.port}/admin`),
      },
      "outlet.example/to-rebound-name": {
        handler: redirectTo(() => `http://feeds.rebind.example:${victim.port}/admin`),
      },
      "outlet.example/to-metadata": {
        handler: redirectTo(
          () => "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        ),
      },
      "outlet.example/to-file": { handler: redirectTo(() => "file:///etc/passwd") },
    },
  });
});

afterAll(async () => {
  await simulator.close();
  for (const entry of [victim, victim6]) {
    entry.server.closeAllConnections();
    await new Promise<void>((resolve) => entry.server.close(() => resolve()));
  }
});

let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warnings.mockRestore();
});

/** The server-log lines the fetcher wrote (structured JSON). */
const logLines = () =>
  warnings.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, string>);

const options = () => ({ baseUrl: simulator.baseUrl });

describe("fetching a feed", () => {
  it("asks through the simulator's base URL when one is set, else the outlet itself", () => {
    expect(requestUrl("https://cointelegraph.com/rss?x=1", "http://127.0.0.1:9/")).toBe(
      "http://127.0.0.1:9/cointelegraph.com/rss?x=1",
    );
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
    const result = await fetchFeed("https://outlet.example/rss", {
      ...options(),
      userAgent: "node",
    });
    expect(result).toEqual({ kind: "failed", status: 403, error: "HTTP 403" });
  });

  it("makes a conditional GET and accepts 304 Not Modified, by ETag or by date", async () => {
    const first = await fetchFeed("https://outlet.example/rss", options());
    if (first.kind !== "ok") throw new Error("expected a body");
    const byEtag = await fetchFeed("https://outlet.example/rss", {
      ...options(),
      etag: first.etag,
    });
    expect(byEtag).toEqual({ kind: "not_modified", status: 304 });
    expect(simulator.requests.at(-1)?.ifNoneMatch).toBe(first.etag);
    const byDate = await fetchFeed("https://outlet.example/rss", {
      ...options(),
      lastModified: first.lastModified,
    });
    expect(byDate.kind).toBe("not_modified");
    const stale = await fetchFeed("https://outlet.example/rss", {
      ...options(),
      etag: '"something-else"',
    });
    expect(stale.kind).toBe("ok");
  });

  it("reports 403, 404 and 500 as failures with their status", async () => {
    expect(await fetchFeed("https://outlet.example/forbidden", options())).toMatchObject({
      kind: "failed",
      status: 403,
    });
    expect(await fetchFeed("https://outlet.example/missing", options())).toMatchObject({
      kind: "failed",
      status: 404,
    });
    expect(await fetchFeed("https://outlet.example/broken", options())).toMatchObject({
      kind: "failed",
      status: 500,
      error: "HTTP 500",
    });
  });

  it("gives up on a feed that never answers at the deadline", async () => {
    const started = performance.now();
    const result = await fetchFeed("https://outlet.example/silent", {
      ...options(),
      timeoutMs: 300,
    });
    expect(result).toEqual({ kind: "failed", status: null, error: "Timed out after 300 ms" });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reports a host that cannot be reached with a generic error, the connection error going to the log only", async () => {
    const result = await fetchFeed("https://outlet.example/rss", { baseUrl: "http://127.0.0.1:1" });
    expect(result).toEqual({ kind: "failed", status: null, error: FEED_FETCH_FAILED });
    expect(logLines()).toEqual([
      expect.objectContaining({
        reason: "network",
        detail: expect.stringContaining("ECONNREFUSED"),
      }),
    ]);
  });

  it("follows a redirect, and gives up generically after five", async () => {
    expect(await fetchFeed("https://outlet.example/moved", options())).toMatchObject({
      kind: "ok",
      status: 200,
    });
    const before = simulator.requests.length;
    expect(await fetchFeed("https://outlet.example/loop", options())).toEqual({
      kind: "failed",
      status: null,
      error: FEED_FETCH_FAILED,
    });
    expect(simulator.requests.length - before).toBe(6);
  });

  it("undoes gzip content encoding", async () => {
    const result = await fetchFeed("https://outlet.example/gzip", options());
    expect(result.kind === "ok" && result.body).toContain("<title>Packed</title>");
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

describe("the outbound address policy in live mode (no feed origin configured)", () => {
  const refused = { kind: "failed", status: null, error: FEED_FETCH_FAILED };
  const untouched = () => {
    expect(victim.connections).toBe(0);
    expect(victim.requests).toBe(0);
    expect(victim6.connections).toBe(0);
    expect(victim6.requests).toBe(0);
  };
  const resolveTo =
    (...addresses: string[]): ResolveHost =>
    () =>
      Promise.resolve(
        addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
      );

  it.each([
    "http://127.0.0.1:PORT/admin",
    "http://0x7f000001:PORT/admin",
    "http://2130706433:PORT/admin",
    "http://0177.0.0.1:PORT/admin",
    "http://127.1:PORT/admin",
    "http://[::ffff:127.0.0.1]:PORT/admin",
    "http://localhost:PORT/admin",
  ])("refuses %s without connecting, even with the port allowed", async (form) => {
    const result = await fetchFeed(form.replace("PORT", String(victim.port)), {
      extraPorts: [victim.port],
    });
    expect(result).toEqual(refused);
    untouched();
  });

  it("refuses http://[::1] without connecting", async () => {
    expect(
      await fetchFeed(`http://[::1]:${victim6.port}/admin`, { extraPorts: [victim6.port] }),
    ).toEqual(refused);
    untouched();
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://10.0.0.1/",
    "http://100.64.0.1/",
    "http://[fe80::1]/",
  ])("refuses %s before any connection or lookup", async (url) => {
    const resolve = vi.fn(resolveTo("93.184.216.34"));
    expect(await fetchFeed(url, { resolve })).toEqual(refused);
    expect(resolve).not.toHaveBeenCalled();
    expect(logLines()).toEqual([expect.objectContaining({ reason: "address" })]);
  });

  it.each([[["127.0.0.1"]], [["::1"]], [["::ffff:127.0.0.1"]], [["93.184.216.34", "127.0.0.1"]]])(
    "refuses a host name resolving to %j, checking the answer used to connect",
    async (addresses) => {
      const resolve = vi.fn(resolveTo(...addresses));
      const result = await fetchFeed(`http://feeds.rebind.example:${victim.port}/rss`, {
        resolve,
        extraPorts: [victim.port],
      });
      expect(result).toEqual(refused);
      expect(resolve).toHaveBeenCalledWith("feeds.rebind.example");
      untouched();
      expect(logLines()).toEqual([
        expect.objectContaining({
          reason: "address",
          detail: expect.stringContaining("feeds.rebind.example resolves to"),
        }),
      ]);
    },
  );

  it("refuses ports other than 80 and 443 unless configured", async () => {
    expect(await fetchFeed(`http://127.0.0.1:${victim.port}/admin`)).toEqual(refused);
    const resolve = vi.fn(resolveTo("93.184.216.34"));
    expect(await fetchFeed("https://outlet.example:8443/rss", { resolve })).toEqual(refused);
    expect(resolve).not.toHaveBeenCalled();
    expect(logLines().map((line) => line.reason)).toEqual(["port", "port"]);
    untouched();
  });

  it.each([
    "to-loopback",
    "to-hex-loopback",
    "to-ipv6-loopback",
    "to-rebound-name",
    "to-metadata",
    "to-file",
  ])("refuses a redirect from an outlet %s, without reaching it", async (route) => {
    const before = simulator.requests.length;
    const result = await fetchFeed(`https://outlet.example/${route}`, {
      ...options(),
      resolve: resolveTo("127.0.0.1"),
      extraPorts: [victim.port, victim6.port],
    });
    expect(result).toEqual(refused);
    expect(simulator.requests.length - before).toBe(1);
    untouched();
  });

  it("keeps the loopback feed origin reachable only when it is the configured one", async () => {
    expect(await fetchFeed("https://outlet.example/rss", options())).toMatchObject({ kind: "ok" });
    const before = simulator.requests.length;
    expect(await fetchFeed(`${simulator.baseUrl}/outlet.example/rss`)).toEqual(refused);
    expect(simulator.requests.length).toBe(before);
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
    const dates = [...shifted.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((match) =>
      Date.parse(match[1] ?? ""),
    );
    expect(dates).toEqual([
      target,
      target - (Date.parse("2025-12-12T22:33:11Z") - Date.parse("2025-12-12T10:00:00Z")),
    ]);
    expect(shifted).toContain("<lastBuildDate>");
  });

  it("shifts Atom dates as ISO 8601", () => {
    const shifted = shiftFeedDates(
      "<feed><entry><updated>2016-02-01T17:54:50+01:00</updated></entry></feed>",
      Date.UTC(2026, 0, 1),
    );
    expect(shifted).toBe("<feed><entry><updated>2026-01-01T00:00:00.000Z</updated></entry></feed>");
  });
});
