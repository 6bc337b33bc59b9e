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
 *
 * Outgoing transfers (refunds, `CustodyTransfers`): `POST /v1/transactions` from a vault account to
 * a one-time address with our `externalTxId`, which Fireblocks never accepts twice; see
 * `createTransfer` for how a retry after a lost answer is made safe.
 */
import { createHash, createPrivateKey, type KeyObject } from "node:crypto";
import { z } from "zod";
import { decimalToUnitsTruncated } from "~/core/providers/daraja/amounts";
import { ASSET_SCALE } from "~/core/payments/quote";
import { signFireblocksJwt } from "./jwt.server";
import {
  createAddressResponseSchema,
  createTransactionResponseSchema,
  createVaultAssetResponseSchema,
  describeIssues,
  errorBodySchema,
  estimateNetworkFeeSchema,
  transactionDetailsSchema,
  vaultAccountSchema,
  vaultAssetSchema,
} from "./schemas";
import { isValidAddress } from "~/core/networks/addresses";
import {
  assetHasNetwork,
  defaultNetwork,
  networkRefusal,
  type NetworkId,
} from "~/core/networks/networks";
import {
  addressModels,
  assetDecimals,
  custodyAssets,
  custodyWalletKey,
  resolveFeeAssetIds,
  resolveWalletAssetIds,
  type CreatedTransfer,
  type CreateTransferInput,
  type CustodyAsset,
  type CustodyAssetBalance,
  type CustodyAssetIdOverrides,
  type CustodyBalances,
  type CreateDepositAddressInput,
  type Custody,
  type CustodyTransaction,
  type CustodyTransfers,
  type DepositAddress,
  type FindDepositsInput,
  type NetworkFeeEstimate,
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
  /**
   * Fee asset ids per network, for testnet workspaces (`{ tron: "TRX_TEST" }`). Default: the
   * network's native asset id (`defaultFeeAssetIds`, or the overridden BTC/ETH ids).
   */
  feeAssetIds?: Partial<Record<NetworkId, string>>;
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

/** Longest externalTxId we send (Fireblocks documents no format; ours are short ids). */
const MAX_EXTERNAL_TX_ID_LENGTH = 255;
const POSITIVE_DECIMAL = /^(\d{1,40})(?:\.(\d{1,40}))?$/;

/** "001.500" -> "1.5": for comparing decimal strings by value. */
function canonicalDecimal(value: string): string {
  const match = POSITIVE_DECIMAL.exec(value);
  if (!match) return value;
  const whole = (match[1] ?? "0").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** EVM addresses compare without their checksum case; others exactly. */
const sameAddress = (a: string, b: string) =>
  a.startsWith("0x") && b.startsWith("0x") ? a.toLowerCase() === b.toLowerCase() : a === b;

export function createCustodyClient(
  options: CustodyClientOptions,
): Custody & CustodyBalances & CustodyTransfers {
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
  const networkByAssetId = new Map<string, NetworkId>(
    Object.entries(assetIds).map(([key, id]) => [id, key.split(":")[1] as NetworkId]),
  );
  const feeAssetByAssetId = resolveFeeAssetIds(assetIds, options.feeAssetIds);

  async function findTransactionByExternalId(
    externalTxId: string,
  ): Promise<CustodyTransaction | null> {
    if (!externalTxId)
      throw new CustodyError("invalid_request", "An external transaction id is required");
    try {
      return await call(
        "GET",
        `/v1/transactions/external_tx_id/${segment(externalTxId)}`,
        transactionDetailsSchema,
      );
    } catch (error) {
      if (error instanceof CustodyHttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** The checks Fireblocks would make anyway, done before anything is sent. */
  function checkTransfer(input: CreateTransferInput): void {
    const refuse = (message: string) => {
      throw new CustodyError("invalid_request", message);
    };
    if (!input.externalTxId || input.externalTxId.length > MAX_EXTERNAL_TX_ID_LENGTH)
      refuse(
        `An external transaction id of 1 to ${MAX_EXTERNAL_TX_ID_LENGTH} characters is required`,
      );
    const asset = assetByAssetId.get(input.assetId);
    const network = networkByAssetId.get(input.assetId);
    if (!asset || !network) return refuse(`Unknown asset id ${String(input.assetId).slice(0, 60)}`);
    if (!input.sourceVaultAccountId) refuse("A source vault account id is required");
    if (!input.destinationAddress || !isValidAddress(network, input.destinationAddress))
      refuse(
        `${String(input.destinationAddress).slice(0, 100)} is not a valid ${network} address for ${input.assetId}`,
      );
    const match = typeof input.amount === "string" ? POSITIVE_DECIMAL.exec(input.amount) : null;
    if (!match || /^[0.]+$/.test(input.amount))
      refuse('The amount must be a positive decimal string such as "0.0015"');
    if ((match?.[2]?.length ?? 0) > assetDecimals[asset])
      refuse(`${input.assetId} amounts have at most ${assetDecimals[asset]} decimal places`);
  }

  /** True when a transaction found by its externalTxId is the transfer asked for. */
  function isSameTransfer(found: CustodyTransaction, input: CreateTransferInput): boolean {
    const amount = found.amountInfo.requestedAmount ?? found.amountInfo.amount;
    return (
      found.assetId === input.assetId &&
      (found.source.id === null || found.source.id === input.sourceVaultAccountId) &&
      found.destinationAddress !== null &&
      sameAddress(found.destinationAddress, input.destinationAddress) &&
      canonicalDecimal(amount) === canonicalDecimal(input.amount)
    );
  }

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
    /**
     * `GET /v1/estimate_network_fee?assetId=`: Fireblocks' medium estimate, with the asset the fee
     * is paid in (ETH for an ERC-20 token; `resolveFeeAssetIds`). Throws `invalid_request` for an
     * asset id we do not collect; HTTP errors as `getTransaction` does.
     */
    async estimateNetworkFee(assetId: string): Promise<NetworkFeeEstimate> {
      const feeAsset = feeAssetByAssetId.get(assetId);
      if (!feeAsset)
        throw new CustodyError(
          "invalid_request",
          `Unknown asset id ${String(assetId).slice(0, 60)}`,
        );
      const estimate = await call(
        "GET",
        `/v1/estimate_network_fee?${new URLSearchParams({ assetId }).toString()}`,
        estimateNetworkFeeSchema,
      );
      return { networkFee: estimate.medium.networkFee, feeAsset };
    },

    /**
     * `POST /v1/transactions` `{ operation: "TRANSFER", assetId, source: VAULT_ACCOUNT,
     * destination: ONE_TIME_ADDRESS, amount, externalTxId, note }` with an `Idempotency-Key`
     * derived from `externalTxId`. Answers `{ id, status }` (SUBMITTED when new).
     *
     * Never sends twice for one `externalTxId`, so retry freely with the same input:
     *  - within 24 hours the Idempotency-Key gets Fireblocks' first answer back;
     *  - after that Fireblocks refuses the repeated `externalTxId` with HTTP 400. On any 400/409
     *    refusal the client looks the transaction up by `externalTxId`; when it exists and is the
     *    same transfer (asset, source vault, address, amount) its `{ id, status }` is returned as
     *    if just created. When it exists but differs, a non-retryable CustodyHttpError says the id
     *    is taken; when none exists, the original refusal is thrown.
     *
     * Errors: `invalid_request` before sending (unknown asset id, bad address for the asset's
     * network, amount not a positive decimal with at most the asset's decimals, empty ids);
     * CustodyHttpError for other 4xx refusals (`isRetryable` false); timeouts, network errors,
     * 429 and 5xx as for every call (retryable: the outcome is unknown, so retry with the same
     * input, or look it up with `findTransactionByExternalId`). Insufficient funds is not an error
     * here: the transaction is created and then FAILED with sub-status INSUFFICIENT_FUNDS.
     */
    async createTransfer(input: CreateTransferInput): Promise<CreatedTransfer> {
      checkTransfer(input);
      const body: Record<string, unknown> = {
        operation: "TRANSFER",
        assetId: input.assetId,
        source: { type: "VAULT_ACCOUNT", id: input.sourceVaultAccountId },
        destination: {
          type: "ONE_TIME_ADDRESS",
          oneTimeAddress: { address: input.destinationAddress },
        },
        amount: input.amount,
        externalTxId: input.externalTxId,
      };
      if (input.note) body.note = input.note.slice(0, 500);
      try {
        return await call("POST", "/v1/transactions", createTransactionResponseSchema, {
          body,
          idempotencyKey: idempotencyKey(input.externalTxId, "transfer"),
        });
      } catch (error) {
        if (!(error instanceof CustodyHttpError) || (error.status !== 400 && error.status !== 409))
          throw error;
        const existing = await findTransactionByExternalId(input.externalTxId);
        if (!existing) throw error;
        if (!isSameTransfer(existing, input))
          throw new CustodyHttpError(
            `Custody POST /v1/transactions: externalTxId ${input.externalTxId.slice(0, 100)} is already used by transaction ${existing.id} for another transfer`,
            {
              status: error.status,
              code: error.code,
              providerMessage: error.providerMessage,
              requestId: error.requestId,
            },
          );
        return { id: existing.id, status: existing.status };
      }
    },

    /**
     * `GET /v1/transactions/external_tx_id/{externalTxId}`: the transaction we created with that
     * id, or null when Fireblocks has none (404). Other errors as `getTransaction`.
     */
    findTransactionByExternalId,

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
