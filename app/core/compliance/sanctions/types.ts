/**
 * A sanctions list as we read it, whatever its published format (UN XML, OFAC CSV or XML): the
 * shape the parsers produce, the importer stores and the screeners index. Isomorphic and pure.
 */
import type { ListedKind, NameQuality, SanctionsSource } from "../vocabulary";

export interface ListedName {
  /** As published (original script kept where the list gives it). */
  name: string;
  quality: NameQuality;
}

export interface ListedAddress {
  /**
   * The list's currency code as published: OFAC's "XBT", "ETH", "USDT", "TRX", "USDC", "LTC"...
   */
  currency: string;
  address: string;
}

export interface ListedEntry {
  source: SanctionsSource;
  /** The list's own id: UN `REFERENCE_NUMBER` (e.g. "QDi.291"), OFAC `ent_num`/`uid`. */
  uid: string;
  kind: ListedKind;
  primaryName: string;
  /** Every name, the primary one first. */
  names: ListedName[];
  addresses: ListedAddress[];
  programs: string[];
  remarks: string | null;
}

export interface ParsedList {
  source: SanctionsSource;
  /** When the publisher generated it (UN `dateGenerated`, OFAC `Publish_Date`), if it says. */
  publishedAt: number | null;
  entries: ListedEntry[];
}
