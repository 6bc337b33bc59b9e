/** Refused at once: the queue of a bounded `concurrencyLimit` is full. */
export class QueueFullError extends Error {
  constructor() {
    super("Busy: too many tasks are waiting");
    this.name = "QueueFullError";
  }
}

/**
 * Refused at once: a task with the same `key` is already waiting or running (one per client
 * address, so one client cannot hold several places in the queue). A kind of QueueFullError.
 */
export class KeyBusyError extends QueueFullError {
  constructor() {
    super();
    this.message = "Busy: a task with this key is already waiting or running";
    this.name = "KeyBusyError";
  }
}

export type Priority = "high" | "normal";

export interface RunOptions {
  /** "high" tasks start before every waiting "normal" one (each lane keeps arrival order). */
  priority?: Priority;
  /** Wait however long the queue is, instead of being refused when it is full (default false). */
  unbounded?: boolean;
  /**
   * At most one task per key at once, waiting or running: another with a key already in the queue
   * is refused at once with KeyBusyError (whatever its lane; `unbounded` does not change that).
   */
  key?: string;
}

export interface ConcurrencyLimit {
  <T>(work: () => Promise<T>, options?: RunOptions): Promise<T>;
  /** Tasks running now, and waiting per lane (for tests and diagnostics). */
  readonly stats: { running: number; waiting: Record<Priority, number> };
  /** Whether a task with this key is waiting or running now. */
  has(key: string): boolean;
  /** Whether a bounded task in this lane would be taken now (run or wait) rather than refused. */
  hasRoom(priority?: Priority): boolean;
}

/**
 * At most `max` tasks at once; the rest wait in arrival order, "high" before "normal". For work
 * that holds a lot of memory while it runs (a password hash, a page render): a burst queues instead
 * of growing the process. With `maxWaiting`, at most that many wait in each lane and a task past
 * that is refused at once (a rejected promise with QueueFullError, before any work), so a flood
 * cannot make everyone wait behind it; `unbounded` tasks always queue. With a `key`, one task per
 * key at a time: a second is refused at once (KeyBusyError).
 */
export function concurrencyLimit(
  max: number,
  options: { maxWaiting?: number } = {},
): ConcurrencyLimit {
  const maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
  let running = 0;
  const lanes: Record<Priority, (() => void)[]> = { high: [], normal: [] };
  /** The keys of the tasks waiting or running now. */
  const keys = new Set<string>();

  async function run<T>(work: () => Promise<T>, runOptions: RunOptions = {}): Promise<T> {
    const { key } = runOptions;
    if (key !== undefined && keys.has(key)) throw new KeyBusyError();
    if (running < max) {
      running++;
    } else {
      const lane = lanes[runOptions.priority ?? "normal"];
      if (!runOptions.unbounded && lane.length >= maxWaiting) throw new QueueFullError();
      if (key !== undefined) keys.add(key);
      // The finishing task hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => lane.push(resolve));
    }
    if (key !== undefined) keys.add(key);
    try {
      return await work();
    } finally {
      if (key !== undefined) keys.delete(key);
      const waiter = lanes.high.shift() ?? lanes.normal.shift();
      if (waiter) waiter();
      else running--;
    }
  }

  return Object.defineProperties(run, {
    stats: {
      get: () => ({ running, waiting: { high: lanes.high.length, normal: lanes.normal.length } }),
    },
    has: { value: (key: string) => keys.has(key) },
    hasRoom: {
      value: (priority: Priority = "normal") =>
        running < max || lanes[priority].length < maxWaiting,
    },
  }) as ConcurrencyLimit;
}
