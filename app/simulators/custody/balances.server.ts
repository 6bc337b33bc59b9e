/**
 * What the custody simulator's vault wallets hold, as Fireblocks' VaultAsset reports it: the sum of
 * the deposits into them (COMPLETED: available; on chain but not confirmed enough: pending), plus
 * the drift a test set, exact on bigint in the asset's chain unit (BTC 8, ETH 18, USDT/USDC 6
 * decimals). The simulator has no outgoing transfers, so nothing is ever taken off.
 */
import { decimalToUnits, unitsToDecimal } from "~/core/providers/daraja/amounts";
import { assetDecimals, isTerminal } from "~/core/providers/custody/types";
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
  for (const tx of state.transactions.values()) {
    if (tx.assetId !== assetId) continue;
    if (vaultAccountId !== undefined && tx.vaultAccountId !== vaultAccountId) continue;
    const units = decimalToUnits(tx.amount, scale) ?? 0n;
    if (tx.status === "COMPLETED") available += units;
    else if (!isTerminal(tx.status) && tx.numOfConfirmations > 0) pending += units;
  }
  for (const [key, amount] of state.drift) {
    const [vault, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
    if (id !== assetId || (vaultAccountId !== undefined && vault !== vaultAccountId)) continue;
    available += decimalToUnits(amount, scale) ?? 0n;
  }
  const text = (units: bigint) => unitsToDecimal(units, scale);
  return {
    id: assetId,
    total: text(available + pending),
    balance: text(available + pending),
    available: text(available),
    pending: text(pending),
    frozen: "0",
    lockedAmount: "0",
    staked: "0",
    blockHeight: "",
    blockHash: "",
  };
}
