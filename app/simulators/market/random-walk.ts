/**
 * Seeded random walks for the market simulator: the same seed gives the same prices, so a test or a
 * screenshot is reproducible, and prices still move on every call like a real market.
 */

/** mulberry32: a tiny, well-distributed 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal sample (Box-Muller). */
function gaussian(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface WalkSpec {
  /** Starting (and long-run) value. */
  base: number;
  /** Standard deviation of one step, as a fraction (0.0015 = 0.15%). */
  volatility: number;
  /** Pull back towards the base per step, 0..1 (stablecoins and FX use it). */
  reversion: number;
}

/** Several walks advanced together: `step()` moves every value once and returns the new values. */
export function createRandomWalk<K extends string>(specs: Record<K, WalkSpec>, seed: number) {
  const random = mulberry32(seed);
  const keys = Object.keys(specs) as K[];
  const values = Object.fromEntries(keys.map((key) => [key, specs[key].base])) as Record<K, number>;
  return {
    current(): Readonly<Record<K, number>> {
      return { ...values };
    },
    step(): Readonly<Record<K, number>> {
      for (const key of keys) {
        const { base, volatility, reversion } = specs[key];
        const drift = reversion * (base - values[key]);
        const next = values[key] + drift + values[key] * volatility * gaussian(random);
        // Keep the walk within a realistic band around its base.
        values[key] = Math.min(base * 2, Math.max(base / 2, next));
      }
      return { ...values };
    },
  };
}
