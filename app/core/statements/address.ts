/**
 * A business's address on one line, each place once (issue 30, item 8): the application keeps the
 * street address, the city ("Nairobi, Nairobi City County") and the country apart, and the street
 * address often names the city again. Pure.
 */
export function addressLine(parts: readonly (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    for (const piece of (part ?? "").split(/[,\n]/)) {
      const text = piece.trim().replace(/\s+/g, " ");
      const key = text.toLowerCase();
      if (text === "" || seen.has(key)) continue;
      seen.add(key);
      kept.push(text);
    }
  }
  return kept.join(", ");
}
