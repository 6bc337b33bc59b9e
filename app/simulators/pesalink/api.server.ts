/**
 * The Jenga-style endpoints the PesaLink simulator serves (paths and codes in
 * ~/core/providers/pesalink/types.ts):
 * - POST token: `Api-Key` header + {merchantCode, consumerSecret} -> {accessToken, expiresIn, ...}.
 * - POST pesalinkacc: Bearer + `signature`; the body checked field by field (400 naming the
 *   field), the signature checked with the merchant's public key (403 900100); a repeated
 *   reference is refused (409) and never pays twice.
 * - GET transactions/details/{reference}; POST account inquiry.
 * - GET accounts/balances/{countryCode}/{accountId}: our source account's Available and Current
 *   balance (the opening balance less every transfer not failed, plus the drift).
 * Errors are Jenga's `{status:false, code, message}`. What happens is decided per destination
 * account (types.ts `SimAccount`).
 */
import type { KeyLike } from "node:crypto";
import { z } from "zod";
import {
  balanceSignatureText,
  lookupSignatureText,
  statusSignatureText,
  transferSignatureText,
  verifyText,
} from "~/core/providers/pesalink/signature.server";
import {
  BALANCE_PATH,
  CODES,
  LOOKUP_PATH,
  MAX_AMOUNT_KES,
  PESALINK_PATH,
  STATUS_PATH,
  TOKEN_PATH,
  type PesalinkCallbackBody,
  type PesalinkRequestBody,
} from "~/core/providers/pesalink/types";
import { reportedKes } from "~/simulators/daraja/drift";
import type { SeededRandom } from "~/simulators/daraja/random";
import type { PesalinkCallbackQueue } from "./callbacks.server";
import type { PesalinkState } from "./state.server";
import type { PesalinkSimulatorOptions, SimAccount, SimulatedTransfer } from "./types";

export interface ApiRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: string;
}

/** `hang`: never answer (the "timeout" outcome). */
export interface ApiAnswer {
  status: number;
  body: unknown;
  hang?: true;
}

const NAMES = ["JOHN DOE", "JANE WANJIKU", "PETER OTIENO", "MARY AKINYI", "JAMES KAMAU"];
const digits = (min: number, max: number) => z.string().regex(new RegExp(`^\\d{${min},${max}}$`));

const transferSchema = z.object({
  source: z.object({
    countryCode: z.literal("KE"),
    name: z.string().min(1),
    accountNumber: z.string().min(1),
  }),
  destination: z.object({
    type: z.literal("bank"),
    countryCode: z.literal("KE"),
    name: z.string().trim().min(1).max(100),
    mobileNumber: z.string().optional(),
    bankCode: digits(2, 2),
    accountNumber: digits(6, 20),
  }),
  transfer: z.object({
    type: z.literal("PesaLink"),
    amount: z.string().regex(/^\d+$/),
    currencyCode: z.literal("KES"),
    reference: z.string().regex(/^[A-Za-z0-9]{6,32}$/),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    description: z.string().min(1).max(100),
  }),
});
const lookupSchema = z.object({
  countryCode: z.literal("KE"),
  bankCode: digits(2, 2),
  accountNumber: digits(6, 20),
});

const fail = (status: number, code: number, message: string): ApiAnswer => ({
  status,
  body: { status: false, code, message },
});
const words = (name: string) =>
  new Set(
    name
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter(Boolean),
  );

export function createPesalinkApi(settings: {
  options: PesalinkSimulatorOptions;
  now: () => number;
  random: SeededRandom;
  state: PesalinkState;
  queue: PesalinkCallbackQueue;
}) {
  const { options, now, random, state, queue } = settings;
  const lifetimeMs = (options.tokenLifetimeSeconds ?? 900) * 1000;
  const publicKey: KeyLike = options.clientPublicKey;

  const header = (request: ApiRequest, name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const accountOf = (number: string): SimAccount & { name: string } => {
    const account = state.accounts.get(number) ?? {};
    return { ...account, name: account.name ?? (NAMES[Number(number.slice(-2)) % 5] as string) };
  };
  const signed = (request: ApiRequest, text: string) =>
    verifyText(text, header(request, "signature") ?? "", publicKey);
  const badSignature = () => fail(403, CODES.invalidSignature, "Invalid signature");

  function callback(t: SimulatedTransfer): PesalinkCallbackBody {
    return {
      callbackType: "PesaLink",
      customer: {
        name: t.accountName ?? t.sentName,
        reference: t.accountNumber,
        bankCode: t.bankCode,
      },
      transaction: {
        date: new Date(t.at).toISOString(),
        reference: t.reference,
        paymentMode: "PESALINK",
        amount: String(t.amountKes),
        currency: "KES",
        status: t.state === "SUCCESS" ? "SUCCESS" : "FAILED",
        code: t.code,
        remarks: t.message,
      },
      bank: { reference: t.transactionId, transactionType: "D", account: options.merchantCode },
    };
  }

  function handleTransfer(request: ApiRequest, json: unknown): ApiAnswer {
    const parsed = transferSchema.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") ?? "body";
      return fail(400, CODES.badRequest, `Bad request - invalid ${field}`);
    }
    const body = parsed.data as PesalinkRequestBody;
    if (!signed(request, transferSignatureText(body))) return badSignature();
    const { destination, transfer } = body;
    if (state.transfers.has(transfer.reference))
      return fail(409, CODES.duplicate, "Duplicate transaction reference");
    const account = accountOf(destination.accountNumber);
    const outcome = account.outcome ?? "success";
    if (outcome === "bank-down")
      return fail(503, CODES.unavailable, "Destination bank unavailable, try again later");

    const amountKes = Number(transfer.amount);
    const t: SimulatedTransfer = {
      reference: transfer.reference,
      transactionId: random.chars("0123456789", 10),
      bankCode: destination.bankCode,
      accountNumber: destination.accountNumber,
      sentName: destination.name,
      accountName: account.name,
      amountKes,
      state: "SUCCESS",
      code: CODES.success,
      message: `Confirmed. KES ${amountKes} sent to ${destination.accountNumber} - ${account.name}`,
      pendingQueries: 0,
      at: now(),
    };
    const failWith = (code: number, message: string) =>
      Object.assign(t, { state: "FAILED", code, message });
    const registered = words(account.name);
    if (outcome === "unknown-account")
      failWith(CODES.unknownAccount, "Account validation failed: no such account at that bank");
    else if (amountKes > (account.limitKes ?? MAX_AMOUNT_KES))
      failWith(CODES.limitExceeded, "Amount exceeds the transfer limit of the account");
    else if (options.nameCheck && ![...words(destination.name)].some((w) => registered.has(w)))
      failWith(CODES.nameMismatch, "Account name does not match the account holder");
    else if (outcome === "ambiguous")
      Object.assign(t, {
        state: "PENDING",
        code: CODES.pending,
        message: "Transaction has been acknowledged, await final status on callback",
        pendingQueries: account.pendingQueries ?? 1,
      });
    if (t.state === "FAILED") t.accountName = undefined;
    state.record(t, t.state === "SUCCESS");
    if (t.state !== "PENDING") queue.enqueue(callback(t));
    if (outcome === "timeout" && t.state === "SUCCESS")
      return { status: 200, body: null, hang: true };
    return {
      status: 200,
      body: {
        status: t.state !== "FAILED",
        code: t.code,
        message: t.state === "SUCCESS" ? "success" : t.message,
        reference: t.reference,
        data: {
          transactionId: t.transactionId,
          status: t.state,
          ...(t.state === "SUCCESS" ? { destinationName: t.accountName } : {}),
        },
      },
    };
  }

  function handleStatus(request: ApiRequest, reference: string): ApiAnswer {
    if (!signed(request, statusSignatureText(reference))) return badSignature();
    const t = state.transfers.get(reference);
    if (!t) return fail(404, CODES.notFound, "Transaction not found");
    if (t.state === "PENDING") {
      const resolves = t.pendingQueries === 0;
      if (resolves) Object.assign(t, { state: "SUCCESS", code: CODES.success, message: "success" });
      else t.pendingQueries -= 1;
      state.record(t, resolves);
      if (resolves) queue.enqueue(callback(t));
    }
    const stateCode = { SUCCESS: 2, FAILED: 1, PENDING: -1 }[t.state];
    return {
      status: 200,
      body: {
        status: true,
        code: 0,
        message: "success",
        data: {
          transactionReference: t.reference,
          transactionId: t.transactionId,
          amount: t.amountKes,
          state: t.state === "SUCCESS" ? "Completed" : t.state === "FAILED" ? "Failed" : "Pending",
          stateCode,
          ...(t.state === "SUCCESS" ? { destinationName: t.accountName } : {}),
          ...(t.state === "FAILED" ? { reasonCode: t.code, reasonMessage: t.message } : {}),
        },
      },
    };
  }

  function handleLookup(request: ApiRequest, json: unknown): ApiAnswer {
    const parsed = lookupSchema.safeParse(json);
    if (!parsed.success)
      return fail(
        400,
        CODES.badRequest,
        `Bad request - invalid ${parsed.error.issues[0]?.path.join(".")}`,
      );
    const { countryCode, bankCode, accountNumber } = parsed.data;
    if (!signed(request, lookupSignatureText(countryCode, bankCode, accountNumber)))
      return badSignature();
    const account = accountOf(accountNumber);
    if (account.outcome === "bank-down")
      return fail(503, CODES.unavailable, "Destination bank unavailable, try again later");
    if (account.outcome === "unknown-account")
      return fail(200, CODES.unknownAccount, "Account validation failed");
    return {
      status: 200,
      body: {
        status: true,
        code: 0,
        message: "success",
        data: { bankCode, accountNumber, accountName: account.name },
      },
    };
  }

  function handleBalance(request: ApiRequest, tail: string): ApiAnswer {
    const [countryCode = "", accountId = "", ...rest] = tail.split("/").map(decodeURIComponent);
    if (rest.length > 0 || countryCode !== "KE" || !/^\d{6,20}$/.test(accountId))
      return fail(400, CODES.badRequest, "Bad request - invalid countryCode or accountId");
    if (!signed(request, balanceSignatureText(countryCode, accountId))) return badSignature();
    if (options.sourceAccountNumber !== undefined && accountId !== options.sourceAccountNumber)
      return fail(404, CODES.notFound, "Account not found");
    const amount = reportedKes(state.sourceBalanceKes(), state.driftCents());
    return {
      status: 200,
      body: {
        status: true,
        code: 0,
        message: "success",
        data: {
          balances: [
            { amount, type: "Available" },
            { amount, type: "Current" },
          ],
          currency: "KES",
        },
      },
    };
  }

  function handleToken(request: ApiRequest, json: unknown): ApiAnswer {
    const body = (json ?? {}) as Record<string, unknown>;
    if (
      header(request, "api-key") !== options.apiKey ||
      body.merchantCode !== options.merchantCode ||
      body.consumerSecret !== options.consumerSecret
    )
      return fail(401, CODES.unauthorized, "Invalid API credentials");
    const token = random.chars(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
      64,
    );
    const issuedAt = now();
    state.tokens.set(token, issuedAt + lifetimeMs);
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
    return {
      status: 200,
      body: {
        accessToken: token,
        refreshToken:
          random.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz+/", 86) + "==",
        expiresIn: iso(issuedAt + lifetimeMs),
        issuedAt: iso(issuedAt),
        tokenType: "Bearer",
      },
    };
  }

  return function routeApi(request: ApiRequest): ApiAnswer {
    let json: unknown;
    try {
      json = request.raw === "" ? undefined : (JSON.parse(request.raw) as unknown);
    } catch {
      return fail(400, CODES.badRequest, "Bad request - invalid JSON");
    }
    const { method, path } = request;
    const route =
      path === TOKEN_PATH
        ? "token"
        : path === PESALINK_PATH
          ? "transfer"
          : path === LOOKUP_PATH
            ? "lookup"
            : path.startsWith(`${STATUS_PATH}/`)
              ? "status"
              : path.startsWith(`${BALANCE_PATH}/`)
                ? "balance"
                : undefined;
    if (!route) return fail(404, CODES.notFound, "Resource not found");
    if (method !== (route === "status" || route === "balance" ? "GET" : "POST"))
      return fail(405, CODES.badRequest, "Method not allowed");
    if (route === "token") return handleToken(request, json);
    const bearer = /^Bearer\s+(\S+)$/.exec(header(request, "authorization") ?? "")?.[1];
    const expiresAt = bearer === undefined ? undefined : state.tokens.get(bearer);
    if (expiresAt === undefined || now() >= expiresAt)
      return fail(401, CODES.unauthorized, "Unauthorized: invalid or expired token");
    if (route === "status")
      return handleStatus(request, decodeURIComponent(path.slice(STATUS_PATH.length + 1)));
    if (route === "balance") return handleBalance(request, path.slice(BALANCE_PATH.length + 1));
    return route === "transfer" ? handleTransfer(request, json) : handleLookup(request, json);
  };
}
