/**
 * The simulator's C2B (Pay Bill), protocols.md §1.3. Served behind the same Bearer token check as
 * B2C (api.server.ts routes these paths here):
 *
 * - `POST /mpesa/c2b/v1/registerurl` (and v2): ShortCode, ResponseType ("Completed" | "Cancelled":
 *   what happens when the ValidationURL cannot be reached), ConfirmationURL, ValidationURL. URLs
 *   with the words Daraja refuses (mpesa, safaricom, sql, exe, cmd, query) are refused as Daraja
 *   does. Answers `{OriginatorCoversationID, ResponseCode "0", ResponseDescription "success"}`; the
 *   registration is kept (in the store too, so it survives a restart).
 * - `POST /mpesa/c2b/v1/simulate` (and v2): ShortCode, CommandID "CustomerPayBillOnline" (or Buy
 *   Goods), Amount (whole KES), Msisdn, BillRefNumber. Answers the ack at once, then (after
 *   `callbackDelayMs`, or on `flush()` when that is 0) POSTs the payload to the ValidationURL and,
 *   when it accepts (or cannot be reached and ResponseType is Completed), to the ConfirmationURL,
 *   with a TransID shaped like an M-Pesa receipt, TransTime in EAT, TransAmount "10.00" and the
 *   payer's number masked as Daraja v2 sends it.
 * - `payBill(…)` does the same for the control (the app's "Pay the Paybill from a test phone"
 *   button) and resolves once both callbacks were answered.
 */
import { formatDarajaTimestamp } from "~/core/providers/daraja/eat-time";
import { isKenyanMsisdn, normalizeKenyanMsisdn } from "~/core/providers/daraja/msisdn";
import {
  C2B_COMMAND_IDS,
  C2B_REGISTER_PATHS,
  C2B_RESPONSE_TYPES,
  C2B_SIMULATE_PATHS,
  c2bUrlAllowed,
  type C2bPayload,
  type C2bResponseType,
} from "~/core/providers/daraja/c2b";
import type { SimulatorStore } from "~/simulators/store.server";
import { loadUnlessPaged, readRecord } from "../stored-map.server";
import {
  BadField,
  digitsOf,
  isHttpUrl,
  requiredText,
  wholeAmount,
  type ApiAnswer,
} from "./api.server";
import type { DarajaIds } from "./ids.server";

const STORE_KIND = "c2b-url";
export const C2B_MAX_AMOUNT_KES = 250_000;

export interface C2bRegistration {
  ShortCode: string;
  ResponseType: C2bResponseType;
  ConfirmationURL: string;
  ValidationURL: string;
}

/** One simulated payment and what the receivers answered. */
export interface SimulatedC2bPayment {
  payload: C2bPayload;
  validation: "accepted" | "rejected" | "unreachable";
  /** ResultCode the validation answered (e.g. "C2B00012"), when it answered. */
  validationCode?: string;
  /** The confirmation's HTTP status; undefined when none was sent (rejected, or cancelled). */
  confirmationStatus?: number;
  confirmed: boolean;
}

export interface PayBillInput {
  shortCode: string;
  amountKes: number;
  /** Any Kenyan form. */
  msisdn: string;
  billRefNumber: string;
}

export interface C2bSimulator {
  readonly handlers: ReadonlyMap<string, (body: Record<string, unknown>) => ApiAnswer>;
  readonly payments: readonly SimulatedC2bPayment[];
  registration(shortCode: string): C2bRegistration | undefined;
  /** Pay now (no delay) and resolve with what the receivers answered. */
  payBill(input: PayBillInput): Promise<SimulatedC2bPayment>;
  /** Deliver the payments waiting (callbackDelayMs 0) and wait for every delivery. */
  flush(): Promise<void>;
  close(): void;
}

export function createC2bSimulator(settings: {
  now: () => number;
  ids: DarajaIds;
  callbackDelayMs: number;
  callbackTimeoutMs: number;
  store?: SimulatorStore;
  organisationBalanceKes: () => number;
  /** The money lands in the organisation's account (the balance query reports it). */
  receive: (kes: number) => void;
}): C2bSimulator {
  const { now, ids, store } = settings;
  const registrations = new Map<string, C2bRegistration>();
  // A small store is read at start; a paged one is asked per shortcode when first needed.
  const loaded = loadUnlessPaged(store);
  for (const record of loaded)
    if (record.kind === STORE_KIND) {
      const value = JSON.parse(record.body) as C2bRegistration;
      registrations.set(value.ShortCode, value);
    }
  const registrationOf = (shortCode: string) => {
    let found = registrations.get(shortCode);
    if (!found && store?.paged) {
      found = readRecord<C2bRegistration>(store, loaded, STORE_KIND, shortCode);
      if (found) registrations.set(shortCode, found);
    }
    return found;
  };
  const payments: SimulatedC2bPayment[] = [];
  const waiting: (() => Promise<unknown>)[] = [];
  const running = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();

  function register(body: Record<string, unknown>): ApiAnswer {
    const shortCode = digitsOf(body.ShortCode);
    if (!shortCode) throw new BadField("ShortCode");
    const responseType = body.ResponseType;
    if (!C2B_RESPONSE_TYPES.includes(responseType as C2bResponseType))
      throw new BadField("ResponseType");
    for (const field of ["ConfirmationURL", "ValidationURL"] as const) {
      const url = body[field];
      if (!isHttpUrl(url) || !c2bUrlAllowed(url)) throw new BadField(field);
    }
    const registration: C2bRegistration = {
      ShortCode: shortCode,
      ResponseType: responseType as C2bResponseType,
      ConfirmationURL: body.ConfirmationURL as string,
      ValidationURL: body.ValidationURL as string,
    };
    registrations.set(shortCode, registration);
    store?.save(STORE_KIND, shortCode, registration);
    return {
      status: 200,
      body: {
        OriginatorCoversationID: ids.requestId(),
        ResponseCode: "0",
        ResponseDescription: "success",
      },
    };
  }

  /** The payload M-Pesa sends for this payment (checked input). */
  function payloadFor(input: PayBillInput, commandId: string): C2bPayload {
    const msisdn = normalizeKenyanMsisdn(input.msisdn);
    const [first = "JOHN", ...rest] = ids.nameFor(msisdn).split(" ");
    return {
      TransactionType: commandId === "CustomerBuyGoodsOnline" ? "Buy Goods" : "Pay Bill",
      TransID: ids.receipt(),
      TransTime: formatDarajaTimestamp(now()),
      TransAmount: `${input.amountKes}.00`,
      BusinessShortCode: input.shortCode,
      BillRefNumber: input.billRefNumber,
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      // Daraja v2 masks the payer's number.
      MSISDN: `${msisdn.slice(0, 6)}***${msisdn.slice(-3)}`,
      FirstName: first,
      MiddleName: "",
      LastName: rest.join(" "),
    };
  }

  async function post(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.callbackTimeoutMs),
    });
    const raw = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(raw) as unknown;
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }

  async function deliver(
    registration: C2bRegistration,
    payload: C2bPayload,
  ): Promise<SimulatedC2bPayment> {
    const payment: SimulatedC2bPayment = { payload, validation: "unreachable", confirmed: false };
    payments.push(payment);
    try {
      const answer = await post(registration.ValidationURL, payload);
      const code = (answer.json as { ResultCode?: unknown } | undefined)?.ResultCode;
      if (answer.status === 200 && code !== undefined) {
        payment.validationCode = String(code);
        payment.validation = String(code) === "0" ? "accepted" : "rejected";
      }
    } catch {
      // unreachable: ResponseType decides
    }
    const confirm =
      payment.validation === "accepted" ||
      (payment.validation === "unreachable" && registration.ResponseType === "Completed");
    if (!confirm) return payment;
    settings.receive(Number(payload.TransAmount));
    try {
      const answer = await post(registration.ConfirmationURL, {
        ...payload,
        OrgAccountBalance: settings.organisationBalanceKes().toFixed(2),
      });
      payment.confirmationStatus = answer.status;
      payment.confirmed = answer.status === 200;
    } catch {
      payment.confirmationStatus = 0;
    }
    return payment;
  }

  function checked(body: Record<string, unknown>) {
    const shortCode = digitsOf(body.ShortCode);
    if (!shortCode) throw new BadField("ShortCode");
    const commandId = requiredText(body, "CommandID");
    if (!(C2B_COMMAND_IDS as readonly string[]).includes(commandId))
      throw new BadField("CommandID");
    const amountKes = wholeAmount(body.Amount);
    if (amountKes === undefined || amountKes > C2B_MAX_AMOUNT_KES) throw new BadField("Amount");
    const msisdn = digitsOf(body.Msisdn);
    if (!msisdn || !isKenyanMsisdn(msisdn)) throw new BadField("Msisdn");
    const billRefNumber = typeof body.BillRefNumber === "string" ? body.BillRefNumber : "";
    if (Array.from(billRefNumber).length > 100) throw new BadField("BillRefNumber");
    const registration = registrationOf(shortCode);
    if (!registration) throw new BadField("ShortCode");
    return {
      registration,
      payload: payloadFor({ shortCode, amountKes, msisdn, billRefNumber }, commandId),
    };
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise));
    return promise;
  }

  function simulate(body: Record<string, unknown>): ApiAnswer {
    const { registration, payload } = checked(body);
    const send = () => track(deliver(registration, payload));
    if (settings.callbackDelayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void send();
      }, settings.callbackDelayMs);
      timers.add(timer);
    } else waiting.push(send);
    return {
      status: 200,
      body: {
        OriginatorCoversationID: ids.requestId(),
        ResponseCode: "0",
        ResponseDescription: "Accept the service request successfully.",
      },
    };
  }

  const handlers = new Map<string, (body: Record<string, unknown>) => ApiAnswer>();
  for (const path of C2B_REGISTER_PATHS) handlers.set(path, register);
  for (const path of C2B_SIMULATE_PATHS) handlers.set(path, simulate);

  return {
    handlers,
    payments,
    registration: registrationOf,
    payBill(input) {
      const { registration, payload } = checked({
        ShortCode: input.shortCode,
        CommandID: "CustomerPayBillOnline",
        Amount: input.amountKes,
        Msisdn: normalizeKenyanMsisdn(input.msisdn),
        BillRefNumber: input.billRefNumber,
      });
      return track(deliver(registration, payload));
    },
    async flush() {
      while (waiting.length > 0) void waiting.shift()!();
      await Promise.all([...running]);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
    },
  };
}
