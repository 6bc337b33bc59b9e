/**
 * Top-ups of the payout balance in the running app (issue 30; core/funding/): the Pay Bill's
 * shortcode and callback receivers, the STK client of M-Pesa Express with the top-ups' own
 * callback URL, the bank transfer notifications' receivers, registering our C2B URLs at start
 * (simulator mode, and live when DARAJA_C2B_SHORTCODE or DARAJA_STK_SHORTCODE is set), and in
 * simulator mode the buttons that pay the Pay Bill or send a bank transfer on the simulators.
 */
import {
  attributeTopUp,
  bankReferenceFor,
  listTopUps,
  listUnmatchedTopUps,
  merchantPhone,
} from "~/core/funding/top-ups.server";
import type { PaybillReceiver } from "~/core/funding/paybill.server";
import { applyBankTransferNotification } from "~/core/funding/bank-transfers.server";
import {
  applyStkTopUpCallback,
  followStkTopUps,
  requestStkTopUp,
} from "~/core/funding/stk-top-ups.server";
import { merchantBalances } from "~/core/ledger/ledger.server";
import { servesMode, type PaymentsDeps } from "~/core/payments/deps";
import { checkStkCallback, type StkCallbackCredentials } from "~/core/payments/stk-webhook.server";
import { registerC2bUrls } from "~/core/providers/daraja/c2b-register.server";
import { SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import type { RailCallback } from "~/core/payments/rail-results.server";
import { env } from "~/utils/env.server";
import { schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { callbackOrigin, runningPayments, runningTestPayments } from "./payments.server";
import { railCallbackReceivers } from "./rail-callbacks.server";
import { store } from "./store.server";

export const PAYBILL_VALIDATION_PATH = "/webhooks/paybill/validation";
export const PAYBILL_CONFIRMATION_PATH = "/webhooks/paybill/confirmation";
export const STK_TOP_UP_PATH = "/webhooks/mpesa/top-up";

const simulatorMode = () => env.PROVIDER_MODE === "simulator";

/** OneHop's Pay Bill number for top-ups, or null when none is configured. */
export function paybillShortCode(): string | null {
  if (simulatorMode()) return SANDBOX_STK_SHORTCODE;
  return env.DARAJA_C2B_SHORTCODE ?? env.DARAJA_STK_SHORTCODE ?? null;
}

/** The runtimes running here (live first), once each. */
function runtimes(): PaymentsDeps[] {
  const live = runningPayments();
  const test = runningTestPayments();
  return [live, test !== live ? test : null].filter((r): r is NonNullable<typeof r> => r !== null);
}

/** Who may call our Pay Bill URLs: each runtime's token, with the book its money goes to. */
export function paybillReceivers(): PaybillReceiver[] {
  return runtimes().map((runtime) => ({
    callbackToken: runtime.callbackToken,
    mode: servesMode(runtime, "live") ? "live" : "test",
  }));
}

/** Register our Pay Bill URLs with Daraja (the simulator, or the live app when configured). */
export async function startTopUps({ simulators }: BootContext): Promise<void> {
  const runtime = runningPayments();
  const stk = runtime?.stk;
  if (stk)
    schedule({
      name: "top-ups.stk",
      // Prompts without their callback are asked about after a minute.
      pattern: { everySeconds: 60 },
      run: () => followStkTopUps(store(), stk, Date.now),
    });
  const shortCode = paybillShortCode();
  if (!runtime || !shortCode) return;
  const origin = callbackOrigin(simulators);
  const token = runtime.callbackToken;
  const urls = {
    shortCode,
    responseType: "Completed" as const,
    validationUrl: `${origin}${PAYBILL_VALIDATION_PATH}?token=${token}`,
    confirmationUrl: `${origin}${PAYBILL_CONFIRMATION_PATH}?token=${token}`,
  };
  let connection;
  if (simulators) {
    const simulator = runningPayments()?.darajaSimulator;
    if (!simulator) return;
    const { DARAJA_SIMULATOR_KEYS } = await import("./simulators/daraja.server");
    connection = { baseUrl: simulator.baseUrl, ...DARAJA_SIMULATOR_KEYS };
  } else {
    if (!env.DARAJA_BASE_URL || !env.DARAJA_CONSUMER_KEY || !env.DARAJA_CONSUMER_SECRET) return;
    connection = {
      baseUrl: env.DARAJA_BASE_URL,
      consumerKey: env.DARAJA_CONSUMER_KEY,
      consumerSecret: env.DARAJA_CONSUMER_SECRET,
    };
  }
  try {
    await registerC2bUrls({ ...connection, timeoutMs: env.DARAJA_TIMEOUT_MS }, urls);
    logger.info("Pay Bill (C2B) URLs registered", { shortCode });
  } catch (error) {
    // Not fatal: Pay Bill top-ups wait until the URLs are registered (the next start).
    logger.error("Pay Bill (C2B) URLs not registered", {
      shortCode,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The top-ups service for the page and the callbacks. */
export function topUps() {
  const on = store();
  return {
    simulator: simulatorMode(),
    /** What the top-up page shows. */
    page(merchantId: string) {
      return on.read(async (q) => {
        const balances = await merchantBalances(q, merchantId, "live");
        return {
          available: balances.available,
          settlementPhone: await merchantPhone(q, merchantId),
          topUps: await listTopUps(on, merchantId),
          paybill: paybillShortCode(),
          bankReference: bankReferenceFor(merchantId),
          stkOffered: Boolean(runningPayments()?.stk),
        };
      });
    },
    /** Send an STK prompt for a top-up (the caller has checked the member and the throttle). */
    requestStk(input: { merchantId: string; memberId: string; amountKes: number; phone: string }) {
      const runtime = runningPayments();
      if (!runtime?.stk) throw new Error("M-Pesa prompts are not configured here");
      return requestStkTopUp(on, runtime.stk, {
        ...input,
        callbackUrl: `${callbackOrigin(simulatorMode())}${STK_TOP_UP_PATH}?token=${runtime.callbackToken}`,
        now: Date.now,
      });
    },
    /** The STK callback's guard: the runtime whose token it carries (or null). */
    checkStkCallback: (given: StkCallbackCredentials) => checkStkCallback(runtimes(), given),
    applyStkCallback: (raw: string) => applyStkTopUpCallback(on, raw, Date.now()),
    applyBankTransfer: (callback: RailCallback) =>
      applyBankTransferNotification(on, railCallbackReceivers(), callback, Date.now()),
    bankTransferReceivers: railCallbackReceivers,
    /** Operators: money that came in for no merchant we know, and crediting it to one. */
    unmatched: () => listUnmatchedTopUps(on),
    attribute: (input: { topUpId: string; merchantId: string; operatorId: string }) =>
      attributeTopUp(on, { ...input, now: Date.now() }),
    /** Simulator mode: a test phone pays the Pay Bill with the merchant id as account number. */
    async simulatePaybill(merchantId: string, amountKes: number) {
      const simulator = simulatorMode() ? runningPayments()?.darajaSimulator : null;
      const shortCode = paybillShortCode();
      if (!simulator || !shortCode) throw new Error("The M-Pesa simulator is not running");
      return simulator.payBill({
        shortCode,
        amountKes,
        msisdn: "254708374149",
        billRefNumber: merchantId,
      });
    },
    /** Simulator mode: a bank transfer quoting the merchant's reference. */
    async simulateBankTransfer(merchantId: string, amountKes: number) {
      const simulator = simulatorMode() ? runningPayments()?.pesalinkSimulator : null;
      if (!simulator) throw new Error("The PesaLink simulator is not running");
      return simulator.sendIncomingCredit({ amountKes, reference: bankReferenceFor(merchantId) });
    },
  };
}
