/**
 * What the custody simulator's vault wallets hold, as Fireblocks' VaultAsset reports it: the sum of
 * the deposits into them (COMPLETED: available; on chain but not confirmed enough: pending), plus
 * the drift a test set, exact on bigint in the asset's chain unit (BTC 8, ETH 18, USDT/USDC 6
 * decimals), less our outgoing transfers (locked until broadcast, then spent; a failed one takes
 * nothing).
 */
import { decimalToUnits, unitsToDecimal } from "~/core/providers/daraja/amounts";
import { assetDecimals, isFailed, isTerminal } from "~/core/providers/custody/types";
import type { CustodyState } from "./state.server";
import { SimulatorError } from "./types";

export const driftKey = (vaultAccountId: string, assetId: string) => `${vaultAccountId}:${assetId}`;

/** A signed decimal drift for an asset id, checked; throws SimulatorError(400) otherwise. */
export function checkedDrift(state: CustodyState, assetId: string, amount: string): string {
  const asset = state.assetBySymbol.get(assetId);
  if (!asset) throw new SimulatorError(400, `Unknown asset id ${assetId}`);
  const units =
    typeof amount === "string" ? decimalToUnits(amount, assetDecimals[asset]) : undefined;
  if (units === undefined || amount.includes(","))
    throw new SimulatorError(
      400,
      `amount must be a signed decimal string with at most ${assetDecimals[asset]} decimals ("0" resets)`,
    );
  return unitsToDecimal(units, assetDecimals[asset]);
}

export interface WalletBalance {
  available: bigint;
  /** Incoming, on chain but not confirmed enough. */
  pending: bigint;
  /** Outgoing, not yet broadcast. */
  locked: bigint;
}

/** An outgoing transfer's debits count from creation (locked) and are spent once broadcast. */
const broadcast = (status: string) => status === "CONFIRMING" || status === "COMPLETED";

/**
 * What every vault account holds of `assetId`, in the asset's chain unit: deposits (COMPLETED:
 * available; confirming: pending), less outgoing transfers that did not fail (locked until
 * broadcast, then gone), plus drift.
 */
export function walletBalances(
  state: CustodyState,
  assetId: string,
  /** Only this vault account (the rest are not kept: a store may hold a million vaults). */
  onlyVault?: string,
): Map<string, WalletBalance> {
  const asset = state.assetBySymbol.get(assetId)!;
  const scale = assetDecimals[asset];
  const wallets = new Map<string, WalletBalance>();
  const ignored: WalletBalance = { available: 0n, pending: 0n, locked: 0n };
  const wallet = (vaultAccountId: string) => {
    if (onlyVault !== undefined && vaultAccountId !== onlyVault) return ignored;
    let found = wallets.get(vaultAccountId);
    if (!found) {
      found = { available: 0n, pending: 0n, locked: 0n };
      wallets.set(vaultAccountId, found);
    }
    return found;
  };
  for (const tx of state.transactions.values()) {
    if (tx.direction === "out") {
      if (isFailed(tx.status)) continue;
      for (const debit of tx.debits ?? []) {
        if (debit.assetId !== assetId) continue;
        const units = decimalToUnits(debit.amount, scale) ?? 0n;
        const target = wallet(debit.vaultAccountId);
        target.available -= units;
        if (!broadcast(tx.status)) target.locked += units;
      }
      continue;
    }
    if (tx.assetId !== assetId) continue;
    const units = decimalToUnits(tx.amount, scale) ?? 0n;
    if (tx.status === "COMPLETED") wallet(tx.vaultAccountId).available += units;
    else if (!isTerminal(tx.status) && tx.numOfConfirmations > 0)
      wallet(tx.vaultAccountId).pending += units;
  }
  for (const [key, amount] of state.drift) {
    const [vault, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
    if (id !== assetId) continue;
    wallet(vault).available += decimalToUnits(amount, scale) ?? 0n;
  }
  return wallets;
}

/**
 * The VaultAsset of `assetId` in one vault account, or (vaultAccountId undefined) across all of
 * them, as Fireblocks writes it: decimal strings, total = available + pending + frozen + locked.
 */
export function vaultAssetBalance(
  state: CustodyState,
  assetId: string,
  vaultAccountId?: string,
): Record<string, string> {
  const asset = state.assetBySymbol.get(assetId)!;
  const scale = assetDecimals[asset];
  let available = 0n;
  let pending = 0n;
  let locked = 0n;
  for (const [vault, balance] of walletBalances(state, assetId, vaultAccountId)) {
    if (vaultAccountId !== undefined && vault !== vaultAccountId) continue;
    available += balance.available;
    pending += balance.pending;
    locked += balance.locked;
  }
  const text = (units: bigint) => unitsToDecimal(units, scale);
  return {
    id: assetId,
    total: text(available + pending + locked),
    balance: text(available + pending + locked),
    available: text(available),
    pending: text(pending),
    frozen: "0",
    lockedAmount: text(locked),
    staked: "0",
    blockHeight: "",
    blockHash: "",
  };
}
