/**
 * The custody provider interface the payments core calls, and the Fireblocks vocabulary it is
 * written in (docs/decisions/0013-custody-protocol.md, reference/protocols.md section 4.1). Pure:
 * no node: APIs.
 *
 * Amounts stay decimal strings exactly as the provider sends them; the payments core converts them
 * to ledger units (BTC satoshi, ETH gwei, USDT/USDC 1e-6) with its own explicit rounding.
 */

import { assetNetworks, homeNetwork, type NetworkId } from "~/core/networks/networks";

/** The assets OneHop collects, by our own symbols. */
export const custodyAssets = ["BTC", "ETH", "USDT", "USDC"] as const;
export type CustodyAsset = (typeof custodyAssets)[number];

/**
 * Fireblocks mainnet asset ids for our symbols. Testnet workspaces use other ids (BTC_TEST,
 * ETH_TEST5, ...).
 */
export const defaultAssetIds: Readonly<Record<CustodyAsset, string>> = {
  BTC: "BTC",
  ETH: "ETH",
  USDT: "USDT_ERC20",
  USDC: "USDC",
};

/**
 * One asset on one network, as custody holds it (`USDT:tron`): Fireblocks has one asset id per
 * pair. The networks each asset is on come from core/networks (ADR 0031).
 */
export type CustodyWalletKey = `${CustodyAsset}:${NetworkId}`;

export const custodyWalletKey = (asset: CustodyAsset, network: NetworkId): CustodyWalletKey =>
  `${asset}:${network}`;

/** Every (asset, network) pair we collect, each asset's default network first. */
export const custodyWallets: readonly { asset: CustodyAsset; network: NetworkId }[] =
  custodyAssets.flatMap((asset) => assetNetworks[asset].map((network) => ({ asset, network })));

/**
 * Fireblocks mainnet asset ids per (asset, network). On the home networks they are
 * `defaultAssetIds`; USDT on Tron is `TRX_USDT_S2UZ` and USDC on Base `USDC_BASECHAIN_ETH_5I5C`
 * (Fireblocks' ids for those tokens, as public integrations use them; `GET /v1/supported_assets`
 * lists a workspace's: ADR 0031).
 */
export const defaultWalletAssetIds: Readonly<Partial<Record<CustodyWalletKey, string>>> = {
  "BTC:bitcoin": "BTC",
  "ETH:ethereum": "ETH",
  "USDT:ethereum": "USDT_ERC20",
  "USDC:ethereum": "USDC",
  "USDT:tron": "TRX_USDT_S2UZ",
  "USDC:base": "USDC_BASECHAIN_ETH_5I5C",
};

/**
 * Overrides of the asset ids (testnet workspaces): by symbol for the asset's home network
 * (`USDT: "USDT_ERC20_TEST"`, as before networks), or by pair (`"USDT:tron": "TRX_USDT_TEST"`).
 */
export type CustodyAssetIdOverrides = Partial<Record<CustodyAsset | CustodyWalletKey, string>>;

/** Asset id of every pair we collect, with the overrides applied. */
export function resolveWalletAssetIds(
  overrides: CustodyAssetIdOverrides = {},
): Record<CustodyWalletKey, string> {
  const ids = {} as Record<CustodyWalletKey, string>;
  for (const { asset, network } of custodyWallets) {
    const key = custodyWalletKey(asset, network);
    ids[key] =
      overrides[key] ??
      (network === homeNetwork(asset) ? overrides[asset] : undefined) ??
      defaultWalletAssetIds[key]!;
  }
  return ids;
}

/**
 * How the provider hands out deposit addresses for an asset. UTXO chains (BTC) give any number of
 * addresses inside one vault account; account-based chains without memo support (ETH and its ERC-20
 * tokens, Base, Tron and its TRC-20 tokens) give exactly one address per vault account, so each
 * payment gets its own vault account.
 */
export type AddressModel = "utxo" | "account";

export const addressModels: Readonly<Record<CustodyAsset, AddressModel>> = {
  BTC: "utxo",
  ETH: "account",
  USDT: "account",
  USDC: "account",
};

/** Decimal places of each asset's on-chain unit (the most digits an amount can carry). */
export const assetDecimals: Readonly<Record<CustodyAsset, number>> = {
  BTC: 8,
  ETH: 18,
  USDT: 6,
  USDC: 6,
};

/** Every status Fireblocks documents (some enums also list PARTIALLY_COMPLETED and TIMEOUT). */
export const knownTransactionStatuses = [
  "SUBMITTED",
  "PENDING_AML_SCREENING",
  "PENDING_ENRICHMENT",
  "PENDING_AUTHORIZATION",
  "QUEUED",
  "PENDING_SIGNATURE",
  "PENDING_3RD_PARTY_MANUAL_APPROVAL",
  "PENDING_3RD_PARTY",
  "BROADCASTING",
  "CONFIRMING",
  "COMPLETED",
  "CANCELLING",
  "CANCELLED",
  "BLOCKED",
  "REJECTED",
  "FAILED",
  "PARTIALLY_COMPLETED",
  "TIMEOUT",
] as const;
export type KnownTransactionStatus = (typeof knownTransactionStatuses)[number];
/**
 * A status as sent: one of the known ones, or a new one the provider added (treated as not final).
 */
export type CustodyTransactionStatus = KnownTransactionStatus | (string & {});

/** Final statuses: nothing changes after them. Only COMPLETED means the funds arrived. */
export const terminalStatuses: ReadonlySet<string> = new Set([
  "COMPLETED",
  "CANCELLED",
  "BLOCKED",
  "REJECTED",
  "FAILED",
]);

export function isTerminal(status: string): boolean {
  return terminalStatuses.has(status);
}

/** Final and unsuccessful: the deposit will never be credited. */
export function isFailed(status: string): boolean {
  return isTerminal(status) && status !== "COMPLETED";
}

export interface TransferPeer {
  /**
   * VAULT_ACCOUNT, EXCHANGE_ACCOUNT, UNKNOWN, ONE_TIME_ADDRESS, ... Deposits come from UNKNOWN to a
   * VAULT_ACCOUNT; our outgoing transfers (refunds) go from a VAULT_ACCOUNT to a ONE_TIME_ADDRESS.
   */
  type: string;
  id: string | null;
  name: string | null;
}

/**
 * Fireblocks TransactionDetails, the fields we read (validated by `transactionDetailsSchema`), for
 * incoming deposits and our outgoing transfers alike. Fields Fireblocks may omit are null.
 */
export interface CustodyTransaction {
  id: string;
  /** Our own id for a transaction we created (`createTransfer`); null for deposits. */
  externalTxId: string | null;
  status: CustodyTransactionStatus;
  /** CONFIRMED, PENDING_BLOCKCHAIN_CONFIRMATIONS, INSUFFICIENT_FUNDS, BLOCKED_BY_POLICY, ... */
  subStatus: string | null;
  /** Set once broadcast (an outgoing transfer has none before CONFIRMING). */
  txHash: string | null;
  /** "TRANSFER" for deposits and for our outgoing transfers. */
  operation: string;
  assetId: string;
  source: TransferPeer;
  destination: TransferPeer;
  sourceAddress: string | null;
  destinationAddress: string | null;
  destinationTag: string | null;
  /** Decimal strings in the asset's unit (e.g. "0.00150000" BTC), never floats. */
  amountInfo: {
    amount: string;
    requestedAmount: string | null;
    netAmount: string | null;
    amountUSD: string | null;
  };
  /**
   * Decimal strings when present. For an outgoing transfer `networkFee` is what the workspace paid
   * (in `feeCurrency`, the asset id of the network's native coin: ETH for an ERC-20 token).
   */
  feeInfo: { networkFee: string | null; serviceFee: string | null; gasPrice: string | null };
  feeCurrency: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  lastUpdated: number;
  numOfConfirmations: number;
  blockInfo: { blockHeight: string | null; blockHash: string | null };
}

export interface DepositAddress {
  address: string;
  /** The provider's asset id (USDT_ERC20 for USDT on Ethereum). */
  assetId: string;
  vaultAccountId: string;
  /** The network the address is on (the client always says; absent: the asset's default). */
  network?: NetworkId;
}

export interface CreateDepositAddressInput {
  /** Our payment id: the address description, and the base of the idempotency keys. */
  paymentId: string;
  asset: CustodyAsset;
  /** The network to receive on; default the asset's default network. */
  network?: NetworkId;
  /** Reference of the paying party for the provider's AML screening. Default: the payment id. */
  customerRefId?: string;
}

export interface Custody {
  /**
   * A fresh deposit address for one payment. Safe to retry with the same payment id: the requests
   * carry idempotency keys derived from it, so a retry gets the same address back (for 24 hours).
   */
  createDepositAddress(input: CreateDepositAddressInput): Promise<DepositAddress>;
  /** The provider's current view of a transaction: re-read it before crediting anything. */
  getTransaction(txId: string): Promise<CustodyTransaction>;
  /**
   * Incoming transactions to one of our deposit addresses created at or after `after` (epoch ms),
   * oldest first: what reconciliation asks when a webhook may have been missed.
   */
  findDeposits(input: FindDepositsInput): Promise<CustodyTransaction[]>;
}

export interface FindDepositsInput {
  address: string;
  /** The provider's asset id (USDT_ERC20 for USDT). */
  assetId: string;
  /** The vault account holding the address, when known (narrows the query). */
  vaultAccountId?: string | null;
  /** Epoch milliseconds. */
  after: number;
}

/** Event types that carry TransactionDetails in `data`. */
export type CustodyWebhookType =
  | "TRANSACTION_CREATED"
  | "TRANSACTION_STATUS_UPDATED"
  | "TRANSACTION_APPROVAL_STATUS_UPDATED"
  | "TRANSACTION_NETWORK_RECORDS_PROCESSING_COMPLETED"
  | (string & {});

/** A Fireblocks v1 transaction webhook, validated. */
export interface CustodyWebhookEvent {
  type: CustodyWebhookType;
  tenantId: string;
  /** Epoch milliseconds. */
  timestamp: number;
  data: CustodyTransaction;
}

/**
 * The key to drop repeated deliveries: a transaction emits one event per (status, confirmations)
 * step, and Fireblocks may deliver any of them more than once.
 */
export function dedupeKey(event: Pick<CustodyWebhookEvent, "data">): string {
  return `${event.data.id}:${event.data.status}:${event.data.numOfConfirmations}`;
}

/** What one asset wallet (or all wallets of an asset) holds, in the ledger's base units. */
export interface CustodyAssetBalance {
  /** The provider's asset id (USDT_ERC20). */
  assetId: string;
  asset: CustodyAsset;
  /**
   * Decimal places of the units below: the ledger's (ASSET_SCALE in core/payments/quote.ts: BTC 8,
   * ETH 9 (gwei), USDT/USDC 6), not always the chain's (ETH has 18).
   */
  scale: number;
  /** On chain: available + pending + frozen + lockedAmount. */
  total: bigint;
  /** Free to move. */
  available: bigint;
  /** Incoming, not yet confirmed enough. */
  pending: bigint;
  frozen: bigint;
  lockedAmount: bigint;
  /** False when a balance had digits finer than `scale` (dropped towards zero, never rounded). */
  exact: boolean;
  /** The decimal strings as the provider sent them. */
  raw: { total: string; available: string; pending: string; frozen: string; lockedAmount: string };
}

/**
 * Balances, apart from `Custody` so that fakes of the deposit side need not implement them
 * (`createCustodyClient` returns both).
 */
export interface CustodyBalances {
  /** `GET /v1/vault/accounts/{vaultAccountId}/{assetId}`: one vault account's wallet. */
  getVaultAssetBalance(vaultAccountId: string, assetId: string): Promise<CustodyAssetBalance>;
  /** `GET /v1/vault/assets/{assetId}`: the asset across every vault account (the custody total). */
  getAssetBalance(assetId: string): Promise<CustodyAssetBalance>;
}

/**
 * The asset id each network's fees are paid in, on mainnet workspaces: the network's native coin.
 * BTC pays in BTC; ETH, USDT_ERC20 and USDC (Ethereum) pay in ETH; USDT on Tron (TRX_USDT_S2UZ)
 * pays in TRX; USDC on Base (USDC_BASECHAIN_ETH_5I5C) pays in BASECHAIN_ETH (Fireblocks' id for
 * ETH on Base). Testnet workspaces use other ids (`resolveFeeAssetIds`).
 */
export const defaultFeeAssetIds: Readonly<Record<NetworkId, string>> = {
  bitcoin: "BTC",
  ethereum: "ETH",
  tron: "TRX",
  base: "BASECHAIN_ETH",
};

/**
 * The fee asset id of every asset id we collect: the network's native coin, taken from the
 * (overridden) asset ids where we collect that coin ourselves (BTC, ETH: so `ETH_TEST5` pays for
 * `USDT_ERC20_TEST`), else `feeAssetIds[network]`, else `defaultFeeAssetIds`.
 */
export function resolveFeeAssetIds(
  assetIds: Readonly<Record<CustodyWalletKey, string>>,
  feeAssetIds: Partial<Record<NetworkId, string>> = {},
): Map<string, string> {
  const nativeOf: Partial<Record<NetworkId, string>> = {
    bitcoin: assetIds["BTC:bitcoin"],
    ethereum: assetIds["ETH:ethereum"],
  };
  const feeAssets = new Map<string, string>();
  for (const { asset, network } of custodyWallets) {
    feeAssets.set(
      assetIds[custodyWalletKey(asset, network)],
      feeAssetIds[network] ?? nativeOf[network] ?? defaultFeeAssetIds[network],
    );
  }
  return feeAssets;
}

/** `estimateNetworkFee`'s answer: Fireblocks' medium estimate and the asset it is paid in. */
export interface NetworkFeeEstimate {
  /** Decimal string in `feeAsset`'s unit. */
  networkFee: string;
  /** The asset id the fee is paid in (see `defaultFeeAssetIds`). */
  feeAsset: string;
}

export interface CreateTransferInput {
  /**
   * Our unique id for this transfer (the refund id): Fireblocks refuses a second transaction with
   * it, for ever, and the Idempotency-Key is derived from it.
   */
  externalTxId: string;
  /** The provider's asset id (USDT_ERC20 for USDT on Ethereum). */
  assetId: string;
  /** The vault account to send from. */
  sourceVaultAccountId: string;
  /** The external address to send to (a one-time address: no whitelisting). */
  destinationAddress: string;
  /** Decimal string in the asset's unit, at most the asset's decimals; never a float. */
  amount: string;
  /** Shown in Fireblocks' console; not sent to the chain. */
  note?: string;
}

/** `createTransfer`'s answer: Fireblocks' CreateTransactionResponse. */
export interface CreatedTransfer {
  id: string;
  /** SUBMITTED for a new transfer; the current status when it already existed. */
  status: CustodyTransactionStatus;
}

/**
 * Outgoing transfers (refunds), apart from `Custody` so that fakes of the deposit side need not
 * implement them (`createCustodyClient` returns all of them).
 */
export interface CustodyTransfers {
  /** `GET /v1/estimate_network_fee?assetId=`: Fireblocks' medium estimate. */
  estimateNetworkFee(assetId: string): Promise<NetworkFeeEstimate>;
  /**
   * `POST /v1/transactions`: send `amount` of `assetId` from a vault account to an external
   * address.
   * Never sends twice for one `externalTxId`: a retry after a lost answer returns the first
   * transaction (see the client for how). The answer says only that Fireblocks took it: follow it
   * by webhook or `getTransaction` (it may still fail, e.g. FAILED / INSUFFICIENT_FUNDS).
   */
  createTransfer(input: CreateTransferInput): Promise<CreatedTransfer>;
  /** `GET /v1/transactions/external_tx_id/{externalTxId}`: the transaction, or null when none. */
  findTransactionByExternalId(externalTxId: string): Promise<CustodyTransaction | null>;
}
