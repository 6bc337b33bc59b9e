/**
 * The PesaLink simulator: a node:http server on 127.0.0.1 speaking the Jenga-style PesaLink
 * protocol of ~/core/providers/pesalink (api.server.ts), POSTing signed result callbacks after
 * `callbackDelayMs` or on `flush()` (callbacks.server.ts), with a JSON control API under /__sim
 * (control.server.ts). Ids and tokens come from a seeded PRNG, so a seed replays the same bytes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { CODES } from "~/core/providers/pesalink/types";
import { requireDriftCents } from "~/simulators/daraja/drift";
import { createSeededRandom } from "~/simulators/daraja/random";
import { bodyForLog, listen, readBody, sendJson } from "../http-kit.server";
import { createPesalinkApi } from "./api.server";
import { createPesalinkCallbackQueue } from "./callbacks.server";
import { createIncomingCredits } from "./incoming.server";
import { createPesalinkControl } from "./control.server";
import { loadPesalinkState } from "./state.server";
import type { PesalinkRequestLog, PesalinkSimulator, PesalinkSimulatorOptions } from "./types";

export * from "./types";

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
  const incoming = createIncomingCredits({
    url: options.incomingCreditUrl,
    bankPrivateKey: options.bankPrivateKey,
    account: options.collectionAccount ?? "1100000001",
    now,
    random,
    timeoutMs: options.callbackTimeoutMs ?? 5000,
    receive: state.receive,
  });
  const handleControl = createPesalinkControl(state, queue, incoming.send);
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
    const body = bodyForLog(raw);
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

  const listening = await listen(handle, {
    port: options.port,
    host: options.host,
    errorBody: (message) => ({ status: false, code: CODES.unavailable, message }),
  });

  return {
    baseUrl: listening.baseUrl,
    requests,
    callbacks: queue.callbacks,
    flush: queue.flush,
    pendingCallbacks: queue.pendingCount,
    setAccount: state.setAccount,
    expireTokens: () => state.tokens.clear(),
    transfer: (reference) => state.transfers.get(reference),
    paidCount: state.paidCount,
    sourceBalanceKes: state.sourceBalanceKes,
    setDrift: (kes) => state.setDriftCents(requireDriftCents(kes)),
    driftKes: () => state.driftCents() / 100,
    sendIncomingCredit: incoming.send,
    incomingCredits: incoming.log,
    async close() {
      if (closed) return;
      closed = true;
      await queue.close();
      await listening.close();
    },
  };
}
