/**
 * The Daraja simulator's control API (JSON, no auth; the server binds to 127.0.0.1): GET
 * /__sim/state, GET /__sim/requests, GET /__sim/callbacks, POST /__sim/outcome {phone,
 * outcome|null}, POST /__sim/stk-outcome {phone, outcome|null}, POST /__sim/float {kes}, POST
 * /__sim/drift {kes} (signed KES added to the Utility Account the balance query reports; 0
 * resets), POST /__sim/flush, POST /__sim/expire-tokens, POST /__sim/b2b-outcome {shortCode,
 * outcome|null} (B2B outcome per receiving Paybill / Till), GET /__sim/b2b[?offset=n] (B2B payments
 * accepted, in that order, at most 500 from `offset`).
 */
import type { ApiAnswer } from "./api.server";
import { driftCentsOf, DRIFT_ERROR } from "./drift";
import type { CallbackQueue } from "./callbacks.server";
import type { DarajaState } from "./state.server";
import type { StkSimulator } from "./stk.server";
import {
  b2bSimOutcomes,
  darajaSimOutcomes,
  stkSimOutcomes,
  type B2bSimOutcome,
  type DarajaSimOutcome,
  type SimulatorRequestLog,
  type StkSimOutcome,
} from "./types";

/** B2B payments per GET /__sim/b2b. */
const B2B_PAGE = 500;

export function createDarajaControl(
  state: DarajaState,
  queue: CallbackQueue,
  requests: readonly SimulatorRequestLog[],
  magic: Readonly<Record<string, DarajaSimOutcome>>,
  stk: StkSimulator,
) {
  function snapshot() {
    return {
      floatKes: state.floatKes(),
      driftKes: state.driftCents() / 100,
      outcomes: Object.fromEntries(state.overrides),
      stkOutcomes: Object.fromEntries(stk.overrides),
      b2bOutcomes: Object.fromEntries(state.b2bOverrides),
      b2bMagicShortCodes: state.b2bMagic,
      magicNumbers: magic,
      pendingCallbacks: queue.pendingCount(),
      requests: requests.length,
      callbacks: queue.callbacks.length,
    };
  }

  return async function handleControl(
    method: string,
    path: string,
    raw: string,
    query?: URLSearchParams,
  ): Promise<ApiAnswer> {
    let body: Record<string, unknown> = {};
    if (raw.trim() !== "") {
      try {
        const parsed = JSON.parse(raw) as unknown;
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
          body = parsed as Record<string, unknown>;
      } catch {
        return { status: 400, body: { error: "The body is not JSON" } };
      }
    }
    const route = `${method} ${path}`;
    switch (route) {
      case "GET /__sim/state":
        return { status: 200, body: snapshot() };
      case "GET /__sim/requests":
        // Credentials stay out of the HTTP view of the log (the in-process `requests` keeps them
        // for tests).
        return {
          status: 200,
          body: requests.map((entry) => ({
            ...entry,
            authorization: entry.authorization?.replace(/^(\S+)\s.*$/, "$1 [redacted]"),
          })),
        };
      case "GET /__sim/callbacks":
        return { status: 200, body: queue.callbacks };
      case "POST /__sim/outcome": {
        const outcome = body.outcome;
        if (outcome !== null && !darajaSimOutcomes.includes(outcome as DarajaSimOutcome)) {
          return {
            status: 400,
            body: { error: `outcome must be null or one of ${darajaSimOutcomes.join(", ")}` },
          };
        }
        try {
          state.setOutcome(String(body.phone ?? ""), outcome as DarajaSimOutcome | null);
        } catch (error) {
          return {
            status: 400,
            body: { error: error instanceof Error ? error.message : "invalid phone" },
          };
        }
        return { status: 200, body: snapshot() };
      }
      case "POST /__sim/stk-outcome": {
        const outcome = body.outcome;
        if (outcome !== null && !stkSimOutcomes.includes(outcome as StkSimOutcome)) {
          return {
            status: 400,
            body: { error: `outcome must be null or one of ${stkSimOutcomes.join(", ")}` },
          };
        }
        try {
          stk.setStkOutcome(String(body.phone ?? ""), outcome as StkSimOutcome | null);
        } catch (error) {
          return {
            status: 400,
            body: { error: error instanceof Error ? error.message : "invalid phone" },
          };
        }
        return { status: 200, body: snapshot() };
      }
      case "POST /__sim/b2b-outcome": {
        const outcome = body.outcome;
        if (outcome !== null && !b2bSimOutcomes.includes(outcome as B2bSimOutcome)) {
          return {
            status: 400,
            body: { error: `outcome must be null or one of ${b2bSimOutcomes.join(", ")}` },
          };
        }
        try {
          state.setB2bOutcome(String(body.shortCode ?? ""), outcome as B2bSimOutcome | null);
        } catch (error) {
          return {
            status: 400,
            body: { error: error instanceof Error ? error.message : "invalid shortCode" },
          };
        }
        return { status: 200, body: snapshot() };
      }
      case "GET /__sim/b2b": {
        // A page at a time, in the order accepted: `?offset=` for the next.
        const offset = Number(query?.get("offset") ?? 0);
        if (!Number.isSafeInteger(offset) || offset < 0)
          return { status: 400, body: { error: "offset must be a whole number >= 0" } };
        return { status: 200, body: state.b2bByOriginator.slice(offset, B2B_PAGE) };
      }
      case "POST /__sim/float": {
        const kes = body.kes;
        if (typeof kes !== "number" || !Number.isFinite(kes) || kes < 0)
          return { status: 400, body: { error: "kes must be a number >= 0" } };
        state.setFloat(kes);
        return { status: 200, body: snapshot() };
      }
      case "POST /__sim/drift": {
        const cents = driftCentsOf(body.kes);
        if (cents === undefined) return { status: 400, body: { error: DRIFT_ERROR } };
        state.setDriftCents(cents);
        return { status: 200, body: snapshot() };
      }
      case "POST /__sim/flush": {
        const before = queue.callbacks.length;
        await queue.flush();
        stk.settle();
        return { status: 200, body: { delivered: queue.callbacks.length - before } };
      }
      case "POST /__sim/expire-tokens":
        state.tokens.clear();
        return { status: 200, body: snapshot() };
      default:
        return { status: 404, body: { error: `No control endpoint ${route}` } };
    }
  };
}
