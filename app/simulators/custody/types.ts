/**
 * The custody simulator's public types (options, the running simulator, deliveries), its error and
 * the constants callers read. The parts that implement it: state.server.ts (vaults, addresses,
 * transactions, persistence), chain.server.ts (payments in, confirmations, failures),
 * webhooks.server.ts (signing and delivery), api.server.ts (the Fireblocks endpoints),
 * control.server.ts with page.server.ts (the control API and page), http.server.ts (the node:http
 * plumbing); index.server.ts puts them together.
 */
import type {
  CustodyAsset,
  CustodyAssetIdOverrides,
  CustodyTransaction,
  CustodyWalletKey,
} from "~/core/providers/custody/types";
import type { NetworkId } from "~/core/networks/networks";
import type { SimulatorStore } from "~/simulators/store.server";

export const failureStatuses = ["FAILED", "REJECTED", "BLOCKED"] as const;
export type FailureStatus = (typeof failureStatuses)[number];

/**
 * Confirmations at which a deposit completes, by our symbol (Fireblocks: the workspace's deposit
 * policy).
 */
export const defaultCompleteAt: Readonly<Record<CustodyAsset, number>> = {
  BTC: 3,
  ETH: 2,
  USDT: 2,
  USDC: 2,
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
  /** The sender's address; default a new one of the network's format. */
  sourceAddress?: string;
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
  /**
   * Without `apiPublicKeyPem`: generate an API key pair, verify with it, and return it as
   * `apiKeyPair`.
   */
  generateApiKeyPair?: boolean;
  /** The only API key accepted; default any (or the generated one). */
  apiKey?: string;
  /** Seed for addresses and ids; default random (unique across restarts). */
  seed?: number;
  tenantId?: string;
  /**
   * Confirmations at which a deposit completes: by symbol for the asset's default network (default
   * BTC 3, ETH 2, USDT 2, USDC 2), or by pair (`"USDT:tron"`; default the network's count in
   * core/networks: Tron 19, Base 12).
   */
  completeAt?: Partial<Record<CustodyAsset | CustodyWalletKey, number>>;
  /**
   * Asset ids served (testnet ids for example): by symbol for the default network, or by pair.
   * Default the mainnet ids.
   */
  assetIds?: CustodyAssetIdOverrides;
  /**
   * Fee asset ids per network for outgoing transfers (testnet ids); default the network's native
   * coin (`resolveFeeAssetIds`: BTC, ETH, TRX, BASECHAIN_ETH).
   */
  feeAssetIds?: Partial<Record<NetworkId, string>>;
  /** Retries after a failed delivery. Default 3. */
  maxRetries?: number;
  /** Wait before the first retry, doubling after each; default 0 (immediate, for tests). */
  retryDelayMs?: number;
  /** Give up on one delivery attempt after this long. Default 5000. */
  deliveryTimeoutMs?: number;
  /**
   * Add one confirmation to every pending transaction at this interval (live demos). Default off.
   */
  autoConfirmMs?: number | null;
  /** Keep at most this many delivery records (the oldest are dropped). Default 10,000. */
  maxRecordedDeliveries?: number;
  /**
   * Origins the control forms may redirect back to (`returnTo`); default the webhook URL's origin.
   */
  allowedReturnOrigins?: readonly string[];
  /**
   * Keep state (keys, vaults, addresses, transactions and their confirmations, idempotent answers)
   * here, like a real provider, and load it at start: a restart forgets nothing, and
   * auto-confirmation carries on with the transactions still pending. Default: memory only.
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
  fail(
    txId: string,
    status: FailureStatus,
    options?: DeliveryOptions & { subStatus?: string },
  ): Promise<CustodyTransaction>;
  /**
   * One auto-confirm step now: one more confirmation for every pending transaction (an outgoing
   * transfer not yet broadcast is signed and broadcast instead: CONFIRMING with 0).
   */
  tick(options?: DeliveryOptions): Promise<CustodyTransaction[]>;
  /**
   * Outgoing transfers (`POST /v1/transactions`, created SUBMITTED): sign and broadcast one now,
   * PENDING_SIGNATURE -> BROADCASTING -> CONFIRMING with 0 confirmations and a txHash, one
   * STATUS_UPDATED webhook each. `confirm(txId)` and `tick()` then add confirmations up to
   * `completeAt` (COMPLETED / CONFIRMED), as for deposits. Also
   * `POST /__sim/transactions/{id}/broadcast`.
   */
  broadcastTransfer(txId: string, options?: DeliveryOptions): Promise<CustodyTransaction>;
  /**
   * Drive an outgoing transfer through every remaining step to COMPLETED (webhooks for each step,
   * delivered in order after the ones already queued, before this resolves). Also
   * `POST /__sim/transactions/{id}/complete`.
   */
  completeTransfer(txId: string, options?: DeliveryOptions): Promise<CustodyTransaction>;
  /**
   * From now on, a transfer to `address` is created and at once ends with `subStatus` (status
   * REJECTED for REJECTED_AML_SCREENING, BLOCKED for BLOCKED_BY_POLICY, else FAILED, unless
   * `status` says), debiting nothing; null clears the rule. In memory only (like drift). Also
   * `POST /__sim/transfer-failures {address, subStatus, status?}`.
   */
  failTransfersTo(address: string, subStatus: string | null, status?: FailureStatus): void;
  transferFailures(): { address: string; status: FailureStatus; subStatus: string }[];
  /** The fee `GET /v1/estimate_network_fee` quotes (medium) and a completed transfer pays. */
  networkFee(assetId: string): { networkFee: string; feeAsset: string };
  /**
   * Resolves once every transfer webhook queued so far has been delivered (or given up on): the
   * API answers a transfer before its webhooks go.
   */
  flushWebhooks(): Promise<void>;
  setAutoConfirm(intervalMs: number | null): void;
  /**
   * Drift: a signed decimal string in the asset's unit ("-0.0001") added to what the balance calls
   * report for one wallet (vault "0" by default), so it disagrees with the deposits; "0" resets.
   * Also `POST /__sim/drift {assetId, amount, vaultAccountId?}`.
   */
  setDrift(assetId: string, amount: string, vaultAccountId?: string): void;
  drift(assetId: string, vaultAccountId?: string): string;
  transactions(): CustodyTransaction[];
  transaction(txId: string): CustodyTransaction | undefined;
  depositAddresses(): SimulatorDepositAddress[];
  /** Confirmations at which each asset id completes. */
  completeAt(): Record<string, number>;
  /**
   * Serve the control page and API from another server (a Remix resource route): `basePath` is
   * where it is mounted, e.g. "/simulator/custody". Only control paths; the /v1 API stays on
   * `baseUrl`.
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

/** The webhook URL now (a function is read at each use: the app's port may be known later). */
export function resolveWebhookUrl(options: Pick<CustodySimulatorOptions, "webhookUrl">): string {
  return typeof options.webhookUrl === "function" ? options.webhookUrl() : options.webhookUrl;
}
