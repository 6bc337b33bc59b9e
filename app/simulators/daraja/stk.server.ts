/**
 * The simulator's M-Pesa Express (STK Push), protocols.md §1.2 and the §7 checklist. Served behind
 * the same Bearer token check as B2C (api.server.ts routes these paths here):
 *
 * - `POST /mpesa/stkpush/v1/processrequest`: checks BusinessShortCode, Password (base64 of
 *   shortcode + `stkPasskey` + Timestamp), Timestamp (YYYYMMDDHHmmss in EAT, near the simulator's
 *   clock), TransactionType, Amount (whole KES, 1..250,000), PartyA/PhoneNumber (2547…/2541…),
 *   PartyB, CallBackURL, AccountReference (1..12) and TransactionDesc (1..13). Answers the
 *   synchronous ack (same keys, order and texts as tests/fixtures/daraja/stk-push-response.json),
 *   then POSTs `Body.stkCallback` to CallBackURL after `callbackDelayMs` (or on `flush()`), with
 *   the ResultCode of the outcome chosen for the phone: `setStkOutcome()`, else the STK magic
 *   numbers, else success. "silent" pays without any callback.
 * - `POST /mpesa/stkpushquery/v1/query`: HTTP 500 `500.001.1001` "The transaction is being
 *   processed" until the customer has answered (the callback is sent, or for "silent" the same
 *   moment), then the ResultCode (sent as a string or a number, at random).
 * - Refusals: 400 `400.002.02` "Bad Request - Invalid <field>"; a wrong Password is HTTP 500
 *   `500.001.1001` "Wrong credentials" (protocols.md lists 500.001.1001 for a wrong password; the
 *   message is ours [?]); an unknown CheckoutRequestID 400 `400.002.02`.
 *
 * With a store, every accepted push is saved as it is accepted and as it is answered, and read
 * after a restart as answered: callbacks still pending are lost with the process (as with B2C), and
 * the query tells the outcome. The pushes are read through the store (`StoredMap`, issue 28): those
 * this process has not answered yet stay in memory (their callback or timer answers the live
 * object), the rest are read when queried, with a bounded cache; nothing reads them all at start.
 */
import { INVALID_REQUEST_ERROR_CODE } from "~/core/providers/daraja/errors";
import { formatDarajaTimestamp, parseDarajaTime } from "~/core/providers/daraja/eat-time";
import { isKenyanMsisdn, normalizeKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import {
  SANDBOX_STK_PASSKEY,
  STK_ACCOUNT_REFERENCE_MAX,
  STK_PROCESSING_ERROR_CODE,
  STK_PROCESSING_MESSAGE,
  STK_PUSH_PATH,
  STK_QUERY_PATH,
  STK_TRANSACTION_DESC_MAX,
  STK_TRANSACTION_TYPES,
  stkPassword,
  type StkTransactionType,
} from "~/core/providers/daraja/wire";
import type { SimulatorStore } from "~/simulators/store.server";
import { loadUnlessPaged, StoredMap } from "../stored-map.server";
import {
  BadField,
  digitsOf,
  isHttpUrl,
  requiredText,
  wholeAmount,
  type ApiAnswer,
} from "./api.server";
import type { CallbackQueue, StkCallbackBody } from "./callbacks.server";
import type { DarajaIds } from "./ids.server";
import { stkSimOutcomes, type SimulatedStkPush, type StkSimOutcome } from "./types";

export const STK_MIN_AMOUNT_KES = 1;
export const STK_MAX_AMOUNT_KES = 250_000;
const STORE_KIND = "stk";

const ACCEPTED_TEXT = "Success. Request accepted for processing";
const QUERY_ACCEPTED_TEXT = "The service request has been accepted successsfully";

const RESULTS: Record<StkSimOutcome, { code: number; desc: string }> = {
  success: { code: 0, desc: "The service request is processed successfully." },
  silent: { code: 0, desc: "The service request is processed successfully." },
  cancelled: { code: 1032, desc: "Request cancelled by user" },
  "insufficient-funds": { code: 1, desc: "The balance is insufficient for the transaction." },
  timeout: { code: 1037, desc: "DS timeout user cannot be reached" },
  "wrong-pin": { code: 2001, desc: "The initiator information is invalid." },
};

export interface StkSimulatorSettings {
  now: () => number;
  ids: DarajaIds;
  queue: CallbackQueue;
  passkey?: string;
  timestampToleranceMs?: number;
  magic: Readonly<Record<string, StkSimOutcome>>;
  /** 0: silent pushes are answered on `settle()` only (called by the simulator's flush). */
  callbackDelayMs: number;
  store?: SimulatorStore;
  errorBody(errorCode: string, errorMessage: string): unknown;
}

export interface StkSimulator {
  /** The two endpoints, by path, for `createDarajaApi({ extraHandlers })`. */
  readonly handlers: ReadonlyMap<string, (body: Record<string, unknown>) => ApiAnswer>;
  readonly overrides: Map<string, StkSimOutcome>;
  setStkOutcome(phone: string, outcome: StkSimOutcome | null): void;
  push(checkoutRequestId: string): SimulatedStkPush | undefined;
  /** Answer every silent push still waiting (the callbacks are the queue's). */
  settle(): void;
  close(): void;
}

export function createStkSimulator(settings: StkSimulatorSettings): StkSimulator {
  const { now, ids, queue, magic, store, errorBody } = settings;
  const passkey = settings.passkey ?? SANDBOX_STK_PASSKEY;
  const tolerance = settings.timestampToleranceMs ?? 10 * 60_000;
  const pushes = new StoredMap<SimulatedStkPush>(store, STORE_KIND, {
    pin: (push) => !push.answered,
    // Read from the store, a push this process has not made (it holds its own unanswered ones):
    // the customer answered while we were down; an undelivered callback is lost.
    parse(body) {
      const push = JSON.parse(body) as SimulatedStkPush;
      if (!push.answered) Object.assign(push, { answered: true, answeredAt: push.acceptedAt });
      return push;
    },
  });
  pushes.restore(loadUnlessPaged(store));
  const overrides = new Map<string, StkSimOutcome>();
  const silent = new Map<string, NodeJS.Timeout | undefined>();

  /** Keep the push as it is now (answered: no longer pinned) and write it. */
  const save = (push: SimulatedStkPush) => {
    pushes.set(push.checkoutRequestId, push);
    store?.save(STORE_KIND, push.checkoutRequestId, push);
  };

  function answer(push: SimulatedStkPush) {
    if (push.answered) return;
    push.answered = true;
    push.answeredAt = now();
    save(push);
  }

  /** Shortcode, Password and Timestamp, as both endpoints check them. */
  function checkCredentials(body: Record<string, unknown>): ApiAnswer | { shortCode: string } {
    const shortCode = digitsOf(body.BusinessShortCode);
    if (!shortCode || !/^\d{5,7}$/.test(shortCode)) throw new BadField("BusinessShortCode");
    const timestamp = typeof body.Timestamp === "string" ? body.Timestamp : "";
    const at = /^\d{14}$/.test(timestamp) ? parseDarajaTime(timestamp) : undefined;
    if (at === undefined || Math.abs(Date.parse(at) - now()) > tolerance)
      throw new BadField("Timestamp");
    const password = requiredText(body, "Password", 512);
    if (password !== stkPassword(shortCode, passkey, timestamp)) {
      return { status: 500, body: errorBody(STK_PROCESSING_ERROR_CODE, "Wrong credentials") };
    }
    return { shortCode };
  }

  function msisdn(body: Record<string, unknown>, field: string): string {
    const value = digitsOf(body[field]);
    if (!value || !isKenyanMsisdn(value)) throw new BadField(field);
    return value;
  }

  function limited(body: Record<string, unknown>, field: string, max: number): string {
    const value = body[field];
    if (typeof value !== "string" || value.trim() === "" || Array.from(value).length > max)
      throw new BadField(field);
    return value;
  }

  function callbackBody(push: SimulatedStkPush): StkCallbackBody {
    const stkCallback: StkCallbackBody["Body"]["stkCallback"] = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: push.resultCode,
      ResultDesc: push.resultDesc,
    };
    if (push.resultCode === 0) {
      const items: { Name: string; Value?: number | string }[] = [
        { Name: "Amount", Value: push.amountKes },
        { Name: "MpesaReceiptNumber", Value: push.receipt ?? "" },
      ];
      // Balance is often there without a Value.
      if (ids.chance(0.5)) items.push({ Name: "Balance" });
      items.push(
        { Name: "TransactionDate", Value: Number(formatDarajaTimestamp(now())) },
        { Name: "PhoneNumber", Value: Number(push.phone) },
      );
      stkCallback.CallbackMetadata = { Item: items };
    }
    return { Body: { stkCallback } };
  }

  function handlePush(body: Record<string, unknown>): ApiAnswer {
    const credentials = checkCredentials(body);
    if ("status" in credentials) return credentials;
    const transactionType = body.TransactionType;
    if (
      typeof transactionType !== "string" ||
      !STK_TRANSACTION_TYPES.includes(transactionType as StkTransactionType)
    )
      throw new BadField("TransactionType");
    const amount = wholeAmount(body.Amount);
    if (amount === undefined || amount < STK_MIN_AMOUNT_KES || amount > STK_MAX_AMOUNT_KES)
      throw new BadField("Amount");
    msisdn(body, "PartyA"); // normally the same number as PhoneNumber, which gets the prompt
    const partyB = digitsOf(body.PartyB);
    if (!partyB || !/^\d{5,7}$/.test(partyB)) throw new BadField("PartyB");
    const phone = msisdn(body, "PhoneNumber");
    if (!isHttpUrl(body.CallBackURL)) throw new BadField("CallBackURL");
    const accountReference = limited(body, "AccountReference", STK_ACCOUNT_REFERENCE_MAX);
    const transactionDesc = limited(body, "TransactionDesc", STK_TRANSACTION_DESC_MAX);

    let checkoutRequestId = ids.checkoutRequestId(phone);
    while (pushes.has(checkoutRequestId)) checkoutRequestId = ids.checkoutRequestId(phone);
    const outcome = overrides.get(phone) ?? magic[phone] ?? "success";
    const result = RESULTS[outcome];
    const push: SimulatedStkPush = {
      checkoutRequestId,
      merchantRequestId: ids.darajaOriginatorId(),
      businessShortCode: credentials.shortCode,
      transactionType: transactionType as StkTransactionType,
      partyB,
      phone,
      amountKes: amount,
      accountReference,
      transactionDesc,
      callbackUrl: body.CallBackURL,
      outcome,
      resultCode: result.code,
      resultDesc: result.desc,
      receipt: result.code === 0 ? ids.receipt() : undefined,
      acceptedAt: now(),
      answered: false,
      answeredAt: undefined,
    };
    save(push);

    if (outcome === "silent") {
      const timer =
        settings.callbackDelayMs > 0
          ? setTimeout(() => {
              silent.delete(checkoutRequestId);
              answer(push);
            }, settings.callbackDelayMs)
          : undefined;
      timer?.unref();
      silent.set(checkoutRequestId, timer);
    } else {
      queue.enqueue("stk-callback", push.callbackUrl, callbackBody(push), () => answer(push));
    }
    return {
      status: 200,
      body: {
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResponseCode: "0",
        ResponseDescription: ACCEPTED_TEXT,
        CustomerMessage: ACCEPTED_TEXT,
      },
    };
  }

  function handleQuery(body: Record<string, unknown>): ApiAnswer {
    const credentials = checkCredentials(body);
    if ("status" in credentials) return credentials;
    const id = requiredText(body, "CheckoutRequestID", 100);
    const push = pushes.get(id);
    if (!push || push.businessShortCode !== credentials.shortCode) {
      return {
        status: 400,
        body: errorBody(INVALID_REQUEST_ERROR_CODE, "Bad Request - Invalid CheckoutRequestID"),
      };
    }
    if (!push.answered) {
      return { status: 500, body: errorBody(STK_PROCESSING_ERROR_CODE, STK_PROCESSING_MESSAGE) };
    }
    return {
      status: 200,
      body: {
        ResponseCode: "0",
        ResponseDescription: QUERY_ACCEPTED_TEXT,
        MerchantRequestID: push.merchantRequestId,
        CheckoutRequestID: push.checkoutRequestId,
        ResultCode: ids.maybeString(push.resultCode),
        ResultDesc: push.resultDesc,
      },
    };
  }

  return {
    handlers: new Map([
      [STK_PUSH_PATH, handlePush],
      [STK_QUERY_PATH, handleQuery],
    ]),
    overrides,
    setStkOutcome(phone, outcome) {
      const number = normalizeKenyanMsisdn(phone);
      if (outcome === null) overrides.delete(number);
      else if (stkSimOutcomes.includes(outcome)) overrides.set(number, outcome);
      else throw new Error(`Unknown STK outcome ${String(outcome)}`);
    },
    push: (checkoutRequestId) => pushes.get(checkoutRequestId),
    settle() {
      for (const [id, timer] of silent) {
        if (timer) clearTimeout(timer);
        silent.delete(id);
        const push = pushes.get(id);
        if (push) answer(push);
      }
    },
    close() {
      for (const timer of silent.values()) if (timer) clearTimeout(timer);
      silent.clear();
    },
  };
}
