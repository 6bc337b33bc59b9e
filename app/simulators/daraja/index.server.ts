/**
 * The Daraja simulator: a small node:http server speaking the same protocol as Safaricom's Daraja
 * for the B2C payout flow (api.server.ts), POSTing Results and timeouts after `callbackDelayMs`, or
 * only on `flush()` when that is 0, the default for tests (callbacks.server.ts), with a JSON
 * control API under /__sim (control.server.ts) and its accepted transactions and float kept in a
 * store (state.server.ts). Random choices (ResultParameter as object or array, numbers sent as
 * strings, ids, receipts) come from a seeded PRNG, so a seed replays the same bytes. Loaded only in
 * simulator mode (app/wiring) and by tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { INVALID_REQUEST_ERROR_CODE } from "~/core/providers/daraja/errors";
import { createDarajaApi } from "./api.server";
import { createCallbackQueue } from "./callbacks.server";
import { createDarajaControl } from "./control.server";
import { createDarajaIds } from "./ids.server";
import { createSeededRandom } from "./random";
import { loadDarajaState } from "./state.server";
import {
  DEFAULT_MAGIC_NUMBERS,
  type DarajaSimOutcome,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
  type SimulatorRequestLog,
} from "./types";

export {
  darajaSimOutcomes,
  DEFAULT_MAGIC_NUMBERS,
  type DarajaSimOutcome,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
  type SimulatedTransaction,
  type SimulatorCallbackKind,
  type SimulatorCallbackLog,
  type SimulatorRequestLog,
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
  res.writeHead(status, { "content-type": "application/json;charset=UTF-8" });
  res.end(JSON.stringify(body));
}

export async function startDarajaSimulator(
  options: DarajaSimulatorOptions,
): Promise<DarajaSimulator> {
  const now = options.now ?? Date.now;
  const ids = createDarajaIds(createSeededRandom(options.seed ?? 1), now);
  const magic: Readonly<Record<string, DarajaSimOutcome>> =
    options.magicNumbers === false
      ? {}
      : options.magicNumbers === true || options.magicNumbers === undefined
        ? DEFAULT_MAGIC_NUMBERS
        : options.magicNumbers;
  const state = loadDarajaState(options);
  const queue = createCallbackQueue({
    now,
    callbackDelayMs: Math.max(0, options.callbackDelayMs ?? 0),
    callbackTimeoutMs: options.callbackTimeoutMs ?? 5000,
  });
  const { routeApi, errorBody } = createDarajaApi({
    now,
    ids,
    state,
    queue,
    magic,
    expectedBasic: `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString("base64")}`,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3599,
    minAmountKes: options.minAmountKes ?? 10,
    maxAmountKes: options.maxAmountKes ?? 250_000,
    organisationName: options.organisationName ?? "OneHop Simulator",
    initiator: options.initiator,
  });
  const requests: SimulatorRequestLog[] = [];
  const handleControl = createDarajaControl(state, queue, requests, magic);
  let closed = false;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    let raw = "";
    try {
      raw = await readBody(req);
    } catch {
      return sendJson(
        res,
        413,
        errorBody(INVALID_REQUEST_ERROR_CODE, "Bad Request - Body too large"),
      );
    }
    if (url.pathname.startsWith("/__sim/")) {
      const answer = await handleControl(req.method ?? "", url.pathname, raw);
      return sendJson(res, answer.status, answer.body);
    }

    const answer = routeApi({
      method: req.method ?? "",
      url,
      authorization: req.headers.authorization,
      raw,
    });
    let parsedBody: unknown = raw;
    try {
      parsedBody = raw === "" ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      // logged as text
    }
    requests.push({
      at: now(),
      method: req.method ?? "",
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      body: parsedBody,
      status: answer.status,
      response: answer.body,
    });
    sendJson(res, answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(
          res,
          500,
          errorBody(
            "500.003.1001",
            error instanceof Error ? error.message : "Internal Server Error",
          ),
        );
      else res.destroy();
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
    setOutcome: state.setOutcome,
    setFloat(kes) {
      if (!Number.isFinite(kes) || kes < 0) throw new Error("The float must be a number >= 0");
      state.setFloat(kes);
    },
    floatKes: state.floatKes,
    pendingCallbacks: queue.pendingCount,
    expireTokens: () => state.tokens.clear(),
    transaction: (id) => state.byOriginator.get(id),
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
