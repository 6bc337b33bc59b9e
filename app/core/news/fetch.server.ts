/**
 * Fetch one feed over HTTP the way a well-behaved reader does: a real User-Agent (outlets behind
 * Cloudflare answer 403 to library defaults), conditional GET with the stored ETag / Last-Modified,
 * one deadline for the whole exchange, and a size cap: the body is read as a stream and the download
 * is abandoned at the cap, so a runaway feed costs at most `maxBytes` of memory.
 */

export const FEED_USER_AGENT =
  "Mozilla/5.0 (compatible; OneHopNewsBot/1.0; +https://onehop.co.ke/blog) feed-reader";
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

export interface FetchFeedOptions {
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  /**
   * Fetch through this origin instead of the feed's own host: `https://host/path?q` becomes
   * `${baseUrl}/host/path?q`. The feed simulator (simulator.server.ts) answers there.
   */
  baseUrl?: string | null;
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

/** The URL actually requested for `feedUrl`, given an optional base (see FetchFeedOptions.baseUrl). */
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

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - bytes));
      bytes = maxBytes;
      truncated = true;
      await reader.cancel("size cap reached").catch(() => undefined);
      break;
    }
    chunks.push(value);
    bytes += value.byteLength;
  }
  const all = new Uint8Array(bytes);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { all, bytes, truncated };
}

export async function fetchFeed(feedUrl: string, options: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const headers: Record<string, string> = {
    "User-Agent": options.userAgent ?? FEED_USER_AGENT,
    Accept: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
    "Accept-Language": "en",
  };
  if (options.etag) headers["If-None-Match"] = options.etag;
  if (options.lastModified) headers["If-Modified-Since"] = options.lastModified;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`No complete answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    let url: string;
    try {
      url = requestUrl(feedUrl, options.baseUrl);
    } catch {
      return { kind: "failed", status: null, error: "Not a valid URL" };
    }
    const response = await fetch(url, { headers, redirect: "follow", signal: controller.signal });
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "not_modified", status: 304 };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "failed", status: response.status, error: `HTTP ${response.status}` };
    }
    if (!response.body) return { kind: "failed", status: response.status, error: "Empty answer" };
    const contentType = response.headers.get("Content-Type");
    const { all, bytes, truncated } = await readCapped(response.body, maxBytes);
    const body = new TextDecoder(charsetOf(contentType, all)).decode(all);
    return {
      kind: "ok",
      status: response.status,
      body,
      bytes,
      truncated,
      etag: response.headers.get("ETag"),
      lastModified: response.headers.get("Last-Modified"),
      contentType,
    };
  } catch (error) {
    if (controller.signal.aborted) {
      return { kind: "failed", status: null, error: `Timed out after ${timeoutMs} ms` };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return { kind: "failed", status: null, error: `${error instanceof Error ? error.message : String(error)}${cause}` };
  } finally {
    clearTimeout(timer);
  }
}
