/**
 * Fuzzy name matching for sanctions screening (issue 31, item 2; ADR 0053). Isomorphic and pure:
 * no database. Build an index once from the active lists (`buildNameIndex`), then match names
 * against it: one (`matchName`), a batch (`matchNames`), or a large batch without holding the
 * event loop (`matchNamesAsync`).
 *
 * A query and a listed name are compared token by token, in any order: each query token is paired
 * with the listed token most like it (Jaro-Winkler, at least `TOKEN_MIN_SIMILARITY`; a token may
 * also pair with two adjacent tokens written joined, "Alrahman" with "al Rahman"). The score is a
 * weighted Dice coefficient: the weight of both tokens of each pair times their similarity, over
 * the paired weight plus `UNPAIRED_WEIGHT` times the weight left unpaired on either side. So a
 * listed name missing one of four parts still scores 0.89, one of three 0.84, and one common token
 * out of three ("Mohamed" against "Mohamed Ali Hassan") 0.5.
 */
import type { ListedKind, NameQuality, SanctionsSource } from "../vocabulary";
import {
  blockingKeys,
  buildNameIndex,
  buildNameIndexAsync,
  yieldToLoop,
  FUZZY_MIN_LENGTH,
  type IndexedEntry,
  type IndexedName,
  type NameIndex,
  type TokenMatches,
} from "./names-index";
import { jaroWinkler, normalizeName, type NormalizedName } from "./names-normalize";

export { buildNameIndex, buildNameIndexAsync, type IndexedEntry, type NameIndex };
export { normalizeName } from "./names-normalize";

/**
 * The default score from which a name is a hit (ADR 0053): a listed name reordered, transliterated,
 * misspelt by a letter or missing one part of three passes; a different person sharing a common
 * part does not.
 */
export const DEFAULT_NAME_THRESHOLD = 0.82;

/**
 * The score a weak alias (UN "Low" quality: nicknames and kunyas like "Abu Saleh") needs, and a
 * match where either name has a single identifying token ("Mohamed", "FRUNZE"): nearly exact.
 */
export const STRICT_NAME_THRESHOLD = 0.95;

/** Two tokens below this Jaro-Winkler similarity are not the same name part... */
export const TOKEN_MIN_SIMILARITY = 0.86;

/** For a token of four letters or fewer, where one letter is a quarter of it ("Mugo", "Muon"). */
export const SHORT_TOKEN_MIN_SIMILARITY = 0.9;

/**
 * ...unless they sound alike (a Double Metaphone code in common: "Mohamed" and "Muhammad" 0.80,
 * "Omar" and "Umar" 0.83) and are at least this similar: they then count `PHONETIC_SIMILARITY`.
 */
export const PHONETIC_MIN_SIMILARITY = 0.8;
export const PHONETIC_SIMILARITY = 0.9;

/**
 * How much a token without a pair counts against the score, relative to a paired one: a part
 * missing on one side (a patronymic, a second given name) is weaker evidence of a different
 * person than a part that differs.
 */
export const UNPAIRED_WEIGHT = 0.75;

/** Hits returned per query unless `limit` says otherwise. */
export const DEFAULT_HIT_LIMIT = 10;

/** Names matched between two yields of `matchNamesAsync` unless `chunk` says otherwise. */
export const DEFAULT_ASYNC_CHUNK = 250;

/** Bounded memory for the token cache (query tokens met across a batch). */
const CACHE_LIMIT = 50_000;

export interface MatchOptions {
  /** 0..1, `DEFAULT_NAME_THRESHOLD` by default. */
  threshold?: number;
  /** Only listed parties of these kinds (all by default). */
  kinds?: readonly ListedKind[];
  /** At most this many hits, best first (`DEFAULT_HIT_LIMIT` by default). */
  limit?: number;
}

export interface NameHit {
  source: SanctionsSource;
  uid: string;
  kind: ListedKind;
  primaryName: string;
  /** The listed name (primary or alias) that matched best. */
  matchedName: string;
  quality: NameQuality;
  /** 0..1; 1 is equal after normalisation. */
  score: number;
}

/** The listed tokens similar to a query token, with their similarity (cached on the index). */
function similarTokens(index: NameIndex, token: string): TokenMatches {
  const cached = index.cache.get(token);
  if (cached) return cached;
  const ids: number[] = [];
  const sims: number[] = [];
  const exact = index.tokenIds.get(token);
  if (exact !== undefined) {
    ids.push(exact);
    sims.push(1);
  }
  if (token.length >= FUZZY_MIN_LENGTH) {
    const seen = new Set<number>(ids);
    const keys = blockingKeys(token);
    const sounds = keys.filter((key) => key.startsWith("m:"));
    for (const key of keys) {
      const bucket = index.keys.get(key);
      if (!bucket) continue;
      for (const id of bucket) {
        if (seen.has(id)) continue;
        seen.add(id);
        const other = index.tokenText[id]!;
        if (!comparableLengths(token, other)) continue;
        const sim = jaroWinkler(token, other);
        if (
          sim >=
          (Math.min(token.length, other.length) <= 4
            ? SHORT_TOKEN_MIN_SIMILARITY
            : TOKEN_MIN_SIMILARITY)
        ) {
          ids.push(id);
          sims.push(sim);
        } else if (sim >= PHONETIC_MIN_SIMILARITY && soundAlike(sounds, other)) {
          ids.push(id);
          sims.push(PHONETIC_SIMILARITY);
        }
      }
    }
  }
  const result = { ids: Int32Array.from(ids), sims: Float64Array.from(sims) };
  if (index.cache.size >= CACHE_LIMIT) index.cache.clear();
  index.cache.set(token, result);
  return result;
}

/**
 * Jaro-Winkler rates a short token high against a long one it begins ("abdi" and "abdilkader"
 * 0.88, "john" and "johnson" 0.91): different names, not spellings of one. Fuzzy pairs need
 * lengths within this ratio (joined parts are paired separately, see `mayJoin`).
 */
export const MIN_LENGTH_RATIO = 0.65;

function comparableLengths(a: string, b: string): boolean {
  return Math.min(a.length, b.length) >= MIN_LENGTH_RATIO * Math.max(a.length, b.length);
}

function soundAlike(sounds: readonly string[], other: string): boolean {
  return blockingKeys(other).some((key) => sounds.includes(key));
}

/** Room for the pairwise similarities of one query and one listed name, reused. */
let pairSims = new Float64Array(1024);
let usedQ = new Uint8Array(32);
let usedL = new Uint8Array(32);

/**
 * The query as the scorer reads it: its tokens and, for each, the similarity of every listed
 * token (by token id; 0 for a token not similar enough), in one dense array per query.
 */
interface PreparedQuery {
  normal: NormalizedName;
  similar: TokenMatches[];
  /** `dense[i * vocabulary + id]`: query token i against listed token id. */
  dense: Float64Array;
}

/**
 * Can `token` be `first` and `second` written joined ("alrahman", "al rahman"; "xiaoping", "xiao
 * ping")? It must begin with all of `first` and be about as long as both.
 */
function mayJoin(token: string, first: string, second: string): boolean {
  return token.startsWith(first) && Math.abs(token.length - first.length - second.length) <= 2;
}

/** The weighted Dice score of a query against one listed name (see the module's comment). */
function scoreName(index: NameIndex, query: PreparedQuery, name: IndexedName): number {
  const { normal, dense } = query;
  const weight = index.tokenWeight;
  const ids = name.tokens;
  const vocabulary = index.tokenText.length;
  const qn = normal.tokens.length;
  const ln = name.tokens.length;
  if (qn * ln > pairSims.length) pairSims = new Float64Array(qn * ln * 2);
  if (qn > usedQ.length) usedQ = new Uint8Array(qn * 2);
  if (ln > usedL.length) usedL = new Uint8Array(ln * 2);
  usedQ.fill(0, 0, qn);
  usedL.fill(0, 0, ln);
  for (let i = 0; i < qn; i++) {
    const token = normal.tokens[i]!;
    for (let j = 0; j < ln; j++) {
      const id = name.tokens[j]!;
      const listed = index.tokenText[id]!;
      pairSims[i * ln + j] =
        token.length === 1 || listed.length === 1
          ? token.charCodeAt(0) === listed.charCodeAt(0)
            ? 1
            : 0
          : dense[i * vocabulary + id]!;
    }
  }
  let paired = 0;
  let pairedWeight = 0;
  // Greedy assignment, best pair first: names have a handful of tokens.
  for (;;) {
    let best = 0;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < qn; i++) {
      if (usedQ[i]) continue;
      for (let j = 0; j < ln; j++) {
        const sim = pairSims[i * ln + j]!;
        if (sim > best && !usedL[j]) {
          best = sim;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    usedQ[bi] = 1;
    usedL[bj] = 1;
    const both = normal.weights[bi]! + weight[ids[bj]!]!;
    paired += best * both;
    pairedWeight += both;
  }
  // Parts written joined on one side and apart on the other: "Alrahman" / "al Rahman".
  for (let i = 0; i < qn; i++) {
    if (usedQ[i]) continue;
    const token = normal.tokens[i]!;
    for (let j = 0; j + 1 < ln; j++) {
      if (usedL[j] || usedL[j + 1]) continue;
      const first = index.tokenText[name.tokens[j]!]!;
      const second = index.tokenText[name.tokens[j + 1]!]!;
      if (!mayJoin(token, first, second)) continue;
      const sim = jaroWinkler(token, first + second);
      if (sim >= TOKEN_MIN_SIMILARITY) {
        usedQ[i] = 1;
        usedL[j] = usedL[j + 1] = 1;
        const all = normal.weights[i]! + weight[ids[j]!]! + weight[ids[j + 1]!]!;
        paired += sim * all;
        pairedWeight += all;
        break;
      }
    }
  }
  for (let j = 0; j < ln; j++) {
    if (usedL[j]) continue;
    const listed = index.tokenText[name.tokens[j]!]!;
    for (let i = 0; i + 1 < qn; i++) {
      if (usedQ[i] || usedQ[i + 1]) continue;
      const first = normal.tokens[i]!;
      const second = normal.tokens[i + 1]!;
      if (!mayJoin(listed, first, second)) continue;
      const sim = jaroWinkler(first + second, listed);
      if (sim >= TOKEN_MIN_SIMILARITY) {
        usedQ[i] = usedQ[i + 1] = 1;
        usedL[j] = 1;
        const all = normal.weights[i]! + normal.weights[i + 1]! + weight[ids[j]!]!;
        paired += sim * all;
        pairedWeight += all;
        break;
      }
    }
  }
  const unpaired = normal.total + name.total - pairedWeight;
  return Math.min(1, paired / (pairedWeight + UNPAIRED_WEIGHT * unpaired));
}

/**
 * The best score a listed name could reach when `hits` of the query's identifying tokens found a
 * similar token in it: every other token of both names pairing too, at best, except the
 * identifying ones that found nothing.
 */
function upperBound(query: NormalizedName, name: IndexedName, hits: number): number {
  const pairable = 2 * hits + (query.total - query.strong) + (name.total - name.strong);
  const missing = Math.max(0, query.strong - hits) + Math.max(0, name.strong - hits);
  return pairable / (pairable + UNPAIRED_WEIGHT * missing);
}

/** The score a listed name needs against this query. */
function requiredScore(threshold: number, query: NormalizedName, name: IndexedName): number {
  const strict = name.quality === "weak" || query.strong <= 1 || name.strong <= 1;
  return strict ? Math.max(threshold, STRICT_NAME_THRESHOLD) : threshold;
}

/** Names of the index sharing enough tokens with the query to be worth scoring (the blocking). */
function candidates(index: NameIndex, query: NormalizedName, similar: TokenMatches[]): number[] {
  const { tokens, weights } = query;
  // Probe with the identifying tokens (or, if there are none, every token but the particles).
  const probeAll = query.strong === 0;
  const probes: { bit: number; matches: TokenMatches }[] = [];
  let bits = 0;
  tokens.forEach((token, i) => {
    const weight = weights[i]!;
    if (weight === 1 || (probeAll && weight > 0.2)) {
      const bit = 1 << Math.min(bits++, 30);
      probes.push({ bit, matches: similar[i]! });
      // "al Rahman" also looks for "alrahman", "Xiao Ping" for "xiaoping" (under the bit of the
      // second token).
      const before = tokens[i - 1];
      if (before !== undefined) {
        const joined = index.tokenIds.get(before + token);
        if (joined !== undefined)
          probes.push({ bit, matches: { ids: Int32Array.of(joined), sims: Float64Array.of(1) } });
      }
    }
  });
  if (probes.length === 0) return [];
  // Two identifying tokens in common at least (a single one cannot reach the threshold), or,
  // for a query with one identifying token, a listed name with at most one too.
  const required = Math.min(2, bits);
  // A new stamp marks this query's names (starting over, all marks cleared, once in 2^31 queries).
  if (index.lastStamp >= 0x7fffffff) {
    index.stamp.fill(0);
    index.lastStamp = 0;
  }
  const stamp = ++index.lastStamp;
  const { postings, mask } = index;
  const marks = index.stamp;
  // When two tokens must be shared, a name holding the most common one ("mohamed") holds another:
  // that token's postings only add their bit to names already met, they add no new names.
  let commonest = 0;
  if (required === 2) {
    const volume = new Map<number, number>();
    for (const { bit, matches } of probes) {
      let count = volume.get(bit) ?? 0;
      for (let k = 0; k < matches.ids.length; k++) count += postings[matches.ids[k]!]!.length;
      volume.set(bit, count);
    }
    let most = -1;
    for (const [bit, count] of volume)
      if (count > most) {
        most = count;
        commonest = bit;
      }
  }
  const touched: number[] = [];
  for (const pass of [0, 1]) {
    for (const { bit, matches } of probes) {
      if ((bit === commonest) !== (pass === 1)) continue;
      for (let k = 0; k < matches.ids.length; k++) {
        const list = postings[matches.ids[k]!]!;
        for (let n = 0; n < list.length; n++) {
          const nameId = list[n]!;
          if (marks[nameId] === stamp) mask[nameId]! |= bit;
          else if (pass === 0) {
            marks[nameId] = stamp;
            mask[nameId] = bit;
            touched.push(nameId);
          }
        }
      }
    }
  }
  if (required < 2) {
    return bits === 1 && query.strong === 1
      ? touched.filter((nameId) => index.names[nameId]!.strong <= 1)
      : touched;
  }
  return touched.filter((nameId) => {
    const mask = index.mask[nameId]!;
    return (mask & (mask - 1)) !== 0; // at least two bits
  });
}

/** The tokens of a query that count (a longer "name" is cut: nobody's name has more parts). */
export const MAX_QUERY_TOKENS = 16;

function prepare(index: NameIndex, query: string): PreparedQuery | null {
  const full = normalizeName(query);
  if (full.tokens.length === 0) return null;
  const normal =
    full.tokens.length <= MAX_QUERY_TOKENS
      ? full
      : normalizedFrom(full.tokens.slice(0, MAX_QUERY_TOKENS), full.weights);
  const similar = normal.tokens.map((token) => similarTokens(index, token));
  const vocabulary = index.tokenText.length;
  if (index.dense.length < MAX_QUERY_TOKENS * vocabulary)
    index.dense = new Float64Array(MAX_QUERY_TOKENS * vocabulary);
  similar.forEach(({ ids, sims }, i) => {
    for (let k = 0; k < ids.length; k++) index.dense[i * vocabulary + ids[k]!] = sims[k]!;
  });
  return { normal, similar, dense: index.dense };
}

function release(index: NameIndex, query: PreparedQuery): void {
  const vocabulary = index.tokenText.length;
  query.similar.forEach(({ ids }, i) => {
    for (let k = 0; k < ids.length; k++) index.dense[i * vocabulary + ids[k]!] = 0;
  });
}

function normalizedFrom(tokens: string[], allWeights: number[]): NormalizedName {
  const weights = allWeights.slice(0, tokens.length);
  return {
    tokens,
    weights,
    strong: weights.filter((weight) => weight === 1).length,
    total: weights.reduce((sum, weight) => sum + weight, 0),
  };
}

function popcount(mask: number): number {
  let count = 0;
  for (let m = mask; m !== 0; m &= m - 1) count++;
  return count;
}

/** The listed parties whose names match `query`, best first. */
export function matchName(index: NameIndex, query: string, options: MatchOptions = {}): NameHit[] {
  const threshold = options.threshold ?? DEFAULT_NAME_THRESHOLD;
  const limit = options.limit ?? DEFAULT_HIT_LIMIT;
  const kinds = options.kinds ? new Set(options.kinds) : null;
  const prepared = prepare(index, query);
  if (!prepared) return [];
  const { normal } = prepared;
  const best = new Map<number, { score: number; name: IndexedName }>();
  try {
    for (const nameId of candidates(index, normal, prepared.similar)) {
      const name = index.names[nameId]!;
      const bar = requiredScore(threshold, normal, name);
      if (normal.strong > 0 && upperBound(normal, name, popcount(index.mask[nameId]!)) < bar)
        continue;
      if (kinds && !kinds.has(index.entries[name.entry]!.kind)) continue;
      const score = scoreName(index, prepared, name);
      if (score < bar) continue;
      const held = best.get(name.entry);
      if (!held || score > held.score || (score === held.score && rank(name) < rank(held.name)))
        best.set(name.entry, { score, name });
    }
  } finally {
    release(index, prepared);
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || rank(a.name) - rank(b.name))
    .slice(0, limit)
    .map(({ score, name }) => {
      const entry = index.entries[name.entry]!;
      return {
        source: entry.source,
        uid: entry.uid,
        kind: entry.kind,
        primaryName: entry.primaryName,
        matchedName: name.text,
        quality: name.quality,
        score: Math.round(score * 1000) / 1000,
      };
    });
}

function rank(name: IndexedName): number {
  return name.quality === "primary" ? 0 : name.quality === "strong" ? 1 : 2;
}

/** `matchName` for each query, in order. Synchronous: for a few hundred names at most. */
export function matchNames(
  index: NameIndex,
  queries: readonly string[],
  options: MatchOptions = {},
): NameHit[][] {
  return queries.map((query) => matchName(index, query, options));
}

/**
 * `matchNames` for large batches (re-screening every merchant on a list change): yields to the
 * event loop every `chunk` names (`DEFAULT_ASYNC_CHUNK`, a few milliseconds of work), so requests
 * keep being served meanwhile.
 */
export async function matchNamesAsync(
  index: NameIndex,
  queries: readonly string[],
  options: MatchOptions & { chunk?: number } = {},
): Promise<NameHit[][]> {
  const chunk = Math.max(1, options.chunk ?? DEFAULT_ASYNC_CHUNK);
  const hits: NameHit[][] = [];
  for (let i = 0; i < queries.length; i++) {
    if (i > 0 && i % chunk === 0) await yieldToLoop();
    hits.push(matchName(index, queries[i]!, options));
  }
  return hits;
}
