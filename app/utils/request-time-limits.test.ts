/**
 * Time limits for receiving requests (issue 27, item 11; ADR 0040) over a real server and real
 * sockets: the server is built as server.mjs builds it (Node's header and request deadlines from
 * `serverTimeouts`, then `serveApi`, then `screenIncoming`, then the front door reading the body),
 * with the limits made small through the parameters. Every wait is on the socket's `close` event.
 */
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serveApi } from "~/api/node.server";
import { PAYOUT_BATCH_MAX_BODY_BYTES } from "~/api/endpoints/payout-batches.server";
import { BODY_POLICIES, KB, MB } from "./body-limit.server";
import { respond, screenIncoming } from "./front-door.server";
import {
  bodyDeadlineMs,
  isClientAbort,
  REQUEST_TIME_LIMITS,
  requestBodyLost,
  serverTimeouts,
  type RequestTimeLimits,
} from "./request-time-limits.server";

const SMALL: RequestTimeLimits = {
  headersMs: 400,
  bodyIdleMs: 300,
  // A 64 KB form: 600 ms + 64 ms.
  slowBytesPerSecond: 1 * MB,
  slackMs: 600,
  // Node's own whole-request backstop stays far away (about 17 s), so the address's deadline acts.
  largestBodyBytes: 16 * MB,
  checkIntervalMs: 100,
};

/** What the server did with bodies it had to give up on (beyond what the client sees). */
const unexpected: unknown[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(serverTimeouts(SMALL), (req, res) => {
    if (serveApi(req, res, () => ({}) as never, SMALL)) return;
    if (screenIncoming(req, res, SMALL)) return;
    // The app: the front door reads the body within its limit, then the "route" reads the form.
    const request = new Request(`http://localhost:3000${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" ? undefined : (Readable.toWeb(req) as ReadableStream),
      duplex: "half",
    } as RequestInit);
    respond(request, async (forRemix) => {
      await forRemix.formData();
      return new Response("ok", { headers: { "Cache-Control": "no-store" } });
    }).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(await response.text());
      },
      // As server.mjs: a lost body is expected; anything else would be a server error.
      (error: unknown) => {
        if (!requestBodyLost(req)) unexpected.push(error);
        res.destroy();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let consoleError: ReturnType<typeof vi.spyOn>;
let consoleLog: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  consoleError = vi.spyOn(console, "error");
  consoleLog = vi.spyOn(console, "log");
});
afterEach(() => {
  consoleError.mockClear();
  consoleLog.mockClear();
  unexpected.length = 0;
});

interface Exchange {
  /** Everything the server sent. */
  answer: string;
  /** From the last byte the client sent to the connection's close (ms). */
  quietMs: number;
  /** From the first byte to the close (ms). */
  totalMs: number;
}

/**
 * A raw client: sends `head`, then each of `parts` every `everyMs` (none: it stops), then waits
 * (without sending) until the server closes the connection. `leaveAfterMs`: the client closes it
 * itself that long after its last byte (a dropped upload).
 */
function rawClient(
  head: string,
  options: { parts?: string[]; everyMs?: number; forever?: string; leaveAfterMs?: number } = {},
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const chunks: Buffer[] = [];
    const started = Date.now();
    let lastSent = started;
    let timer: NodeJS.Timeout | undefined;
    const send = (text: string) => {
      if (socket.destroyed) return;
      socket.write(text);
      lastSent = Date.now();
    };
    socket.on("connect", () => {
      send(head);
      const parts = [...(options.parts ?? [])];
      if (options.forever !== undefined) {
        timer = setInterval(() => send(options.forever!), options.everyMs ?? 20);
      } else if (parts.length > 0) {
        timer = setInterval(() => {
          const part = parts.shift();
          if (part === undefined) return clearInterval(timer);
          send(part);
          if (parts.length === 0) {
            clearInterval(timer);
            if (options.leaveAfterMs !== undefined)
              setTimeout(() => socket.destroy(), options.leaveAfterMs);
          }
        }, options.everyMs ?? 20);
      } else if (options.leaveAfterMs !== undefined) {
        setTimeout(() => socket.destroy(), options.leaveAfterMs);
      }
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      const closed = Date.now();
      resolve({
        answer: Buffer.concat(chunks).toString("utf8"),
        quietMs: closed - lastSent,
        totalMs: closed - started,
      });
    });
    socket.setTimeout(15_000, () => reject(new Error("the server never closed the connection")));
  });
}

const formHead = (path: string, length: number, extra = "") =>
  `POST ${path} HTTP/1.1\r\nHost: localhost:3000\r\nOrigin: http://localhost:3000\r\n` +
  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n${extra}\r\n`;

const logged = (spy: ReturnType<typeof vi.spyOn>): string[] =>
  spy.mock.calls.map((call: unknown[]) => call.map(String).join(" "));

describe("time limits for receiving a request (issue 27, item 11)", () => {
  it("headers that never finish: 408 and the connection closed (Node's headersTimeout)", async () => {
    const exchange = await rawClient("POST /get-started HTTP/1.1\r\nHost: localhost:3000\r\n");
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.totalMs).toBeLessThan(SMALL.headersMs + 2_000);
  });

  it("a form body that stops after a few bytes: our 408 page, then the connection is closed", async () => {
    const exchange = await rawClient(formHead("/merchant-signin", 100), {
      parts: ["user", "name"],
    });
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(exchange.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(exchange.answer).toContain("Request timed out");
    // Cut off once it was idle for the limit (a little later, never much).
    expect(exchange.quietMs).toBeGreaterThanOrEqual(SMALL.bodyIdleMs - 50);
    expect(exchange.quietMs).toBeLessThan(SMALL.bodyIdleMs + 2_000);
    expect(unexpected).toEqual([]);
    expect(logged(consoleError)).toEqual([]);
    expect(logged(consoleLog).join("\n")).toMatch(
      /request body too slow: cut off.*"reason":"idle"/,
    );
  });

  it("a body that trickles a byte at a time: 408 at its address's whole-body deadline", async () => {
    const started = Date.now();
    const exchange = await rawClient(formHead("/merchant-signin", 60_000), {
      forever: "a",
      everyMs: 25,
    });
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 408 /);
    const deadline = bodyDeadlineMs(64 * KB, SMALL);
    expect(Date.now() - started).toBeGreaterThanOrEqual(deadline - 50);
    expect(Date.now() - started).toBeLessThan(deadline + 2_000);
    expect(logged(consoleLog).join("\n")).toMatch(/"reason":"deadline"/);
  });

  it("an API body that stops: 408 in the API's JSON error shape", async () => {
    const exchange = await rawClient(
      "POST /api/v1/payments HTTP/1.1\r\nHost: localhost:3000\r\nAuthorization: Bearer sk_test_x\r\n" +
        "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n",
      { parts: ['{"amount":'] },
    );
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(exchange.answer.slice(exchange.answer.indexOf("\r\n\r\n") + 4)) as {
      error: { code: string; type: string };
    };
    expect(body.error).toMatchObject({ type: "invalid_request_error", code: "request_timeout" });
    expect(logged(consoleError)).toEqual([]);
  });

  it("a client that goes away mid-upload is an info line, never an error (API and forms)", async () => {
    const api = await rawClient(
      "POST /api/v1/payments HTTP/1.1\r\nHost: localhost:3000\r\nAuthorization: Bearer sk_test_x\r\n" +
        "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n",
      { parts: ['{"amount":'], leaveAfterMs: 20 },
    );
    expect(api.answer).toBe("");
    const form = await rawClient(formHead("/merchant-signin", 100), {
      parts: ["user"],
      leaveAfterMs: 20,
    });
    expect(form.answer).toBe("");
    await vi.waitFor(() =>
      expect(logged(consoleLog).filter((line) => line.includes("client went away"))).toHaveLength(
        2,
      ),
    );
    expect(logged(consoleLog).join("\n")).toMatch(/"level":"info".*client went away/);
    expect(logged(consoleError)).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  it("a client that sends its body at once is answered as before", async () => {
    const exchange = await rawClient(
      formHead("/merchant-signin", 9, "Connection: close\r\n") + "user=demo",
    );
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(exchange.answer).toMatch(/\r\n\r\n(?:2\r\n)?ok/);
  });
});

describe("isClientAbort", () => {
  it("knows the error a body gives when its client goes away, and nothing else", async () => {
    const errors: unknown[] = [];
    const seen = createServer((req) => req.on("error", (error) => errors.push(error)));
    const requested = new Promise((resolve) => seen.once("request", resolve));
    await new Promise<void>((resolve) => seen.listen(0, "127.0.0.1", resolve));
    const socket = connect({ host: "127.0.0.1", port: (seen.address() as AddressInfo).port });
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab");
    await requested;
    socket.destroy();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await new Promise((resolve) => seen.close(resolve));
    expect(isClientAbort(errors[0])).toBe(true);
    expect(isClientAbort(new Error("wrapped", { cause: errors[0] }))).toBe(true);
    expect(isClientAbort(new DOMException("gone", "AbortError"))).toBe(true);
    expect(isClientAbort(new Error("aborted"))).toBe(false);
    expect(isClientAbort(Object.assign(new Error("disk"), { code: "ENOSPC" }))).toBe(false);
    expect(isClientAbort("aborted")).toBe(false);
  });
});

describe("the production limits (ADR 0040)", () => {
  it("are sized to each address's largest body at 32 KB/s, plus 30 s", () => {
    expect(REQUEST_TIME_LIMITS).toMatchObject({
      headersMs: 20_000,
      bodyIdleMs: 20_000,
      slowBytesPerSecond: 32 * KB,
      slackMs: 30_000,
      largestBodyBytes: 64 * MB,
    });
    expect(bodyDeadlineMs(64 * KB)).toBe(32_000);
    expect(bodyDeadlineMs(16 * MB)).toBe(542_000);
    // The largest body anywhere: an operator's sanctions list upload (and more than the API's
    // largest); each address still has its own deadline (the application's documents: 16 MB).
    expect(REQUEST_TIME_LIMITS.largestBodyBytes).toBe(
      Math.max(...BODY_POLICIES.map((policy) => policy.maxBytes)),
    );
    expect(REQUEST_TIME_LIMITS.largestBodyBytes).toBeGreaterThanOrEqual(
      PAYOUT_BATCH_MAX_BODY_BYTES,
    );
    expect(serverTimeouts()).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 20_000 + bodyDeadlineMs(64 * MB),
      connectionsCheckingInterval: 5_000,
    });
  });
});
