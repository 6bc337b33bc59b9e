/**
 * One GET to somewhere on the internet under the outbound policy (outbound-address*.ts): the news
 * feeds' reader (app/core/news/fetch.server.ts) and the sanctions lists' daily download share it.
 *
 * - http(s) on ports 80/443 only (plus `extraPorts`), and only to public addresses: the host is
 *   resolved by our own lookup, every address it resolves to must be public, and the address the
 *   socket actually connected to is checked again. Redirects are followed by hand (at most
 *   `maxRedirects`) and each one is checked the same way. `trustedOrigin` (a configured simulator
 *   or mirror, not input) is exempt.
 * - One deadline for the whole exchange, and a size cap: the body is read as a stream (its
 *   Content-Encoding undone, so the cap counts content bytes) and abandoned at the cap.
 * - A refused or failed connection is logged (the policy's reason and the error, in the server log
 *   only, so recorded errors cannot be used to map ports) and answered `unreachable`.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { logger } from "./logger.server";
import { checkOutboundUrl } from "./outbound-address";
import {
  guardedLookup,
  OutboundRefusedError,
  refuseNonPublicSocket,
  systemResolve,
  type ResolveHost,
} from "./outbound-address.server";

export interface OutboundFetchOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** An origin that is configuration, not input (a simulator on loopback): not checked. */
  trustedOrigin?: string | null;
  /** Ports allowed besides 80 and 443 (none by default). */
  extraPorts?: readonly number[];
  /** How host names are resolved (tests inject one); every answer is checked by the policy. */
  resolve?: ResolveHost;
  /** The server log's words for a refusal and a failure, and fields naming what was fetched. */
  log: { refused: string; failed: string; fields: Record<string, string> };
}

export type OutboundFetchResult =
  | {
      kind: "ok";
      status: number;
      body: Buffer;
      bytes: number;
      /** The body went past `maxBytes`: `body` is its first `maxBytes`. */
      truncated: boolean;
      header: (name: string) => string | null;
    }
  | { kind: "not_modified" }
  /** Any other status but 2xx (204 and 205 included: no content). */
  | { kind: "http_error"; status: number }
  | { kind: "timeout" }
  /** Refused by the policy or no HTTP answer (logged). */
  | { kind: "unreachable" };

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

/** The body with its Content-Encoding undone (as fetch() did), so the size cap counts its bytes. */
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

function headerOf(response: IncomingMessage, name: string): string | null {
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
export const loggedUrl = (url: URL) => `${url.protocol}//${url.host}${url.pathname}`;

/** GET `start` under the outbound policy (see the module comment). */
export async function fetchOutbound(
  start: URL,
  options: OutboundFetchOptions,
): Promise<OutboundFetchResult> {
  let url = start;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`No complete answer within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  let response: IncomingMessage | null = null;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const trusted = !!options.trustedOrigin && url.origin === options.trustedOrigin;
      if (!trusted) {
        const check = checkOutboundUrl(url, { extraPorts: options.extraPorts });
        if (!check.ok) throw new Refused(check.reason, check.detail);
      }
      response = await send(url, options.headers, {
        trusted,
        resolve: options.resolve ?? systemResolve,
        signal: controller.signal,
      });
      const status = response.statusCode ?? 0;
      const location = headerOf(response, "location");
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= options.maxRedirects)
          throw new Refused("redirects", `more than ${options.maxRedirects} redirects`);
        try {
          url = new URL(location, url);
        } catch {
          throw new Refused("redirect", "unreadable Location");
        }
        continue;
      }
      if (status === 304) {
        response.destroy();
        return { kind: "not_modified" };
      }
      if (status < 200 || status > 299 || status === 204 || status === 205) {
        response.destroy();
        return { kind: "http_error", status };
      }
      const answered = response;
      const { all, bytes, truncated } = await readCapped(decodedBody(answered), options.maxBytes);
      return {
        kind: "ok",
        status,
        body: all,
        bytes,
        truncated,
        header: (name) => headerOf(answered, name),
      };
    }
  } catch (error) {
    if (controller.signal.aborted) return { kind: "timeout" };
    const refused = error instanceof Refused || error instanceof OutboundRefusedError;
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    logger.warn(refused ? options.log.refused : options.log.failed, {
      ...options.log.fields,
      url: loggedUrl(url),
      reason: refused ? (error as Refused | OutboundRefusedError).reason : "network",
      detail: `${error instanceof Error ? error.message : String(error)}${cause}`,
    });
    return { kind: "unreachable" };
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}
