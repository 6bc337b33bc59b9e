/**
 * The name a payout file gives against the name the rail holds (Airtel's KYC, PesaLink's lookup),
 * so the maker sees a payout about to go to someone else. Isomorphic.
 *
 * Names are compared as sets of words, ignoring case, accents, punctuation and order: registered
 * names come in capitals, surname first, with middle names the file leaves out.
 */

export type NameMatch = "match" | "partial" | "mismatch";

/** "N'gang'a Wa-Kamau, J." -> ["nganga", "wa", "kamau", "j"]. */
function tokens(name: string): string[] {
  const words = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)];
}

/**
 * "match": every word of the shorter name is in the longer one ("Wanjiku Kamau" and "KAMAU WANJIKU
 * MUTHONI"). "partial": at least one whole word is shared but not every word ("J. Kamau" and "John
 * Kamau": an initial is a partial match for its word), or every word matches at least by its
 * initial ("J. K." and "John Kamau"). "mismatch": otherwise ("J. Otieno" and "John Kamau": one
 * initial alone is not enough), or either name is empty.
 */
export function compareNames(given: string, registered: string): NameMatch {
  const a = tokens(given);
  const b = tokens(registered);
  if (a.length === 0 || b.length === 0) return "mismatch";
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const exact = new Set(longer);
  let full = 0;
  let initials = 0;
  for (const word of shorter) {
    if (exact.has(word)) full++;
    else if (
      longer.some((other) => (word.length === 1 || other.length === 1) && other[0] === word[0])
    )
      initials++;
  }
  if (full === shorter.length) return "match";
  return full > 0 || full + initials === shorter.length ? "partial" : "mismatch";
}
