/**
 * How a digital-currency address is compared with the lists (issue 31, item 2): exactly, after
 * the one normalisation each format allows. EVM addresses (0x and 40 hex digits, the same holder on
 * Ethereum and Base) and bech32 ones (bc1…, tb1…) are case-insensitive: lowercase. Base58 addresses
 * (Bitcoin 1…/3…, Tron T…) are case-sensitive: as written. Isomorphic and pure.
 */
export function addressKey(address: string): string {
  const trimmed = address.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return trimmed.toLowerCase();
  if (/^(bc1|tb1|bcrt1)[0-9a-zA-Z]+$/i.test(trimmed)) return trimmed.toLowerCase();
  return trimmed;
}
