/**
 * Values the custody simulator makes up: addresses that real wallets accept (BTC bech32 P2WPKH with
 * a valid checksum, EVM 0x + 40 hex with its EIP-55 checksum, Tron base58check `T…`),
 * transaction ids and hashes, all derived from a seed and a
 * counter so a seeded run is reproducible and every value within a run is unique. Plus the small
 * exact decimal arithmetic the simulator needs (amountUSD), with bigint.
 */
import { createHash } from "node:crypto";
import { toChecksumAddress, tronAddressFromAccount } from "~/core/networks/addresses";

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    BECH32_GENERATOR.forEach((generator, index) => {
      if ((top >>> index) & 1) checksum ^= generator;
    });
  }
  return checksum >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((char) => char.charCodeAt(0));
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
}

function toFiveBitWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((accumulator >> bits) & 31);
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31);
  return words;
}

/** BIP-173 segwit v0 address for a 20-byte (P2WPKH) or 32-byte (P2WSH) witness program. */
export function segwitV0Address(hrp: string, program: Uint8Array): string {
  const data = [0, ...toFiveBitWords(program)];
  const polymod = bech32Polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, index) => (polymod >>> (5 * (5 - index))) & 31);
  return `${hrp}1${[...data, ...checksum].map((word) => BECH32_CHARSET[word]).join("")}`;
}

/** True when `address` is a bech32 string with a valid checksum (any witness version). */
export function isValidBech32(address: string): boolean {
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf("1");
  if (separator < 1 || separator + 7 > lower.length) return false;
  const hrp = lower.slice(0, separator);
  const words: number[] = [];
  for (const char of lower.slice(separator + 1)) {
    const word = BECH32_CHARSET.indexOf(char);
    if (word < 0) return false;
    words.push(word);
  }
  return bech32Polymod([...hrpExpand(hrp), ...words]) === 1;
}

export interface ValueFactory {
  bytes(kind: string, length: number): Buffer;
  btcAddress(): string;
  /** EIP-55 checksummed. */
  evmAddress(): string;
  /** Base58check, 0x41 prefix (`T…`). */
  tronAddress(): string;
  /** A UUID-shaped (v4 layout) id, as Fireblocks uses for transactions. */
  uuid(): string;
  btcTxHash(): string;
  evmTxHash(): string;
  blockHash(evm: boolean): string;
}

export function createValueFactory(seed: string): ValueFactory {
  let counter = 0;
  const bytes = (kind: string, length: number): Buffer => {
    counter += 1;
    const out = Buffer.alloc(length);
    let filled = 0;
    for (let round = 0; filled < length; round += 1) {
      const chunk = createHash("sha256").update(`${seed}:${kind}:${counter}:${round}`).digest();
      filled += chunk.copy(out, filled);
    }
    return out;
  };
  return {
    bytes,
    btcAddress: () => segwitV0Address("bc", bytes("btc-address", 20)),
    evmAddress: () => toChecksumAddress(`0x${bytes("evm-address", 20).toString("hex")}`),
    tronAddress: () => tronAddressFromAccount(bytes("tron-address", 20)),
    uuid: () => {
      const raw = bytes("uuid", 16);
      raw[6] = ((raw[6] ?? 0) & 0x0f) | 0x40;
      raw[8] = ((raw[8] ?? 0) & 0x3f) | 0x80;
      const hex = raw.toString("hex");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    btcTxHash: () => bytes("btc-tx", 32).toString("hex"),
    evmTxHash: () => `0x${bytes("evm-tx", 32).toString("hex")}`,
    // Bitcoin block hashes start with many zero digits (proof of work).
    blockHash: (evm) =>
      evm
        ? `0x${bytes("block", 32).toString("hex")}`
        : `00000000000000000002${bytes("block", 22).toString("hex")}`,
  };
}

// --- decimals -----------------------------------------------------------------------------------

const DECIMAL = /^(\d{1,40})(?:\.(\d{1,40}))?$/;

export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}

/** Number of digits after the point ("1.50" has 2). */
export function decimalPlaces(value: string): number {
  return DECIMAL.exec(value)?.[2]?.length ?? 0;
}

function toScaled(value: string): { units: bigint; scale: number } {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a decimal string: ${value}`);
  const fraction = match[2] ?? "";
  return { units: BigInt((match[1] ?? "0") + fraction), scale: fraction.length };
}

function formatScaled(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, "0");
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** a x b, rounded half-up to `scale` decimal places. Both non-negative decimal strings. */
export function multiplyDecimals(a: string, b: string, scale: number): string {
  const left = toScaled(a);
  const right = toScaled(b);
  const product = left.units * right.units;
  const productScale = left.scale + right.scale;
  if (productScale <= scale)
    return formatScaled(product * 10n ** BigInt(scale - productScale), scale);
  const divisor = 10n ** BigInt(productScale - scale);
  const rounded = (product + divisor / 2n) / divisor;
  return formatScaled(rounded, scale);
}

/** True when the decimal string is zero ("0", "0.000"). */
export function isZeroDecimal(value: string): boolean {
  return toScaled(value).units === 0n;
}
