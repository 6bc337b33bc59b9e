/**
 * The Daraja simulator: a small node:http server speaking the same protocol as Safaricom's Daraja
 * for the B2C payout flow and the account balance query (api.server.ts) and M-Pesa Express
 * collections (stk.server.ts), POSTing Results, timeouts and STK callbacks after `callbackDelayMs`,
 * or only on `flush()` when that is 0, the default for tests (callbacks.server.ts), with a JSON
 * control API under /__sim (control.server.ts) and its accepted transactions and float kept in a
 * store (state.server.ts). Random choices (ResultParameter as object or array, numbers sent as
 * strings, ids, receipts) come from a seeded PRNG, so a seed replays the same bytes. Loaded only in
 * simulator mode (app/wiring) and by tests.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { INVALID_REQUEST_ERROR_CODE } from "~/core/providers/daraja/errors";
import { bodyForLog, listen, readBody, sendJson } from "../http-kit.server";
import { createDarajaApi } from "./api.server";
import { createC2bSimulator } from "./c2b.server";
import { createCallbackQueue } from "./callbacks.server";
import { createDarajaControl } from "./control.server";
import { requireDriftCents } from "./drift";
import { createDarajaIds } from "./ids.server";
import { createSeededRandom } from "./random";
import { loadDarajaState } from "./state.server";
import { createStkSimulator } from "./stk.server";
import {
  DEFAULT_MAGIC_NUMBERS,
  DEFAULT_STK_MAGIC_NUMBERS,
  type B2cOutcomeHook,
  type DarajaSimOutcome,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
  type SimulatorRequestLog,
  type StkSimOutcome,
} from "./types";
import { B2C_PATH } from "~/core/providers/daraja/wire";

export {
  darajaSimOutcomes,
  DEFAULT_MAGIC_NUMBERS,
  DEFAULT_STK_MAGIC_NUMBERS,
  stkSimOutcomes,
  type DarajaSimOutcome,
  type DarajaSimulator,
  type DarajaSimulatorOptions,
  type B2cOutcomeHook,
  type B2cRequestSeen,
  type SimulatedStkPush,
  type SimulatedTransaction,
  type StkSimOutcome,
  type SimulatorCallbackKind,
  type SimulatorCallbackLog,
  type SimulatorRequestLog,
} from "./types";
export type { C2bRegistration, PayBillInput, SimulatedC2bPayment } from "./c2b.server";

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
  const stkMagic: Readonly<Record<string, StkSimOutcome>> =
    options.stkMagicNumbers === false
      ? {}
      : options.stkMagicNumbers === true || options.stkMagicNumbers === undefined
        ? DEFAULT_STK_MAGIC_NUMBERS
        : options.stkMagicNumbers;
  const stk = createStkSimulator({
    now,
    ids,
    queue,
    passkey: options.stkPasskey,
    timestampToleranceMs: options.stkTimestampToleranceMs,
    magic: stkMagic,
    callbackDelayMs: Math.max(0, options.callbackDelayMs ?? 0),
    store: options.store,
    errorBody: (code, message) => errorBody(code, message),
  });
  const c2b = createC2bSimulator({
    now,
    ids,
    callbackDelayMs: Math.max(0, options.callbackDelayMs ?? 0),
    callbackTimeoutMs: options.callbackTimeoutMs ?? 5000,
    store: options.store,
    organisationBalanceKes: () => state.floatKes(),
    receive: (kes) => state.setFloat(state.floatKes() + kes),
  });
  const onceByOriginator = new Map<string, DarajaSimOutcome>();
  let b2cOutcomeHook: B2cOutcomeHook | null = null;
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
    extraHandlers: new Map([...stk.handlers, ...c2b.handlers]),
    onceByOriginator,
  });

  /** Ask the B2C outcome hook about a payment request (a broken one is left to the API). */
  async function askB2cHook(raw: string): Promise<void> {
    const hook = b2cOutcomeHook;
    if (!hook) return;
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return;
    }
    const fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
    const id = fields.OriginatorConversationID;
    if (typeof id !== "string" || id === "") return;
    const outcome = await hook({
      originatorConversationId: id,
      partyB: typeof fields.PartyB === "string" ? fields.PartyB : String(fields.PartyB ?? ""),
    }).catch(() => null);
    if (outcome) onceByOriginator.set(id, outcome);
  }
  const requests: SimulatorRequestLog[] = [];
  const handleControl = createDarajaControl(state, queue, requests, magic, stk);
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
      const answer = await handleControl(req.method ?? "", url.pathname, raw, url.searchParams);
      return sendJson(res, answer.status, answer.body);
    }

    if (url.pathname === B2C_PATH && req.method === "POST") await askB2cHook(raw);
    const answer = routeApi({
      method: req.method ?? "",
      url,
      authorization: req.headers.authorization,
      raw,
    });
    const parsedBody = bodyForLog(raw);
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

  const listening = await listen(handle, {
    port: options.port,
    host: options.host,
    errorBody: (message) => errorBody("500.003.1001", message),
  });

  return {
    baseUrl: listening.baseUrl,
    requests,
    callbacks: queue.callbacks,
    async flush() {
      await queue.flush();
      stk.settle();
      await c2b.flush();
    },
    setOutcome: state.setOutcome,
    setB2cOutcomeHook(hook) {
      b2cOutcomeHook = hook;
    },
    setFloat(kes) {
      if (!Number.isFinite(kes) || kes < 0) throw new Error("The float must be a number >= 0");
      state.setFloat(kes);
    },
    floatKes: state.floatKes,
    setDrift: (kes) => state.setDriftCents(requireDriftCents(kes)),
    driftKes: () => state.driftCents() / 100,
    pendingCallbacks: queue.pendingCount,
    expireTokens: () => state.tokens.clear(),
    transaction: (id) => state.byOriginator.get(id),
    setStkOutcome: stk.setStkOutcome,
    stkPush: stk.push,
    payBill: c2b.payBill,
    c2bPayments: c2b.payments,
    c2bRegistration: c2b.registration,
    async close() {
      if (closed) return;
      closed = true;
      stk.close();
      c2b.close();
      await queue.close();
      await listening.close();
    },
  };
}
