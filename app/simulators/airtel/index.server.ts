/**
 * The Airtel Money simulator: a node:http server on 127.0.0.1 speaking Airtel's Open API for
 * disbursements (api.server.ts), POSTing transaction callbacks with their hash after
 * `callbackDelayMs` or on `flush()` (callbacks.server.ts), its transactions and float kept in
 * memory or a store (state.server.ts). Ids come from a seeded PRNG, so a seed replays the same
 * bytes. "timeout" outcomes leave the request hanging until `hangMs` or `close()`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createSeededRandom } from "~/simulators/daraja/random";
import { bodyForLog, listen, readBody, sendJson } from "../http-kit.server";
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

const JSON_CONTENT_TYPE = "application/json";

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
    const body = bodyForLog(raw);
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
    if (!answer.hang) return sendJson(res, answer.status, answer.body, JSON_CONTENT_TYPE);
    hanging.add(res);
    res.on("close", () => hanging.delete(res));
    if (options.hangMs !== undefined) setTimeout(() => res.destroy(), options.hangMs).unref();
  }

  const listening = await listen(handle, {
    port: options.port,
    host: options.host,
    contentType: JSON_CONTENT_TYPE,
    errorBody: (message) => ({
      status: { code: "500", message, result_code: "ESB000001", success: false },
    }),
  });
  let closed = false;

  return {
    baseUrl: listening.baseUrl,
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
      await listening.close();
    },
  };
}
