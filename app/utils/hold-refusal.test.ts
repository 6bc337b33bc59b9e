import { afterEach, describe, expect, it, vi } from "vitest";
import { heldRefusals, holdRefusal, MAX_HELD_REFUSALS } from "./hold-refusal.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("holdRefusal", () => {
  it("holds for the given time; nothing for 0", async () => {
    vi.useFakeTimers();
    let done = false;
    const holding = holdRefusal(2_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(done).toBe(false);
    expect(heldRefusals()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await holding;
    expect(done).toBe(true);
    expect(heldRefusals()).toBe(0);
    await holdRefusal(0);
  });

  it(`holds at most ${MAX_HELD_REFUSALS} at once: past that a refusal goes at once`, async () => {
    vi.useFakeTimers();
    const holding = Array.from({ length: MAX_HELD_REFUSALS }, () => holdRefusal(2_000));
    expect(heldRefusals()).toBe(MAX_HELD_REFUSALS);
    let extra = false;
    await holdRefusal(2_000).then(() => (extra = true));
    expect(extra).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    await Promise.all(holding);
    expect(heldRefusals()).toBe(0);
  });
});
