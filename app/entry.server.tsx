/**
 * Server entry: renders documents with this request's CSP nonce and security headers, compresses
 * them once (pages the cache will keep are left to it: utils/page-cache.server.ts, used by
 * server.mjs in front of Remix), and logs unexpected errors once.
 */
import { PassThrough, Writable } from "node:stream";
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { boot } from "./wiring/boot.server";
import { processRole } from "./wiring/processes.server";
import { env } from "./utils/env.server";
import { logger } from "./utils/logger.server";
import { NonceProvider, PendingFlashContext } from "./utils/nonce";
import { PRIVATE_CACHE_HEADER } from "./utils/http";
import { compressedDocument, willCache } from "./utils/page-cache.server";
import { HTML_LANG } from "./i18n/locales";
import { DOCUMENT_VARY, pageLocale } from "./i18n/negotiate";
import { isClientAbort } from "./utils/request-time-limits.server";
import { takeFlashFromResponse, type Flash } from "./utils/toast.server";
import {
  applyBaseSecurityHeaders,
  applyDocumentSecurityHeaders,
  createNonce,
} from "./utils/security-headers.server";

export const streamTimeout = 5_000;

/**
 * For server.mjs: the page cache's fast path, the front door (remote address, limits, refusals),
 * the time limits for receiving requests, the access log's URL redaction and the validated port
 * (ADR 0016, 0017, 0040).
 */
export { serveCachedPage } from "./utils/page-cache.server";
export { servePrivateCachedPage } from "./utils/private-page-cache.server";
export { respond, screenIncoming, stampRemoteAddress } from "./utils/front-door.server";
export { batchedLineStream, redactUrlForLog } from "./utils/access-log.server";
export { requestBodyLost, serverTimeouts } from "./utils/request-time-limits.server";
export { serveApi } from "./wiring/api.server";
export const listenPort = env.PORT;
/** For server.mjs's cluster primary (ADR 0047). */
export { prepareWorkers } from "./wiring/processes.server";

// Start simulators and background jobs once, when the server bundle loads (not in the cluster's
// primary, which serves nothing).
if (processRole() === "app") await boot();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Each page is written in the request's language (issue 33): say which, and what it varied on.
  responseHeaders.set("Content-Language", HTML_LANG[pageLocale(request)]);
  responseHeaders.set("Vary", DOCUMENT_VARY);
  // A page a cache may keep is returned uncompressed: the cache compresses it once per encoding.
  const cacheable =
    willCache(request, responseStatusCode, responseHeaders) ||
    responseHeaders.has(PRIVATE_CACHE_HEADER);
  const nonce = createNonce();
  applyDocumentSecurityHeaders(responseHeaders, request, nonce);
  const pendingFlash =
    request.method === "GET" ? undefined : await takeFlashFromResponse(responseHeaders);
  // Pages that defer data stream (bots and SPA mode wait for everything); the rest render whole and
  // are compressed once.
  if (hasDeferredData(remixContext)) {
    return renderStream(
      request,
      responseStatusCode,
      responseHeaders,
      remixContext,
      nonce,
      pendingFlash,
    );
  }
  const html = await renderToString(request, remixContext, nonce, pendingFlash);
  if (cacheable)
    return new Response(html, { status: responseStatusCode, headers: responseHeaders });
  return compressedDocument(html, request, responseHeaders, responseStatusCode);
}

function app(request: Request, remixContext: EntryContext, nonce: string, pendingFlash?: Flash) {
  return (
    <NonceProvider value={nonce}>
      <PendingFlashContext.Provider value={pendingFlash}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={streamTimeout}
          nonce={nonce}
        />
      </PendingFlashContext.Provider>
    </NonceProvider>
  );
}

function hasDeferredData(remixContext: EntryContext): boolean {
  const data = remixContext.staticHandlerContext.loaderData ?? {};
  return Object.values(data).some(
    (value) =>
      value !== null &&
      typeof value === "object" &&
      Object.values(value).some((field) => field instanceof Promise),
  );
}

/** The whole document as a string (pages that do not defer). */
function renderToString(
  request: Request,
  remixContext: EntryContext,
  nonce: string,
  pendingFlash?: Flash,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      app(request, remixContext, nonce, pendingFlash),
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError: reject,
        onError(error: unknown) {
          logger.error("render error", { error: describeError(error) });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

function renderStream(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  nonce: string,
  pendingFlash: Flash | undefined,
) {
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      app(request, remixContext, nonce, pendingFlash),
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error("render error", { error: describeError(error) });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applyBaseSecurityHeaders(response.headers, request);
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A client that went away (its body cut short) was logged as an info line when it left.
  if (request.signal.aborted || isClientAbort(error)) return;
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    logger.warn("cross-site post rejected", {
      path: new URL(request.url).pathname,
      origin: request.headers.get("Origin"),
    });
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    // Remix's own refusal, such as a POST to a route without an action (405): the client's mistake.
    logger.warn("request refused", {
      method: request.method,
      path: new URL(request.url).pathname,
      status: error.status,
    });
    return;
  }
  logger.error("unhandled error", {
    method: request.method,
    path: new URL(request.url).pathname,
    error: describeError(error),
  });
};

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}
