/**
 * A micro-cache for signed-in pages, per session (docs/decisions/0025-private-page-cache.md). A
 * merchant who reloads the dashboard, or a shop's counter screen left open on it, gets the copy
 * rendered moments ago for the same session, as long as nothing has been written to the database
 * since: any write (a payment, a settlement, a sign-out, a session touch, a script) changes the
 * store's change counter (ADR 0041), and the next request renders again. A copy lives at most
 * PRIVATE_PAGE_TTL_MS, which bounds what changes with the clock alone (a countdown, a cooling-off
 * period) and is shorter than the session's expiry margin, so no copy outlives its session.
 *
 * Only routes that opt in (`privateCachedPageHeaders`, utils/http.ts) are kept; the opt-in header
 * (PRIVATE_CACHE_HEADER) never leaves the server. A request with a flash cookie, or an answer that
 * sets a cookie, is never kept, and single-fetch data requests (`*.data`) are not cached. The key
 * holds the session cookie's signed value, so a copy is only ever served to the browser that holds
 * that cookie.
 */
import { DOCUMENT_VARY, negotiateLocale } from "~/i18n/negotiate";
import type { IncomingMessage, ServerResponse } from "node:http";
import { cookieNames, carriesCookie, rawCookieValue } from "./cookie-names";
import { processStore } from "~/db/process.server";
import { PRIVATE_CACHE_HEADER } from "./http";
import { chooseEncoding, encodeBody, type Encoding } from "./page-cache.server";
import { isHttps, servedOverHttps } from "./security-headers.server";

/** Under SESSION_EXPIRY_MARGIN_MS (5 min): a copy never outlives the session it was made for. */
export const PRIVATE_PAGE_TTL_MS = 5_000;
const MAX_ENTRIES = 200;
const MAX_BYTES = 4 * 1024 * 1024;

interface PrivatePage {
  /** Undefined for an answer that is not kept (it is still compressed on its way out). */
  key: string | undefined;
  status: number;
  /** The store's change counter, read before the render began. */
  version: string;
  expiresAt: number;
  headers: Record<string, string>;
  html: Buffer;
  /** Compressed copies, made on the first request for each encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

const entries = new Map<string, PrivatePage>();
let totalBytes = 0;

const sizeOf = (page: PrivatePage) =>
  page.html.length +
  Object.values(page.encoded).reduce((sum, body) => sum + (body?.length ?? 0), 0);

/** The key for a request whose answer may come from (or go into) this cache, else undefined. */
function keyFor(
  method: string | undefined,
  pathAndQuery: string,
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
  https: boolean,
): string | undefined {
  if (method !== "GET" || !pathAndQuery.startsWith("/")) return undefined;
  if (carriesCookie(cookieHeader, cookieNames.flash)) return undefined;
  const session = rawCookieValue(cookieHeader, cookieNames.merchantSession);
  if (!session) return undefined;
  const queryAt = pathAndQuery.indexOf("?");
  const pathname = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  if (pathname.endsWith(".data")) return undefined;
  // The page's language is part of it: a member may switch while signed in (issue 33).
  const locale = negotiateLocale(cookieHeader, acceptLanguage);
  return `${https ? "https" : "http"} ${locale} ${pathAndQuery} ${session}`;
}

function requestKey(request: Request): string | undefined {
  const url = new URL(request.url);
  return keyFor(
    request.method,
    `${url.pathname}${url.search}`,
    request.headers.get("Cookie"),
    request.headers.get("Accept-Language"),
    isHttps(request),
  );
}

/** What the database's change counter says now. */
const databaseVersion = () => processStore().changeCounter();

async function freshEntry(key: string, now: number): Promise<PrivatePage | undefined> {
  const page = entries.get(key);
  if (!page) return undefined;
  if (page.expiresAt <= now || page.version !== (await databaseVersion())) {
    remove(key, page);
    return undefined;
  }
  return page;
}

function remove(key: string, page: PrivatePage) {
  entries.delete(key);
  totalBytes -= sizeOf(page);
}

function store(key: string, page: PrivatePage) {
  const existing = entries.get(key);
  if (existing) remove(key, existing);
  entries.set(key, page);
  totalBytes += sizeOf(page);
  for (const [oldKey, oldPage] of entries) {
    if (entries.size <= MAX_ENTRIES && totalBytes <= MAX_BYTES) break;
    remove(oldKey, oldPage);
  }
}

/** The page in the encoding the client takes (compressed once per encoding, then kept). */
function bodyAndHeaders(page: PrivatePage, acceptEncoding: string | null | undefined) {
  const encoding = chooseEncoding(acceptEncoding ?? null);
  let body = page.encoded[encoding];
  if (!body) {
    body = encodeBody(page.html, encoding);
    page.encoded[encoding] = body;
    if (page.key !== undefined && entries.get(page.key) === page) totalBytes += body.length;
  }
  const headers: Record<string, string> = {
    ...page.headers,
    "content-length": String(body.length),
  };
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  return { body, headers };
}

/**
 * Answers through the cache: a fresh copy for this session, or `handle` (Remix), whose answer is
 * kept when its route opted in. Anything else passes straight through.
 */
export async function respondThroughPrivateCache(
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const key = requestKey(request);
  const version = key === undefined ? "" : await databaseVersion();
  if (key !== undefined) {
    const cached = await freshEntry(key, Date.now());
    if (cached) return toResponse(cached, request.headers.get("Accept-Encoding"));
  }
  const response = await handle(request);
  if (!response.headers.has(PRIVATE_CACHE_HEADER)) return response;
  response.headers.delete(PRIVATE_CACHE_HEADER);
  if (!response.body || response.headers.has("Content-Encoding")) return response;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!/^(content-length|content-encoding|vary)$/i.test(name)) headers[name] = value;
  });
  headers.vary = DOCUMENT_VARY;
  const keep = key !== undefined && response.status === 200 && !response.headers.has("Set-Cookie");
  const page: PrivatePage = {
    key: keep ? key : undefined,
    status: response.status,
    version,
    expiresAt: Date.now() + PRIVATE_PAGE_TTL_MS,
    headers,
    html: Buffer.from(await response.arrayBuffer()),
    encoded: {},
  };
  if (page.key !== undefined) store(page.key, page);
  return toResponse(page, request.headers.get("Accept-Encoding"));
}

function toResponse(page: PrivatePage, acceptEncoding: string | null): Response {
  const { body, headers } = bodyAndHeaders(page, acceptEncoding);
  return new Response(new Uint8Array(body), { status: page.status, headers });
}

/**
 * The server's fast path (server.mjs), before Express and Remix run: answers a signed-in GET when
 * this session's copy of the page is still current. Resolves false when the request must be handled
 * normally.
 */
export async function servePrivateCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const forwardedProto = req.headers["x-forwarded-proto"];
  const https = servedOverHttps(
    Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto,
    "encrypted" in req.socket,
  );
  const key = keyFor(
    req.method,
    req.url ?? "",
    req.headers.cookie,
    req.headers["accept-language"],
    https,
  );
  if (key === undefined) return false;
  const page = await freshEntry(key, Date.now());
  if (!page) return false;
  const { body, headers } = bodyAndHeaders(page, req.headers["accept-encoding"]);
  res.writeHead(page.status, headers);
  res.end(body);
  return true;
}

export function clearPrivatePageCache(): void {
  entries.clear();
  totalBytes = 0;
}
