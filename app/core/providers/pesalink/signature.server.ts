/**
 * Jenga request signatures: RSA-SHA256 (PKCS#1 v1.5) over endpoint-specific fields concatenated
 * without separators, base64, in the `signature` header. The merchant's public key is uploaded to
 * the bank; the simulator is given it. Callbacks are signed the same way by the bank's key, over
 * the raw body (our choice [?], see types.ts).
 */
import { createSign, createVerify, type KeyLike } from "node:crypto";
import type { PesalinkRequestBody } from "./types";

export function signText(text: string, privateKey: KeyLike): string {
  return createSign("RSA-SHA256").update(text, "utf8").sign(privateKey, "base64");
}

export function verifyText(text: string, signature: string, publicKey: KeyLike): boolean {
  if (!/^[A-Za-z0-9+/=]+$/.test(signature)) return false;
  try {
    return createVerify("RSA-SHA256").update(text, "utf8").verify(publicKey, signature, "base64");
  } catch {
    return false;
  }
}

/**
 * PesaLink to account: transfer.amount + transfer.currencyCode + transfer.reference +
 * destination.name + source.accountNumber. [?] This order is Jenga's "send money: PesaLink bank
 * account" formula as quoted from developer.jengahq.io in a public integration report; protocols.md
 * marks it unconfirmed. Client and simulator both use this function, so they cannot disagree.
 */
export function transferSignatureText(body: PesalinkRequestBody): string {
  const { transfer, destination, source } = body;
  return `${transfer.amount}${transfer.currencyCode}${transfer.reference}${destination.name}${source.accountNumber}`;
}

/** Transaction details: the reference alone (Jenga). */
export const statusSignatureText = (reference: string) => reference;

/** Jenga's account balance: countryCode + accountId ("KE1450160649886" in Jenga's docs). */
export const balanceSignatureText = (countryCode: string, accountId: string) =>
  `${countryCode}${accountId}`;

/** [?] Our account inquiry: countryCode + bankCode + accountNumber. */
export const lookupSignatureText = (countryCode: string, bankCode: string, accountNumber: string) =>
  `${countryCode}${bankCode}${accountNumber}`;
