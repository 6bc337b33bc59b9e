/**
 * Digital-currency addresses as OFAC publishes them: in the CSV files inside `Remarks`
 * ("Digital Currency Address - XBT 12ud…; alt. Digital Currency Address - ETH 0x90…"), in the
 * classic XML as an `id` whose `idType` is "Digital Currency Address - XBT". Every currency code is
 * kept as published (XBT, ETH, USDT, TRX, USDC, LTC, DASH, XRP, BSV…); which network a code means
 * is the screener's business.
 */
import { addressKey } from "./address-key";
import type { ListedAddress } from "./types";

const ID_TYPE = /^Digital Currency Address - ([A-Za-z0-9]+)$/;
const IN_REMARKS = /Digital Currency Address - ([A-Za-z0-9]+) ([^\s;]+)/g;

/** The currency an OFAC `idType` names ("Digital Currency Address - ETH" → "ETH"), or null. */
export function currencyOfIdType(idType: string): string | null {
  return ID_TYPE.exec(idType.trim())?.[1]?.toUpperCase() ?? null;
}

/** Every address in an OFAC `Remarks` text, in order (without the remark's final "."). */
export function addressesInRemarks(remarks: string): ListedAddress[] {
  const found: ListedAddress[] = [];
  for (const match of remarks.matchAll(IN_REMARKS)) {
    const address = match[2]!.replace(/\.+$/, "");
    if (address) found.push({ currency: match[1]!.toUpperCase(), address });
  }
  return found;
}

/**
 * An address as compared (`addressKey`, the one rule the screening uses too): EVM and bech32
 * addresses in lowercase (their case is only a checksum, or none), base58 ones (Bitcoin, Tron)
 * exactly as published.
 */
export function normalizeAddress(address: string): string {
  return addressKey(address);
}
