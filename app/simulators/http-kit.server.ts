/**
 * The plumbing the provider simulators (daraja, airtel, pesalink) share: reading a request body
 * with a size limit, answering JSON, starting a node:http server and closing it, and the queue of
 * outgoing callbacks (queued when an outcome is decided, POSTed after `callbackDelayMs`, or only on
 * `flush()` when that is 0, the default for tests; every attempt logged with the receiver's
 * answer). What each provider puts in a callback, its headers and its log entry stay with it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const MAX_BODY_BYTES = 1_000_000;
export const JSON_UTF8 = "application/json;charset=UTF-8";

/** The request body as text; throws "body too large" once it passes `maxBytes`. */
export async function readBody(
  req: IncomingMessage,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A request body as the request log keeps it: parsed JSON, else the text; undefined if empty. */
export function bodyForLog(raw: string): unknown {
  if (raw === "") return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType: string = JSON_UTF8,
) {
  res.writeHead(status, { "content-type": contentType });
  res.end(JSON.stringify(body));
}

export interface Listening {
  server: Server;
  /** `http://host:port`, with an IPv6 host in brackets. */
  baseUrl: string;
  /** Stop listening and drop every open connection. */
  close(): Promise<void>;
}

/**
 * Serve `handler` on `host:port` (127.0.0.1 and a free port by default). A handler that throws
 * answers 500 with `errorBody(message)`, or has its connection destroyed if it already answered.
 */
export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  options: {
    port?: number;
    host?: string;
    /** The content type of the 500 answer (the JSON_UTF8 default of `sendJson`). */
    contentType?: string;
    errorBody: (message: string) => unknown;
  },
): Promise<Listening> {
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const message = error instanceof Error ? error.message : "Internal Server Error";
      sendJson(res, 500, options.errorBody(message), options.contentType);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    server,
    baseUrl: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What every callback log entry records of the attempt: the receiver's status or the error. */
export interface CallbackAttempt {
  status: number | undefined;
  error: string | undefined;
}

export interface CallbackRequest {
  url: string;
  body: string;
  /** Sent with `content-type: application/json`. */
  headers?: Record<string, string>;
}

export interface CallbackQueue<Item, Log extends CallbackAttempt> {
  /** Callbacks delivered (or attempted), oldest first (live array). */
  readonly callbacks: Log[];
  enqueue(item: Item): void;
  /** Deliver every pending callback now, in order, and wait for them. */
  flush(): Promise<void>;
  pendingCount(): number;
  /** Drop what is pending and wait for deliveries in flight. */
  close(): Promise<void>;
}

export function createCallbackQueue<Item, Log extends CallbackAttempt>(options: {
  now: () => number;
  callbackDelayMs: number;
  callbackTimeoutMs: number;
  /** The log entry of an attempt, made as it starts (`status` and `error` filled in after). */
  describe: (item: Item, at: number) => Log;
  /** The POST itself; built inside the attempt, so a failure to build it is logged as its error. */
  request: (item: Item, entry: Log) => CallbackRequest;
}): CallbackQueue<Item, Log> {
  const { now, callbackDelayMs, callbackTimeoutMs, describe, request } = options;
  const callbacks: Log[] = [];
  const pending: { item: Item; timer: NodeJS.Timeout | undefined }[] = [];
  const deliveries = new Set<Promise<void>>();

  async function deliver(callback: (typeof pending)[number]): Promise<void> {
    const index = pending.indexOf(callback);
    if (index < 0) return;
    pending.splice(index, 1);
    if (callback.timer) clearTimeout(callback.timer);
    const entry = describe(callback.item, now());
    callbacks.push(entry);
    try {
      const { url, body, headers } = request(callback.item, entry);
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(callbackTimeoutMs),
        redirect: "manual",
      });
      entry.status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
    }
  }

  function track(delivery: Promise<void>) {
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  return {
    callbacks,
    enqueue(item) {
      const callback: (typeof pending)[number] = { item, timer: undefined };
      pending.push(callback);
      if (callbackDelayMs > 0) {
        callback.timer = setTimeout(() => track(deliver(callback)), callbackDelayMs);
        callback.timer.unref();
      }
    },
    async flush() {
      while (pending.length > 0 || deliveries.size > 0) {
        const next = pending[0];
        if (next) await deliver(next);
        else await Promise.all([...deliveries]);
      }
    },
    pendingCount: () => pending.length,
    async close() {
      for (const callback of pending.splice(0)) if (callback.timer) clearTimeout(callback.timer);
      await Promise.allSettled([...deliveries]);
    },
  };
}
