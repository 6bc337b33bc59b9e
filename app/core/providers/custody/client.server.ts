/**
 * The live custody client (`Custody`): Fireblocks REST API v1 over HTTP with JWT-signed requests.
 * The same code talks to api.fireblocks.io, the sandbox and the local custody simulator; only the
 * base URL and credentials differ.
 *
 * Deposit addresses (docs/decisions/0013-custody-protocol.md):
 *  - BTC (UTXO): a new address in the deposit vault account,
 *    `POST /v1/vault/accounts/{vaultAccountId}/BTC/addresses` `{ description, customerRefId }`;
 *  - ETH, USDT_ERC20, USDC (account-based, one address per vault account): a new hidden vault
 *    account per payment, `POST /v1/vault/accounts`, then its asset wallet,
 *    `POST /v1/vault/accounts/{id}/{assetId}`.
 * Every POST carries an `Idempotency-Key` derived from the payment id, so a retry after a timeout
 * gets the same answer instead of a second address.
 */
import { createHash, createPrivateKey, type KeyObject } from "node:crypto";
import { z } from "zod";
import { decimalToUnitsTruncated } from "~/core/providers/daraja/amounts";
import { ASSET_SCALE } from "~/core/payments/quote";
import { signFireblocksJwt } from "./jwt.server";
import {
  createAddressResponseSchema,
  createVaultAssetResponseSchema,
  describeIssues,
  errorBodySchema,
  transactionDetailsSchema,
  vaultAccountSchema,
  vaultAssetSchema,
} from "./schemas";
import { isValidAddress } from "~/core/networks/addresses";
import { assetHasNetwork, defaultNetwork, networkRefusal } from "~/core/networks/networks";
import {
  addressModels,
  custodyAssets,
  custodyWalletKey,
  resolveWalletAssetIds,
  type CustodyAsset,
  type CustodyAssetBalance,
  type CustodyAssetIdOverrides,
  type CustodyBalances,
  type CreateDepositAddressInput,
  type Custody,
  type CustodyTransaction,
  type DepositAddress,
  type FindDepositsInput,
} from "./types";

const transactionListSchema = z.array(transactionDetailsSchema).max(500);
/** Transactions asked for per reconciliation query (Fireblocks allows at most 500). */
const FIND_DEPOSITS_LIMIT = 200;
const FIND_DEPOSITS_MAX_PAGES = 5;

export type CustodyErrorKind =
  "timeout" | "network" | "http" | "invalid_response" | "invalid_request";

export class CustodyError extends Error {
  readonly kind: CustodyErrorKind;

  constructor(kind: CustodyErrorKind, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "CustodyError";
    this.kind = kind;
  }
}

/** The provider answered with a non-2xx status. */
export class CustodyHttpError extends CustodyError {
  readonly status: number;
  /** Fireblocks' error code (e.g. -1 invalid signature, -10 expired), when the body had one. */
  readonly code: number | null;
  /** Fireblocks' error message, when the body had one. */
  readonly providerMessage: string | null;
  /** The `X-Request-ID` header, to quote to Fireblocks support. */
  readonly requestId: string | null;

  constructor(
    message: string,
    details: {
      status: number;
      code: number | null;
      providerMessage: string | null;
      requestId: string | null;
    },
  ) {
    super("http", message);
    this.name = "CustodyHttpError";
    this.status = details.status;
    this.code = details.code;
    this.providerMessage = details.providerMessage;
    this.requestId = details.requestId;
  }

  /** 401: the credentials or the request signing are wrong; retrying will not help. */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /** 429 and 5xx: worth retrying later (with the same idempotency key). */
  get isRetryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

export interface CustodyClientOptions {
  /** API origin, e.g. https://api.fireblocks.io (a trailing /v1 is accepted and dropped). */
  baseUrl: string;
  apiKey: string;
  /** The API user's RSA private key (PEM, PKCS#8 or PKCS#1). */
  apiSecretPem: string;
  timeoutMs: number;
  /** Vault account that holds the BTC deposit addresses. Default "0". */
  depositVaultAccountId?: string;
  /**
   * Asset ids, for testnet workspaces (BTC_TEST, ETH_TEST5, ...): by symbol for the asset's default
   * network, or by pair (`"USDT:tron"`). Default: mainnet ids.
   */
  assetIds?: CustodyAssetIdOverrides;
  /** Prefix of the per-payment vault account names. Default "OneHop payment". */
  vaultNamePrefix?: string;
  /** Clock, for tests. */
  now?: () => number;
}

const MAX_BODY_BYTES = 1_000_000;
/** Fireblocks accepts idempotency keys of at most 40 characters. */
const IDEMPOTENCY_KEY_LENGTH = 40;

function apiOrigin(baseUrl: string): URL {
  const url = new URL(baseUrl);
  url.pathname = url.pathname.replace(/\/+$/, "").replace(/\/v1$/, "");
  url.search = "";
  url.hash = "";
  return url;
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export function idempotencyKey(paymentId: string, step: string): string {
  return createHash("sha256")
    .update(`onehop:${paymentId}:${step}`)
    .digest("hex")
    .slice(0, IDEMPOTENCY_KEY_LENGTH);
}

export function createCustodyClient(options: CustodyClientOptions): Custody & CustodyBalances {
  const origin = apiOrigin(options.baseUrl);
  const prefix = origin.pathname === "/" ? "" : origin.pathname;
  const now = options.now ?? Date.now;
  const depositVault = options.depositVaultAccountId ?? "0";
  const assetIds = resolveWalletAssetIds(options.assetIds);
  const vaultNamePrefix = options.vaultNamePrefix ?? "OneHop payment";
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(options.apiSecretPem);
  } catch (error) {
    throw new CustodyError(
      "invalid_request",
      "The custody API secret is not a readable RSA private key (PEM)",
      { cause: error },
    );
  }

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    request: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    const url = new URL(prefix + path, origin);
    const body = request.body === undefined ? "" : JSON.stringify(request.body);
    const token = signFireblocksJwt({
      apiKey: options.apiKey,
      privateKey,
      uri: url.pathname + url.search,
      body,
      nowMs: now(),
    });
    const headers: Record<string, string> = {
      Accept: "application/json",
      "X-API-Key": options.apiKey,
      Authorization: `Bearer ${token}`,
    };
    if (method === "POST") headers["Content-Type"] = "application/json";
    if (request.idempotencyKey) headers["Idempotency-Key"] = request.idempotencyKey;
    const label = `Custody ${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: method === "POST" ? body : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: "error",
      });
      text = await response.text();
    } catch (error) {
      if (
        error instanceof DOMException &&
        (error.name === "TimeoutError" || error.name === "AbortError")
      ) {
        throw new CustodyError(
          "timeout",
          `${label} did not answer within ${options.timeoutMs} ms`,
          { cause: error },
        );
      }
      throw new CustodyError("network", `${label} could not be reached (${describeCause(error)})`, {
        cause: error,
      });
    }
    const requestId = response.headers.get("x-request-id");
    if (!response.ok) {
      let errorBody: { message: string; code: number } | null = null;
      try {
        const parsed = errorBodySchema.safeParse(JSON.parse(text));
        if (parsed.success) errorBody = parsed.data;
      } catch {
        errorBody = null;
      }
      const detail = errorBody
        ? `: ${errorBody.message.slice(0, 200)} (code ${errorBody.code})`
        : "";
      throw new CustodyHttpError(`${label} answered HTTP ${response.status}${detail}`, {
        status: response.status,
        code: errorBody?.code ?? null,
        providerMessage: errorBody?.message ?? null,
        requestId,
      });
    }
    if (text.length > MAX_BODY_BYTES) {
      throw new CustodyError(
        "invalid_response",
        `${label} sent an unexpectedly large body (${text.length} bytes)`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new CustodyError("invalid_response", `${label} sent a body that is not JSON`, {
        cause: error,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new CustodyError(
        "invalid_response",
        `${label} sent an unexpected body (${describeIssues(parsed.error)})`,
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  }

  const segment = (value: string) => encodeURIComponent(value);
  const assetByAssetId = new Map<string, CustodyAsset>(
    Object.entries(assetIds).map(([key, id]) => [id, key.split(":")[0] as CustodyAsset]),
  );

  async function balanceAt(path: string, assetId: string): Promise<CustodyAssetBalance> {
    const asset = assetByAssetId.get(assetId);
    if (!asset) throw new CustodyError("invalid_request", `Unknown asset id ${assetId}`);
    const answer = await call("GET", path, vaultAssetSchema);
    if (answer.id !== assetId)
      throw new CustodyError(
        "invalid_response",
        `Custody GET ${path} answered for ${answer.id.slice(0, 60)}, not ${assetId}`,
      );
    const scale = ASSET_SCALE[asset];
    const raw = {
      total: answer.total,
      available: answer.available ?? answer.total,
      pending: answer.pending ?? "0",
      frozen: answer.frozen ?? "0",
      lockedAmount: answer.lockedAmount ?? "0",
    };
    let exact = true;
    const units = (value: string) => {
      const converted = decimalToUnitsTruncated(value, scale)!;
      exact &&= converted.exact;
      return converted.units;
    };
    return {
      assetId,
      asset,
      scale,
      total: units(raw.total),
      available: units(raw.available),
      pending: units(raw.pending),
      frozen: units(raw.frozen),
      lockedAmount: units(raw.lockedAmount),
      exact,
      raw,
    };
  }

  return {
    async createDepositAddress(input: CreateDepositAddressInput): Promise<DepositAddress> {
      if (!(custodyAssets as readonly string[]).includes(input.asset)) {
        throw new CustodyError("invalid_request", `Unsupported asset ${String(input.asset)}`);
      }
      if (!input.paymentId) throw new CustodyError("invalid_request", "A payment id is required");
      const network = input.network ?? defaultNetwork(input.asset);
      if (!assetHasNetwork(input.asset, network))
        throw new CustodyError("invalid_request", networkRefusal(input.asset, network)!);
      const assetId = assetIds[custodyWalletKey(input.asset, network)];
      /** An address the network cannot have is never handed to a customer. */
      const checked = (address: string) => {
        if (!isValidAddress(network, address))
          throw new CustodyError(
            "invalid_response",
            `Custody gave ${address.slice(0, 100)} as a ${assetId} address, which is not a valid ${network} address`,
          );
        return address;
      };
      const customerRefId = input.customerRefId ?? input.paymentId;
      if (addressModels[input.asset] === "utxo") {
        const created = await call(
          "POST",
          `/v1/vault/accounts/${segment(depositVault)}/${segment(assetId)}/addresses`,
          createAddressResponseSchema,
          {
            body: { description: input.paymentId, customerRefId },
            idempotencyKey: idempotencyKey(input.paymentId, "address"),
          },
        );
        return {
          address: checked(created.address),
          assetId,
          vaultAccountId: depositVault,
          network,
        };
      }
      const vault = await call("POST", "/v1/vault/accounts", vaultAccountSchema, {
        body: {
          name: `${vaultNamePrefix} ${input.paymentId}`,
          hiddenOnUI: true,
          customerRefId,
          autoFuel: false,
        },
        idempotencyKey: idempotencyKey(input.paymentId, "vault"),
      });
      const wallet = await call(
        "POST",
        `/v1/vault/accounts/${segment(vault.id)}/${segment(assetId)}`,
        createVaultAssetResponseSchema,
        { body: {}, idempotencyKey: idempotencyKey(input.paymentId, `wallet:${assetId}`) },
      );
      return { address: checked(wallet.address), assetId, vaultAccountId: vault.id, network };
    },

    async getVaultAssetBalance(vaultAccountId: string, assetId: string) {
      if (!vaultAccountId || !assetId)
        throw new CustodyError(
          "invalid_request",
          "A vault account id and an asset id are required",
        );
      return balanceAt(
        `/v1/vault/accounts/${segment(vaultAccountId)}/${segment(assetId)}`,
        assetId,
      );
    },

    async getAssetBalance(assetId: string) {
      if (!assetId) throw new CustodyError("invalid_request", "An asset id is required");
      return balanceAt(`/v1/vault/assets/${segment(assetId)}`, assetId);
    },

    async getTransaction(txId: string): Promise<CustodyTransaction> {
      if (!txId) throw new CustodyError("invalid_request", "A transaction id is required");
      return call("GET", `/v1/transactions/${segment(txId)}`, transactionDetailsSchema);
    },

    /**
     * `GET /v1/transactions` with `destType=VAULT_ACCOUNT`, `destId`, `assets`, `after`,
     * `orderBy=createdAt`, `sort=ASC` and `limit` (Fireblocks' list filters; there is no filter by
     * address), keeping the ones to `address`.
     */
    async findDeposits(input: FindDepositsInput): Promise<CustodyTransaction[]> {
      if (!input.address || !input.assetId)
        throw new CustodyError("invalid_request", "An address and an asset id are required");
      const found = new Map<string, CustodyTransaction>();
      let after = Math.max(0, Math.floor(input.after) - 1);
      // Page through (a shared BTC deposit vault sees everyone's deposits), at most a few pages.
      for (let page = 0; page < FIND_DEPOSITS_MAX_PAGES; page++) {
        const query = new URLSearchParams({
          destType: "VAULT_ACCOUNT",
          assets: input.assetId,
          after: String(after),
          orderBy: "createdAt",
          sort: "ASC",
          limit: String(FIND_DEPOSITS_LIMIT),
        });
        if (input.vaultAccountId) query.set("destId", input.vaultAccountId);
        const list = await call(
          "GET",
          `/v1/transactions?${query.toString()}`,
          transactionListSchema,
        );
        const before = found.size;
        for (const tx of list) if (tx.destinationAddress === input.address) found.set(tx.id, tx);
        const last = list.at(-1);
        if (
          list.length < FIND_DEPOSITS_LIMIT ||
          !last ||
          (last.createdAt - 1 <= after && found.size === before)
        )
          break;
        after = last.createdAt - 1;
      }
      return [...found.values()].sort((a, b) => a.createdAt - b.createdAt);
    },
  };
}
