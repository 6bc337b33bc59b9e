/**
 * Name normalisation and token similarity for sanctions screening (issue 31, item 2; ADR 0053).
 * Isomorphic and pure: no database, no Node API.
 *
 * A name becomes a list of ASCII, lower-case tokens, each with a weight: a name's particles
 * ("al", "bin", "de") and initials count little, generic business words ("trading",
 * "international") half, everything else fully. Honorifics and legal forms are dropped.
 */
import anyAscii from "any-ascii";

/**
 * Titles and honorifics dropped from any name (when something else is left): English, Kenyan
 * ("Hon.", "Eng.", "Mwalimu") and the military and religious titles the UN and OFAC lists carry
 * ("Col Abdel Hamid Mahmoud", "Sheikh", "Hajji", "Mullah", "Maulavi").
 */
export const HONORIFICS: ReadonlySet<string> = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "dr",
  "prof",
  "professor",
  "sir",
  "dame",
  "madam",
  "hon",
  "honourable",
  "honorable",
  "eng",
  "mwalimu",
  "rev",
  "reverend",
  "fr",
  "pastor",
  "bishop",
  "sheikh",
  "shaikh",
  "shaykh",
  "sheik",
  "haji",
  "hajji",
  "hajj",
  "alhaji",
  "alhaj",
  "mullah",
  "mulla",
  "maulavi",
  "maulvi",
  "mawlawi",
  "qari",
  "col",
  "colonel",
  "gen",
  "maj",
  "capt",
  "captain",
  "lt",
  "sgt",
  "brig",
  "jr",
  "snr",
  "jnr",
  "sr",
]);

/**
 * Legal forms dropped from any name (when something else is left). Dotted forms are read
 * without their dots first ("S.R.O." is "sro", "L.L.C." is "llc"). Kenyan ("Ltd", "Limited",
 * "Co"), English, US, Russian and Eastern European ("OOO", "AO", "PAO", "S.R.O."), Western
 * European ("GmbH", "S.A.", "B.V.") and Gulf ("FZE", "FZCO") forms.
 */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  "ltd",
  "limited",
  "co",
  "company",
  "corp",
  "corporation",
  "inc",
  "incorporated",
  "llc",
  "llp",
  "lp",
  "plc",
  "pty",
  "pvt",
  "sro",
  "as",
  "sa",
  "sas",
  "sarl",
  "srl",
  "spa",
  "ag",
  "gmbh",
  "kg",
  "bv",
  "nv",
  "ab",
  "oy",
  "jsc",
  "ojsc",
  "cjsc",
  "pjsc",
  "ao",
  "oao",
  "zao",
  "pao",
  "ooo",
  "fze",
  "fzco",
  "fzc",
  "fzllc",
  "est",
  "establishment",
]);

/**
 * Multi-word legal forms, dropped as a whole (before the single words above): "PRIVATE JOINT
 * STOCK COMPANY", "Limited Liability Company", "Public Limited Company".
 */
export const LEGAL_PHRASES: readonly (readonly string[])[] = [
  ["public", "joint", "stock"],
  ["private", "joint", "stock"],
  ["closed", "joint", "stock"],
  ["open", "joint", "stock"],
  ["joint", "stock"],
  ["limited", "liability"],
  ["public", "limited"],
  ["private", "limited"],
];

/**
 * Name particles and connecting words: they count for little (weight 0.2) because they say little
 * about who is named ("al", "bin", "abu", "de", "van"; "and", "of", "the"; Swahili "wa").
 */
export const PARTICLES: ReadonlySet<string> = new Set([
  "al",
  "el",
  "ul",
  "ud",
  "bin",
  "ben",
  "ibn",
  "bint",
  "binti",
  "bn",
  "abu",
  "ould",
  "de",
  "da",
  "del",
  "della",
  "der",
  "den",
  "di",
  "do",
  "dos",
  "das",
  "du",
  "la",
  "le",
  "van",
  "von",
  "y",
  "e",
  "and",
  "of",
  "the",
  "for",
  "wa",
]);

/**
 * Words common to many business names: they count half (weight 0.5), so that "Kamau Trading
 * International" does not look like "TNK Trading International".
 */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  "trading",
  "traders",
  "trade",
  "international",
  "intl",
  "global",
  "group",
  "holding",
  "holdings",
  "enterprise",
  "enterprises",
  "services",
  "service",
  "industries",
  "industrial",
  "investment",
  "investments",
  "general",
  "supplies",
  "suppliers",
  "agencies",
  "agency",
  "ventures",
  "solutions",
  "logistics",
  "shipping",
  "import",
  "export",
  "bank",
  "foundation",
  "organization",
  "organisation",
  "center",
  "centre",
]);

export const WEIGHT_PARTICLE = 0.2;
export const WEIGHT_INITIAL = 0.3;
export const WEIGHT_GENERIC = 0.5;

export interface NormalizedName {
  /** ASCII, lower case, no punctuation. */
  tokens: string[];
  /** One per token: 1, or less for particles, initials and generic words. */
  weights: number[];
  /** How many tokens have full weight (the ones that identify someone). */
  strong: number;
  /** Sum of the weights. */
  total: number;
}

/** Is this code point CJK or Hangul (written without spaces between syllables)? */
function isSyllabic(code: number): boolean {
  return (
    (code >= 0x3040 && code <= 0x30ff) || // kana
    (code >= 0x3400 && code <= 0x9fff) || // CJK ideographs
    (code >= 0xac00 && code <= 0xd7af) || // Hangul syllables
    (code >= 0xf900 && code <= 0xfaff)
  );
}

/**
 * The text of a name in ASCII: diacritics dropped ("Müller" is "Muller"), other scripts
 * transliterated by any-ascii ("Абдуллах" is "Abdullakh"); CJK and Hangul syllables are kept
 * apart ("라경수" is "ra gyeong su", like "Ra Kyong-Su").
 */
export function toAscii(raw: string): string {
  let out = "";
  let plain = "";
  for (const char of raw) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      plain += char;
      continue;
    }
    if (isSyllabic(code)) {
      out += anyAscii(plain) + " " + anyAscii(char) + " ";
      plain = "";
      continue;
    }
    plain += char;
  }
  return out + anyAscii(plain);
}

/** A token's weight: 1, or less for a particle, an initial or a generic business word. */
export function tokenWeight(token: string): number {
  if (PARTICLES.has(token)) return WEIGHT_PARTICLE;
  if (token.length === 1) return WEIGHT_INITIAL;
  if (GENERIC_WORDS.has(token)) return WEIGHT_GENERIC;
  return 1;
}

function dropPhrases(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const phrase = LEGAL_PHRASES.find((words) => words.every((word, k) => tokens[i + k] === word));
    if (phrase) {
      i += phrase.length;
      continue;
    }
    out.push(tokens[i]!);
    i++;
  }
  return out;
}

/** The tokens of a name, honorifics and legal forms dropped (unless nothing else is left). */
export function nameTokens(raw: string): string[] {
  const text = toAscii(raw)
    .toLowerCase()
    // Apostrophes and the ayn any-ascii writes as a backtick join: "Tali'A" is "talia".
    .replace(/['`\u2018\u2019]/g, "")
    // Dots inside abbreviations join: "S.R.O." is "sro", "L.L.C." is "llc".
    .replace(/\.(?=[a-z0-9])/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  if (text === "") return [];
  const tokens = text.split(" ");
  const kept = dropPhrases(tokens).filter(
    (token) => !HONORIFICS.has(token) && !LEGAL_FORMS.has(token),
  );
  return kept.length > 0 ? kept : tokens;
}

/** A name as the matcher reads it: its tokens and their weights. */
export function normalizeName(raw: string): NormalizedName {
  const tokens = nameTokens(raw);
  const weights = tokens.map(tokenWeight);
  let strong = 0;
  let total = 0;
  for (const weight of weights) {
    total += weight;
    if (weight === 1) strong++;
  }
  return { tokens, weights, strong, total };
}

/** Is this token a particle that is often written joined to the next ("al-Rahman", "Alrahman")? */
export function joinsNext(token: string): boolean {
  return PARTICLES.has(token) || token === "abd" || token === "abdel" || token === "abdul";
}

const matchedA = new Uint8Array(64);
const matchedB = new Uint8Array(64);

/**
 * Jaro-Winkler similarity of two ASCII strings (Winkler 1990: prefix of at most 4 characters,
 * scale 0.1, applied when the Jaro similarity is above 0.7). 1 for equal strings, 0 for nothing
 * in common. Strings longer than 64 characters compare on their first 64.
 */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = Math.min(a.length, 64);
  const lb = Math.min(b.length, 64);
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, (Math.max(la, lb) >> 1) - 1);
  matchedA.fill(0, 0, la);
  matchedB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const code = a.charCodeAt(i);
    const start = Math.max(0, i - window);
    const end = Math.min(i + window + 1, lb);
    for (let j = start; j < end; j++) {
      if (matchedB[j] === 0 && b.charCodeAt(j) === code) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let halfTranspositions = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (matchedA[i] === 0) continue;
    while (matchedB[j] === 0) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) halfTranspositions++;
    j++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - (halfTranspositions >> 1)) / m) / 3;
  if (jaro <= 0.7) return jaro;
  let prefix = 0;
  const most = Math.min(4, la, lb);
  while (prefix < most && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
