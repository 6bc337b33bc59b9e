/**
 * Fetch one feed over HTTP the way a well-behaved reader does: a real User-Agent (outlets behind
 * Cloudflare answer 403 to library defaults), conditional GET with the stored ETag / Last-Modified,
 * one deadline for the whole exchange, and a size cap: the body is read as a stream and the
 * download is abandoned at the cap, so a runaway feed costs at most `maxBytes` of memory.
 *
 * Feed URLs come from operators and redirects come from outlets, so every hop goes through the
 * outbound policy (app/utils/outbound-address*.ts), by the shared fetcher
 * (app/utils/outbound-fetch.server.ts; the sanctions lists' download uses it too): http(s) on
 * ports 80/443 only, and only to public addresses: the host is resolved by our own lookup, every
 * address it resolves to must be public, and the address the socket actually connected to is
 * checked again. Redirects are followed by hand (at most FEED_MAX_REDIRECTS) and each one is
 * checked the same way. The configured feed origin (`baseUrl`: the feed simulator on 127.0.0.1 or
 * NEWS_FEED_BASE_URL) is ours and is exempt.
 *
 * A refused or failed fetch is recorded as FEED_FETCH_FAILED and nothing more: the connection error
 * and the policy's reason go to the server log only, so recorded errors cannot be used to map
 * ports.
 */
import type { ResolveHost } from "~/utils/outbound-address.server";
import { fetchOutbound, loggedUrl } from "~/utils/outbound-fetch.server";

export const FEED_USER_AGENT =
  "Mozilla/5.0 (compatible; OneHopNewsBot/1.0; +https://onehop.co.ke/blog) feed-reader";
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 5;
/** The only thing recorded about a fetch that was refused or did not get an HTTP answer. */
export const FEED_FETCH_FAILED = "The feed could not be fetched.";

export interface FetchFeedOptions {
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  /**
   * Fetch through this origin instead of the feed's own host: `https://host/path?q` becomes
   * `${baseUrl}/host/path?q`. The feed simulator (simulator.server.ts) answers there. This origin
   * is configuration, not input: it may be on loopback; every other origin must be public.
   */
  baseUrl?: string | null;
  /** Ports allowed besides 80 and 443 (none by default). */
  extraPorts?: readonly number[];
  /** How host names are resolved (tests inject one); every answer is checked by the policy. */
  resolve?: ResolveHost;
  maxRedirects?: number;
}

export type FetchFeedResult =
  | {
      kind: "ok";
      status: number;
      body: string;
      bytes: number;
      truncated: boolean;
      etag: string | null;
      lastModified: string | null;
      contentType: string | null;
    }
  | { kind: "not_modified"; status: 304 }
  | { kind: "failed"; status: number | null; error: string };

/**
 * The URL actually requested for `feedUrl`, given an optional base (see FetchFeedOptions.baseUrl).
 */
export function requestUrl(feedUrl: string, baseUrl?: string | null): string {
  if (!baseUrl) return feedUrl;
  const url = new URL(feedUrl);
  return `${baseUrl.replace(/\/$/, "")}/${url.host}${url.pathname}${url.search}`;
}

/** The charset named by the Content-Type header or the XML declaration; UTF-8 otherwise. */
function charsetOf(contentType: string | null, head: Uint8Array): string {
  const fromHeader = /charset="?([\w-]+)"?/i.exec(contentType ?? "")?.[1];
  const declaration = new TextDecoder("latin1").decode(head.subarray(0, 200));
  const fromXml = /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(declaration)?.[1];
  const label = (fromHeader ?? fromXml ?? "utf-8").toLowerCase();
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return "utf-8";
  }
}

export async function fetchFeed(
  feedUrl: string,
  options: FetchFeedOptions = {},
): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? FEED_MAX_REDIRECTS;
  const headers: Record<string, string> = {
    "User-Agent": options.userAgent ?? FEED_USER_AGENT,
    Accept:
      "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
    "Accept-Language": "en",
    "Accept-Encoding": "gzip, deflate, br",
  };
  if (options.etag) headers["If-None-Match"] = options.etag;
  if (options.lastModified) headers["If-Modified-Since"] = options.lastModified;
  let url: URL;
  let trustedOrigin: string | null = null;
  try {
    url = new URL(requestUrl(feedUrl, options.baseUrl));
    if (options.baseUrl) trustedOrigin = new URL(options.baseUrl).origin;
  } catch {
    return { kind: "failed", status: null, error: "Not a valid URL" };
  }
  const result = await fetchOutbound(url, {
    headers,
    timeoutMs,
    maxBytes,
    maxRedirects,
    trustedOrigin,
    extraPorts: options.extraPorts,
    resolve: options.resolve,
    log: {
      refused: "news feed refused by the outbound address policy",
      failed: "news feed could not be fetched",
      fields: { feed: loggedUrl(new URL(feedUrl)) },
    },
  });
  switch (result.kind) {
    case "ok": {
      const contentType = result.header("content-type");
      const body = new TextDecoder(charsetOf(contentType, result.body)).decode(result.body);
      return {
        kind: "ok",
        status: result.status,
        body,
        bytes: result.bytes,
        truncated: result.truncated,
        etag: result.header("etag"),
        lastModified: result.header("last-modified"),
        contentType,
      };
    }
    case "not_modified":
      return { kind: "not_modified", status: 304 };
    case "http_error":
      return {
        kind: "failed",
        status: result.status,
        error:
          result.status === 204 || result.status === 205 ? "Empty answer" : `HTTP ${result.status}`,
      };
    case "timeout":
      return { kind: "failed", status: null, error: `Timed out after ${timeoutMs} ms` };
    case "unreachable":
      return { kind: "failed", status: null, error: FEED_FETCH_FAILED };
  }
}
