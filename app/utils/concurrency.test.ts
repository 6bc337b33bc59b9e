import { describe, expect, it } from "vitest";
import { concurrencyLimit, KeyBusyError, QueueFullError } from "./concurrency";

describe("concurrencyLimit", () => {
  it("runs at most `max` tasks at once, the rest in arrival order, and frees a slot when a task fails", async () => {
    const run = concurrencyLimit(2);
    const started: number[] = [];
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const task = (id: number, fail = false) =>
      run(async () => {
        started.push(id);
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        if (fail) throw new Error(`task ${id} failed`);
        return id;
      });
    const results = [task(1, true), task(2), task(3), task(4)].map((promise) =>
      promise.catch((error: Error) => error.message),
    );
    const drain = async () => {
      while (releases.length > 0 || started.length < 4) {
        await new Promise((resolve) => setImmediate(resolve));
        releases.shift()?.();
      }
    };
    await drain();
    expect(await Promise.all(results)).toEqual(["task 1 failed", 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  /** A task that runs until the test releases it. */
  const blocker = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { work: () => done, release };
  };

  it("with maxWaiting, refuses the next task at once when the lane is full, without running it", async () => {
    const run = concurrencyLimit(1, { maxWaiting: 2 });
    const tasks = [blocker(), blocker(), blocker()];
    const settled: boolean[] = [];
    const queued = tasks.map((task, index) => run(task.work).then(() => (settled[index] = true)));
    expect(run.stats).toEqual({ running: 1, waiting: { high: 0, normal: 2 } });
    let ranRefused = false;
    await expect(run(async () => (ranRefused = true))).rejects.toBeInstanceOf(QueueFullError);
    // Refused while every queued task is still pending: it did not wait for any of them.
    expect(settled).toEqual([]);
    expect(ranRefused).toBe(false);
    // The refusal took no slot: once the queue drains, new work runs.
    tasks.forEach((task) => task.release());
    await Promise.all(queued);
    expect(await run(async () => "after")).toBe("after");
    expect(run.stats).toEqual({ running: 0, waiting: { high: 0, normal: 0 } });
  });

  it("starts high-priority tasks before waiting normal ones, each lane bounded on its own; unbounded tasks always queue", async () => {
    const run = concurrencyLimit(1, { maxWaiting: 1 });
    const first = blocker();
    const order: string[] = [];
    const running = run(first.work);
    const normal = run(async () => order.push("normal"));
    await expect(run(async () => order.push("refused"))).rejects.toBeInstanceOf(QueueFullError);
    const high = run(async () => order.push("high"), { priority: "high" });
    const extra = run(async () => order.push("unbounded"), { unbounded: true });
    expect(run.stats.waiting).toEqual({ high: 1, normal: 2 });
    first.release();
    await Promise.all([running, normal, high, extra]);
    expect(order).toEqual(["high", "normal", "unbounded"]);
  });

  it("runs at most one task per key, waiting or running: another with that key is refused at once", async () => {
    const run = concurrencyLimit(1, { maxWaiting: 8 });
    const holding = blocker();
    const order: string[] = [];
    const running = run(holding.work, { key: "203.0.113.1" });
    // The key's task is running: the next with that key is refused, before any work.
    await expect(
      run(async () => order.push("same, refused"), { key: "203.0.113.1" }),
    ).rejects.toBeInstanceOf(KeyBusyError);
    const queued = run(async () => order.push("other"), { key: "203.0.113.2", priority: "high" });
    // The key's task is waiting: refused too, in either lane.
    await expect(
      run(async () => order.push("other again"), { key: "203.0.113.2" }),
    ).rejects.toBeInstanceOf(KeyBusyError);
    await expect(
      run(async () => order.push("other again"), { key: "203.0.113.2", priority: "high" }),
    ).rejects.toBeInstanceOf(QueueFullError);
    expect(run.stats).toEqual({ running: 1, waiting: { high: 1, normal: 0 } });
    holding.release();
    await Promise.all([running, queued]);
    expect(order).toEqual(["other"]);
    // Once a key's task is done the key may run again, also after a task that failed.
    await expect(
      run(async () => Promise.reject(new Error("boom")), { key: "203.0.113.1" }),
    ).rejects.toThrow("boom");
    expect(await run(async () => "again", { key: "203.0.113.1" })).toBe("again");
  });
});
