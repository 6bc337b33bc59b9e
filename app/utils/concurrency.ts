/** Refused at once: the queue of a bounded `concurrencyLimit` is full. */
export class QueueFullError extends Error {
  constructor() {
    super("Busy: too many tasks are waiting");
    this.name = "QueueFullError";
  }
}

export type Priority = "high" | "normal";

export interface RunOptions {
  /** "high" tasks start before every waiting "normal" one (each lane keeps arrival order). */
  priority?: Priority;
  /** Wait however long the queue is, instead of being refused when it is full (default false). */
  unbounded?: boolean;
}

export interface ConcurrencyLimit {
  <T>(work: () => Promise<T>, options?: RunOptions): Promise<T>;
  /** Tasks running now, and waiting per lane (for tests and diagnostics). */
  readonly stats: { running: number; waiting: Record<Priority, number> };
}

/**
 * At most `max` tasks at once; the rest wait in arrival order, "high" before "normal". For work
 * that holds a lot of memory while it runs (a password hash, a page render): a burst queues instead
 * of growing the process. With `maxWaiting`, at most that many wait in each lane and a task past
 * that is refused at once (a rejected promise with QueueFullError, before any work), so a flood
 * cannot make everyone wait behind it; `unbounded` tasks always queue.
 */
export function concurrencyLimit(
  max: number,
  options: { maxWaiting?: number } = {},
): ConcurrencyLimit {
  const maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
  let running = 0;
  const lanes: Record<Priority, (() => void)[]> = { high: [], normal: [] };

  async function run<T>(work: () => Promise<T>, runOptions: RunOptions = {}): Promise<T> {
    if (running < max) {
      running++;
    } else {
      const lane = lanes[runOptions.priority ?? "normal"];
      if (!runOptions.unbounded && lane.length >= maxWaiting) throw new QueueFullError();
      // The finishing task hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => lane.push(resolve));
    }
    try {
      return await work();
    } finally {
      const waiter = lanes.high.shift() ?? lanes.normal.shift();
      if (waiter) waiter();
      else running--;
    }
  }

  return Object.defineProperty(run, "stats", {
    get: () => ({ running, waiting: { high: lanes.high.length, normal: lanes.normal.length } }),
  }) as ConcurrencyLimit;
}
