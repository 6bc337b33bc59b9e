/**
 * The standard payment URI a wallet opens ("Open in wallet" and the checkout's QR code), per
 * network (ADR 0031):
 * - Bitcoin, BIP 21: `bitcoin:<address>?amount=<BTC as a decimal>`;
 * - Ether, EIP-681: `ethereum:<address>@<chain id>?value=<wei>`;
 * - ERC-20 tokens on Ethereum (chain 1) and Base (chain 8453), EIP-681 calling the token's
 *   `transfer`: `ethereum:<token contract>@<chain id>/transfer?address=<address>&uint256=<units>`;
 * - TRC-20 tokens on Tron: `tron:<token contract>/transfer?address=<address>&uint256=<units>`, the
 *   EIP-681 shape under the `tron:` scheme. Tron has no ratified payment-URI standard; wallets that
 *   do not read it still get the address and the amount as text beside the QR code.
 *
 * The ledger keeps amounts in its own scale per asset (quote.ts: ETH in gwei); the URI carries the
 * chain's own units (custody/types.ts: `assetDecimals`, ETH 18; tokens: their contract's decimals).
 * Isomorphic and pure.
 */
import { assetDecimals } from "~/core/providers/custody/types";
import { ASSET_SCALE, fromScaled, type QuoteAsset } from "~/core/payments/quote";
import { isValidAddress } from "./addresses";
import { defaultNetwork, networks, tokenContract, type NetworkId } from "./networks";

/** Ethereum mainnet (EIP-155 chain id). */
export const ETHEREUM_CHAIN_ID = 1;
/** Base mainnet (EIP-155 chain id). */
export const BASE_CHAIN_ID = 8453;

/** Ledger units of `asset` in the chain's smallest unit (ETH: gwei to wei; others unchanged). */
export function chainUnits(units: bigint, asset: QuoteAsset, network?: NetworkId): bigint {
  const decimals =
    (network ? tokenContract(asset, network)?.decimals : undefined) ?? assetDecimals[asset];
  const shift = decimals - ASSET_SCALE[asset];
  return shift >= 0 ? units * 10n ** BigInt(shift) : units / 10n ** BigInt(-shift);
}

/**
 * The payment URI for sending `units` (ledger base units, see quote.ts) of `asset` on `network`
 * (default: the asset's default network) to `address`, or null when the address is not one that
 * network can have or the asset is not accepted there (nothing unsafe goes in a link).
 */
export function paymentUri(input: {
  asset: QuoteAsset;
  network?: NetworkId;
  address: string;
  units: bigint;
}): string | null {
  const { asset, address, units } = input;
  const network = input.network ?? defaultNetwork(asset);
  if (units <= 0n || !isValidAddress(network, address)) return null;
  const info = networks[network];
  if (network === "bitcoin") {
    if (asset !== "BTC") return null;
    return `bitcoin:${address}?amount=${fromScaled(units, ASSET_SCALE.BTC)}`;
  }
  if (asset === "ETH") {
    if (network !== "ethereum") return null;
    return `ethereum:${address}@${ETHEREUM_CHAIN_ID}?value=${chainUnits(units, "ETH")}`;
  }
  const token = tokenContract(asset, network);
  if (!token) return null;
  const amount = chainUnits(units, asset, network);
  if (info.addressFormat === "tron")
    return `tron:${token.contract}/transfer?address=${address}&uint256=${amount}`;
  return `ethereum:${token.contract}@${info.chainId}/transfer?address=${address}&uint256=${amount}`;
}
