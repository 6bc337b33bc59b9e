/**
 * Heavy requests (a payout file of up to 10,000 rows) are bounded per caller: at most
 * HEAVY_PER_CALLER at once for one API key or one member, and the next is refused at once (429)
 * instead of queueing (issue 27, item 8). Together with the sliced checking and writing of a file
 * (core/disbursements), one caller cannot slow every other customer's checkout. The count is this
 * process's: with several processes each holds its own (a caller gets at most that many per
 * process; issue 29 moves shared limits to the database).
 */
export const HEAVY_PER_CALLER = 2;

export interface HeavySlots {
  /** A slot for `caller`, with its release; null when the caller already has every slot. */
  take(caller: string): (() => void) | null;
  /** How many slots `caller` holds now. */
  held(caller: string): number;
}

export function heavySlots(perCaller = HEAVY_PER_CALLER): HeavySlots {
  const running = new Map<string, number>();
  return {
    take(caller) {
      const now = running.get(caller) ?? 0;
      if (now >= perCaller) return null;
      running.set(caller, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(caller) ?? 1) - 1;
        if (left <= 0) running.delete(caller);
        else running.set(caller, left);
      };
    },
    held: (caller) => running.get(caller) ?? 0,
  };
}

/** Payout file uploads: API keys (`key:<id>`) and dashboard members (`member:<id>`). */
export const payoutUploadSlots = heavySlots();

/** A member's refusal when they already have every upload slot. */
export const uploadsBusy = `You are already uploading ${HEAVY_PER_CALLER} payout files: wait until they are checked, then upload this one.`;
