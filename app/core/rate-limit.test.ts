/**
 * Fixed-window counters on the store (ADR 0041): a hit and a reservation are each "check then
 * write" in one store write, so attempts fired at once, from one process or two, pass exactly the
 * limit.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../drizzle/schema";
import { first } from "~/db/sql";
import { createTestDb, openTestDatabase, testStore } from "../../tests/setup/db";
import {
  checkLimit,
  hitLimit,
  refundAttempt,
  reserveAttempt,
  resetLimit,
} from "./rate-limit.server";

const { db, file, close } = createTestDb();
// A second process's connection to the same file.
const other = openTestDatabase(file);
afterAll(() => {
  other.$client.close();
  close();
});
const store = testStore(db);
const otherStore = testStore(other);

const RULE = { limit: 5, windowMs: 60_000 };
const NOW = 1_000_000;

const counterOf = (key: string) =>
  store.read((q) => first(q.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1)));

describe("hitLimit", () => {
  it("counts within a window, refuses past the limit with the wait, and starts a new window", async () => {
    const hit = (now: number) => store.write((q) => hitLimit(q, "form:a", RULE, now));
    for (let i = 1; i <= RULE.limit; i++)
      expect(await hit(NOW + i)).toEqual({ allowed: true, count: i, retryAfterMs: 0 });
    expect(await hit(NOW + 10_000)).toEqual({
      allowed: false,
      count: RULE.limit + 1,
      retryAfterMs: RULE.windowMs - 9_999,
    });
    expect(await store.read((q) => checkLimit(q, "form:a", RULE, NOW + 10_000))).toEqual({
      allowed: false,
      count: RULE.limit + 1,
      retryAfterMs: RULE.windowMs - 9_999,
    });
    // The window ended: the next hit opens a new one at 1.
    const later = NOW + 1 + RULE.windowMs;
    expect(await hit(later)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
    expect(await counterOf("form:a")).toEqual({
      key: "form:a",
      count: 1,
      windowEndsAt: later + RULE.windowMs,
    });
    await store.write((q) => resetLimit(q, "form:a"));
    expect(await store.read((q) => checkLimit(q, "form:a", RULE, later))).toEqual({
      allowed: true,
      count: 0,
      retryAfterMs: 0,
    });
  });

  it("hits fired at once, from two processes, pass exactly the limit", async () => {
    const hits = Array.from({ length: 4 * RULE.limit }, (_, i) =>
      (i % 2 === 0 ? store : otherStore).write((q) => hitLimit(q, "form:flood", RULE, NOW)),
    );
    const states = await Promise.all(hits);
    expect(states.filter((state) => state.allowed)).toHaveLength(RULE.limit);
    expect(states.map((state) => state.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 4 * RULE.limit }, (_, i) => i + 1),
    );
    expect((await counterOf("form:flood"))?.count).toBe(4 * RULE.limit);
  });
});

describe("reserveAttempt", () => {
  const keys = (account: string) => [
    { key: `reset:account:${account}`, rule: { limit: 3, windowMs: 60_000 } },
    { key: `reset:client:${account}`, rule: { limit: 10, windowMs: 60_000 } },
  ];

  it("reservations fired at once, from two processes, pass exactly the limit; refused ones count nothing", async () => {
    const entries = keys("flood");
    const reservations = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? store : otherStore).write((q) =>
          reserveAttempt(q, i % 2 === 0 ? store : otherStore, entries, NOW),
        ),
      ),
    );
    const passed = reservations.filter((reservation) => reservation.allowed);
    expect(passed).toHaveLength(3);
    expect(passed.map((reservation) => reservation.taken[0]!.previous).sort()).toEqual([0, 1, 2]);
    for (const refused of reservations.filter((reservation) => !reservation.allowed))
      expect(refused).toEqual({ allowed: false, retryAfterMs: 60_000, taken: [] });
    expect((await counterOf("reset:account:flood"))?.count).toBe(3);
    expect((await counterOf("reset:client:flood"))?.count).toBe(3);
  });

  it("gives a reserved attempt back in its own window only", async () => {
    const entries = keys("refund");
    const reservation = await store.write((q) => reserveAttempt(q, store, entries, NOW));
    const [, client] = reservation.taken;
    await store.write((q) => refundAttempt(q, client!));
    expect((await counterOf("reset:client:refund"))?.count).toBe(0);
    // Counted in a window that has since ended: nothing is given back in the new one.
    const later = NOW + 120_000;
    await store.write((q) => reserveAttempt(q, store, entries, later));
    await store.write((q) => refundAttempt(q, client!));
    expect((await counterOf("reset:client:refund"))?.count).toBe(1);
  });
});
