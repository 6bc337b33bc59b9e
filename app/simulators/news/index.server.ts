/**
 * The news-outlet simulator: a small HTTP server that answers like the outlets' feed endpoints,
 * from recorded feeds on disk. Started at boot by app/wiring/news.server.ts when
 * PROVIDER_MODE=simulator (the feed fetcher then asks `${baseUrl}/<host>/<path>` instead of the
 * outlet), and started by the tests with their own routes. The recordings' folder and manifest:
 * recordings.server.ts.
 *
 * It behaves like the real thing where it matters to the reader: 403 to library-default user agents
 * (as Cloudflare does), ETag and Last-Modified with 304 on a conditional GET, 404 for unknown
 * feeds. `shiftDatesTo` moves every date in a served feed so its newest item is that recent, which
 * keeps the recordings inside the 7-day curation window on any day.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type FeedRoute =
  | string
  | {
      /** A file in the simulator's directory. */
      file?: string;
      body?: string;
      status?: number;
      contentType?: string;
      /** Accept the request and never answer. */
      hang?: boolean;
      /** Full control, for tests (streams, odd headers). */
      handler?: (request: IncomingMessage, response: ServerResponse) => void;
    };

export interface FeedSimulatorOptions {
  /** Directory the `file` routes are read from. */
  dir: string;
  /** `host/path` (no scheme, no trailing slash, no query) to what is served there. */
  routes: Record<string, FeedRoute>;
  /** When set, every date in a served feed is shifted so the newest is at this time (epoch ms). */
  shiftDatesTo?: number | null;
  /** Answer 403 to requests without a browser-like User-Agent (default true). */
  requireUserAgent?: boolean;
}

export interface FeedSimulator {
  baseUrl: string;
  /** Every request seen: path and the conditional headers, for assertions. */
  requests: {
    path: string;
    userAgent: string | null;
    ifNoneMatch: string | null;
    ifModifiedSince: string | null;
  }[];
  close: () => Promise<void>;
}

const DATE_TAGS =
  /<(pubDate|lastBuildDate|updated|published|dc:date|a10:updated)(\s[^>]*)?>\s*([^<]+?)\s*<\/\1\s*>/g;
const ITEM_DATE_TAGS = new Set(["pubDate", "updated", "published", "dc:date", "a10:updated"]);
const ISO_TAGS = new Set(["updated", "published", "dc:date", "a10:updated"]);

/** Shift every date in an RSS/Atom document so the newest item date becomes `target`. */
export function shiftFeedDates(xml: string, target: number): string {
  let newest = Number.NEGATIVE_INFINITY;
  for (const match of xml.matchAll(DATE_TAGS)) {
    const [, tag, , value] = match;
    if (!tag || !value || !ITEM_DATE_TAGS.has(tag)) continue;
    const ms = Date.parse(value);
    if (Number.isFinite(ms) && ms > newest) newest = ms;
  }
  if (!Number.isFinite(newest)) return xml;
  const delta = target - newest;
  return xml.replace(
    DATE_TAGS,
    (whole, tag: string, attributes: string | undefined, value: string) => {
      const ms = Date.parse(value);
      if (!Number.isFinite(ms)) return whole;
      const shifted = new Date(ms + delta);
      const text = ISO_TAGS.has(tag) ? shifted.toISOString() : shifted.toUTCString();
      return `<${tag}${attributes ?? ""}>${text}</${tag}>`;
    },
  );
}

/**
 * The route key of a simulator request path: `/www.coindesk.com/arc/outboundfeeds/rss/` ->
 * `www.coindesk.com/arc/outboundfeeds/rss`.
 */
export function routeKey(requestPath: string): string {
  const pathname = requestPath.split("?")[0] ?? "";
  return decodeURIComponent(pathname).replace(/^\/+/, "").replace(/\/+$/, "").toLowerCase();
}

/** The route key of a feed URL (what the manifest is keyed by). */
export function feedRouteKey(feedUrl: string): string {
  const url = new URL(feedUrl);
  return routeKey(`/${url.host}${url.pathname}`);
}

const LIBRARY_AGENTS =
  /^(?:node|undici|node-fetch|axios|curl|wget|python|go-http-client|java|okhttp)\b/i;

export async function startFeedSimulator(options: FeedSimulatorOptions): Promise<FeedSimulator> {
  const routes = new Map(
    Object.entries(options.routes).map(([key, route]) => [routeKey(`/${key}`), route]),
  );
  const requests: FeedSimulator["requests"] = [];
  const cache = new Map<string, { body: string; etag: string; lastModified: string }>();
  const requireUserAgent = options.requireUserAgent ?? true;

  const load = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      let body = readFileSync(path.join(options.dir, path.basename(file)), "utf8");
      if (options.shiftDatesTo != null) body = shiftFeedDates(body, options.shiftDatesTo);
      entry = {
        body,
        etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
        lastModified: new Date(
          options.shiftDatesTo ?? Date.parse("2025-12-13T00:00:00Z"),
        ).toUTCString(),
      };
      cache.set(file, entry);
    }
    return entry;
  };

  const server: Server = createServer((request, response) => {
    const userAgent = request.headers["user-agent"] ?? null;
    const ifNoneMatch = (request.headers["if-none-match"] as string | undefined) ?? null;
    const ifModifiedSince = (request.headers["if-modified-since"] as string | undefined) ?? null;
    requests.push({ path: request.url ?? "/", userAgent, ifNoneMatch, ifModifiedSince });
    const route = routes.get(routeKey(request.url ?? "/"));
    if (route === undefined) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    if (requireUserAgent && (!userAgent || LIBRARY_AGENTS.test(userAgent))) {
      response
        .writeHead(403, { "Content-Type": "text/html" })
        .end("<html><body>Attention Required!</body></html>");
      return;
    }
    const spec = typeof route === "string" ? { file: route } : route;
    if (spec.hang) return; // never answers; the client's deadline ends it
    if (spec.handler) {
      spec.handler(request, response);
      return;
    }
    if (spec.status && spec.status !== 200) {
      response
        .writeHead(spec.status, { "Content-Type": "text/plain" })
        .end(`Status ${spec.status}`);
      return;
    }
    const entry = spec.file
      ? load(spec.file)
      : {
          body: spec.body ?? "",
          etag: `"${createHash("sha256")
            .update(spec.body ?? "")
            .digest("base64url")
            .slice(0, 27)}"`,
          lastModified: "",
        };
    const notModified =
      (ifNoneMatch !== null && ifNoneMatch === entry.etag) ||
      (ifNoneMatch === null &&
        ifModifiedSince !== null &&
        entry.lastModified !== "" &&
        Date.parse(ifModifiedSince) >= Date.parse(entry.lastModified));
    const headers: Record<string, string> = { ETag: entry.etag };
    if (entry.lastModified) headers["Last-Modified"] = entry.lastModified;
    if (notModified) {
      response.writeHead(304, headers).end();
      return;
    }
    response
      .writeHead(200, {
        ...headers,
        "Content-Type": spec.contentType ?? "application/rss+xml; charset=utf-8",
      })
      .end(entry.body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { findFixturesDir, simulatorRoutes } from "./recordings.server";
