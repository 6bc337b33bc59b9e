/**
 * The Airtel Money simulator: a node:http server on 127.0.0.1 speaking Airtel's Open API for
 * disbursements (api.server.ts), POSTing transaction callbacks with their hash after
 * `callbackDelayMs` or on `flush()` (callbacks.server.ts), its transactions and float kept in
 * memory or a store (state.server.ts). Ids come from a seeded PRNG, so a seed replays the same
 * bytes. "timeout" outcomes leave the request hanging until `hangMs` or `close()`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createSeededRandom } from "~/simulators/daraja/random";
import { createAirtelApi } from "./api.server";
import { createAirtelCallbackQueue } from "./callbacks.server";
import { loadAirtelState } from "./state.server";
import {
  DEFAULT_AIRTEL_MAGIC_NUMBERS,
  type AirtelSimRequestLog,
  type AirtelSimulator,
  type AirtelSimulatorOptions,
} from "./types";

export {
  airtelSimOutcomes,
  DEFAULT_AIRTEL_MAGIC_NUMBERS,
  type AirtelSimOutcome,
  type AirtelSimulator,
  type AirtelSimulatorOptions,
  type SimulatedDisbursement,
} from "./types";

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
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startAirtelSimulator(
  options: AirtelSimulatorOptions,
): Promise<AirtelSimulator> {
  const now = options.now ?? Date.now;
  const state = loadAirtelState(options);
  const queue = createAirtelCallbackQueue({
    now,
    url: options.callbackUrl,
    secret: options.callbackSecret,
    delayMs: Math.max(0, options.callbackDelayMs ?? 0),
    timeoutMs: options.callbackTimeoutMs ?? 5000,
  });
  const routeApi = createAirtelApi({
    now,
    random: createSeededRandom(options.seed ?? 1),
    state,
    queue,
    magic:
      options.magicNumbers === false
        ? {}
        : options.magicNumbers === true || options.magicNumbers === undefined
          ? DEFAULT_AIRTEL_MAGIC_NUMBERS
          : options.magicNumbers,
    kycNames: options.kycNames ?? {},
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 180,
    maxAmountKes: options.maxAmountKes ?? 150_000,
    ambiguousEnquiries: Math.max(0, options.ambiguousEnquiries ?? 1),
    pin: options.pin,
  });
  const requests: AirtelSimRequestLog[] = [];
  const hanging = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    const raw = await readBody(req);
    const names = ["authorization", "content-type", "x-country", "x-currency"] as const;
    const headers = Object.fromEntries(names.map((name) => [name, req.headers[name]?.toString()]));
    const method = req.method ?? "";
    const answer = routeApi({ method, url, headers, raw });
    let body: unknown = raw;
    try {
      body = raw === "" ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      // logged as text
    }
    const log: AirtelSimRequestLog = {
      at: now(),
      method,
      path: url.pathname + url.search,
      headers,
      body,
      status: answer.hang ? undefined : answer.status,
      response: answer.hang ? undefined : answer.body,
    };
    requests.push(log);
    if (!answer.hang) return sendJson(res, answer.status, answer.body);
    hanging.add(res);
    res.on("close", () => hanging.delete(res));
    if (options.hangMs !== undefined) setTimeout(() => res.destroy(), options.hangMs).unref();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      sendJson(res, 500, {
        status: {
          code: "500",
          message: error instanceof Error ? error.message : "Internal Server Error",
          result_code: "ESB000001",
          success: false,
        },
      });
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
  let closed = false;

  return {
    baseUrl: `http://${host}:${address.port}`,
    requests,
    callbacks: queue.callbacks,
    flush: queue.flush,
    pendingCallbacks: queue.pendingCount,
    setOutcome: state.setOutcome,
    setKycName: state.setKycName,
    floatKes: state.floatKes,
    expireTokens: () => state.tokens.clear(),
    transaction: (id) => state.transactions.get(id),
    async close() {
      if (closed) return;
      closed = true;
      for (const res of hanging) res.destroy();
      await queue.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
