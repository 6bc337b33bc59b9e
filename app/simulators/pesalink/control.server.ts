/**
 * The PesaLink simulator's control API (JSON, no auth; the server binds to 127.0.0.1): GET
 * /__sim/state, POST /__sim/account {accountNumber, account: SimAccount | null}, POST /__sim/flush,
 * POST /__sim/expire-tokens, POST /__sim/incoming-credit {amountKes, reference} (money received
 * on our collection account, notified to us at once), POST /__sim/drift {kes} (signed KES added
 * to the balance the balance call reports; 0 resets).
 */
import { driftCentsOf, DRIFT_ERROR } from "~/simulators/daraja/drift";
import type { ApiAnswer } from "./api.server";
import type { PesalinkCallbackQueue } from "./callbacks.server";
import type { IncomingCreditInput, IncomingCreditLog } from "./incoming.server";
import type { PesalinkState } from "./state.server";
import type { SimAccount } from "./types";

export function createPesalinkControl(
  state: PesalinkState,
  queue: PesalinkCallbackQueue,
  sendIncomingCredit: (input: IncomingCreditInput) => Promise<IncomingCreditLog>,
) {
  const snapshot = () => ({
    accounts: Object.fromEntries(state.accounts),
    transfers: state.transfers.size,
    payments: state.paymentsCount(),
    sourceBalanceKes: state.sourceBalanceKes(),
    driftKes: state.driftCents() / 100,
    pendingCallbacks: queue.pendingCount(),
  });
  return async function handleControl(
    method: string,
    path: string,
    raw: string,
  ): Promise<ApiAnswer> {
    let body: Record<string, unknown> = {};
    try {
      if (raw.trim() !== "") body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return { status: 400, body: { error: "The body is not JSON" } };
    }
    switch (`${method} ${path}`) {
      case "GET /__sim/state":
        return { status: 200, body: snapshot() };
      case "POST /__sim/account":
        if (typeof body.accountNumber !== "string")
          return { status: 400, body: { error: "accountNumber is required" } };
        try {
          state.setAccount(body.accountNumber, (body.account ?? null) as SimAccount | null);
        } catch (error) {
          return { status: 400, body: { error: (error as Error).message } };
        }
        return { status: 200, body: snapshot() };
      case "POST /__sim/drift": {
        const cents = driftCentsOf(body.kes);
        if (cents === undefined) return { status: 400, body: { error: DRIFT_ERROR } };
        state.setDriftCents(cents);
        return { status: 200, body: snapshot() };
      }
      case "POST /__sim/incoming-credit": {
        const amountKes = Number(body.amountKes);
        if (typeof body.reference !== "string" || !(amountKes > 0))
          return { status: 400, body: { error: "amountKes (> 0) and reference are required" } };
        try {
          const sent = await sendIncomingCredit({ amountKes, reference: body.reference });
          return { status: 200, body: sent };
        } catch (error) {
          return { status: 400, body: { error: (error as Error).message } };
        }
      }
      case "POST /__sim/flush":
        await queue.flush();
        return { status: 200, body: snapshot() };
      case "POST /__sim/expire-tokens":
        state.tokens.clear();
        return { status: 200, body: snapshot() };
      default:
        return { status: 404, body: { error: `No control endpoint ${method} ${path}` } };
    }
  };
}
