/** A small seeded PRNG (mulberry32) so the simulator's random choices repeat for a seed. */
export interface SeededRandom {
  /** [0, 1) */
  next(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  chars(alphabet: string, length: number): string;
}

export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      return items[int(items.length)] as T;
    },
    chars: (alphabet, length) =>
      Array.from({ length }, () => alphabet[int(alphabet.length)]).join(""),
  };
}
