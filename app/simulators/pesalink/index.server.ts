/**
 * The PesaLink simulator: a node:http server on 127.0.0.1 speaking the Jenga-style PesaLink
 * protocol of ~/core/providers/pesalink (api.server.ts), POSTing signed result callbacks after
 * `callbackDelayMs` or on `flush()` (callbacks.server.ts), with a JSON control API under /__sim
 * (control.server.ts). Ids and tokens come from a seeded PRNG, so a seed replays the same bytes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CODES } from "~/core/providers/pesalink/types";
import { createSeededRandom } from "~/simulators/daraja/random";
import { createPesalinkApi } from "./api.server";
import { createPesalinkCallbackQueue } from "./callbacks.server";
import { createPesalinkControl } from "./control.server";
import { loadPesalinkState } from "./state.server";
import type { PesalinkRequestLog, PesalinkSimulator, PesalinkSimulatorOptions } from "./types";

export * from "./types";

const MAX_BODY_BYTES = 1_000_000;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
  res.end(JSON.stringify(body));
}

export async function startPesalinkSimulator(
  options: PesalinkSimulatorOptions,
): Promise<PesalinkSimulator> {
  const now = options.now ?? Date.now;
  const state = loadPesalinkState(options);
  const queue = createPesalinkCallbackQueue({
    url: options.callbackUrl,
    bankPrivateKey: options.bankPrivateKey,
    now,
    delayMs: Math.max(0, options.callbackDelayMs ?? 0),
    timeoutMs: options.callbackTimeoutMs ?? 5000,
  });
  const random = createSeededRandom(options.seed ?? 1);
  const routeApi = createPesalinkApi({ options, now, random, state, queue });
  const handleControl = createPesalinkControl(state, queue);
  const requests: PesalinkRequestLog[] = [];
  let closed = false;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    let raw: string;
    try {
      raw = await readBody(req);
    } catch {
      return sendJson(res, 413, {
        status: false,
        code: CODES.badRequest,
        message: "Body too large",
      });
    }
    if (url.pathname.startsWith("/__sim/")) {
      const answer = await handleControl(req.method ?? "", url.pathname, raw);
      return sendJson(res, answer.status, answer.body);
    }
    const answer = routeApi({
      method: req.method ?? "",
      path: url.pathname,
      headers: req.headers,
      raw,
    });
    let body: unknown = raw;
    try {
      body = raw === "" ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      // logged as text
    }
    requests.push({
      at: now(),
      method: req.method ?? "",
      path: url.pathname,
      body,
      status: answer.hang ? 0 : answer.status,
      response: answer.body,
    });
    // The "timeout" outcome: the money moved, the answer never comes (until the client gives up).
    if (!answer.hang) sendJson(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const message = error instanceof Error ? error.message : "Internal Server Error";
      sendJson(res, 500, { status: false, code: CODES.unavailable, message });
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
    baseUrl: `http://${host}:${address.port}`,
    requests,
    callbacks: queue.callbacks,
    flush: queue.flush,
    pendingCallbacks: queue.pendingCount,
    setAccount: state.setAccount,
    expireTokens: () => state.tokens.clear(),
    transfer: (reference) => state.transfers.get(reference),
    paidCount: (reference) => state.payments.filter((paid) => paid === reference).length,
    async close() {
      if (closed) return;
      closed = true;
      await queue.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
