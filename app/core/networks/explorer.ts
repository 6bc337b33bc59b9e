/**
 * Block-explorer links for an address or a transaction on a network (ADR 0031). Only values the
 * network can have go in a link; test payments link to the testnet explorer. Isomorphic and pure.
 */
import { isValidAddress } from "./addresses";
import { networks, type NetworkId } from "./networks";

export type ExplorerMode = "live" | "test";

const TX_HASH: Record<NetworkId, RegExp> = {
  bitcoin: /^[0-9a-fA-F]{64}$/,
  tron: /^[0-9a-fA-F]{64}$/,
  ethereum: /^0x[0-9a-fA-F]{64}$/,
  base: /^0x[0-9a-fA-F]{64}$/,
};

/** The explorer's page for an address on `network`, or null when the address is not valid there. */
export function explorerAddressUrl(
  network: NetworkId,
  address: string,
  mode: ExplorerMode = "live",
): string | null {
  if (!isValidAddress(network, address)) return null;
  return `${networks[network].explorer[mode].address}${address}`;
}

/** The explorer's page for a transaction hash on `network`, or null when it is not one. */
export function explorerTxUrl(
  network: NetworkId,
  txHash: string,
  mode: ExplorerMode = "live",
): string | null {
  if (!TX_HASH[network].test(txHash)) return null;
  return `${networks[network].explorer[mode].tx}${txHash}`;
}
