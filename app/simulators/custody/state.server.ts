/**
 * The custody simulator's state: its keys, vaults, deposit addresses, transactions, block heights
 * and idempotent answers, kept in memory and (with `options.store`) written to the store as they
 * change and loaded at start, so a restart forgets nothing (issue 10, item 4). Also how a
 * transaction looks on the wire (Fireblocks' TransactionDetails) and as a webhook event: incoming
 * deposits (UNKNOWN -> VAULT_ACCOUNT) and our outgoing transfers (VAULT_ACCOUNT ->
 * ONE_TIME_ADDRESS, `direction: "out"`).
 */
import {
  createPrivateKey,
  createPublicKey,
  randomBytes,
  randomUUID,
  type KeyObject,
} from "node:crypto";
import { defaultNetwork, networks, type NetworkId } from "~/core/networks/networks";
import { transactionDetailsSchema } from "~/core/providers/custody/schemas";
import {
  addressModels,
  custodyWalletKey,
  custodyWallets,
  isFailed,
  isTerminal,
  resolveFeeAssetIds,
  terminalStatuses,
  resolveWalletAssetIds,
  type CustodyAsset,
  type CustodyTransaction,
  type CustodyWalletKey,
} from "~/core/providers/custody/types";
import { StoredMap } from "../stored-map.server";
import type { SimResponse } from "./http.server";
import { generateRsaKeyPair } from "./keys.server";
import {
  defaultCompleteAt,
  type CustodySimulator,
  type CustodySimulatorOptions,
  type SimulatorDepositAddress,
} from "./types";
import { createValueFactory, type ValueFactory } from "./values.server";

/** Reference USD prices for amountUSD (informational only, like Fireblocks' own). */
export const USD_PRICES: Record<CustodyAsset, string> = {
  BTC: "65000",
  ETH: "3200",
  USDT: "1",
  USDC: "1",
};
const NETWORK_FEES: Record<CustodyAsset, { fee: string; currency: string }> = {
  BTC: { fee: "0.00000706", currency: "BTC" },
  ETH: { fee: "0.000021", currency: "ETH" },
  USDT: { fee: "0.000065", currency: "ETH" },
  USDC: { fee: "0.000065", currency: "ETH" },
};
/** Token transfer fees on the networks other than an asset's default (paid in TRX on Tron). */
const OTHER_NETWORK_FEES: Partial<Record<NetworkId, { fee: string; currency: string }>> = {
  tron: { fee: "13.3959", currency: "TRX" },
  base: { fee: "0.0000012", currency: "BASECHAIN_ETH" },
};

/**
 * What `GET /v1/estimate_network_fee` answers as the medium estimate of an outgoing transfer, per
 * (asset, network), in the fee asset's unit (`resolveFeeAssetIds`: BTC, ETH, TRX, BASECHAIN_ETH);
 * a completed transfer settles at exactly this fee. Fixed, plausible values.
 */
export const TRANSFER_FEES: Readonly<Partial<Record<CustodyWalletKey, string>>> = {
  "BTC:bitcoin": "0.00002",
  "ETH:ethereum": "0.0004",
  "USDT:ethereum": "0.0012",
  "USDC:ethereum": "0.0012",
  "USDT:tron": "13.3959",
  "USDC:base": "0.000005",
};

/** Decimal places of each network's fee coin (BTC 8, ETH and Base ETH 18, TRX 6). */
export const FEE_DECIMALS: Readonly<Record<NetworkId, number>> = {
  bitcoin: 8,
  ethereum: 18,
  tron: 6,
  base: 18,
};

/** The block-height counter a network's transactions advance (old keys kept: stored state). */
export const chainKey = (network: NetworkId): string =>
  network === "bitcoin" ? "BTC" : network === "ethereum" ? "ETH" : network;

export interface SimVault {
  id: string;
  name: string;
  hiddenOnUI: boolean;
  customerRefId: string | null;
  autoFuel: boolean;
  /** assetId -> addresses of that wallet (the first is the wallet's main address). */
  wallets: Map<string, string[]>;
  /** The vault's one EVM address (Ethereum and Base alike), and its one Tron address. */
  evmAddress: string | null;
  tronAddress?: string | null;
  nextAddressIndex: number;
}

export interface SimTx {
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
  /**
   * "out" for our outgoing transfers (`vaultAccountId` is then the source vault); absent for
   * deposits (and in state stored before transfers existed).
   */
  direction?: "out";
  externalTxId?: string | null;
  note?: string;
  /** Outgoing: the network fee (the estimate) and the asset id it is paid in. */
  networkFee?: string;
  feeCurrency?: string;
  /**
   * Outgoing: what the transfer takes from which wallet, decided at creation (the source vault
   * first, then the others; the fee in the fee asset when the workspace holds enough of it). Locked
   * until broadcast, then spent; nothing when the transfer fails.
   */
  debits?: SimDebit[];
}

export interface SimDebit {
  vaultAccountId: string;
  assetId: string;
  /** Decimal string in the asset's unit. */
  amount: string;
}

/** A webhook ready to send: its exact body and what it is about. */
export interface PendingEvent {
  body: string;
  type: string;
  txId: string;
  status: string;
  numOfConfirmations: number;
}

export interface IdempotentAnswer {
  fingerprint: string;
  response: SimResponse;
  at: number;
}

export interface CustodyState {
  readonly now: () => number;
  readonly values: ValueFactory;
  readonly tenantId: string;
  readonly signingKey: KeyObject;
  readonly webhookPublicKeyPem: string;
  readonly apiKeyPair: CustodySimulator["apiKeyPair"];
  /** Verifies API JWTs; undefined: any signature (no API user configured). */
  readonly apiPublicKey: KeyObject | undefined;
  readonly expectedApiKey: string | undefined;
  /** Asset ids by (asset, network). */
  readonly assetIds: Record<CustodyWalletKey, string>;
  /** Asset id -> our symbol. */
  readonly assetBySymbol: Map<string, CustodyAsset>;
  /** Asset id -> the network it is on. */
  readonly networkByAssetId: Map<string, NetworkId>;
  /** Asset id -> confirmations at which a deposit (or an outgoing transfer) completes. */
  readonly completeAtByAssetId: Map<string, number>;
  /** Asset id -> the asset id its network fees are paid in (ETH for USDT_ERC20). */
  readonly feeAssetByAssetId: Map<string, string>;
  /**
   * Read through to the store (issue 28): a few in memory, the rest read when asked; `values()`
   * walks the store a page at a time.
   */
  readonly vaults: StoredMap<SimVault>;
  readonly addresses: StoredMap<SimulatorDepositAddress>;
  /** Transactions still moving (not terminal) and outgoing ones stay in memory (`pinnedValues`). */
  readonly transactions: StoredMap<SimTx>;
  readonly idempotency: StoredMap<IdempotentAnswer>;
  /**
   * Drift per `${vaultAccountId}:${assetId}`: a signed decimal string in the asset's unit added to
   * the available (and total) balance the balance calls report. Not stored.
   */
  readonly drift: Map<string, string>;
  /** Per chain (`chainKey`): BTC, ETH, tron, base. */
  readonly blockHeights: Record<string, number>;
  createVault(
    name: string,
    hiddenOnUI: boolean,
    customerRefId: string | null,
    autoFuel: boolean,
  ): SimVault;
  createWallet(vault: SimVault, assetId: string): string;
  registerAddress(
    address: string,
    vault: SimVault,
    assetId: string,
    description: string | null,
    customerRefId: string | null,
  ): void;
  saveVault(vault: SimVault): void;
  saveTx(tx: SimTx): void;
  saveChain(): void;
  saveIdempotent(key: string): void;
  /** TransactionDetails as Fireblocks sends it, deprecated float fields included. */
  wire(tx: SimTx): Record<string, unknown>;
  view(tx: SimTx): CustodyTransaction;
  event(type: string, tx: SimTx): PendingEvent;
  /** Confirmations at which each asset id completes. */
  completeAtRecord(): Record<string, number>;
}

/** The simulator's state from the options and, when there is one, what the store kept. */
export async function loadCustodyState(options: CustodySimulatorOptions): Promise<CustodyState> {
  const now = options.now ?? Date.now;
  const seed =
    options.seed !== undefined
      ? `seed-${options.seed}`
      : `random-${randomBytes(16).toString("hex")}`;
  const values: ValueFactory = createValueFactory(seed);
  const store = options.store;
  // A database store is read a record or a page at a time (issue 28); a memory store (tests) is
  // small and read whole, as before.
  const paged = store?.paged;
  const stored = paged ? [] : (store?.load() ?? []);
  const storedOf = (kind: string): unknown[] => {
    if (paged && (kind === "keys" || kind === "meta")) {
      const body = paged.get(kind, kind === "keys" ? "keys" : "chain");
      return body === undefined ? [] : [JSON.parse(body) as unknown];
    }
    return stored
      .filter((record) => record.kind === kind)
      .map((record) => JSON.parse(record.body) as unknown);
  };
  const storedKeys = storedOf("keys")[0] as
    | { tenantId: string; signingKeyPem: string; apiKeyPair: CustodySimulator["apiKeyPair"] }
    | undefined;
  const tenantId = options.tenantId ?? storedKeys?.tenantId ?? values.uuid();
  const assetIds = resolveWalletAssetIds(options.assetIds);
  const assetBySymbol = new Map<string, CustodyAsset>();
  const networkByAssetId = new Map<string, NetworkId>();
  const completeAtByAssetId = new Map<string, number>();
  for (const { asset, network } of custodyWallets) {
    const key = custodyWalletKey(asset, network);
    const id = assetIds[key];
    assetBySymbol.set(id, asset);
    networkByAssetId.set(id, network);
    // By pair, else by symbol on the default network, else the network's own count (ADR 0031).
    const count =
      options.completeAt?.[key] ??
      (network === defaultNetwork(asset)
        ? (options.completeAt?.[asset] ?? defaultCompleteAt[asset])
        : networks[network].confirmations);
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`completeAt for ${key} must be a positive integer`);
    completeAtByAssetId.set(id, count);
  }

  // Keys (a stored simulator keeps its own, as a provider keeps its webhook key and API users).
  const signingKeyPem =
    options.signingKeyPem ??
    storedKeys?.signingKeyPem ??
    (await generateRsaKeyPair()).privateKeyPem;
  const signingKey: KeyObject = createPrivateKey(signingKeyPem);
  const webhookPublicKeyPem = createPublicKey(signingKey)
    .export({ type: "spki", format: "pem" })
    .toString();
  let apiKeyPair: CustodySimulator["apiKeyPair"] = null;
  let apiPublicKey: KeyObject | undefined = options.apiPublicKeyPem
    ? createPublicKey(options.apiPublicKeyPem)
    : undefined;
  let expectedApiKey = options.apiKey;
  if (!apiPublicKey && options.generateApiKeyPair) {
    if (
      storedKeys?.apiKeyPair &&
      (options.apiKey === undefined || options.apiKey === storedKeys.apiKeyPair.apiKey)
    ) {
      apiKeyPair = storedKeys.apiKeyPair;
    } else {
      const pair = await generateRsaKeyPair();
      apiKeyPair = { apiKey: options.apiKey ?? randomUUID(), ...pair };
    }
    apiPublicKey = createPublicKey(apiKeyPair.publicKeyPem);
    expectedApiKey = apiKeyPair.apiKey;
  }
  store?.save("keys", "keys", { tenantId, signingKeyPem, apiKeyPair });

  const vaults = new StoredMap<SimVault>(store, "vault", {
    parse: (body) => {
      const vault = JSON.parse(body) as Omit<SimVault, "wallets"> & {
        wallets: [string, string[]][];
      };
      return { ...vault, wallets: new Map(vault.wallets) };
    },
  });
  let nextVaultId = 0;
  const addresses = new StoredMap<SimulatorDepositAddress>(store, "address");
  // Outgoing transfers stay in memory too (a refund's transfer is looked up by its external id).
  const transactions = new StoredMap<SimTx>(store, "tx", {
    pin: (tx) => !isTerminal(tx.status) || tx.direction === "out",
  });
  const idempotency = new StoredMap<IdempotentAnswer>(store, "idempotency");
  const blockHeights: Record<string, number> = {
    BTC: 880_000,
    ETH: 21_500_000,
    tron: 68_000_000,
    base: 23_000_000,
  };

  // --- persistence (options.store)
  // ------------------------------------------------------------------
  const saveVault = (vault: SimVault) => {
    vaults.set(vault.id, vault);
    store?.save("vault", vault.id, { ...vault, wallets: [...vault.wallets.entries()] });
  };
  const saveAddress = (row: SimulatorDepositAddress) => {
    addresses.set(row.address, row);
    store?.save("address", row.address, row);
  };
  const saveTx = (tx: SimTx) => {
    // Again: a transaction that became terminal leaves the pinned set.
    transactions.set(tx.id, tx);
    store?.save("tx", tx.id, tx);
  };
  const saveChain = () => {
    store?.save("meta", "chain", { nextVaultId, blockHeights });
  };
  const saveIdempotent = (key: string) => {
    const entry = idempotency.get(key);
    if (entry) store?.save("idempotency", key, entry);
  };

  function createVault(
    name: string,
    hiddenOnUI: boolean,
    customerRefId: string | null,
    autoFuel: boolean,
  ): SimVault {
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

  function registerAddress(
    address: string,
    vault: SimVault,
    assetId: string,
    description: string | null,
    customerRefId: string | null,
  ) {
    const existing = addresses.get(address);
    if (existing) {
      if (!existing.assetIds.includes(assetId)) existing.assetIds.push(assetId);
      saveAddress(existing);
      return;
    }
    const row: SimulatorDepositAddress = {
      address,
      vaultAccountId: vault.id,
      assetIds: [assetId],
      description,
      customerRefId,
      createdAt: now(),
    };
    addresses.set(address, row);
    saveAddress(row);
  }

  function createWallet(vault: SimVault, assetId: string): string {
    const asset = assetBySymbol.get(assetId)!;
    const format = networks[networkByAssetId.get(assetId)!].addressFormat;
    let address: string;
    if (format === "tron") {
      vault.tronAddress ??= values.tronAddress();
      address = vault.tronAddress;
    } else if (format === "evm") {
      vault.evmAddress ??= values.evmAddress();
      address = vault.evmAddress;
    } else {
      address = values.btcAddress();
      vault.nextAddressIndex = 1;
    }
    vault.wallets.set(assetId, [address]);
    saveVault(vault);
    // An account-based wallet's one address belongs to its (per-payment) vault: describe it by the
    // vault.
    registerAddress(
      address,
      vault,
      assetId,
      addressModels[asset] === "account" ? vault.name : null,
      vault.customerRefId,
    );
    return address;
  }

  // Vault 0, "Default", holds the BTC deposit addresses (the client's default deposit vault).
  // A stored simulator resumes where it was instead.
  if (paged?.any("vault")) {
    // Only what must be in memory: transactions still moving and outgoing ones. Expired
    // idempotent answers are deleted in the database.
    const live = paged.matching("tx", [
      { path: "$.status", notIn: [...terminalStatuses] },
      { path: "$.direction", in: ["out"] },
    ]);
    for (const row of live.sort((a, b) => a.seq - b.seq))
      transactions.remember(row.id, JSON.parse(row.body) as SimTx);
    paged.removeBelow("idempotency", "$.at", now() - 24 * 3_600_000);
    const chain = storedOf("meta")[0] as
      { nextVaultId: number; blockHeights: Record<string, number> } | undefined;
    // Every vault made also saved the chain record with the next id: the vaults themselves are
    // read only when that record is missing.
    nextVaultId = chain ? chain.nextVaultId : (paged.maxNumericId("vault") ?? -1) + 1;
    if (chain) Object.assign(blockHeights, chain.blockHeights);
  } else if (storedOf("vault").length > 0) {
    const storedVaults = storedOf("vault") as (Omit<SimVault, "wallets"> & {
      wallets: [string, string[]][];
    })[];
    for (const vault of storedVaults.sort((a, b) => Number(a.id) - Number(b.id)))
      vaults.remember(vault.id, { ...vault, wallets: new Map(vault.wallets) });
    for (const row of (storedOf("address") as SimulatorDepositAddress[]).sort(
      (a, b) => a.createdAt - b.createdAt,
    ))
      addresses.remember(row.address, row);
    for (const tx of (storedOf("tx") as SimTx[]).sort((a, b) => a.createdAt - b.createdAt))
      transactions.remember(tx.id, tx);
    const cutoff = now() - 24 * 3_600_000;
    for (const record of stored.filter((r) => r.kind === "idempotency")) {
      const entry = JSON.parse(record.body) as IdempotentAnswer;
      if (entry.at >= cutoff) idempotency.remember(record.id, entry);
      else store?.remove("idempotency", record.id);
    }
    const chain = storedOf("meta")[0] as
      { nextVaultId: number; blockHeights: Record<string, number> } | undefined;
    nextVaultId = Math.max(
      chain?.nextVaultId ?? 0,
      ...storedVaults.map((vault) => Number(vault.id) + 1),
    );
    if (chain) Object.assign(blockHeights, chain.blockHeights);
  } else {
    createWallet(createVault("Default", false, null, false), assetIds["BTC:bitcoin"]);
  }

  function wire(tx: SimTx): Record<string, unknown> {
    const network = networkByAssetId.get(tx.assetId);
    const outgoing = tx.direction === "out";
    // An outgoing transfer that failed never reached the chain here: it paid no fee.
    const fee = outgoing
      ? {
          fee: isFailed(tx.status) ? "0" : (tx.networkFee ?? "0"),
          currency: tx.feeCurrency ?? "",
        }
      : (network && OTHER_NETWORK_FEES[network]) || NETWORK_FEES[tx.asset];
    return {
      id: tx.id,
      ...(outgoing ? { externalTxId: tx.externalTxId ?? null } : {}),
      assetId: tx.assetId,
      source: outgoing
        ? { id: tx.vaultAccountId, type: "VAULT_ACCOUNT", name: tx.vaultName, subType: "" }
        : { id: "", type: "UNKNOWN", name: "External", subType: "" },
      destination: outgoing
        ? { id: "", type: "ONE_TIME_ADDRESS", name: "N/A", subType: "" }
        : {
            id: tx.vaultAccountId,
            type: "VAULT_ACCOUNT",
            name: tx.vaultName,
            subType: "",
          },
      requestedAmount: Number(tx.amount),
      amount: Number(tx.amount),
      netAmount: Number(tx.amount),
      amountUSD: Number(tx.amountUSD),
      fee: Number(fee.fee),
      networkFee: Number(fee.fee),
      amountInfo: {
        amount: tx.amount,
        requestedAmount: tx.amount,
        netAmount: tx.amount,
        amountUSD: tx.amountUSD,
      },
      feeInfo: { networkFee: fee.fee },
      feeCurrency: fee.currency,
      createdAt: tx.createdAt,
      lastUpdated: tx.lastUpdated,
      status: tx.status,
      subStatus: tx.subStatus,
      txHash: tx.txHash,
      tag: "",
      operation: "TRANSFER",
      note: tx.note ?? "",
      sourceAddress: tx.sourceAddress,
      destinationAddress: tx.destinationAddress,
      destinationAddressDescription: outgoing
        ? ""
        : (addresses.get(tx.destinationAddress)?.description ?? ""),
      destinationTag: "",
      addressType: "",
      exchangeTxId: "",
      signedBy: [],
      createdBy: "",
      rejectedBy: "",
      numOfConfirmations: tx.numOfConfirmations,
      blockInfo:
        tx.blockHeight === null
          ? {}
          : { blockHeight: String(tx.blockHeight), blockHash: tx.blockHash ?? "" },
      networkRecords: [],
      systemMessages: [],
    };
  }

  return {
    now,
    values,
    tenantId,
    signingKey,
    webhookPublicKeyPem,
    apiKeyPair,
    apiPublicKey,
    expectedApiKey,
    assetIds,
    assetBySymbol,
    networkByAssetId,
    completeAtByAssetId,
    feeAssetByAssetId: resolveFeeAssetIds(assetIds, options.feeAssetIds),
    vaults,
    addresses,
    transactions,
    idempotency,
    drift: new Map(),
    blockHeights,
    createVault,
    createWallet,
    registerAddress,
    saveVault,
    saveTx,
    saveChain,
    saveIdempotent,
    wire,
    view: (tx) => transactionDetailsSchema.parse(wire(tx)),
    event(type, tx) {
      const body = JSON.stringify({ type, tenantId, timestamp: now(), data: wire(tx) });
      return {
        body,
        type,
        txId: tx.id,
        status: tx.status,
        numOfConfirmations: tx.numOfConfirmations,
      };
    },
    completeAtRecord: () => Object.fromEntries(completeAtByAssetId),
  };
}
