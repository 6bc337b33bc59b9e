/**
 * The standard payment URI a wallet opens ("Open in wallet" and the checkout's QR code):
 * - Bitcoin, BIP 21: `bitcoin:<address>?amount=<BTC as a decimal>`;
 * - Ether, EIP-681: `ethereum:<address>@<chain id>?value=<wei>`;
 * - ERC-20 tokens (USDT, USDC), EIP-681 calling the token's `transfer`:
 *   `ethereum:<token contract>@<chain id>/transfer?address=<address>&uint256=<token base units>`.
 *
 * The ledger keeps amounts in its own scale per asset (quote.ts: ETH in gwei); the URI carries the
 * chain's own units (custody/types.ts: `assetDecimals`, ETH 18). Isomorphic and pure.
 *
 * The codebase had no token contracts or chain ids before this module: they are defined here, once.
 */
import { assetDecimals } from "~/core/providers/custody/types";
import { ASSET_SCALE, fromScaled, type QuoteAsset } from "./quote";

/** Ethereum mainnet (EIP-155 chain id). */
export const ETHEREUM_CHAIN_ID = 1;

/** The ERC-20 tokens we collect on Ethereum mainnet: contract address and decimals. */
export const erc20Tokens = {
  USDT: { contract: "0xdAC17F958D2ee523a2206206994597C13D831ec7", decimals: 6 },
  USDC: { contract: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", decimals: 6 },
} as const satisfies Partial<Record<QuoteAsset, { contract: string; decimals: number }>>;

const BITCOIN_ADDRESS =
  /^(bc1|tb1|bcrt1)[a-z0-9]{8,87}$|^(BC1|TB1|BCRT1)[A-Z0-9]{8,87}$|^[13mn2][a-km-zA-HJ-NP-Z1-9]{25,34}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Ledger units of `asset` in the chain's smallest unit (ETH: gwei to wei; others unchanged). */
export function chainUnits(units: bigint, asset: QuoteAsset): bigint {
  const shift = assetDecimals[asset] - ASSET_SCALE[asset];
  return shift >= 0 ? units * 10n ** BigInt(shift) : units / 10n ** BigInt(-shift);
}

/**
 * The payment URI for sending `units` (ledger base units, see quote.ts) of `asset` to `address`,
 * or null when the address is not one the asset's chain can have (nothing unsafe goes in a link).
 */
export function paymentUri(input: {
  asset: QuoteAsset;
  address: string;
  units: bigint;
}): string | null {
  const { asset, address, units } = input;
  if (units <= 0n) return null;
  if (asset === "BTC") {
    if (!BITCOIN_ADDRESS.test(address)) return null;
    return `bitcoin:${address}?amount=${fromScaled(units, ASSET_SCALE.BTC)}`;
  }
  if (!EVM_ADDRESS.test(address)) return null;
  if (asset === "ETH") {
    return `ethereum:${address}@${ETHEREUM_CHAIN_ID}?value=${chainUnits(units, "ETH")}`;
  }
  const token = erc20Tokens[asset];
  return `ethereum:${token.contract}@${ETHEREUM_CHAIN_ID}/transfer?address=${address}&uint256=${chainUnits(units, asset)}`;
}
