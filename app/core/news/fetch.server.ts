/**
 * Fetch one feed over HTTP the way a well-behaved reader does: a real User-Agent (outlets behind
 * Cloudflare answer 403 to library defaults), conditional GET with the stored ETag / Last-Modified,
 * one deadline for the whole exchange, and a size cap: the body is read as a stream and the
 * download is abandoned at the cap, so a runaway feed costs at most `maxBytes` of memory.
 *
 * Feed URLs come from operators and redirects come from outlets, so every hop goes through the
 * outbound policy (app/utils/outbound-address*.ts): http(s) on ports 80/443 only, and only to
 * public addresses: the host is resolved by our own lookup, every address it resolves to must be
 * public, and the address the socket actually connected to is checked again. Redirects are followed
 * by hand (at most FEED_MAX_REDIRECTS) and each one is checked the same way. The configured feed
 * origin (`baseUrl`: the feed simulator on 127.0.0.1 or NEWS_FEED_BASE_URL) is ours and is exempt.
 *
 * A refused or failed fetch is recorded as FEED_FETCH_FAILED and nothing more: the connection error
 * and the policy's reason go to the server log only, so recorded errors cannot be used to map
 * ports.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { logger } from "~/utils/logger.server";
import { checkOutboundUrl } from "~/utils/outbound-address";
import {
  guardedLookup,
  OutboundRefusedError,
  refuseNonPublicSocket,
  systemResolve,
  type ResolveHost,
} from "~/utils/outbound-address.server";

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

async function readCapped(body: Readable, maxBytes: number) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let truncated = false;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (bytes + chunk.byteLength > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - bytes));
      bytes = maxBytes;
      truncated = true;
      break; // leaving the loop destroys the stream
    }
    chunks.push(chunk);
    bytes += chunk.byteLength;
  }
  return { all: Buffer.concat(chunks, bytes), bytes, truncated };
}

/**
 * The body with its Content-Encoding undone (as fetch() did), so the size cap counts feed bytes.
 */
function decodedBody(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return response;
  return pipeline(response, decoder, () => undefined);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * One GET, no redirects followed. Untrusted origins connect through the guarded lookup and socket
 * check.
 */
function send(
  url: URL,
  headers: Record<string, string>,
  context: { trusted: boolean; resolve: ResolveHost; signal: AbortSignal },
) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(
      url,
      {
        method: "GET",
        headers,
        agent: false, // a fresh connection per request: no socket reused across policy decisions
        signal: context.signal,
        ...(context.trusted ? {} : { lookup: guardedLookup(context.resolve) }),
      },
      resolve,
    );
    request.on("error", reject);
    if (!context.trusted)
      request.once("socket", (socket) =>
        refuseNonPublicSocket(socket, (error) => request.destroy(error)),
      );
    request.end();
  });
}

class Refused extends Error {
  constructor(
    readonly reason: string,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** Where a URL points, for the log: no query string (it may carry someone's token). */
const logged = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`;

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
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`No complete answer within ${timeoutMs} ms`)),
    timeoutMs,
  );
  let response: IncomingMessage | null = null;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const trusted = trustedOrigin !== null && url.origin === trustedOrigin;
      if (!trusted) {
        const check = checkOutboundUrl(url, { extraPorts: options.extraPorts });
        if (!check.ok) throw new Refused(check.reason, check.detail);
      }
      response = await send(url, headers, {
        trusted,
        resolve: options.resolve ?? systemResolve,
        signal: controller.signal,
      });
      const status = response.statusCode ?? 0;
      const location = header(response, "location");
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects)
          throw new Refused("redirects", `more than ${maxRedirects} redirects`);
        try {
          url = new URL(location, url);
        } catch {
          throw new Refused("redirect", "unreadable Location");
        }
        continue;
      }
      if (status === 304) {
        response.destroy();
        return { kind: "not_modified", status: 304 };
      }
      if (status < 200 || status > 299) {
        response.destroy();
        return { kind: "failed", status, error: `HTTP ${status}` };
      }
      if (status === 204 || status === 205) {
        response.destroy();
        return { kind: "failed", status, error: "Empty answer" };
      }
      const contentType = header(response, "content-type");
      const { all, bytes, truncated } = await readCapped(decodedBody(response), maxBytes);
      const body = new TextDecoder(charsetOf(contentType, all)).decode(all);
      return {
        kind: "ok",
        status,
        body,
        bytes,
        truncated,
        etag: header(response, "etag"),
        lastModified: header(response, "last-modified"),
        contentType,
      };
    }
  } catch (error) {
    if (controller.signal.aborted) {
      return { kind: "failed", status: null, error: `Timed out after ${timeoutMs} ms` };
    }
    const refused = error instanceof Refused || error instanceof OutboundRefusedError;
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    logger.warn(
      refused
        ? "news feed refused by the outbound address policy"
        : "news feed could not be fetched",
      {
        feed: logged(new URL(feedUrl)),
        url: logged(url),
        reason: refused ? (error as Refused | OutboundRefusedError).reason : "network",
        detail: `${error instanceof Error ? error.message : String(error)}${cause}`,
      },
    );
    return { kind: "failed", status: null, error: FEED_FETCH_FAILED };
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}
