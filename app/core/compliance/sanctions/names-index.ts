/**
 * The in-memory index of listed names that screening searches (issue 31, item 2; ADR 0053).
 * Isomorphic and pure: built from the entries of the active snapshots, kept by the caller.
 *
 * Every listed name (primary and aliases; a name in brackets inside an alias, usually the
 * original script, as a name of its own) is normalised into tokens; each distinct token gets an
 * id and a posting list of the names holding it. Tokens are also filed under blocking keys (both
 * Double Metaphone codes and the first three letters) so that a query token finds its similar
 * listed tokens without looking at all of them.
 */
import { doubleMetaphone } from "double-metaphone";
import type { NameQuality } from "../vocabulary";
import type { ListedEntry } from "./types";
import { joinsNext, normalizeName, tokenWeight } from "./names-normalize";

export type IndexedEntry = Pick<ListedEntry, "source" | "uid" | "kind" | "primaryName" | "names">;

export interface IndexedName {
  entry: number;
  /** As published (the part outside or inside brackets when the alias had both). */
  text: string;
  quality: NameQuality;
  /** Token ids, in order (their weights are in `NameIndex.tokenWeight`). */
  tokens: number[];
  strong: number;
  total: number;
}

export interface TokenMatches {
  ids: Int32Array;
  sims: Float64Array;
}

export interface NameIndex {
  entries: Pick<ListedEntry, "source" | "uid" | "kind" | "primaryName">[];
  names: IndexedName[];
  /** Token text by id, and id by text. */
  tokenText: string[];
  tokenIds: Map<string, number>;
  /** Token weight by id (1, or less for particles, initials and generic words). */
  tokenWeight: Float64Array;
  /** Names holding each token (ids into `names`, ascending). */
  postings: Int32Array[];
  /** Blocking key ("m:" metaphone, "p:" prefix, "d:" deletion) to token ids. */
  keys: Map<string, number[]>;
  /** Similar listed tokens of a query token, kept across queries (bounded). */
  cache: Map<string, TokenMatches>;
  /** Scratch space per name for one query at a time: which query marked it last, with what. */
  stamp: Int32Array;
  lastStamp: number;
  mask: Int32Array;
  /** Scratch space per query: its tokens' similarity to every listed token (see names.ts). */
  dense: Float64Array;
  /** How long the build took, in milliseconds (for the bench and the logs). */
  buildMs: number;
}

/** A token is fuzzy-matched (and filed under blocking keys) from this length on. */
export const FUZZY_MIN_LENGTH = 3;

/**
 * The blocking keys of a token: its Double Metaphone codes (sounds alike), its first three
 * letters, and the token with any one letter left out (SymSpell's deletions: two tokens one
 * letter apart, a letter missing, added or changed, always share one).
 */
export function blockingKeys(token: string): string[] {
  if (token.length < FUZZY_MIN_LENGTH || /[0-9]/.test(token)) return [];
  const [primary, secondary] = doubleMetaphone(token);
  const keys = [`p:${token.slice(0, 3)}`, `d:${token}`];
  if (primary) keys.push(`m:${primary}`);
  if (secondary && secondary !== primary) keys.push(`m:${secondary}`);
  if (token.length >= 4)
    for (let i = 0; i < token.length; i++) {
      const key = `d:${token.slice(0, i)}${token.slice(i + 1)}`;
      if (!keys.includes(key)) keys.push(key);
    }
  return keys;
}

/**
 * Two adjacent tokens often written as one: a particle and what follows ("al Rahman",
 * "Alrahman"), or two syllables of an East Asian given name ("Xiao Ping", "Xiaoping"; "Myong Ho").
 */
export function mayBeJoined(token: string, next: string): boolean {
  return joinsNext(token) || (token.length <= 4 && next.length <= 4 && token.length > 1);
}

/** "Ibrahim Hassan Tali Asiri (إبراهيم حسن طالع عسيري)" is two names: outside and inside. */
export function splitBrackets(name: string): string[] {
  const inside = [...name.matchAll(/\(([^()]*)\)/g)].map((match) => match[1]!.trim());
  const outside = name.replace(/\([^()]*\)/g, " ").trim();
  return [outside, ...inside].filter((part) => part !== "");
}

/** Builds an index entry by entry (so that the async build can yield between them). */
function indexBuilder() {
  const started = performance.now();
  const tokenIds = new Map<string, number>();
  const tokenText: string[] = [];
  const postingLists: number[][] = [];
  const names: IndexedName[] = [];
  const entries: NameIndex["entries"] = [];
  const keys = new Map<string, number[]>();

  const idOf = (token: string): number => {
    let id = tokenIds.get(token);
    if (id === undefined) {
      id = tokenText.length;
      tokenIds.set(token, id);
      tokenText.push(token);
      postingLists.push([]);
      for (const key of blockingKeys(token)) {
        const list = keys.get(key);
        if (list) list.push(id);
        else keys.set(key, [id]);
      }
    }
    return id;
  };
  const post = (id: number, nameId: number) => {
    const list = postingLists[id]!;
    if (list[list.length - 1] !== nameId) list.push(nameId);
  };

  const add = (entry: IndexedEntry) => {
    const entryIndex = entries.length;
    const { source, uid, kind, primaryName } = entry;
    entries.push({ source, uid, kind, primaryName });
    const seen = new Set<string>();
    for (const listed of entry.names) {
      for (const text of splitBrackets(listed.name)) {
        const normal = normalizeName(text);
        if (normal.tokens.length === 0) continue;
        // The same name twice on one entry (a primary repeated as an alias): keep the first.
        const key = normal.tokens.join(" ");
        if (seen.has(key)) continue;
        seen.add(key);
        const nameId = names.length;
        const ids = normal.tokens.map((token, i) => {
          const id = idOf(token);
          post(id, nameId);
          // "al rahman" is also filed as "alrahman", "xiao ping" as "xiaoping", for a query
          // that writes them so.
          const next = normal.tokens[i + 1];
          if (next !== undefined && mayBeJoined(token, next)) post(idOf(token + next), nameId);
          return id;
        });
        names.push({
          entry: entryIndex,
          text,
          quality: listed.quality,
          tokens: ids,
          strong: normal.strong,
          total: normal.total,
        });
      }
    }
  };

  const finish = (): NameIndex => {
    return {
      entries,
      names,
      tokenText,
      tokenIds,
      tokenWeight: Float64Array.from(tokenText, tokenWeight),
      postings: postingLists.map((list) => Int32Array.from(list)),
      keys,
      cache: new Map(),
      stamp: new Int32Array(names.length),
      lastStamp: 0,
      mask: new Int32Array(names.length),
      dense: new Float64Array(0),
      buildMs: performance.now() - started,
    };
  };
  return { add, finish };
}

/** The index of these entries' names, in one go (about 0.7 s for the full UN and SDN lists). */
export function buildNameIndex(entries: readonly IndexedEntry[]): NameIndex {
  const builder = indexBuilder();
  for (const entry of entries) builder.add(entry);
  return builder.finish();
}

/** Entries indexed between two yields of `buildNameIndexAsync` unless `chunk` says otherwise. */
export const DEFAULT_BUILD_CHUNK = 250;

/**
 * `buildNameIndex` without holding the event loop: yields every `chunk` entries (tens of
 * milliseconds of work). `buildMs` then counts the waits too.
 */
export async function buildNameIndexAsync(
  entries: readonly IndexedEntry[],
  options: { chunk?: number } = {},
): Promise<NameIndex> {
  const chunk = Math.max(1, options.chunk ?? DEFAULT_BUILD_CHUNK);
  const builder = indexBuilder();
  for (let i = 0; i < entries.length; i++) {
    if (i > 0 && i % chunk === 0) await yieldToLoop();
    builder.add(entries[i]!);
  }
  return builder.finish();
}

/** Lets the event loop run (timers, I/O) before going on. */
export const yieldToLoop = (): Promise<void> =>
  new Promise((resolve) =>
    typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
