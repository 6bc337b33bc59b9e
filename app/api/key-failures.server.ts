/**
 * Failed API key checks per client address (issue 27, item 7): after KEY_FAILURE_LIMIT.limit
 * failures (a malformed Authorization header or a key that is not valid, revoked or expired) from
 * one address in a fixed one-minute window, every request from it is refused (429
 * `too_many_failed_keys`, Retry-After) before its key is looked up, until the window ends. A valid
 * key does not wipe the count: anyone can hold a key of their own to interleave. Addresses are
 * keyed like sign-in (IPv6 by its /64, utils/ip-address.server.ts).
 *
 * Kept in this process's memory, like the per-key rate limit (rate-limit.server.ts): the API is
 * one process (ARCHITECTURE §8), and a flood of random keys should cost no database write. Bounded:
 * at most MAX_ADDRESSES windows. The map is in window-start order (a renewed window is re-inserted
 * at the end) and every window is as long, so ended windows are always at its front; when it is
 * full, those are dropped first, then the oldest live ones (their addresses start afresh: the price
 * of a bound, only reached with more than MAX_ADDRESSES addresses failing within a minute). When
 * the app runs as several processes, this moves to the shared rate_limits table.
 */
import { addressKey } from "~/utils/ip-address.server";

export const KEY_FAILURE_LIMIT = { limit: 20, windowMs: 60_000 } as const;
export const MAX_ADDRESSES = 10_000;

const windows = new Map<string, { endsAt: number; count: number }>();

/** The throttling key of an address as the API got it (null: not known, all such share one). */
const keyOf = (address: string | null | undefined) =>
  address ? addressKey(address) : "ip:unknown";

/** How long this address must wait before its next request is answered (0: not refused). */
export function keyFailureWaitMs(address: string | null | undefined, now: number): number {
  const window = windows.get(keyOf(address));
  if (!window || window.endsAt <= now || window.count < KEY_FAILURE_LIMIT.limit) return 0;
  return window.endsAt - now;
}

/** Count one failed key check from this address. */
export function recordKeyFailure(address: string | null | undefined, now: number): void {
  const key = keyOf(address);
  let window = windows.get(key);
  if (!window || window.endsAt <= now) {
    windows.delete(key);
    for (const [oldest, first] of windows) {
      if (first.endsAt > now && windows.size < MAX_ADDRESSES) break;
      windows.delete(oldest);
    }
    window = { endsAt: now + KEY_FAILURE_LIMIT.windowMs, count: 0 };
    windows.set(key, window);
  }
  window.count++;
}

/** How many addresses are tracked now (tests, diagnostics). */
export const trackedAddresses = () => windows.size;
