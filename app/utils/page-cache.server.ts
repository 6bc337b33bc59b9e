/**
 * A micro-cache for responses that are the same for every visitor, doing in-process what a CDN does
 * in front of us: a GET answered `200` with `Cache-Control: public` and s-maxage/max-age, and no
 * cookie, is kept for that long (at most 60 s), compressed once per encoding (brotli and gzip),
 * with its headers. The server (server.mjs) answers from it before Express and Remix run;
 * concurrent misses for one URL wait for a single render. Like a CDN copy, one cached page carries
 * one CSP nonce (docs/decisions/0004-headers-csp-caching.md, 0016-own-server.md).
 *
 * A request carrying a flash cookie or a merchant's session cookie is never answered from the cache
 * (Remix renders its message, or the header's "Dashboard" link), and single-fetch data requests
 * (`*.data`) are not cached.
 */
import cluster from "node:cluster";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { isHttps, servedOverHttps } from "./security-headers.server";
import { carriesPersonalCookie } from "./cookie-names";
import type { Locale } from "~/i18n/locales";
import { DOCUMENT_VARY, negotiateLocale, requestLocale } from "~/i18n/negotiate";

const MAX_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 32 * 1024 * 1024;

type Bytes = Uint8Array<ArrayBuffer>;
/** A standalone copy (a Buffer may be a view into Node's shared pool). */
const bytes = (buffer: Buffer): Bytes => new Uint8Array(buffer);

export type Encoding = "br" | "gzip" | "identity";

/** One encoding of a cached response: its bytes and the complete headers that go with them. */
export interface CachedVariant {
  body: Bytes;
  headers: Record<string, string>;
}

/**
 * Only the compressed copies are kept (about a quarter of the page); the rare client that accepts
 * neither gets the gzip copy inflated on the way out.
 */
export interface CachedPage {
  status: number;
  expiresAt: number;
  variants: Record<Exclude<Encoding, "identity">, CachedVariant>;
}

const entries = new Map<string, CachedPage>();
const inFlight = new Map<string, Promise<CachedPage | undefined>>();
let totalBytes = 0;
/** Bumped by clearPageCache: a render that began before the clear is not kept. */
let generation = 0;

const sizeOf = (page: CachedPage) =>
  Object.values(page.variants).reduce((sum, variant) => sum + variant.body.length, 0);

/** How long a response may be cached here, or 0 when it must not be. */
export function cacheTtlMs(request: Request, status: number, headers: Headers): number {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie")) return 0;
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /no-store|no-cache|private/.test(cacheControl)) return 0;
  const seconds =
    /s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? /max-age=(\d+)/.exec(cacheControl)?.[1];
  if (!seconds) return 0;
  return Math.min(Number(seconds) * 1000, MAX_TTL_MS);
}

/**
 * The key: scheme (the headers differ: HSTS), the page's language (issue 33: the switch's cookie or
 * Accept-Language) and path with query. Keys are built from the normalised URL when storing; a raw
 * request path that differs from its normal form simply misses.
 */
const pageKey = (https: boolean, locale: Locale, pathAndQuery: string) =>
  `${https ? "https" : "http"} ${locale} ${pathAndQuery}`;

/**
 * Whether the cache will keep this answer to this request (entry.server then leaves it
 * uncompressed).
 */
export function willCache(request: Request, status: number, headers: Headers): boolean {
  return cacheKey(request) !== undefined && cacheTtlMs(request, status, headers) > 0;
}

/** The cache key for a request that may be answered from the cache, else undefined. */
export function cacheKey(request: Request): string | undefined {
  if (request.method !== "GET" || carriesPersonalCookie(request.headers.get("Cookie")))
    return undefined;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return undefined;
  return pageKey(isHttps(request), requestLocale(request), `${url.pathname}${url.search}`);
}

export function getCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const page = entries.get(key);
  if (!page) return undefined;
  if (page.expiresAt <= now) {
    remove(key, page);
    return undefined;
  }
  return page;
}

type PageMeta = { status: number; ttlMs: number; headers: Headers };

/**
 * Stores a response: its body compressed once per encoding, and its headers (with their CSP nonce).
 */
export function putCachedPage(
  key: string,
  body: Buffer,
  meta: PageMeta,
  now = Date.now(),
): CachedPage {
  return storePage(key, compressPage(body, meta, now));
}

function compressPage(body: Buffer, meta: PageMeta, now: number): CachedPage {
  const base: Record<string, string> = {};
  meta.headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|set-cookie|vary)$/i.test(name)) base[name] = value;
  });
  base.vary = DOCUMENT_VARY;
  base["x-page-cache"] = "hit";
  const variant = (encoded: Buffer, encoding: "br" | "gzip"): CachedVariant => ({
    body: bytes(encoded),
    headers: { ...base, "content-length": String(encoded.length), "content-encoding": encoding },
  });
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return {
    status: meta.status,
    expiresAt: now + meta.ttlMs,
    variants: { gzip: variant(gzipSync(body, { level: 9 }), "gzip"), br: variant(brotli, "br") },
  };
}

function storePage(key: string, page: CachedPage): CachedPage {
  if (sizeOf(page) > MAX_BYTES / 8) return page;
  const existing = entries.get(key);
  if (existing) remove(key, existing);
  entries.set(key, page);
  totalBytes += sizeOf(page);
  for (const [oldKey, oldPage] of entries) {
    if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
    remove(oldKey, oldPage);
  }
  return page;
}

function remove(key: string, page: CachedPage) {
  entries.delete(key);
  totalBytes -= sizeOf(page);
}

/** The best encoding the client accepts (br, then gzip), honouring q=0. */
export function chooseEncoding(acceptEncoding: string | null): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return "identity";
}

/**
 * The copy for a client: br or gzip as stored, or the gzip copy inflated for one that takes
 * neither.
 */
function variantFor(page: CachedPage, acceptEncoding: string | null): CachedVariant {
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding !== "identity") return page.variants[encoding];
  const { gzip } = page.variants;
  const body = bytes(gunzipSync(gzip.body));
  const { "content-encoding": _encoding, ...headers } = gzip.headers;
  return { body, headers: { ...headers, "content-length": String(body.length) } };
}

/**
 * The response for a cached page, already compressed (the compression middleware leaves it alone).
 */
export function cachedPageResponse(
  page: CachedPage,
  acceptEncoding: string | null,
  hit: boolean,
): Response {
  const variant = variantFor(page, acceptEncoding);
  const headers = new Headers(variant.headers);
  if (!hit) headers.set("X-Page-Cache", "miss");
  return new Response(variant.body, { status: page.status, headers });
}

/**
 * Answers through the cache: a hit, or the one render already under way for this URL, or `handle`
 * (Remix), whose answer is kept when it may be. Anything that may not be cached passes straight
 * through.
 */
export async function respondThroughPageCache(
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = cacheKey(request);
  if (key === undefined) return handle(request);
  const acceptEncoding = request.headers.get("Accept-Encoding");
  const cached = getCachedPage(key);
  if (cached) return cachedPageResponse(cached, acceptEncoding, true);
  const pending = inFlight.get(key);
  if (pending) {
    const page = await pending;
    return page ? cachedPageResponse(page, acceptEncoding, true) : handle(request);
  }
  let settle: (page: CachedPage | undefined) => void = () => undefined;
  inFlight.set(key, new Promise((resolve) => (settle = resolve)));
  let page: CachedPage | undefined;
  const startedIn = generation;
  try {
    const response = await handle(request);
    const ttlMs = cacheTtlMs(request, response.status, response.headers);
    if (ttlMs === 0 || !response.body || response.headers.has("Content-Encoding")) return response;
    const body = Buffer.from(await response.arrayBuffer());
    page = compressPage(
      body,
      { status: response.status, ttlMs, headers: response.headers },
      Date.now(),
    );
    if (startedIn === generation) storePage(key, page);
    return cachedPageResponse(page, acceptEncoding, false);
  } finally {
    inFlight.delete(key);
    settle(page);
  }
}

/**
 * The server's fast path (server.mjs), before Express and Remix run: answers a GET when the cache
 * holds this URL. Returns false when the request must be handled normally.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): boolean {
  if (
    req.method !== "GET" ||
    !req.url?.startsWith("/") ||
    carriesPersonalCookie(req.headers.cookie)
  )
    return false;
  const forwardedProto = req.headers["x-forwarded-proto"];
  const https = servedOverHttps(
    Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto,
    "encrypted" in req.socket,
  );
  const acceptLanguage = req.headers["accept-language"];
  const locale = negotiateLocale(req.headers.cookie, acceptLanguage);
  const page = getCachedPage(pageKey(https, locale, req.url));
  if (!page) return false;
  const variant = variantFor(page, req.headers["accept-encoding"] ?? null);
  res.writeHead(page.status, variant.headers);
  res.end(variant.body);
  return true;
}

/**
 * Forget every cached page, in this process and, under WEB_CONCURRENCY (ADR 0047), in the other
 * server processes too: the cluster's primary passes the word on.
 */
export function clearPageCache(): void {
  clearLocally();
  if (cluster.isWorker) process.send?.(CLEAR_MESSAGE);
}

const CLEAR_MESSAGE = { type: "onehop:clear-page-cache" } as const;

function clearLocally(): void {
  generation += 1;
  entries.clear();
  totalBytes = 0;
}

if (cluster.isWorker) {
  process.on("message", (message: { type?: string } | null) => {
    if (message?.type === CLEAR_MESSAGE.type) clearLocally();
  });
}

/**
 * A whole rendered document compressed in one go (brotli quality 4 or gzip level 6, as negotiated):
 * far cheaper than compressing React's many small stream chunks one by one.
 */
export function compressedDocument(
  html: string,
  request: Request,
  headers: Headers,
  status: number,
): Response {
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
  const body = encodeBody(Buffer.from(html, "utf8"), encoding);
  headers.set("Vary", DOCUMENT_VARY);
  headers.set("Content-Length", String(body.length));
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  return new Response(bytes(body), { status, headers });
}

/** A page rendered for one request, compressed for it (brotli quality 4 or gzip level 6). */
export function encodeBody(identity: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br")
    return brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
  return encoding === "gzip" ? gzipSync(identity, { level: 6 }) : identity;
}
