/**
 * Address validation per network (ADR 0031), and the encoders the custody simulator uses to make
 * valid addresses. Isomorphic and pure (hashes from @noble/hashes, no node:crypto).
 *
 * - Bitcoin: the pattern the checkout has always used (bech32/bech32m shapes, base58 P2PKH/P2SH).
 * - EVM (Ethereum, Base): `0x` + 40 hex; all-lowercase or all-uppercase hex is accepted as it is,
 *   mixed case must be the EIP-55 checksum (keccak-256 of the lowercase hex).
 * - Tron: base58check, 25 bytes = 0x41 + 20-byte account + the first 4 bytes of
 *   sha256(sha256(the first 21 bytes)); written with a leading `T`.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { networks, type NetworkId } from "./networks";

const BITCOIN_ADDRESS =
  /^(bc1|tb1|bcrt1)[a-z0-9]{8,87}$|^(BC1|TB1|BCRT1)[A-Z0-9]{8,87}$|^[13mn2][a-km-zA-HJ-NP-Z1-9]{25,34}$/;
const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;
const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const TRON_PREFIX = 0x41;

export function isBitcoinAddress(value: string): boolean {
  return BITCOIN_ADDRESS.test(value);
}

/** The EIP-55 mixed-case form of an EVM address (any case in). Throws on a malformed address. */
export function toChecksumAddress(address: string): string {
  if (!EVM_SHAPE.test(address)) throw new Error(`Not an EVM address: ${address}`);
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const char = lower[i]!;
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * An EVM address: `0x` and 40 hex digits, either in one case (no checksum to check) or mixed case
 * matching its EIP-55 checksum.
 */
export function isEvmAddress(value: string): boolean {
  if (!EVM_SHAPE.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(value) === value;
}

function base58Decode(value: string): Uint8Array | null {
  if (value.length === 0) return null;
  let number = 0n;
  for (const char of value) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return null;
    number = number * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (number > 0n) {
    bytes.unshift(Number(number & 0xffn));
    number >>= 8n;
  }
  for (const char of value) {
    if (char !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function base58Encode(bytes: Uint8Array): string {
  let number = 0n;
  for (const byte of bytes) number = (number << 8n) | BigInt(byte);
  let out = "";
  while (number > 0n) {
    out = BASE58_ALPHABET[Number(number % 58n)]! + out;
    number /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = "1" + out;
  }
  return out;
}

const checksum4 = (payload: Uint8Array) => sha256(sha256(payload)).slice(0, 4);

/** A Tron address: base58check of 25 bytes, 0x41 first, with a valid double-SHA-256 checksum. */
export function isTronAddress(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  const bytes = base58Decode(value);
  if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_PREFIX) return false;
  const expected = checksum4(bytes.subarray(0, 21));
  return expected.every((byte, i) => byte === bytes[21 + i]);
}

/** The Tron address (`T…`) of a 20-byte account id. */
export function tronAddressFromAccount(account: Uint8Array): string {
  if (account.length !== 20) throw new Error("A Tron account id is 20 bytes");
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(account, 1);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(checksum4(payload), 21);
  return base58Encode(full);
}

/** Whether `value` is an address `network` can have (see the module's notes for each format). */
export function isValidAddress(network: NetworkId, value: string): boolean {
  switch (networks[network].addressFormat) {
    case "bitcoin":
      return isBitcoinAddress(value);
    case "evm":
      return isEvmAddress(value);
    case "tron":
      return isTronAddress(value);
  }
}
