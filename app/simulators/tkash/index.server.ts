/**
 * The T-Kash aggregator simulator: a node:http server on 127.0.0.1 speaking the generic payout
 * aggregator protocol of ~/core/providers/tkash (ADR 0030). It checks the API key and the request
 * signature, the body's shape (openfintech's phone rule included), keeps payouts by our id (a
 * repeat is DUPLICATE_IGNORED and never pays twice), behaves per number (types.ts), answers the
 * status query, and POSTs a signed callback on each payout's final status after `callbackDelayMs`
 * or on `flush()` (the queue of ../http-kit.server.ts). With `store`, payouts and the float outlive
 * a restart (a repeated id still pays once, the status query still knows every payout); callbacks
 * not yet delivered are not (the status query tells). The payouts are read through the store
 * (`StoredMap`, issue 28): those not yet final stay in memory, the rest are read when asked, with a
 * bounded cache; the float and the last receipt number are one record. `GET /v1/wallet-balances`
 * reports the float plus the drift; a small control API (JSON, no auth; 127.0.0.1): GET
 * /__sim/state, POST /__sim/drift {kes} (signed KES; 0 resets).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isTelkomMsisdn } from "~/core/providers/tkash/msisdn";
import {
  checkSignature,
  requestSignatureText,
  signatureHeader,
} from "~/core/providers/tkash/signature.server";
import {
  API_KEY_HEADER,
  FAILURE,
  NARRATION,
  PAYOUT_ID,
  PAYOUTS_PATH,
  PHONE_FIELD,
  SIGNATURE_HEADER,
  TKASH_SERVICE,
  WALLET_BALANCES_PATH,
  type FailureReason,
  type PayoutRecord,
} from "~/core/providers/tkash/types";
import {
  driftCentsOf,
  DRIFT_ERROR,
  reportedKes,
  requireDriftCents,
} from "~/simulators/daraja/drift";
import { bodyForLog, createCallbackQueue, listen, readBody, sendJson } from "../http-kit.server";
import { loadUnlessPaged, readRecord, StoredMap } from "../stored-map.server";
import type {
  SimulatedPayout,
  TkashCallbackLog,
  TkashRequestLog,
  TkashSimNumber,
  TkashSimulator,
  TkashSimulatorOptions,
} from "./types";

export * from "./types";

type Answer = { status: number; body: unknown; hang?: boolean };

/** A payout's statuses before its final one (COMPLETED or FAILED). */
const IN_FLIGHT: readonly SimulatedPayout["status"][] = ["ACCEPTED", "SUBMITTED"];

const failure = (failureCode: string, failureMessage: string): FailureReason => ({
  failureCode,
  failureMessage,
});
const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { failureReason: failure(code, message) },
});

export async function startTkashSimulator(options: TkashSimulatorOptions): Promise<TkashSimulator> {
  const now = options.now ?? Date.now;
  const numbers = new Map(Object.entries(options.numbers ?? {}));
  const store = options.store;
  const loaded = loadUnlessPaged(store);
  // Payouts not yet final are changed in memory (SUBMITTED is not written until the next query):
  // they stay there.
  const payouts = new StoredMap<SimulatedPayout>(store, "payout", {
    pin: (p) => IN_FLIGHT.includes(p.status),
  });
  payouts.restore(loaded);
  for (const row of store?.paged?.matching("payout", [{ path: "$.status", in: IN_FLIGHT }]) ?? [])
    payouts.remember(row.id, JSON.parse(row.body) as SimulatedPayout);
  /** Times money moved for the payouts finished by this process (others: 1 if COMPLETED). */
  const paidHere = new Map<string, number>();
  const requests: TkashRequestLog[] = [];
  const maxAmountKes = options.maxAmountKes ?? 250_000;
  const stored = readRecord<{ kes: number; receipts?: number }>(store, loaded, "float", "float");
  let float = stored?.kes ?? options.floatKes ?? 1_000_000_000;
  let driftCents = 0;
  // The last receipt number is kept with the float; a float record from before it was (or a memory
  // store) has it from the completed payouts, read once a page at a time.
  let receipts = stored?.receipts ?? 0;
  if (stored && stored.receipts === undefined) {
    for (const p of payouts.values())
      if (p.status === "COMPLETED")
        receipts = Math.max(receipts, Number(p.providerTransactionId?.slice(2) ?? 0));
    store?.save("float", "float", { kes: float, receipts });
  }
  let closed = false;
  /** Keep a payout (and the float) as it is now, before anything is said about it. */
  function keep(p: SimulatedPayout) {
    payouts.set(p.payoutId, p);
    store?.save("payout", p.payoutId, p);
    store?.save("float", "float", { kes: float, receipts });
  }

  const record = (p: SimulatedPayout): PayoutRecord => ({
    payoutId: p.payoutId,
    status: p.status,
    amount: String(p.amountKes),
    currency: "KES",
    recipient: { phone: p.phone },
    providerTransactionId: p.providerTransactionId,
    failureReason: p.failureReason,
    created: new Date(p.created).toISOString(),
  });

  const queue = createCallbackQueue<SimulatedPayout, TkashCallbackLog>({
    now,
    callbackDelayMs: Math.max(0, options.callbackDelayMs ?? 0),
    callbackTimeoutMs: options.callbackTimeoutMs ?? 5000,
    describe: (p, at) => ({
      at,
      url: p.callbackUrl,
      payoutId: p.payoutId,
      body: record(p),
      status: undefined,
      error: undefined,
    }),
    request: (p, entry) => {
      const body = JSON.stringify(entry.body);
      const t = Math.floor(now() / 1000);
      return {
        url: entry.url,
        body,
        headers: { [SIGNATURE_HEADER]: signatureHeader(options.apiSecret, t, `${t}.${body}`) },
      };
    },
  });

  /** The payout reached its final status: money moves on success, and the callback is queued. */
  function finish(p: SimulatedPayout, status: "COMPLETED" | "FAILED", reason?: FailureReason) {
    p.status = status;
    if (status === "COMPLETED") {
      receipts += 1;
      p.providerTransactionId = `TK${String(receipts).padStart(8, "0")}`;
      paidHere.set(p.payoutId, (paidHere.get(p.payoutId) ?? 0) + 1);
    } else {
      float += p.amountKes; // the reserved float comes back
      p.failureReason = reason ?? null;
    }
    keep(p);
    queue.enqueue({ ...p });
  }

  function initiate(raw: string): Answer {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(raw) as Record<string, unknown>;
      if (typeof json !== "object" || json === null || Array.isArray(json)) throw new Error();
    } catch {
      return error(400, "INVALID_INPUT", "The body is not a JSON object");
    }
    const recipient = json.recipient as { phone?: unknown } | undefined;
    const phone = typeof recipient?.phone === "string" ? recipient.phone : "";
    const checks: [string, boolean][] = [
      ["payoutId", typeof json.payoutId === "string" && PAYOUT_ID.test(json.payoutId)],
      ["service", json.service === TKASH_SERVICE],
      ["amount", typeof json.amount === "string" && /^[1-9]\d{0,11}$/.test(json.amount)],
      ["currency", json.currency === "KES"],
      ["recipient.phone", PHONE_FIELD.test(phone)],
      ["narration", typeof json.narration === "string" && NARRATION.test(json.narration)],
      [
        "callbackUrl",
        typeof json.callbackUrl === "string" && /^https?:\/\/\S+$/.test(json.callbackUrl),
      ],
    ];
    const bad = checks.find(([, ok]) => !ok);
    if (bad) return error(400, "INVALID_PARAMETER", `${bad[0]} is missing or invalid`);

    const payoutId = json.payoutId as string;
    const created = payouts.get(payoutId);
    if (created)
      return {
        status: 200,
        body: { payoutId, status: "DUPLICATE_IGNORED", created: record(created).created },
      };
    const msisdn = phone.replace(/^\+/, "");
    const behaviour: TkashSimNumber = numbers.get(msisdn) ?? {};
    const outcome = behaviour.outcome ?? "success";
    if (outcome === "unavailable") return error(503, "UNAVAILABLE", "T-Kash is not answering");

    const p: SimulatedPayout = {
      payoutId,
      phone: msisdn,
      amountKes: Number(json.amount),
      narration: json.narration as string,
      callbackUrl: json.callbackUrl as string,
      status: "ACCEPTED",
      providerTransactionId: null,
      failureReason: null,
      pendingQueries: Math.max(0, behaviour.pendingQueries ?? 1),
      created: now(),
    };
    let rejection: FailureReason | undefined;
    if (!isTelkomMsisdn(msisdn))
      rejection = failure(FAILURE.invalidRecipient, "The number is not a T-Kash number");
    else if (p.amountKes > maxAmountKes)
      rejection = failure(FAILURE.amountOutOfBounds, `The amount is above ${maxAmountKes} KES`);
    else if (outcome === "insufficient-float" || p.amountKes > float)
      rejection = failure(FAILURE.insufficientBalance, "The float is too low for this payout");
    if (rejection) {
      // Kept, so the same id is a duplicate; a rejected payout gets no callback.
      keep({ ...p, status: "FAILED", failureReason: rejection });
      return { status: 200, body: { payoutId, status: "REJECTED", failureReason: rejection } };
    }
    float -= p.amountKes; // reserved until the payout's final status
    keep(p);
    if (outcome === "unregistered")
      finish(p, "FAILED", failure(FAILURE.recipientNotFound, "No T-Kash wallet for this number"));
    else if (outcome === "pending") p.status = "SUBMITTED";
    else finish(p, "COMPLETED");
    return {
      status: 200,
      body: { payoutId, status: "ACCEPTED", created: record(p).created },
      hang: outcome === "timeout",
    };
  }

  function query(payoutId: string): Answer {
    const p = payouts.get(payoutId);
    if (!p) return { status: 200, body: { status: "NOT_FOUND" } };
    if (p.status === "SUBMITTED") {
      if (p.pendingQueries > 0) {
        p.pendingQueries -= 1;
        keep(p);
      } else finish(p, "COMPLETED");
    }
    return { status: 200, body: { status: "FOUND", data: record(p) } };
  }

  function walletBalances(): Answer {
    const balance = reportedKes(float, driftCents);
    return {
      status: 200,
      body: { balances: [{ country: "KEN", balance, currency: "KES", provider: "T_KASH" }] },
    };
  }

  function control(method: string, path: string, raw: string): Answer {
    const snapshot = () => ({ floatKes: float, driftKes: driftCents / 100, payouts: payouts.size });
    if (method === "GET" && path === "/__sim/state") return { status: 200, body: snapshot() };
    if (method !== "POST" || path !== "/__sim/drift")
      return { status: 404, body: { error: `No control endpoint ${method} ${path}` } };
    let kes: unknown;
    try {
      kes = (JSON.parse(raw) as { kes?: unknown } | null)?.kes;
    } catch {
      return { status: 400, body: { error: "The body is not JSON" } };
    }
    const cents = driftCentsOf(kes);
    if (cents === undefined) return { status: 400, body: { error: DRIFT_ERROR } };
    driftCents = cents;
    return { status: 200, body: snapshot() };
  }

  function route(req: IncomingMessage, path: string, raw: string): Answer {
    const method = req.method ?? "";
    const statusPath = path.startsWith(`${PAYOUTS_PATH}/`);
    const balancePath = method === "GET" && path === WALLET_BALANCES_PATH;
    if (!(
      (method === "POST" && path === PAYOUTS_PATH) ||
      (method === "GET" && statusPath) ||
      balancePath
    ))
      return error(404, "NOT_FOUND", `No such endpoint: ${method} ${path}`);
    if (req.headers[API_KEY_HEADER] !== options.apiKey)
      return error(401, "AUTHENTICATION_ERROR", "Unknown API key");
    const signed = checkSignature(
      req.headers[SIGNATURE_HEADER] as string | undefined,
      options.apiSecret,
      (t) => requestSignatureText(t, method, path, raw),
      { nowS: Math.floor(now() / 1000), toleranceS: options.signatureToleranceS ?? 300 },
    );
    if (!signed) return error(403, "HTTP_SIGNATURE_ERROR", "The request signature is not valid");
    if (balancePath) return walletBalances();
    if (method === "POST") return initiate(raw);
    return query(decodeURIComponent(path.slice(PAYOUTS_PATH.length + 1)));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://simulator.invalid").pathname;
    let raw: string;
    try {
      raw = await readBody(req);
    } catch {
      return sendJson(res, 413, { failureReason: failure("INVALID_INPUT", "Body too large") });
    }
    if (path.startsWith("/__sim/")) {
      const answer = control(req.method ?? "", path, raw);
      return sendJson(res, answer.status, answer.body);
    }
    const answer = route(req, path, raw);
    requests.push({
      at: now(),
      method: req.method ?? "",
      path,
      body: bodyForLog(raw),
      status: answer.hang ? 0 : answer.status,
      response: answer.body,
    });
    // The "timeout" outcome: the money moved, the answer never comes (until the client gives up).
    if (!answer.hang) sendJson(res, answer.status, answer.body);
  }

  const listening = await listen(handle, {
    port: options.port,
    host: options.host,
    errorBody: (message) => ({ failureReason: failure("UNAVAILABLE", message) }),
  });

  return {
    baseUrl: listening.baseUrl,
    requests,
    callbacks: queue.callbacks,
    flush: queue.flush,
    pendingCallbacks: queue.pendingCount,
    setNumber(msisdn, behaviour) {
      if (behaviour) numbers.set(msisdn, behaviour);
      else numbers.delete(msisdn);
    },
    payout: (payoutId) => payouts.get(payoutId),
    paidCount: (payoutId) =>
      paidHere.get(payoutId) ?? (payouts.get(payoutId)?.status === "COMPLETED" ? 1 : 0),
    floatKes: () => float,
    setDrift(kes) {
      driftCents = requireDriftCents(kes);
    },
    driftKes: () => driftCents / 100,
    async close() {
      if (closed) return;
      closed = true;
      await queue.close();
      await listening.close();
    },
  };
}
