/**
 * Long work in slices (issue 27, item 8): checking a 10,000-row payout file, writing its rows.
 * `yieldToEventLoop` gives the event loop a turn, so requests that arrived meanwhile (a customer's
 * checkout) are answered before the next slice. `heavySlice` runs one slice of such work in the
 * process's one heavy lane: slices of every upload take turns, one per turn of the event loop, so
 * three files at once cost other requests one slice of waiting, not three. Isomorphic.
 */
import { concurrencyLimit } from "./concurrency";

export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));

const heavyLane = concurrencyLimit(1);

/** Run `work` (a few milliseconds) after a turn of the event loop, alone among heavy slices. */
export function heavySlice<T>(work: () => T): Promise<T> {
  return heavyLane(
    async () => {
      await yieldToEventLoop();
      return work();
    },
    { unbounded: true },
  );
}
