/**
 * The Fireblocks REST API v1 subset our client uses, with the same authentication (a JWT per
 * request, checked like Fireblocks, 401 with its error codes; a nonce is accepted once):
 *   POST /v1/vault/accounts                                 create a vault account
 *   GET  /v1/vault/accounts/{id}                            read one
 *   POST /v1/vault/accounts/{id}/{assetId}                  create its asset wallet (account-based:
 *                                                           its one address)
 *   POST /v1/vault/accounts/{id}/{assetId}/addresses        new deposit address (UTXO assets only)
 *   GET  /v1/vault/accounts/{id}/{assetId}                  the wallet's balance (VaultAsset)
 *   GET  /v1/vault/assets/{assetId}                         the asset's balance across all vaults
 *   GET  /v1/transactions/{txId}                            TransactionDetails
 *   GET  /v1/transactions                                   the latest transactions
 *   POST /v1/transactions                                   an outgoing transfer
 *                                                           (transfers.server.ts)
 *   GET  /v1/transactions/external_tx_id/{externalTxId}     the transfer created with that id
 *   GET  /v1/estimate_network_fee?assetId=                  fee estimates (low, medium, high)
 * POSTs honour `Idempotency-Key` (at most 40 characters): a repeat gets the first answer.
 */
import { verifyFireblocksJwt } from "~/core/providers/custody/jwt.server";
import { addressModels } from "~/core/providers/custody/types";
import { vaultAssetBalance } from "./balances.server";
import { json, parseJsonBody, type SimRequest, type SimResponse } from "./http.server";
import type { CustodyState, SimTx, SimVault } from "./state.server";
import type { SimulatedTransfers } from "./transfers.server";

/**
 * Error codes the simulator answers with besides the documented 401 ones. 1004 and 1006 are
 * Fireblocks' documented codes; the others are the simulator's own choice (Fireblocks' exact codes
 * unverified).
 */
export const apiErrors = {
  vaultNotFound: { status: 404, code: 1004, message: "Vault account Id was not found" },
  assetNotFound: { status: 404, code: 1006, message: "Asset doesn't exist" },
  walletNotFound: {
    status: 404,
    code: 1006,
    message: "The vault account has no wallet for this asset",
  },
  walletExists: {
    status: 400,
    code: 1026,
    message: "The vault account already has a wallet for this asset",
  },
  addressesNotSupported: {
    status: 400,
    code: 1025,
    message:
      "Creating additional deposit addresses is not supported for this asset: create a vault account per address",
  },
  transactionNotFound: { status: 404, code: 1404, message: "Transaction not found" },
  invalidBody: { status: 400, code: 1000, message: "The request body is not valid JSON" },
  idempotencyKeyTooLong: {
    status: 400,
    code: 1001,
    message: "Idempotency-Key must be at most 40 characters",
  },
  idempotencyKeyReused: {
    status: 400,
    code: 1001,
    message: "The Idempotency-Key was already used for another request",
  },
  notFound: { status: 404, code: 404, message: "Not Found" },
} as const;

export function apiError(error: { status: number; code: number; message: string }): SimResponse {
  return json(error.status, { message: error.message, code: error.code });
}

/**
 * Drop expired entries from the front of an insertion-ordered map, stopping at the first live one:
 * entries are added in (nearly) expiry order, so this stays cheap under load (a bench runs
 * thousands).
 */
function pruneOldest<K, V>(map: Map<K, V>, expired: (value: V) => boolean): void {
  for (const [key, value] of map) {
    if (!expired(value)) return;
    map.delete(key);
  }
}

const optionalString = (value: unknown): string | null =>
  typeof value === "string" && value.length > 0 ? value.slice(0, 200) : null;

/** The API handler over the simulator's state: one authenticated request in, one response out. */
export function createCustodyApi(
  state: CustodyState,
  transfers: SimulatedTransfers,
): (request: SimRequest) => SimResponse {
  const { now, vaults, transactions, idempotency, assetBySymbol, values } = state;
  const seenNonces = new Map<string, number>();

  function authenticate(request: SimRequest): SimResponse | null {
    const uri = request.url.pathname + request.url.search;
    const result = verifyFireblocksJwt({
      authorization: request.headers.authorization,
      apiKeyHeader: request.headers["x-api-key"],
      uri,
      rawBody: request.body,
      nowMs: now(),
      publicKey: state.apiPublicKey,
      expectedApiKey: state.expectedApiKey,
    });
    if (!result.ok) return json(401, { message: result.error.message, code: result.error.code });
    const nonceKey = `${result.claims.sub}:${String(result.claims.nonce)}`;
    const nowMs = now();
    pruneOldest(seenNonces, (expiresAt) => expiresAt < nowMs);
    if (seenNonces.has(nonceKey))
      return json(401, { message: "Unauthorized: Token was not accepted.", code: -7 });
    seenNonces.set(nonceKey, result.claims.exp * 1000 + 60_000);
    return null;
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

  function apiPost(path: string[], body: Record<string, unknown>): SimResponse {
    // /v1/vault/accounts
    if (path.length === 3) {
      const name = optionalString(body.name);
      if (!name) return json(400, { message: "name is required", code: 1002 });
      const vault = state.createVault(
        name,
        body.hiddenOnUI === true,
        optionalString(body.customerRefId),
        body.autoFuel === true,
      );
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
      const address = state.createWallet(vault, assetId);
      return json(200, {
        id: assetId,
        address,
        legacyAddress: "",
        enterpriseAddress: "",
        tag: "",
        eosAccountName: "",
      });
    }
    // /v1/vault/accounts/{id}/{assetId}/addresses
    if (path.length === 6 && path[5] === "addresses") {
      if (addressModels[asset] === "account") return apiError(apiErrors.addressesNotSupported);
      const wallet = vault.wallets.get(assetId);
      if (!wallet) return apiError(apiErrors.walletNotFound);
      const address = values.btcAddress();
      const index = vault.nextAddressIndex++;
      wallet.push(address);
      state.saveVault(vault);
      state.registerAddress(
        address,
        vault,
        assetId,
        optionalString(body.description),
        optionalString(body.customerRefId),
      );
      return json(200, {
        address,
        legacyAddress: "",
        enterpriseAddress: "",
        tag: "",
        bip44AddressIndex: index,
      });
    }
    return apiError(apiErrors.notFound);
  }

  /**
   * `GET /v1/transactions` with Fireblocks' filters: before/after (createdAt, epoch ms, exclusive),
   * status, assets (comma list), destType/destId, sourceType/sourceId, txHash, orderBy (createdAt
   * or lastUpdated), sort (DESC default), limit (default 200, at most 500).
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
    const sourceId = query.get("sourceId");
    const txHash = query.get("txHash");
    // Deposits come from UNKNOWN into a vault; our transfers go from a vault to a one-time address.
    const destTypeOf = (tx: SimTx) =>
      tx.direction === "out" ? "ONE_TIME_ADDRESS" : "VAULT_ACCOUNT";
    const sourceTypeOf = (tx: SimTx) => (tx.direction === "out" ? "VAULT_ACCOUNT" : "UNKNOWN");
    const orderBy = query.get("orderBy") === "lastUpdated" ? "lastUpdated" : "createdAt";
    const ascending = query.get("sort") === "ASC";
    const matches = (tx: SimTx) =>
      (Number.isNaN(after) || tx.createdAt > after) &&
      (Number.isNaN(before) || tx.createdAt < before) &&
      (!statuses || statuses.includes(tx.status)) &&
      (!assetFilter || assetFilter.includes(tx.assetId)) &&
      (!destType || destType === destTypeOf(tx)) &&
      (!destId || (tx.direction !== "out" && tx.vaultAccountId === destId)) &&
      (!sourceType || sourceType === sourceTypeOf(tx)) &&
      (!sourceId || (tx.direction === "out" && tx.vaultAccountId === sourceId)) &&
      (!txHash || tx.txHash === txHash);
    const order = (a: SimTx, b: SimTx) =>
      ascending ? a[orderBy] - b[orderBy] : b[orderBy] - a[orderBy];
    if (orderBy === "createdAt") {
      // Read in createdAt order from `after` (descending: from `before`) through the store's
      // indexes: only the transactions in the window (of the vault asked about) are read, and the
      // first `limit` that match are the answer (reconciliation asks for the deposits since a
      // payment was made).
      // With a vault (destId: deposits into it; sourceId: transfers out of it), only that vault's.
      const vault = destId ?? sourceId;
      const found: SimTx[] = [];
      for (const tx of transactions.sortedBy("$.createdAt", {
        after: Number.isNaN(after) ? undefined : after,
        before: Number.isNaN(before) ? undefined : before,
        descending: !ascending,
        where: vault ? { path: "$.vaultAccountId", value: vault } : undefined,
      })) {
        if (!matches(tx)) continue;
        found.push(tx);
        if (found.length >= limit) break;
      }
      return found;
    }
    // By lastUpdated: walk the store a page at a time, keeping at most 2 x limit matches (a stable
    // sort keeps the same first `limit` as sorting every match).
    let matching: SimTx[] = [];
    for (const tx of transactions.values({ descending: !ascending })) {
      if (!matches(tx)) continue;
      matching.push(tx);
      if (matching.length >= 2 * limit) matching = matching.sort(order).slice(0, limit);
    }
    return matching.sort(order).slice(0, limit);
  }

  return function api(request: SimRequest): SimResponse {
    const denied = authenticate(request);
    if (denied) return denied;
    const path = request.url.pathname
      .split("/")
      .slice(1)
      .map((part) => decodeURIComponent(part));
    if (request.method === "GET") {
      if (path[1] === "transactions" && path.length === 3) {
        const tx = transactions.get(path[2] ?? "");
        return tx ? json(200, state.wire(tx)) : apiError(apiErrors.transactionNotFound);
      }
      if (path[1] === "transactions" && path.length === 2)
        return json(200, listTransactions(request.url.searchParams).map(state.wire));
      // The SDKs' path has a trailing slash; both are served.
      if (
        path[1] === "transactions" &&
        path[2] === "external_tx_id" &&
        (path.length === 4 || (path.length === 5 && path[4] === ""))
      ) {
        const tx = transfers.byExternalId(path[3] ?? "");
        return tx ? json(200, state.wire(tx)) : apiError(apiErrors.transactionNotFound);
      }
      if (path[1] === "estimate_network_fee" && path.length === 2)
        return transfers.estimate(request.url.searchParams.get("assetId"));
      if (path[1] === "vault" && path[2] === "accounts" && path.length === 4) {
        const vault = vaults.get(path[3] ?? "");
        return vault ? json(200, vaultJson(vault)) : apiError(apiErrors.vaultNotFound);
      }
      if (path[1] === "vault" && path[2] === "accounts" && path.length === 5) {
        const vault = vaults.get(path[3] ?? "");
        if (!vault) return apiError(apiErrors.vaultNotFound);
        const assetId = path[4] ?? "";
        if (!assetBySymbol.has(assetId)) return apiError(apiErrors.assetNotFound);
        if (!vault.wallets.has(assetId)) return apiError(apiErrors.walletNotFound);
        return json(200, vaultAssetBalance(state, assetId, vault.id));
      }
      if (path[1] === "vault" && path[2] === "assets" && path.length === 4) {
        const assetId = path[3] ?? "";
        if (!assetBySymbol.has(assetId)) return apiError(apiErrors.assetNotFound);
        return json(200, vaultAssetBalance(state, assetId));
      }
      return apiError(apiErrors.notFound);
    }
    const createsTransfer = path[1] === "transactions" && path.length === 2;
    if (
      request.method === "POST" &&
      ((path[1] === "vault" && path[2] === "accounts") || createsTransfer)
    ) {
      const key = request.headers["idempotency-key"];
      if (key !== undefined && key.length > 40) return apiError(apiErrors.idempotencyKeyTooLong);
      const fingerprint = `${request.method} ${request.url.pathname} ${request.body.toString("base64")}`;
      if (key) {
        const cutoff = now() - 24 * 3_600_000;
        idempotency.forgetOldest((entry) => entry.at < cutoff);
        const found = idempotency.get(key);
        // An answer older than a day (read back from the store) is not replayed.
        const previous = found && found.at >= cutoff ? found : undefined;
        if (previous)
          return previous.fingerprint === fingerprint
            ? previous.response
            : apiError(apiErrors.idempotencyKeyReused);
      }
      const body = parseJsonBody(request);
      const response = !body
        ? apiError(apiErrors.invalidBody)
        : createsTransfer
          ? transfers.create(body)
          : apiPost(path, body);
      if (key && response.status < 500) {
        idempotency.set(key, { fingerprint, response, at: now() });
        state.saveIdempotent(key);
      }
      return response;
    }
    return apiError(apiErrors.notFound);
  };
}
