/**
 * Building a ListedEntry the same way whatever the format: names cleaned and kept once each, every
 * digital-currency address once, a uid that appears twice refused.
 */
import type { NameQuality } from "../vocabulary";
import { ListFormatError, cleanText, ownString } from "./list-input";
import type { ListedEntry } from "./types";

/** Add a name (white space collapsed); a name the entry already has is not added again. */
export function addName(entry: ListedEntry, raw: string | null, quality: NameQuality): void {
  const name = cleanText(raw);
  if (!name) return;
  if (entry.names.some((each) => each.name === name)) return;
  entry.names.push({ name, quality });
}

/** Add an address (trimmed); one the entry already has for that currency is not added again. */
export function addAddress(entry: ListedEntry, currency: string, raw: string): void {
  const address = ownString(raw.trim());
  const code = ownString(currency.trim().toUpperCase());
  if (!address || !code) return;
  if (entry.addresses.some((each) => each.currency === code && each.address === address)) return;
  entry.addresses.push({ currency: code, address });
}

/** Remember `uid`; a list that names one party twice is not a list we can trust. */
export function checkedUid(seen: Set<string>, uid: string): void {
  if (seen.has(uid)) throw new ListFormatError(`The list has entry ${uid} twice.`);
  seen.add(uid);
}
