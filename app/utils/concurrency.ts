/**
 * At most `max` tasks at once; the rest wait in arrival order. For work that holds a lot of memory
 * while it runs (a password hash, a page render): a burst queues instead of growing the process.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
