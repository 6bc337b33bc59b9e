import { describe, expect, it } from "vitest";
import {
  ratesApiCacheControl,
  ratesPageCacheControl,
  secondsUntilNextRefresh,
} from "./cache-control";

const config = { refreshIntervalMs: 60_000 };
const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);

describe("cache lifetimes follow the refresh schedule", () => {
  it("lasts until the next refresh is due, never longer than one interval and never zero", () => {
    expect(secondsUntilNextRefresh({ startedAt: T0 }, config, T0)).toBe(60);
    expect(secondsUntilNextRefresh({ startedAt: T0 }, config, T0 + 45_500)).toBe(15);
    expect(secondsUntilNextRefresh({ startedAt: T0 }, config, T0 + 59_999)).toBe(1);
    // The refresh is late (or failed to run): cache only briefly.
    expect(secondsUntilNextRefresh({ startedAt: T0 }, config, T0 + 10 * 60_000)).toBe(1);
    // A clock behind the database's: still at most one interval.
    expect(secondsUntilNextRefresh({ startedAt: T0 + 120_000 }, config, T0)).toBe(60);
    expect(secondsUntilNextRefresh(null, config, T0)).toBe(1);
  });

  it("lets shared caches keep pages and any cache keep the API answer", () => {
    expect(ratesPageCacheControl({ startedAt: T0 }, config, T0 + 20_000)).toBe(
      "public, max-age=0, s-maxage=40",
    );
    expect(ratesApiCacheControl({ startedAt: T0 }, config, T0 + 20_000)).toBe(
      "public, max-age=40, s-maxage=40",
    );
  });
});
