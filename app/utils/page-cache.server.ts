/**
 * A micro-cache for documents that are the same for every visitor, doing in-process what a CDN does
 * in front of us: when a response is `Cache-Control: public` with s-maxage/max-age and sets no
 * cookie, it is rendered once, compressed once (brotli and gzip) and served from memory for that long
 * (at most 60 s). Like a CDN copy, one cached copy carries one CSP nonce
 * (docs/decisions/0004-headers-csp-caching.md).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const MAX_TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

type Bytes = Uint8Array<ArrayBuffer>;
/** A standalone copy (a Buffer may be a view into Node's shared pool). */
const bytes = (buffer: Buffer): Bytes => new Uint8Array(buffer);

export interface CachedPage {
  nonce: string;
  status: number;
  expiresAt: number;
  identity: Bytes;
  gzip: Bytes;
  br: Bytes;
}

const entries = new Map<string, CachedPage>();
let totalBytes = 0;

const sizeOf = (page: CachedPage) => page.identity.length + page.gzip.length + page.br.length;

/** How long a response may be cached here, or 0 when it must not be. */
export function cacheTtlMs(request: Request, status: number, headers: Headers): number {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie")) return 0;
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (!/\bpublic\b/.test(cacheControl) || /no-store|no-cache|private/.test(cacheControl)) return 0;
  const seconds = /s-maxage=(\d+)/.exec(cacheControl)?.[1] ?? /max-age=(\d+)/.exec(cacheControl)?.[1];
  if (!seconds) return 0;
  return Math.min(Number(seconds) * 1000, MAX_TTL_MS);
}

export function cacheKey(request: Request, buildVersion: string): string {
  const url = new URL(request.url);
  return `${buildVersion} ${url.pathname}${url.search}`;
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

export function putCachedPage(
  key: string,
  html: string,
  meta: { nonce: string; status: number; ttlMs: number },
  now = Date.now(),
): CachedPage {
  const identity = Buffer.from(html, "utf8");
  const page: CachedPage = {
    nonce: meta.nonce,
    status: meta.status,
    expiresAt: now + meta.ttlMs,
    identity: bytes(identity),
    gzip: bytes(gzipSync(identity, { level: 9 })),
    br: bytes(
      brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    ),
  };
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
export function chooseEncoding(acceptEncoding: string | null): "br" | "gzip" | "identity" {
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

/** The response for a cached page, already compressed (the compression middleware leaves it alone). */
export function cachedPageResponse(page: CachedPage, request: Request, headers: Headers, hit: boolean): Response {
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
  const body = page[encoding];
  headers.set("Vary", "Accept-Encoding");
  headers.set("Content-Length", String(body.length));
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("X-Page-Cache", hit ? "hit" : "miss");
  return new Response(body, { status: page.status, headers });
}

export function clearPageCache(): void {
  entries.clear();
  totalBytes = 0;
}

/**
 * A whole rendered document compressed in one go (brotli quality 4 or gzip level 6, as negotiated):
 * far cheaper than compressing React's many small stream chunks one by one.
 */
export function compressedDocument(html: string, request: Request, headers: Headers, status: number): Response {
  const identity = Buffer.from(html, "utf8");
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
  const body =
    encoding === "br"
      ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
      : encoding === "gzip"
        ? gzipSync(identity, { level: 6 })
        : identity;
  headers.set("Vary", "Accept-Encoding");
  headers.set("Content-Length", String(body.length));
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  return new Response(bytes(body), { status, headers });
}
