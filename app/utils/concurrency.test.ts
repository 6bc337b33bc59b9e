import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency";

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
    const results = [task(1, true), task(2), task(3), task(4)].map((promise) => promise.catch((error: Error) => error.message));
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
});
