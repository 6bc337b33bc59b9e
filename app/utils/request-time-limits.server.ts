/**
 * How long a client may take to send its request (issue 27, item 11;
 * docs/decisions/0040-request-time-limits.md). The numbers are here and nowhere else:
 *
 * - **Headers**: the request line and headers within `headersMs` (Node's `headersTimeout`; its own
 *   default is 60 s). A real client sends them in one packet.
 * - **Idle body**: once the headers are in, a body that sends no byte for `bodyIdleMs` is cut off.
 * - **Whole body**: a body must be complete within the time its address's largest body takes at a
 *   slow but real upload rate (`slowBytesPerSecond`), plus `slackMs`: about 32 s for a 64 KB form,
 *   about 9 minutes for the 16 MB application with documents. Node's `requestTimeout` is the same
 *   rule for the largest body anywhere (the backstop for anything not limited by address).
 *
 * Where a response is still possible the client gets 408 (`Connection: close`), then the
 * connection is closed; the route reading the body sees it end with an error and its answer is
 * dropped. A client that goes away before its body is in is an info line, never an error: that
 * is the network, not us.
 */
import type { IncomingMessage, ServerOptions, ServerResponse } from "node:http";
import { BODY_POLICIES, KB } from "./body-limit.server";
import { logger } from "./logger.server";

export interface RequestTimeLimits {
  /** Request line and headers, from the connection's first byte of the request (ms). */
  headersMs: number;
  /** The longest pause between two parts of a body (ms). */
  bodyIdleMs: number;
  /** The slowest upload we still wait for (bytes per second): sizes each whole-body deadline. */
  slowBytesPerSecond: number;
  /** Added to every whole-body deadline (a slow start, a stall shorter than `bodyIdleMs`) (ms). */
  slackMs: number;
  /** The largest body any address accepts (bytes): sizes Node's `requestTimeout`. */
  largestBodyBytes: number;
  /** How often Node checks its header and request deadlines (ms; Node's default is 30 s). */
  checkIntervalMs: number;
}

/** The API's largest body (payout batches, app/api/endpoints/payout-batches.server.ts). */
const API_LARGEST_BODY_BYTES = 4 * 1024 * KB;

export const REQUEST_TIME_LIMITS: RequestTimeLimits = {
  headersMs: 20_000,
  bodyIdleMs: 20_000,
  // 256 kbit/s: a weak 3G uplink. A slower client still sends a form (64 KB) within the limit.
  slowBytesPerSecond: 32 * KB,
  slackMs: 30_000,
  // 16 MB: the merchant application with its documents (BODY_POLICIES).
  largestBodyBytes: Math.max(API_LARGEST_BODY_BYTES, ...BODY_POLICIES.map((p) => p.maxBytes)),
  checkIntervalMs: 5_000,
};

/** How long a body of at most `maxBytes` may take to arrive (ms). */
export function bodyDeadlineMs(
  maxBytes: number,
  limits: RequestTimeLimits = REQUEST_TIME_LIMITS,
): number {
  return limits.slackMs + Math.ceil((maxBytes * 1000) / limits.slowBytesPerSecond);
}

/**
 * The options for `http.createServer` (server.mjs): Node answers 408 and closes the connection
 * itself when the headers take longer than `headersMs`, or the whole request longer than the
 * headers plus the largest body's deadline.
 */
export function serverTimeouts(
  limits: RequestTimeLimits = REQUEST_TIME_LIMITS,
): Required<
  Pick<ServerOptions, "headersTimeout" | "requestTimeout" | "connectionsCheckingInterval">
> {
  return {
    headersTimeout: limits.headersMs,
    requestTimeout: limits.headersMs + bodyDeadlineMs(limits.largestBodyBytes, limits),
    connectionsCheckingInterval: limits.checkIntervalMs,
  };
}

/** Requests this module cut off (their handlers' later errors are expected, not bugs). */
const cutOff = new WeakSet<IncomingMessage>();

const pathOf = (req: IncomingMessage) => (req.url ?? "/").split("?")[0]!.slice(0, 200);

/**
 * Watch the body of `req` as it arrives: no byte for `bodyIdleMs`, or not complete within
 * `bodyDeadlineMs(maxBytes)`, answers with `answer` (a 408) if nothing was answered yet, then
 * closes the connection. A client that goes away first is logged as an info line. Does nothing for
 * a request whose body is already in (or has none).
 */
export function limitBodyTime(
  req: IncomingMessage,
  res: ServerResponse,
  options: {
    maxBytes: number;
    /** Writes the 408 (headers and body) and ends the response. */
    answer: (res: ServerResponse) => void;
    limits?: RequestTimeLimits;
  },
): void {
  if (req.complete) return;
  const limits = options.limits ?? REQUEST_TIME_LIMITS;
  const socket = req.socket;
  const started = Date.now();

  function cut(reason: "idle" | "deadline") {
    if (req.complete || cutOff.has(req)) return;
    cutOff.add(req);
    stop();
    logger.info("request body too slow: cut off", {
      method: req.method,
      path: pathOf(req),
      reason,
      afterMs: Date.now() - started,
    });
    if (!res.headersSent && !res.writableEnded) {
      res.shouldKeepAlive = false;
      res.setHeader("Connection", "close");
      res.once("finish", () => req.destroy());
      options.answer(res);
      // A client that does not read the answer loses the connection anyway.
      setTimeout(() => req.destroy(), 1_000).unref();
    } else {
      req.destroy();
    }
  }

  // The socket's own inactivity timer: every byte received restarts it (Node refreshes it as the
  // parser reads). A `timeout` listener on the request keeps Node from destroying the socket
  // before our answer is written.
  const onIdle = () => cut("idle");
  socket.setTimeout(limits.bodyIdleMs);
  req.on("timeout", onIdle);
  const deadline = setTimeout(() => cut("deadline"), bodyDeadlineMs(options.maxBytes, limits));
  deadline.unref();

  function stop() {
    clearTimeout(deadline);
    req.off("timeout", onIdle);
    if (!socket.destroyed) socket.setTimeout(0);
  }
  req.once("end", stop);
  req.once("close", () => {
    stop();
    if (!req.complete && !cutOff.has(req) && !res.writableEnded)
      logger.info("client went away before its request body was in", {
        method: req.method,
        path: pathOf(req),
        afterMs: Date.now() - started,
      });
  });
}

/**
 * Whether the request ended without its body because the client went away or was cut off here:
 * an error from reading it is then expected (already logged as an info line), not a server error.
 */
export function requestBodyLost(req: IncomingMessage): boolean {
  return cutOff.has(req) || (!req.complete && (req.destroyed || req.socket.destroyed));
}

/**
 * Whether `error` (or one it wraps) is a request body ending because its client went away: Node's
 * "aborted" reset, or the abort of a stream reading it. For handlers that see only the error
 * (Remix's `handleError`): such an error is the network, already logged as an info line, not a bug.
 */
export function isClientAbort(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (code === "ECONNRESET" && current.message === "aborted") return true;
    if (current.name === "AbortError" || code === "ABORT_ERR") return true;
    current = current.cause;
  }
  return false;
}
