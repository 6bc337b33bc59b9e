/**
 * The Airtel Money simulator: a node:http server on 127.0.0.1 speaking Airtel's Open API for
 * disbursements (api.server.ts), POSTing transaction callbacks with their hash after
 * `callbackDelayMs` or on `flush()` (callbacks.server.ts), its transactions and float kept in
 * memory or a store (state.server.ts). Ids come from a seeded PRNG, so a seed replays the same
 * bytes. "timeout" outcomes leave the request hanging until `hangMs` or `close()`. A small control
 * API (JSON, no auth; 127.0.0.1): GET /__sim/state, POST /__sim/drift {kes} (signed KES added to
 * the balance the enquiry reports; 0 resets).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { driftCentsOf, DRIFT_ERROR, requireDriftCents } from "~/simulators/daraja/drift";
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
  const snapshot = () => ({
    floatKes: state.floatKes(),
    driftKes: state.driftCents() / 100,
    transactions: state.transactions.size,
    pendingCallbacks: queue.pendingCount(),
  });
  function handleControl(route: string, raw: string): { status: number; body: unknown } {
    if (route === "GET /__sim/state") return { status: 200, body: snapshot() };
    if (route !== "POST /__sim/drift")
      return { status: 404, body: { error: `No control endpoint ${route}` } };
    let kes: unknown;
    try {
      kes = (JSON.parse(raw) as { kes?: unknown } | null)?.kes;
    } catch {
      return { status: 400, body: { error: "The body is not JSON" } };
    }
    const cents = driftCentsOf(kes);
    if (cents === undefined) return { status: 400, body: { error: DRIFT_ERROR } };
    state.setDriftCents(cents);
    return { status: 200, body: snapshot() };
  }
  const hanging = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    const raw = await readBody(req);
    const names = ["authorization", "content-type", "x-country", "x-currency"] as const;
    const headers = Object.fromEntries(names.map((name) => [name, req.headers[name]?.toString()]));
    const method = req.method ?? "";
    if (url.pathname.startsWith("/__sim/")) {
      const control = handleControl(`${method} ${url.pathname}`, raw);
      return sendJson(res, control.status, control.body, JSON_CONTENT_TYPE);
    }
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
    setDrift: (kes) => state.setDriftCents(requireDriftCents(kes)),
    driftKes: () => state.driftCents() / 100,
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
