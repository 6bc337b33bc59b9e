/**
 * The Airtel Money endpoints the simulator serves (protocols.md §2.1): `POST /auth/oauth2/token`
 * (JSON credentials -> `{access_token, expires_in: "180", token_type}`), `POST
 * /standard/v1/disbursements/`, `GET /standard/v1/disbursements/{id}` (enquiry) and `GET
 * /standard/v1/users/{msisdn}` (KYC) and `GET /standard/v1/users/balance` (our wallet: the float,
 * less what was paid, plus the drift; written with thousands separators as in Airtel's samples).
 * API calls need a live Bearer token (else 401), `X-Country: KE`, `X-Currency: KES` and a
 * well-formed body (else 400 with an Airtel status block).
 *
 * Error bodies not given in protocols.md are our choice [?]: OAuth-style `{error,
 * error_description}` for token problems, the status block with an `ESB…` result code (codes.ts)
 * for bad input, HTTP 200 with `DP00800001025` for an unknown enquiry id and `DP02200000002` for
 * an unknown user. A repeated transaction id is answered with the transaction Airtel already
 * holds, and never pays again.
 */
import { RESPONSE_CODES as CODES, RESULT_CODES } from "~/core/providers/airtel/codes";
import { isAirtelKenyaMsisdn } from "~/core/providers/airtel/msisdn";
import { decryptAirtelPin } from "~/core/providers/airtel/pin.server";
import {
  AIRTEL_COUNTRY,
  AIRTEL_CURRENCY,
  BALANCE_PATH,
  BALANCE_SUCCESS_RESPONSE_CODE,
  DISBURSEMENT_STATUS_PREFIX as TX_PREFIX,
  TOKEN_PATH,
  USERS_PREFIX,
} from "~/core/providers/airtel/types";
import { reportedKes } from "~/simulators/daraja/drift";
import type { SeededRandom } from "~/simulators/daraja/random";
import type { AirtelCallbackQueue } from "./callbacks.server";
import type { AirtelState } from "./state.server";
import type { AirtelSimOutcome as Outcome, KycName, SimulatedDisbursement as Tx } from "./types";

export interface ApiRequest {
  method: string;
  url: URL;
  headers: Record<string, string | undefined>;
  raw: string;
}

/** `hang`: keep the connection open without answering (a timeout as the client sees it). */
export type ApiAnswer = { status: number; body: unknown; hang?: undefined } | { hang: true };

export interface AirtelApiSettings {
  now: () => number;
  random: SeededRandom;
  state: AirtelState;
  queue: AirtelCallbackQueue;
  magic: Readonly<Record<string, Outcome>>;
  kycNames: Readonly<Record<string, KycName>>;
  clientId: string;
  clientSecret: string;
  tokenLifetimeSeconds: number;
  maxAmountKes: number;
  ambiguousEnquiries: number;
  pin: { pin: string; privateKeyPem: string } | undefined;
}

const NAMES: [string, string][] = [
  ["John", "Otieno"],
  ["Mary", "Wanjiku"],
  ["Peter", "Kamau"],
  ["Grace", "Akinyi"],
];
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const DIGITS = "0123456789";
/** Outcomes that fail whatever the amount, and those answered TA/TIP before their final status. */
const FAILS: Partial<Record<Outcome, string>> = {
  "insufficient-balance": CODES.insufficientBalance,
  "unregistered-payee": CODES.payeeNotPermitted,
  "timeout-failed": CODES.timedOut,
};
const PENDING: Partial<Record<Outcome, [Tx["status"], string]>> = {
  ambiguous: ["TA", CODES.ambiguous],
  "in-progress": ["TIP", CODES.inProcess],
};

class BadInput extends Error {
  constructor(
    message: string,
    readonly resultCode: string = RESULT_CODES.fieldValidation,
  ) {
    super(message);
  }
}

const reply = (status: number, body: unknown): ApiAnswer => ({ status, body });

function statusBlock(code: number, message: string, resultCode: string, responseCode?: string) {
  const success = code === 200 && resultCode === RESULT_CODES.success;
  return {
    code: String(code),
    message,
    result_code: resultCode,
    response_code: responseCode,
    success,
  };
}

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

function nationalMsisdn(value: unknown): string {
  // Airtel wants the MSISDN without the country code.
  if (!/^\d{9}$/.test(String(value)))
    throw new BadInput("Invalid MSISDN", RESULT_CODES.invalidMsisdn);
  return String(value);
}

export function createAirtelApi(settings: AirtelApiSettings) {
  const { now, random, state, queue, magic } = settings;

  function bearerValid(authorization: string | undefined): boolean {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
    const expiresAt = token === undefined ? undefined : state.tokens.get(token);
    return expiresAt !== undefined && now() < expiresAt;
  }

  function token(body: Record<string, unknown>): ApiAnswer {
    if (body.grant_type !== "client_credentials")
      return reply(400, { error: "unsupported_grant_type", error_description: "Bad grant type" });
    if (body.client_id !== settings.clientId || body.client_secret !== settings.clientSecret)
      return reply(401, { error: "invalid_client", error_description: "Invalid client" });
    const access_token = random.chars(ALNUM, 32);
    state.tokens.set(access_token, now() + settings.tokenLifetimeSeconds * 1000);
    const expires_in = String(settings.tokenLifetimeSeconds);
    return reply(200, { access_token, expires_in, token_type: "bearer" });
  }

  function outcomeFor(msisdn: string): Outcome {
    const configured = state.outcomes.get(msisdn) ?? magic[msisdn];
    return configured ?? (isAirtelKenyaMsisdn(msisdn) ? "success" : "unregistered-payee");
  }

  function answer(tx: Tx): ApiAnswer {
    const failed = tx.status === "TF";
    const message = failed ? "Transaction failed" : tx.status === "TS" ? "SUCCESS" : "Pending";
    const { referenceId: reference_id, airtelMoneyId: airtel_money_id, id, status } = tx;
    return reply(200, {
      data: { transaction: { reference_id, airtel_money_id, id, status, message } },
      status: statusBlock(
        200,
        message,
        RESULT_CODES[failed ? "failed" : "success"],
        tx.responseCode,
      ),
    });
  }

  function disburse(body: Record<string, unknown>): ApiAnswer {
    const msisdn = nationalMsisdn(objectOf(body.payee)?.msisdn);
    const { id, amount } = objectOf(body.transaction) ?? {};
    if (typeof id !== "string" || id.trim() === "")
      throw new BadInput("transaction.id is required");
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0)
      throw new BadInput("transaction.amount must be a positive whole number");
    if (typeof body.reference !== "string" || body.reference.trim() === "")
      throw new BadInput("reference is required");
    if (typeof body.pin !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(body.pin))
      throw new BadInput("pin must be the encrypted PIN, base64");

    const existing = state.transactions.get(id);
    if (existing) return answer(existing);
    const outcome = outcomeFor(msisdn);
    if (outcome === "dropped") return { hang: true };
    const { pin } = settings;
    const pinOk = !pin || decryptAirtelPin(body.pin, pin.privateKeyPem) === pin.pin;
    const failure = !pinOk
      ? CODES.incorrectPin
      : (FAILS[outcome] ??
        (amount > settings.maxAmountKes
          ? CODES.exceedsLimit
          : amount > state.floatKes()
            ? CODES.insufficientBalance
            : undefined));
    const final: [Tx["finalStatus"], string] = failure
      ? ["TF", failure]
      : ["TS", CODES.disbursementSuccess];
    const pending = pinOk ? PENDING[outcome] : undefined;
    if (!failure) state.debitFloat(amount);
    const day = new Date(now()).toISOString().slice(2, 10).replaceAll("-", "");
    const tx: Tx = {
      id,
      msisdn,
      amountKes: amount,
      reference: body.reference,
      outcome: pinOk ? outcome : "wrong-pin",
      // [?] the shape of Kenyan airtel_money_id values is undocumented; ours: MP + date + random.
      airtelMoneyId: `MP${day}.${random.chars(DIGITS, 4)}.${random.chars("BCDFGHKLMNPRSTVWXZ", 1)}${random.chars(DIGITS, 5)}`,
      referenceId: random.chars(DIGITS, 10),
      status: pending?.[0] ?? final[0],
      responseCode: pending?.[1] ?? final[1],
      finalStatus: final[0],
      finalResponseCode: final[1],
      enquiriesBeforeFinal: pending ? settings.ambiguousEnquiries : 0,
      createdAt: now(),
    };
    state.record(tx);
    queue.enqueue({
      id,
      message: failure ? "Transaction Failed" : "Transaction Successful",
      status_code: final[0],
      airtel_money_id: tx.airtelMoneyId,
    });
    return outcome === "timeout" || outcome === "timeout-failed" ? { hang: true } : answer(tx);
  }

  function enquiry(id: string): ApiAnswer {
    const tx = state.transactions.get(id);
    if (!tx) {
      const message = "No Transaction Found With provided Transaction Id";
      const status = statusBlock(200, message, RESULT_CODES.transactionNotFound, CODES.notFound);
      return reply(200, { data: {}, status });
    }
    if (tx.status !== tx.finalStatus) {
      if (tx.enquiriesBeforeFinal > 0) tx.enquiriesBeforeFinal -= 1;
      else Object.assign(tx, { status: tx.finalStatus, responseCode: tx.finalResponseCode });
      state.record(tx);
    }
    return answer(tx);
  }

  function kyc(msisdn: string): ApiAnswer {
    nationalMsisdn(msisdn);
    const registered = isAirtelKenyaMsisdn(msisdn) && outcomeFor(msisdn) !== "unregistered-payee";
    const [firstName, lastName] = NAMES[Number(msisdn.slice(-2)) % NAMES.length] ?? ["A", "B"];
    const override = state.kycNames.get(msisdn);
    const name =
      override !== undefined
        ? override
        : (settings.kycNames[msisdn] ?? (registered ? { firstName, lastName } : null));
    if (!name) {
      const status = statusBlock(200, "User not found", RESULT_CODES.failed, CODES.kycNotFound);
      return reply(200, { data: {}, status });
    }
    return reply(200, {
      data: { first_name: name.firstName, last_name: name.lastName, msisdn, is_barred: false },
      status: statusBlock(200, "SUCCESS", RESULT_CODES.success, CODES.kycFound),
    });
  }

  function balance(): ApiAnswer {
    const [whole = "0", cents] = reportedKes(state.floatKes(), state.driftCents()).split(".");
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return reply(200, {
      data: { balance: `${grouped}.${cents}`, currency: AIRTEL_CURRENCY, account_status: "Active" },
      status: statusBlock(200, "SUCCESS", RESULT_CODES.success, BALANCE_SUCCESS_RESPONSE_CODE),
    });
  }

  function route({ method, url, headers, raw }: ApiRequest): ApiAnswer {
    let body: Record<string, unknown> = {};
    if (method === "POST") {
      try {
        body = objectOf(JSON.parse(raw) as unknown) ?? {};
      } catch {
        throw new BadInput("The body must be a JSON object");
      }
      if (!headers["content-type"]?.includes("application/json"))
        throw new BadInput("Content-Type must be application/json");
    }
    const path = url.pathname;
    const tail = (prefix: string) =>
      path.startsWith(prefix) && path.length > prefix.length
        ? decodeURIComponent(path.slice(prefix.length))
        : undefined;
    const txId = tail(TX_PREFIX);
    const user = tail(USERS_PREFIX);
    if (path === TOKEN_PATH && method === "POST") return token(body);
    const handler =
      method === "GET" && path === BALANCE_PATH
        ? balance
        : method === "POST" && (path === TX_PREFIX || `${path}/` === TX_PREFIX)
          ? () => disburse(body)
          : method === "GET" && txId
            ? () => enquiry(txId)
            : method === "GET" && user && user !== "balance"
              ? () => kyc(user)
              : undefined;
    if (!handler) return reply(404, { status: statusBlock(404, "Not found", "ESB000404") });
    if (!bearerValid(headers.authorization))
      return reply(401, { error: "invalid_token", error_description: "Invalid or expired token" });
    if (headers["x-country"] !== AIRTEL_COUNTRY)
      throw new BadInput("Invalid or missing X-Country", RESULT_CODES.invalidCountry);
    if (headers["x-currency"] !== AIRTEL_CURRENCY)
      throw new BadInput("Invalid or missing X-Currency", RESULT_CODES.invalidCurrency);
    return handler();
  }

  return function routeApi(request: ApiRequest): ApiAnswer {
    try {
      return route(request);
    } catch (error) {
      if (!(error instanceof BadInput)) throw error;
      return reply(400, { status: statusBlock(400, error.message, error.resultCode) });
    }
  };
}
