/**
 * The custody simulator: a node:http server speaking the Fireblocks REST API v1 subset our client uses,
 * with the same authentication (JWT per request, checked like Fireblocks, 401 with its error codes),
 * and sending Fireblocks v1 webhooks signed RSA-SHA512 over the exact body bytes.
 *
 * API (JWT-authenticated):
 *   POST /v1/vault/accounts                                 create a vault account
 *   GET  /v1/vault/accounts/{id}                            read one
 *   POST /v1/vault/accounts/{id}/{assetId}                  create its asset wallet (account-based: its one address)
 *   POST /v1/vault/accounts/{id}/{assetId}/addresses        new deposit address (UTXO assets only)
 *   GET  /v1/transactions/{txId}                            TransactionDetails
 *   GET  /v1/transactions                                   the latest transactions
 * POSTs honour `Idempotency-Key` (at most 40 characters): a repeat gets the first answer.
 *
 * Control (no auth; also methods on the returned object), under /__sim (JSON in and out, or HTML forms,
 * answered with a 303 redirect):
 *   GET  /__sim/                                            HTML page
 *   GET  /__sim/transactions | /__sim/addresses | /__sim/deliveries
 *   POST /__sim/payments {address, amount, assetId?, txHash?, duplicate?, outOfOrder?, badSignature?}
 *   POST /__sim/transactions/{txId}/confirmations {add, ...delivery options}
 *   POST /__sim/transactions/{txId}/fail {status: FAILED|REJECTED|BLOCKED, subStatus?, ...}
 *   POST /__sim/auto-confirm {intervalMs: number | null}
 *
 * An incoming payment is a TRANSFER to one of our addresses: created SUBMITTED (TRANSACTION_CREATED),
 * then CONFIRMING with 0 confirmations (TRANSACTION_STATUS_UPDATED); each confirmation sends another
 * STATUS_UPDATED, and at `completeAt` confirmations it becomes COMPLETED / CONFIRMED. Every delivery
 * attempt is recorded; a failed one (non-2xx or no answer) is retried up to `maxRetries` times.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomBytes,
  randomUUID,
  type KeyObject,
} from "node:crypto";
import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { setMaxListeners } from "node:events";
import { promisify } from "node:util";
import { z } from "zod";
import { verifyFireblocksJwt } from "./jwt.server";
import { transactionDetailsSchema } from "./schemas";
import { renderSimulatorPage, safeReturnPath } from "./sim-page.server";
import {
  createValueFactory,
  decimalPlaces,
  isDecimalString,
  isZeroDecimal,
  multiplyDecimals,
  type ValueFactory,
} from "./sim-values.server";
import {
  addressModels,
  assetDecimals,
  custodyAssets,
  defaultAssetIds,
  isTerminal,
  type CustodyAsset,
  type CustodyTransaction,
} from "./types";
import { signWebhookBody } from "./webhook.server";
import type { SimulatorStore } from "../simulator-store.server";

const generateKeyPairAsync = promisify(generateKeyPair);

export interface RsaKeyPairPem {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** A fresh 2048-bit RSA key pair in PEM (PKCS#8 private, SPKI public). */
export async function generateRsaKeyPair(): Promise<RsaKeyPairPem> {
  const { privateKey, publicKey } = await generateKeyPairAsync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

export const failureStatuses = ["FAILED", "REJECTED", "BLOCKED"] as const;
export type FailureStatus = (typeof failureStatuses)[number];

const defaultFailureSubStatus: Record<FailureStatus, string> = {
  FAILED: "DROPPED_BY_BLOCKCHAIN",
  REJECTED: "REJECTED_AML_SCREENING",
  BLOCKED: "BLOCKED_BY_POLICY",
};

/** Confirmations at which a deposit completes, by our symbol (Fireblocks: the workspace's deposit policy). */
export const defaultCompleteAt: Readonly<Record<CustodyAsset, number>> = { BTC: 3, ETH: 2, USDT: 2, USDC: 2 };

/** Reference USD prices for amountUSD (informational only, like Fireblocks' own). */
const USD_PRICES: Record<CustodyAsset, string> = { BTC: "65000", ETH: "3200", USDT: "1", USDC: "1" };
const NETWORK_FEES: Record<CustodyAsset, { fee: string; currency: "BTC" | "ETH" }> = {
  BTC: { fee: "0.00000706", currency: "BTC" },
  ETH: { fee: "0.000021", currency: "ETH" },
  USDT: { fee: "0.000065", currency: "ETH" },
  USDC: { fee: "0.000065", currency: "ETH" },
};

export interface DeliveryOptions {
  /** Send every webhook of this step twice (identical bytes). */
  duplicate?: boolean;
  /** Send this step's webhooks in reverse order. */
  outOfOrder?: boolean;
  /** Send with a signature that does not verify. */
  badSignature?: boolean;
}

export interface SendPaymentInput {
  /** One of the simulator's deposit addresses. */
  address: string;
  /** Decimal string in the asset's unit. */
  amount: string;
  /** Which asset, when the address holds several (an EVM vault's ETH, USDT_ERC20, USDC). */
  assetId?: string;
  txHash?: string;
}

export interface WebhookDelivery {
  /** Order of the attempt among all attempts. */
  seq: number;
  url: string;
  /** 1 for the first try, 2.. for retries. */
  attempt: number;
  /** HTTP status answered, or null when there was no answer. */
  statusCode: number | null;
  error: string | null;
  body: string;
  signature: string;
  signatureValid: boolean;
  type: string;
  txId: string;
  status: string;
  numOfConfirmations: number;
  at: number;
}

export interface SimulatorDepositAddress {
  address: string;
  vaultAccountId: string;
  /** Asset ids paying into this address (an EVM address serves every token of its vault). */
  assetIds: string[];
  description: string | null;
  customerRefId: string | null;
  createdAt: number;
}

export interface CustodySimulatorOptions {
  /** 0 (default): an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where webhooks go; a function is read at each delivery (the app's port may be known later). */
  webhookUrl: string | (() => string);
  /** RSA private key (PEM) to sign webhooks; default: a 2048-bit key generated at start. */
  signingKeyPem?: string;
  /** Public key (PEM) of the API user: JWT signatures are verified with it. */
  apiPublicKeyPem?: string;
  /** Without `apiPublicKeyPem`: generate an API key pair, verify with it, and return it as `apiKeyPair`. */
  generateApiKeyPair?: boolean;
  /** The only API key accepted; default any (or the generated one). */
  apiKey?: string;
  /** Seed for addresses and ids; default random (unique across restarts). */
  seed?: number;
  tenantId?: string;
  /** Confirmations at which a deposit completes, by symbol. Default BTC 3, ETH 2, USDT 2, USDC 2. */
  completeAt?: Partial<Record<CustodyAsset, number>>;
  /** Asset ids served, by symbol (testnet ids for example). Default the mainnet ids. */
  assetIds?: Partial<Record<CustodyAsset, string>>;
  /** Retries after a failed delivery. Default 3. */
  maxRetries?: number;
  /** Wait before the first retry, doubling after each; default 0 (immediate, for tests). */
  retryDelayMs?: number;
  /** Give up on one delivery attempt after this long. Default 5000. */
  deliveryTimeoutMs?: number;
  /** Add one confirmation to every pending transaction at this interval (live demos). Default off. */
  autoConfirmMs?: number | null;
  /** Keep at most this many delivery records (the oldest are dropped). Default 10,000. */
  maxRecordedDeliveries?: number;
  /** Origins the control forms may redirect back to (`returnTo`); default the webhook URL's origin. */
  allowedReturnOrigins?: readonly string[];
  /**
   * Keep state (keys, vaults, addresses, transactions and their confirmations, idempotent answers)
   * here, like a real provider, and load it at start: a restart forgets nothing, and auto-confirmation
   * carries on with the transactions still pending. Default: memory only.
   */
  store?: SimulatorStore;
  now?: () => number;
}

export interface CustodySimulator {
  /** Origin of the API, e.g. http://127.0.0.1:41234: the client's base URL. */
  readonly baseUrl: string;
  /** Verify webhooks with this key (SPKI PEM). */
  readonly webhookPublicKeyPem: string;
  /** Credentials for the client when `generateApiKeyPair` was set. */
  readonly apiKeyPair: { apiKey: string; privateKeyPem: string; publicKeyPem: string } | null;
  /** Delivery attempts in order, the latest `maxRecordedDeliveries` of them (live array). */
  readonly deliveries: readonly WebhookDelivery[];
  readonly tenantId: string;
  sendPayment(input: SendPaymentInput, options?: DeliveryOptions): Promise<CustodyTransaction>;
  confirm(txId: string, add?: number, options?: DeliveryOptions): Promise<CustodyTransaction>;
  fail(txId: string, status: FailureStatus, options?: DeliveryOptions & { subStatus?: string }): Promise<CustodyTransaction>;
  /** One auto-confirm step now: one more confirmation for every pending transaction. */
  tick(options?: DeliveryOptions): Promise<CustodyTransaction[]>;
  setAutoConfirm(intervalMs: number | null): void;
  transactions(): CustodyTransaction[];
  transaction(txId: string): CustodyTransaction | undefined;
  depositAddresses(): SimulatorDepositAddress[];
  /** Confirmations at which each asset id completes. */
  completeAt(): Record<string, number>;
  /**
   * Serve the control page and API from another server (a Remix resource route): `basePath` is where
   * it is mounted, e.g. "/simulator/custody". Only control paths; the /v1 API stays on `baseUrl`.
   */
  handleControlRequest(request: Request, basePath?: string): Promise<Response>;
  close(): Promise<void>;
}

/** Raised by the control methods; `status` is the HTTP status the control API answers with. */
export class SimulatorError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = "SimulatorError";
    this.status = status;
  }
}

/**
 * Error codes the simulator answers with besides the documented 401 ones. 1004 and 1006 are Fireblocks'
 * documented codes; the others are the simulator's own choice (Fireblocks' exact codes unverified).
 */
const apiErrors = {
  vaultNotFound: { status: 404, code: 1004, message: "Vault account Id was not found" },
  assetNotFound: { status: 404, code: 1006, message: "Asset doesn't exist" },
  walletNotFound: { status: 404, code: 1006, message: "The vault account has no wallet for this asset" },
  walletExists: { status: 400, code: 1026, message: "The vault account already has a wallet for this asset" },
  addressesNotSupported: {
    status: 400,
    code: 1025,
    message: "Creating additional deposit addresses is not supported for this asset: create a vault account per address",
  },
  transactionNotFound: { status: 404, code: 1404, message: "Transaction not found" },
  invalidBody: { status: 400, code: 1000, message: "The request body is not valid JSON" },
  idempotencyKeyTooLong: { status: 400, code: 1001, message: "Idempotency-Key must be at most 40 characters" },
  idempotencyKeyReused: { status: 400, code: 1001, message: "The Idempotency-Key was already used for another request" },
  notFound: { status: 404, code: 404, message: "Not Found" },
} as const;

interface SimVault {
  id: string;
  name: string;
  hiddenOnUI: boolean;
  customerRefId: string | null;
  autoFuel: boolean;
  /** assetId -> addresses of that wallet (the first is the wallet's main address). */
  wallets: Map<string, string[]>;
  evmAddress: string | null;
  nextAddressIndex: number;
}

interface SimTx {
  id: string;
  asset: CustodyAsset;
  assetId: string;
  amount: string;
  amountUSD: string;
  txHash: string;
  sourceAddress: string;
  destinationAddress: string;
  vaultAccountId: string;
  vaultName: string;
  status: string;
  subStatus: string;
  numOfConfirmations: number;
  blockHeight: number | null;
  blockHash: string | null;
  createdAt: number;
  lastUpdated: number;
}

interface PendingEvent {
  body: string;
  type: string;
  txId: string;
  status: string;
  numOfConfirmations: number;
}

interface SimRequest {
  method: string;
  url: URL;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

interface SimResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const MAX_REQUEST_BYTES = 64 * 1024;
const MAX_LIST = 200;

/**
 * Drop expired entries from the front of an insertion-ordered map, stopping at the first live one:
 * entries are added in (nearly) expiry order, so this stays cheap under load (a bench runs thousands).
 */
function pruneOldest<K, V>(map: Map<K, V>, expired: (value: V) => boolean): void {
  for (const [key, value] of map) {
    if (!expired(value)) return;
    map.delete(key);
  }
}

function json(status: number, value: unknown, headers: Record<string, string> = {}): SimResponse {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
    body: JSON.stringify(value),
  };
}

function apiError(error: { status: number; code: number; message: string }): SimResponse {
  return json(error.status, { message: error.message, code: error.code });
}

const booleanish = z
  .union([z.boolean(), z.enum(["true", "on", "1"]).transform(() => true), z.enum(["false", "off", "0", ""]).transform(() => false)])
  .optional();

const deliverySchema = z.object({ duplicate: booleanish, outOfOrder: booleanish, badSignature: booleanish });

const sendPaymentSchema = deliverySchema.extend({
  address: z.string().trim().min(1, "Enter a deposit address").max(200),
  amount: z.string().trim().min(1, "Enter an amount").refine(isDecimalString, "The amount must be a decimal number like 0.0015"),
  assetId: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((value) => value || undefined),
  txHash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9A-Za-z]{8,100}$/, "txHash must be 8 to 100 letters or digits")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

const confirmSchema = deliverySchema.extend({
  add: z.coerce.number().int().min(1).max(100).default(1),
});

const failSchema = deliverySchema.extend({
  status: z.enum(failureStatuses),
  subStatus: z.string().trim().max(60).optional(),
});

const autoConfirmSchema = z.object({
  intervalMs: z.union([z.coerce.number().int().min(50).max(3_600_000), z.null(), z.literal("").transform(() => null)]),
});

export async function startCustodySimulator(options: CustodySimulatorOptions): Promise<CustodySimulator> {
  const now = options.now ?? Date.now;
  const seed = options.seed !== undefined ? `seed-${options.seed}` : `random-${randomBytes(16).toString("hex")}`;
  const values: ValueFactory = createValueFactory(seed);
  const store = options.store;
  const stored = store?.load() ?? [];
  const storedOf = (kind: string) => stored.filter((record) => record.kind === kind).map((record) => JSON.parse(record.body) as unknown);
  const storedKeys = storedOf("keys")[0] as
    | { tenantId: string; signingKeyPem: string; apiKeyPair: CustodySimulator["apiKeyPair"] }
    | undefined;
  const tenantId = options.tenantId ?? storedKeys?.tenantId ?? values.uuid();
  const maxRetries = options.maxRetries ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 0;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 5000;
  const maxRecordedDeliveries = Math.max(1, options.maxRecordedDeliveries ?? 10_000);
  const assetIds: Record<CustodyAsset, string> = { ...defaultAssetIds, ...options.assetIds };
  const assetBySymbol = new Map<string, CustodyAsset>(custodyAssets.map((asset) => [assetIds[asset], asset]));
  const completeAtByAsset: Record<CustodyAsset, number> = { ...defaultCompleteAt, ...options.completeAt };
  for (const [asset, count] of Object.entries(completeAtByAsset)) {
    if (!Number.isInteger(count) || count < 1) throw new RangeError(`completeAt for ${asset} must be a positive integer`);
  }

  // Keys (a stored simulator keeps its own, as a provider keeps its webhook key and API users).
  const signingKeyPem = options.signingKeyPem ?? storedKeys?.signingKeyPem ?? (await generateRsaKeyPair()).privateKeyPem;
  const signingKey: KeyObject = createPrivateKey(signingKeyPem);
  const webhookPublicKeyPem = createPublicKey(signingKey).export({ type: "spki", format: "pem" }).toString();
  let apiKeyPair: CustodySimulator["apiKeyPair"] = null;
  let apiPublicKey: KeyObject | undefined = options.apiPublicKeyPem ? createPublicKey(options.apiPublicKeyPem) : undefined;
  let expectedApiKey = options.apiKey;
  if (!apiPublicKey && options.generateApiKeyPair) {
    if (storedKeys?.apiKeyPair && (options.apiKey === undefined || options.apiKey === storedKeys.apiKeyPair.apiKey)) {
      apiKeyPair = storedKeys.apiKeyPair;
    } else {
      const pair = await generateRsaKeyPair();
      apiKeyPair = { apiKey: options.apiKey ?? randomUUID(), ...pair };
    }
    apiPublicKey = createPublicKey(apiKeyPair.publicKeyPem);
    expectedApiKey = apiKeyPair.apiKey;
  }
  store?.save("keys", "keys", { tenantId, signingKeyPem, apiKeyPair });

  // State.
  const vaults = new Map<string, SimVault>();
  let nextVaultId = 0;
  const addresses = new Map<string, SimulatorDepositAddress>();
  const transactions = new Map<string, SimTx>();
  const idempotency = new Map<string, { fingerprint: string; response: SimResponse; at: number }>();
  const seenNonces = new Map<string, number>();
  const deliveries: WebhookDelivery[] = [];
  const blockHeights: Record<CustodyAsset, number> = { BTC: 880_000, ETH: 21_500_000, USDT: 0, USDC: 0 };
  let deliverySeq = 0;
  let failedDeliveries = 0;
  let closed = false;
  const closing = new AbortController();
  // Every in-flight delivery listens for close; there can be many.
  setMaxListeners(0, closing.signal);
  const inflight = new Set<Promise<unknown>>();
  let autoConfirmMs: number | null = null;
  let autoTimer: NodeJS.Timeout | null = null;
  let ticking = false;

  // --- persistence (options.store) ------------------------------------------------------------------
  const saveVault = (vault: SimVault) =>
    store?.save("vault", vault.id, { ...vault, wallets: [...vault.wallets.entries()] });
  const saveAddress = (row: SimulatorDepositAddress) => store?.save("address", row.address, row);
  const saveTx = (tx: SimTx) => store?.save("tx", tx.id, tx);
  const saveChain = () => store?.save("meta", "chain", { nextVaultId, blockHeights });
  const saveIdempotent = (key: string) => {
    const entry = idempotency.get(key);
    if (entry) store?.save("idempotency", key, entry);
  };

  function createVault(name: string, hiddenOnUI: boolean, customerRefId: string | null, autoFuel: boolean): SimVault {
    const vault: SimVault = {
      id: String(nextVaultId++),
      name,
      hiddenOnUI,
      customerRefId,
      autoFuel,
      wallets: new Map(),
      evmAddress: null,
      nextAddressIndex: 0,
    };
    vaults.set(vault.id, vault);
    saveVault(vault);
    saveChain();
    return vault;
  }

  function registerAddress(address: string, vault: SimVault, assetId: string, description: string | null, customerRefId: string | null) {
    const existing = addresses.get(address);
    if (existing) {
      if (!existing.assetIds.includes(assetId)) existing.assetIds.push(assetId);
      saveAddress(existing);
      return;
    }
    const row: SimulatorDepositAddress = { address, vaultAccountId: vault.id, assetIds: [assetId], description, customerRefId, createdAt: now() };
    addresses.set(address, row);
    saveAddress(row);
  }

  function createWallet(vault: SimVault, asset: CustodyAsset): string {
    const assetId = assetIds[asset];
    let address: string;
    if (addressModels[asset] === "account") {
      vault.evmAddress ??= values.evmAddress();
      address = vault.evmAddress;
    } else {
      address = values.btcAddress();
      vault.nextAddressIndex = 1;
    }
    vault.wallets.set(assetId, [address]);
    saveVault(vault);
    // An account-based wallet's one address belongs to its (per-payment) vault: describe it by the vault.
    registerAddress(address, vault, assetId, addressModels[asset] === "account" ? vault.name : null, vault.customerRefId);
    return address;
  }

  // Vault 0, "Default", holds the BTC deposit addresses (the client's default deposit vault).
  // A stored simulator resumes where it was instead.
  const storedVaults = storedOf("vault") as (Omit<SimVault, "wallets"> & { wallets: [string, string[]][] })[];
  if (storedVaults.length > 0) {
    for (const vault of storedVaults.sort((a, b) => Number(a.id) - Number(b.id))) vaults.set(vault.id, { ...vault, wallets: new Map(vault.wallets) });
    for (const row of (storedOf("address") as SimulatorDepositAddress[]).sort((a, b) => a.createdAt - b.createdAt)) addresses.set(row.address, row);
    for (const tx of (storedOf("tx") as SimTx[]).sort((a, b) => a.createdAt - b.createdAt)) transactions.set(tx.id, tx);
    const cutoff = now() - 24 * 3_600_000;
    for (const record of stored.filter((r) => r.kind === "idempotency")) {
      const entry = JSON.parse(record.body) as { fingerprint: string; response: SimResponse; at: number };
      if (entry.at >= cutoff) idempotency.set(record.id, entry);
      else store?.remove("idempotency", record.id);
    }
    const chain = storedOf("meta")[0] as { nextVaultId: number; blockHeights: Record<CustodyAsset, number> } | undefined;
    nextVaultId = Math.max(chain?.nextVaultId ?? 0, ...[...vaults.keys()].map((id) => Number(id) + 1));
    if (chain) Object.assign(blockHeights, chain.blockHeights);
  } else {
    createWallet(createVault("Default", false, null, false), "BTC");
  }

  function vaultJson(vault: SimVault) {
    return {
      id: vault.id,
      name: vault.name,
      hiddenOnUI: vault.hiddenOnUI,
      customerRefId: vault.customerRefId ?? undefined,
      autoFuel: vault.autoFuel,
      assets: [...vault.wallets.keys()].map((id) => ({
        id,
        total: "0",
        balance: "0",
        available: "0",
        pending: "0",
        frozen: "0",
        lockedAmount: "0",
        blockHeight: "",
        blockHash: "",
      })),
    };
  }

  /** TransactionDetails as Fireblocks sends it, deprecated float fields included. */
  function wire(tx: SimTx): Record<string, unknown> {
    const fee = NETWORK_FEES[tx.asset];
    return {
      id: tx.id,
      assetId: tx.assetId,
      source: { id: "", type: "UNKNOWN", name: "External", subType: "" },
      destination: { id: tx.vaultAccountId, type: "VAULT_ACCOUNT", name: tx.vaultName, subType: "" },
      requestedAmount: Number(tx.amount),
      amount: Number(tx.amount),
      netAmount: Number(tx.amount),
      amountUSD: Number(tx.amountUSD),
      fee: Number(fee.fee),
      networkFee: Number(fee.fee),
      amountInfo: { amount: tx.amount, requestedAmount: tx.amount, netAmount: tx.amount, amountUSD: tx.amountUSD },
      feeInfo: { networkFee: fee.fee },
      feeCurrency: fee.currency,
      createdAt: tx.createdAt,
      lastUpdated: tx.lastUpdated,
      status: tx.status,
      subStatus: tx.subStatus,
      txHash: tx.txHash,
      tag: "",
      operation: "TRANSFER",
      note: "",
      sourceAddress: tx.sourceAddress,
      destinationAddress: tx.destinationAddress,
      destinationAddressDescription: addresses.get(tx.destinationAddress)?.description ?? "",
      destinationTag: "",
      addressType: "",
      exchangeTxId: "",
      signedBy: [],
      createdBy: "",
      rejectedBy: "",
      numOfConfirmations: tx.numOfConfirmations,
      blockInfo:
        tx.blockHeight === null ? {} : { blockHeight: String(tx.blockHeight), blockHash: tx.blockHash ?? "" },
      networkRecords: [],
      systemMessages: [],
    };
  }

  function view(tx: SimTx): CustodyTransaction {
    return transactionDetailsSchema.parse(wire(tx));
  }

  function event(type: string, tx: SimTx): PendingEvent {
    const body = JSON.stringify({ type, tenantId, timestamp: now(), data: wire(tx) });
    return { body, type, txId: tx.id, status: tx.status, numOfConfirmations: tx.numOfConfirmations };
  }

  function resolveWebhookUrl(): string {
    return typeof options.webhookUrl === "function" ? options.webhookUrl() : options.webhookUrl;
  }

  function sleep(ms: number): Promise<void> {
    if (ms <= 0 || closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        closing.signal.removeEventListener("abort", done);
        resolve();
      }
      closing.signal.addEventListener("abort", done, { once: true });
    });
  }

  function describeError(error: unknown): string {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") return code;
    return error instanceof Error ? error.message : String(error);
  }

  // node:http with keep-alive rather than fetch: a few times faster per delivery, which matters when a
  // bench pushes thousands of payments through the simulator.
  const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 32 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 32 }) };

  /** POST one webhook; resolves with the HTTP status, rejects on a network error, timeout or close. */
  function postWebhook(url: string, body: string, signature: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== "http:" && target.protocol !== "https:") {
        reject(new Error(`webhook URL must be http(s): ${url}`));
        return;
      }
      const send = target.protocol === "https:" ? httpsRequest : httpRequest;
      const request = send(
        target,
        {
          method: "POST",
          agent: target.protocol === "https:" ? agents.https : agents.http,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
            "Fireblocks-Signature": signature,
            "User-Agent": "Fireblocks-Webhook-Simulator",
          },
          signal: closing.signal,
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", reject);
        },
      );
      request.setTimeout(deliveryTimeoutMs, () => request.destroy(Object.assign(new Error(`no answer within ${deliveryTimeoutMs} ms`), { code: "ETIMEDOUT" })));
      request.on("error", reject);
      request.end(body);
    });
  }

  /** Deliver one webhook, retrying a failure up to maxRetries times. */
  async function deliverOne(pending: PendingEvent, badSignature: boolean): Promise<void> {
    let signature = signWebhookBody(pending.body, signingKey);
    if (badSignature) {
      const bytes = Buffer.from(signature, "base64");
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
      signature = bytes.toString("base64");
    }
    for (let attempt = 1; attempt <= 1 + maxRetries; attempt += 1) {
      if (closed) return;
      if (attempt > 1) await sleep(retryDelayMs * 2 ** (attempt - 2));
      if (closed) return;
      let url = "";
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        url = resolveWebhookUrl();
        statusCode = await postWebhook(url, pending.body, signature);
      } catch (caught) {
        error = describeError(caught);
      }
      deliveries.push({
        seq: ++deliverySeq,
        url,
        attempt,
        statusCode,
        error,
        body: pending.body,
        signature,
        signatureValid: !badSignature,
        type: pending.type,
        txId: pending.txId,
        status: pending.status,
        numOfConfirmations: pending.numOfConfirmations,
        at: now(),
      });
      // Trim in batches so a long run stays within memory without shifting the array every time.
      if (deliveries.length > maxRecordedDeliveries + Math.ceil(maxRecordedDeliveries / 10)) {
        deliveries.splice(0, deliveries.length - maxRecordedDeliveries);
      }
      if (statusCode !== null && statusCode >= 200 && statusCode < 300) return;
      failedDeliveries += 1;
    }
  }

  /** Deliver one step's events, one after another, in the order the options ask for. */
  async function deliverBatch(events: PendingEvent[], delivery: DeliveryOptions = {}): Promise<void> {
    const ordered = delivery.outOfOrder ? [...events].reverse() : events;
    const run = (async () => {
      for (const pending of ordered) {
        for (let copy = 0; copy < (delivery.duplicate ? 2 : 1); copy += 1) {
          await deliverOne(pending, Boolean(delivery.badSignature));
        }
      }
    })();
    inflight.add(run);
    try {
      await run;
    } finally {
      inflight.delete(run);
    }
  }

  function requireTx(txId: string): SimTx {
    const tx = transactions.get(txId);
    if (!tx) throw new SimulatorError(404, `No transaction ${txId}`);
    return tx;
  }

  function confirmOnce(tx: SimTx): PendingEvent | null {
    if (isTerminal(tx.status)) return null;
    tx.numOfConfirmations += 1;
    if (tx.blockHeight === null) {
      const chain: CustodyAsset = addressModels[tx.asset] === "account" ? "ETH" : "BTC";
      blockHeights[chain] += 1;
      tx.blockHeight = blockHeights[chain];
      tx.blockHash = values.blockHash(chain === "ETH");
    }
    tx.status = "CONFIRMING";
    tx.subStatus = "PENDING_BLOCKCHAIN_CONFIRMATIONS";
    if (tx.numOfConfirmations >= completeAtByAsset[tx.asset]) {
      tx.status = "COMPLETED";
      tx.subStatus = "CONFIRMED";
    }
    tx.lastUpdated = now();
    saveTx(tx);
    saveChain();
    return event("TRANSACTION_STATUS_UPDATED", tx);
  }

  async function sendPayment(input: SendPaymentInput, delivery: DeliveryOptions = {}): Promise<CustodyTransaction> {
    if (closed) throw new SimulatorError(503, "The simulator is closed");
    const deposit = addresses.get(input.address.trim());
    if (!deposit) throw new SimulatorError(404, `${input.address} is not one of the simulator's deposit addresses`);
    const assetId = input.assetId ?? deposit.assetIds[0] ?? "";
    if (!deposit.assetIds.includes(assetId)) {
      throw new SimulatorError(400, `${input.address} takes ${deposit.assetIds.join(", ")}, not ${assetId}`);
    }
    const asset = assetBySymbol.get(assetId);
    if (!asset) throw new SimulatorError(400, `Unknown asset ${assetId}`);
    const amount = input.amount.trim();
    if (!isDecimalString(amount) || isZeroDecimal(amount)) {
      throw new SimulatorError(400, "The amount must be a positive decimal number like 0.0015");
    }
    if (decimalPlaces(amount) > assetDecimals[asset]) {
      throw new SimulatorError(400, `${assetId} amounts have at most ${assetDecimals[asset]} decimal places`);
    }
    const vault = vaults.get(deposit.vaultAccountId);
    const evm = addressModels[asset] === "account";
    const createdAt = now();
    const tx: SimTx = {
      id: values.uuid(),
      asset,
      assetId,
      amount,
      amountUSD: multiplyDecimals(amount, USD_PRICES[asset], 2),
      txHash: input.txHash ?? (evm ? values.evmTxHash() : values.btcTxHash()),
      sourceAddress: evm ? values.evmAddress() : values.btcAddress(),
      destinationAddress: deposit.address,
      vaultAccountId: deposit.vaultAccountId,
      vaultName: vault?.name ?? "",
      status: "SUBMITTED",
      subStatus: "",
      numOfConfirmations: 0,
      blockHeight: null,
      blockHash: null,
      createdAt,
      lastUpdated: createdAt,
    };
    transactions.set(tx.id, tx);
    const events = [event("TRANSACTION_CREATED", tx)];
    tx.status = "CONFIRMING";
    tx.subStatus = "PENDING_BLOCKCHAIN_CONFIRMATIONS";
    tx.lastUpdated = now();
    saveTx(tx);
    events.push(event("TRANSACTION_STATUS_UPDATED", tx));
    await deliverBatch(events, delivery);
    return view(tx);
  }

  async function confirm(txId: string, add = 1, delivery: DeliveryOptions = {}): Promise<CustodyTransaction> {
    const tx = requireTx(txId);
    if (!Number.isInteger(add) || add < 1 || add > 100) throw new SimulatorError(400, "add must be an integer from 1 to 100");
    if (isTerminal(tx.status)) throw new SimulatorError(409, `Transaction ${txId} is already ${tx.status}`);
    const events: PendingEvent[] = [];
    for (let step = 0; step < add; step += 1) {
      const next = confirmOnce(tx);
      if (!next) break;
      events.push(next);
    }
    await deliverBatch(events, delivery);
    return view(tx);
  }

  async function fail(
    txId: string,
    status: FailureStatus,
    delivery: DeliveryOptions & { subStatus?: string } = {},
  ): Promise<CustodyTransaction> {
    const tx = requireTx(txId);
    if (!failureStatuses.includes(status)) throw new SimulatorError(400, `status must be one of ${failureStatuses.join(", ")}`);
    if (isTerminal(tx.status)) throw new SimulatorError(409, `Transaction ${txId} is already ${tx.status}`);
    tx.status = status;
    tx.subStatus = delivery.subStatus || defaultFailureSubStatus[status];
    tx.lastUpdated = now();
    saveTx(tx);
    await deliverBatch([event("TRANSACTION_STATUS_UPDATED", tx)], delivery);
    return view(tx);
  }

  async function tick(delivery: DeliveryOptions = {}): Promise<CustodyTransaction[]> {
    const pending = [...transactions.values()].filter((tx) => !isTerminal(tx.status));
    const events = pending.map(confirmOnce).filter((next): next is PendingEvent => next !== null);
    await deliverBatch(events, delivery);
    return pending.map(view);
  }

  function setAutoConfirm(intervalMs: number | null): void {
    if (autoTimer) clearInterval(autoTimer);
    autoTimer = null;
    autoConfirmMs = intervalMs && intervalMs > 0 ? intervalMs : null;
    if (autoConfirmMs === null || closed) return;
    autoTimer = setInterval(() => {
      if (ticking || closed) return;
      ticking = true;
      tick()
        .catch(() => undefined)
        .finally(() => {
          ticking = false;
        });
    }, autoConfirmMs);
    autoTimer.unref();
  }

  // --- the Fireblocks API ----------------------------------------------------------------------

  function authenticate(request: SimRequest): SimResponse | null {
    const uri = request.url.pathname + request.url.search;
    const result = verifyFireblocksJwt({
      authorization: request.headers.authorization,
      apiKeyHeader: request.headers["x-api-key"],
      uri,
      rawBody: request.body,
      nowMs: now(),
      publicKey: apiPublicKey,
      expectedApiKey,
    });
    if (!result.ok) return json(401, { message: result.error.message, code: result.error.code });
    const nonceKey = `${result.claims.sub}:${String(result.claims.nonce)}`;
    const nowMs = now();
    pruneOldest(seenNonces, (expiresAt) => expiresAt < nowMs);
    if (seenNonces.has(nonceKey)) return json(401, { message: "Unauthorized: Token was not accepted.", code: -7 });
    seenNonces.set(nonceKey, result.claims.exp * 1000 + 60_000);
    return null;
  }

  function parseJsonBody(request: SimRequest): Record<string, unknown> | null {
    if (request.body.length === 0) return {};
    try {
      const value: unknown = JSON.parse(request.body.toString("utf8"));
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  const optionalString = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value.slice(0, 200) : null);

  function apiPost(path: string[], body: Record<string, unknown>): SimResponse {
    // /v1/vault/accounts
    if (path.length === 3) {
      const name = optionalString(body.name);
      if (!name) return json(400, { message: "name is required", code: 1002 });
      const vault = createVault(name, body.hiddenOnUI === true, optionalString(body.customerRefId), body.autoFuel === true);
      return json(200, vaultJson(vault));
    }
    const vault = vaults.get(path[3] ?? "");
    if (!vault) return apiError(apiErrors.vaultNotFound);
    const assetId = path[4] ?? "";
    const asset = assetBySymbol.get(assetId);
    if (!asset) return apiError(apiErrors.assetNotFound);
    // /v1/vault/accounts/{id}/{assetId}
    if (path.length === 5) {
      if (vault.wallets.has(assetId)) return apiError(apiErrors.walletExists);
      const address = createWallet(vault, asset);
      return json(200, { id: assetId, address, legacyAddress: "", enterpriseAddress: "", tag: "", eosAccountName: "" });
    }
    // /v1/vault/accounts/{id}/{assetId}/addresses
    if (path.length === 6 && path[5] === "addresses") {
      if (addressModels[asset] === "account") return apiError(apiErrors.addressesNotSupported);
      const wallet = vault.wallets.get(assetId);
      if (!wallet) return apiError(apiErrors.walletNotFound);
      const address = values.btcAddress();
      const index = vault.nextAddressIndex++;
      wallet.push(address);
      saveVault(vault);
      registerAddress(address, vault, assetId, optionalString(body.description), optionalString(body.customerRefId));
      return json(200, { address, legacyAddress: "", enterpriseAddress: "", tag: "", bip44AddressIndex: index });
    }
    return apiError(apiErrors.notFound);
  }

  /**
   * `GET /v1/transactions` with Fireblocks' filters: before/after (createdAt, epoch ms, exclusive),
   * status, assets (comma list), destType/destId, sourceType/sourceId, txHash, orderBy (createdAt or
   * lastUpdated), sort (DESC default), limit (default 200, at most 500).
   */
  function listTransactions(query: URLSearchParams): SimTx[] {
    const limit = Math.min(Math.max(Number(query.get("limit")) || 200, 1), 500);
    const after = Number(query.get("after") ?? Number.NaN);
    const before = Number(query.get("before") ?? Number.NaN);
    const statuses = query.get("status")?.split(",").filter(Boolean);
    const assetFilter = query.get("assets")?.split(",").filter(Boolean);
    const destType = query.get("destType");
    const destId = query.get("destId");
    const sourceType = query.get("sourceType");
    const txHash = query.get("txHash");
    const orderBy = query.get("orderBy") === "lastUpdated" ? "lastUpdated" : "createdAt";
    const ascending = query.get("sort") === "ASC";
    const inOrder = ascending ? [...transactions.values()] : [...transactions.values()].reverse();
    const matching = inOrder.filter(
      (tx) =>
        (Number.isNaN(after) || tx.createdAt > after) &&
        (Number.isNaN(before) || tx.createdAt < before) &&
        (!statuses || statuses.includes(tx.status)) &&
        (!assetFilter || assetFilter.includes(tx.assetId)) &&
        (!destType || destType === "VAULT_ACCOUNT") &&
        (!destId || tx.vaultAccountId === destId) &&
        (!sourceType || sourceType === "UNKNOWN") &&
        (!txHash || tx.txHash === txHash),
    );
    matching.sort((a, b) => (ascending ? a[orderBy] - b[orderBy] : b[orderBy] - a[orderBy]));
    return matching.slice(0, limit);
  }

  function api(request: SimRequest): SimResponse {
    const denied = authenticate(request);
    if (denied) return denied;
    const path = request.url.pathname.split("/").slice(1).map((part) => decodeURIComponent(part));
    if (request.method === "GET") {
      if (path[1] === "transactions" && path.length === 3) {
        const tx = transactions.get(path[2] ?? "");
        return tx ? json(200, wire(tx)) : apiError(apiErrors.transactionNotFound);
      }
      if (path[1] === "transactions" && path.length === 2) return json(200, listTransactions(request.url.searchParams).map(wire));
      if (path[1] === "vault" && path[2] === "accounts" && path.length === 4) {
        const vault = vaults.get(path[3] ?? "");
        return vault ? json(200, vaultJson(vault)) : apiError(apiErrors.vaultNotFound);
      }
      return apiError(apiErrors.notFound);
    }
    if (request.method === "POST" && path[1] === "vault" && path[2] === "accounts") {
      const key = request.headers["idempotency-key"];
      if (key !== undefined && key.length > 40) return apiError(apiErrors.idempotencyKeyTooLong);
      const fingerprint = `${request.method} ${request.url.pathname} ${request.body.toString("base64")}`;
      if (key) {
        const cutoff = now() - 24 * 3_600_000;
        pruneOldest(idempotency, (entry) => entry.at < cutoff);
        const previous = idempotency.get(key);
        if (previous) return previous.fingerprint === fingerprint ? previous.response : apiError(apiErrors.idempotencyKeyReused);
      }
      const body = parseJsonBody(request);
      const response = body ? apiPost(path, body) : apiError(apiErrors.invalidBody);
      if (key && response.status < 500) {
        idempotency.set(key, { fingerprint, response, at: now() });
        saveIdempotent(key);
      }
      return response;
    }
    return apiError(apiErrors.notFound);
  }

  // --- control -------------------------------------------------------------------------------------

  function allowedReturnTo(value: unknown): string | null {
    if (typeof value !== "string" || value.length === 0 || value.length > 500) return null;
    // A local path, checked as the browser reads it ("/<TAB>/evil.com" is "//evil.com"; issue 10, item 13).
    if (value.startsWith("/")) return safeReturnPath(value);
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const origins = new Set(options.allowedReturnOrigins ?? []);
    try {
      origins.add(new URL(resolveWebhookUrl()).origin);
    } catch {
      // no webhook URL yet
    }
    return origins.has(url.origin) ? url.toString() : null;
  }

  function pageResponse(status: number, basePath: string, query: URLSearchParams, extra: { error?: string } = {}): SimResponse {
    const sortedTx = [...transactions.values()].reverse().slice(0, MAX_LIST);
    const txCount = new Map<string, number>();
    for (const tx of transactions.values()) txCount.set(tx.destinationAddress, (txCount.get(tx.destinationAddress) ?? 0) + 1);
    const html = renderSimulatorPage({
      basePath,
      addresses: [...addresses.values()]
        .filter((row) => row.description !== null)
        .reverse()
        .slice(0, MAX_LIST)
        .map((row) => ({ ...row, transactions: txCount.get(row.address) ?? 0 })),
      transactions: sortedTx.map((tx) => ({
        id: tx.id,
        assetId: tx.assetId,
        amount: tx.amount,
        destinationAddress: tx.destinationAddress,
        status: tx.status,
        subStatus: tx.subStatus,
        numOfConfirmations: tx.numOfConfirmations,
        completeAt: completeAtByAsset[tx.asset],
        terminal: isTerminal(tx.status),
      })),
      assetIds: custodyAssets.map((asset) => assetIds[asset]),
      completeAt: completeAtRecord(),
      webhookUrl: safeWebhookUrl(),
      deliveries: {
        total: deliverySeq,
        failed: failedDeliveries,
      },
      autoConfirmMs,
      prefill: {
        address: query.get("address")?.slice(0, 200) ?? "",
        amount: query.get("amount")?.slice(0, 60) ?? "",
        assetId: query.get("assetId")?.slice(0, 40) ?? "",
      },
      returnTo: allowedReturnTo(query.get("returnTo")),
      notice: query.get("notice")?.slice(0, 300) ?? null,
      error: extra.error ?? null,
    });
    const formTargets = [...new Set(["'self'", ...(options.allowedReturnOrigins ?? []), safeOrigin(safeWebhookUrl())].filter(Boolean))];
    return {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        // Not no-referrer: browsers then send `Origin: null` with the page's own form posts, which
        // our server refuses as cross-site. same-origin keeps the address out of other sites' logs.
        "referrer-policy": "same-origin",
        "x-robots-tag": "noindex",
        "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets.join(" ")}; frame-ancestors 'none'; base-uri 'none'`,
      },
      body: html,
    };
  }

  function safeWebhookUrl(): string {
    try {
      return resolveWebhookUrl();
    } catch {
      return "";
    }
  }

  function safeOrigin(url: string): string {
    try {
      return new URL(url).origin;
    } catch {
      return "";
    }
  }

  function completeAtRecord(): Record<string, number> {
    return Object.fromEntries(custodyAssets.map((asset) => [assetIds[asset], completeAtByAsset[asset]]));
  }

  async function control(request: SimRequest, basePath: string, subPath: string): Promise<SimResponse> {
    const isForm = (request.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded");
    if (request.method === "GET") {
      if (subPath === "/" || subPath === "") return pageResponse(200, basePath, request.url.searchParams);
      if (subPath === "/transactions") return json(200, [...transactions.values()].map(view));
      if (subPath === "/addresses") return json(200, [...addresses.values()]);
      if (subPath === "/deliveries") return json(200, deliveries);
      return json(404, { error: "Not Found" });
    }
    if (request.method !== "POST") return json(405, { error: "Method Not Allowed" });

    let input: Record<string, unknown>;
    if (isForm) {
      input = Object.fromEntries(new URLSearchParams(request.body.toString("utf8")));
    } else {
      const parsed = parseJsonBody(request);
      if (!parsed) return json(400, { error: "The body must be a JSON object" });
      input = parsed;
    }
    const returnTo = allowedReturnTo(input.returnTo);
    const done = (notice: string, result: unknown): SimResponse => {
      if (!isForm) return json(200, result);
      const location = returnTo ?? `${basePath}/?notice=${encodeURIComponent(notice)}`;
      return { status: 303, headers: { location, "cache-control": "no-store" }, body: "" };
    };
    const failed = (status: number, message: string): SimResponse => {
      if (!isForm) return json(status, { error: message });
      const query = new URLSearchParams();
      if (returnTo) query.set("returnTo", returnTo);
      if (typeof input.address === "string") query.set("address", input.address);
      if (typeof input.amount === "string") query.set("amount", input.amount);
      return pageResponse(status, basePath, query, { error: message });
    };

    try {
      if (subPath === "/payments") {
        const parsed = sendPaymentSchema.safeParse(input);
        if (!parsed.success) return failed(400, parsed.error.issues[0]?.message ?? "Invalid payment");
        const { address, amount, assetId, txHash, ...delivery } = parsed.data;
        const tx = await sendPayment({ address, amount, assetId, txHash }, delivery);
        return done(`Sent ${tx.amountInfo.amount} ${tx.assetId} to ${tx.destinationAddress} (transaction ${tx.id}).`, tx);
      }
      if (subPath === "/auto-confirm") {
        const parsed = autoConfirmSchema.safeParse(input);
        if (!parsed.success) return failed(400, "intervalMs must be a number of milliseconds (50 or more) or null");
        setAutoConfirm(parsed.data.intervalMs);
        return done(autoConfirmMs ? `Automatic confirmations every ${autoConfirmMs} ms.` : "Automatic confirmations are off.", {
          autoConfirmMs,
        });
      }
      const match = /^\/transactions\/([^/]+)\/(confirmations|fail)$/.exec(subPath);
      if (match) {
        const txId = decodeURIComponent(match[1] ?? "");
        if (match[2] === "confirmations") {
          const parsed = confirmSchema.safeParse(input);
          if (!parsed.success) return failed(400, "add must be an integer from 1 to 100");
          const { add, ...delivery } = parsed.data;
          const tx = await confirm(txId, add, delivery);
          return done(`Transaction ${tx.id}: ${tx.status}, ${tx.numOfConfirmations} confirmations.`, tx);
        }
        const parsed = failSchema.safeParse(input);
        if (!parsed.success) return failed(400, `status must be one of ${failureStatuses.join(", ")}`);
        const { status, ...rest } = parsed.data;
        const tx = await fail(txId, status, rest);
        return done(`Transaction ${tx.id}: ${tx.status}.`, tx);
      }
    } catch (error) {
      if (error instanceof SimulatorError) return failed(error.status, error.message);
      throw error;
    }
    return json(404, { error: "Not Found" });
  }

  async function route(request: SimRequest): Promise<SimResponse> {
    const pathname = request.url.pathname;
    if (pathname.startsWith("/v1/")) return api(request);
    if (pathname === "/__sim" || pathname.startsWith("/__sim/")) return control(request, "/__sim", pathname.slice("/__sim".length));
    return apiError(apiErrors.notFound);
  }

  // --- HTTP ----------------------------------------------------------------------------------------

  async function readBody(req: IncomingMessage): Promise<Buffer | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > MAX_REQUEST_BYTES) return null;
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  }

  function send(res: ServerResponse, response: SimResponse) {
    res.writeHead(response.status, { "x-request-id": randomUUID(), ...response.headers });
    res.end(response.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const body = await readBody(req);
      if (body === null) {
        send(res, json(413, { message: "Request body too large", code: 413 }));
        return;
      }
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      const url = new URL(req.url ?? "/", "http://custody-simulator.invalid");
      send(res, await route({ method: req.method ?? "GET", url, headers, body }));
    } catch (error) {
      if (!res.headersSent) send(res, json(500, { message: `Simulator error: ${error instanceof Error ? error.message : String(error)}`, code: 500 }));
      else res.destroy();
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const baseUrl = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;

  setAutoConfirm(options.autoConfirmMs ?? null);

  return {
    baseUrl,
    webhookPublicKeyPem,
    apiKeyPair,
    deliveries,
    tenantId,
    sendPayment,
    confirm,
    fail,
    tick,
    setAutoConfirm,
    transactions: () => [...transactions.values()].map(view),
    transaction: (txId) => {
      const tx = transactions.get(txId);
      return tx ? view(tx) : undefined;
    },
    depositAddresses: () => [...addresses.values()].map((row) => ({ ...row, assetIds: [...row.assetIds] })),
    completeAt: completeAtRecord,
    async handleControlRequest(request: Request, basePath = "/__sim"): Promise<Response> {
      const base = basePath.replace(/\/+$/, "");
      const url = new URL(request.url);
      if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) {
        return Response.json({ error: "Not Found" }, { status: 404 });
      }
      const bytes = request.method === "GET" || request.method === "HEAD" ? Buffer.alloc(0) : Buffer.from(await request.arrayBuffer());
      if (bytes.length > MAX_REQUEST_BYTES) return Response.json({ error: "Request body too large" }, { status: 413 });
      const headers: Record<string, string | undefined> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const response = await control({ method: request.method, url, headers, body: bytes }, base, url.pathname.slice(base.length));
      return new Response(response.status === 303 ? null : response.body, { status: response.status, headers: response.headers });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      if (autoTimer) clearInterval(autoTimer);
      closing.abort();
      await Promise.allSettled([...inflight]);
      agents.http.destroy();
      agents.https.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
