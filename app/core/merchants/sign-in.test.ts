import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { merchants, merchantUsers, rateLimits } from "../../../drizzle/schema";
import {
  hashPassword,
  PASSWORD_QUEUE,
  passwordHashSlots,
  verifyAgainstDummy,
} from "~/core/passwords.server";
import { hitLimit } from "~/core/rate-limit.server";
import { FAILING_CLIENT_HOLD_MS } from "~/core/sign-in-guard.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { SIGN_IN_LIMITS, signInMerchant } from "./sign-in.server";

const { db, close } = createTestDb();
afterAll(close);

const password = "correct horse battery";
db.insert(merchants)
  .values({
    id: "MRC-TEST22",
    businessName: "Test Shop",
    contactEmail: "t@shop.example",
    createdAt: 0,
  })
  .run();
db.insert(merchantUsers)
  .values({
    id: "usr_t",
    merchantId: "MRC-TEST22",
    username: "owner",
    passwordHash: await hashPassword(password),
    createdAt: 0,
  })
  .run();

const attempt = (
  fields: Partial<{ merchantId: string; username: string; password: string; clientKey: string }>,
  now: number,
) =>
  signInMerchant(
    testStore(db),
    { merchantId: "MRC-TEST22", username: "owner", password, clientKey: "client-a", ...fields },
    now,
  );

describe("merchant sign-in", () => {
  it("accepts the right credentials, whatever the case and spaces of the ID and username", async () => {
    const result = await attempt({ merchantId: " mrc-test22 ", username: "Owner" }, 1_000);
    expect(result).toMatchObject({
      ok: true,
      principal: { merchantId: "MRC-TEST22", username: "owner", businessName: "Test Shop" },
    });
  });

  it("answers the same for an unknown merchant, an unknown user and a wrong password", async () => {
    const answers = await Promise.all([
      attempt({ merchantId: "MRC-NOPE00", clientKey: "c1" }, 1_000),
      attempt({ username: "nobody", clientKey: "c2" }, 1_000),
      attempt({ password: "wrong password", clientKey: "c3" }, 1_000),
    ]);
    expect(answers).toEqual([
      { ok: false, reason: "invalid" },
      { ok: false, reason: "invalid" },
      { ok: false, reason: "invalid" },
    ]);
  });

  it("throttles 20 wrong passwords in a row; the right password works again after the window", async () => {
    const start = 10_000_000;
    const results = [];
    for (let i = 0; i < 20; i++)
      results.push(await attempt({ password: `guess ${i}`, clientKey: "client-b" }, start + i));
    expect(
      results.slice(0, SIGN_IN_LIMITS.account.limit).every((r) => !r.ok && r.reason === "invalid"),
    ).toBe(true);
    expect(
      results.slice(SIGN_IN_LIMITS.account.limit).every((r) => !r.ok && r.reason === "throttled"),
    ).toBe(true);
    // Inside the window even the right password is refused.
    const blocked = await attempt({ clientKey: "client-b" }, start + 60_000);
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    if (!blocked.ok && blocked.reason === "throttled")
      expect(blocked.retryAfterMs).toBeGreaterThan(0);
    // After the window it works.
    const later = await attempt(
      { clientKey: "client-b" },
      start + SIGN_IN_LIMITS.account.windowMs + 1,
    );
    expect(later.ok).toBe(true);
  });

  it("throttles one client trying many accounts", async () => {
    const start = 50_000_000;
    for (let i = 0; i < SIGN_IN_LIMITS.client.limit; i++) {
      await attempt({ username: `user${i}`, clientKey: "sprayer" }, start + i);
    }
    expect(await attempt({ clientKey: "sprayer" }, start + 100)).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    expect((await attempt({ clientKey: "someone-else" }, start + 100)).ok).toBe(true);
  });

  it("refuses a user who has not set a password yet", async () => {
    db.insert(merchantUsers)
      .values({ id: "usr_new", merchantId: "MRC-TEST22", username: "newbie", createdAt: 0 })
      .run();
    expect(await attempt({ username: "newbie", password: "", clientKey: "c9" }, 1_000)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("wrong passwords for one account from many addresses never refuse the right one from another", async () => {
    const start = 80_000_000;
    for (let a = 0; a < 10; a++)
      for (let i = 0; i < SIGN_IN_LIMITS.account.limit; i++)
        expect(
          await attempt({ password: `guess ${i}`, clientKey: `botnet-${a}` }, start + i),
        ).toEqual({
          ok: false,
          reason: "invalid",
        });
    // Each of those addresses is at its limit for this account ...
    expect(await attempt({ clientKey: "botnet-3" }, start + 100)).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    // ... while the member, from an address that has not failed, signs in.
    expect((await attempt({ clientKey: "members-phone" }, start + 100)).ok).toBe(true);
    // 200 real password hashes, one at a time: about 10 s on a quiet machine, more under load.
  }, 60_000);

  it("one password check per address at a time: concurrent wrong passwords from one address get one check, the rest are refused at once and count nothing", async () => {
    const start = 90_000_000;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt({ password: `parallel guess ${i}`, clientKey: "parallel" }, start),
      ),
    );
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "busy")).toHaveLength(11);
    expect(
      db.select().from(rateLimits).where(eq(rateLimits.key, "signin:client:parallel")).get()?.count,
    ).toBe(1);
  });

  it("a right password gives the client's count back; only failures use up the client's limit", async () => {
    const start = 95_000_000;
    for (let i = 0; i < 3; i++)
      await attempt({ username: `stranger${i}`, clientKey: "office" }, start + i);
    expect((await attempt({ clientKey: "office" }, start + 10)).ok).toBe(true);
    expect(
      db.select().from(rateLimits).where(eq(rateLimits.key, "signin:client:office")).get()?.count,
    ).toBe(3);
  });

  describe("with the password-hashing queue full", () => {
    /**
     * Occupy the hashing slot and every waiting place in both lanes with tasks the test releases.
     */
    const fillQueue = () => {
      const releases: (() => void)[] = [];
      const blocked: Promise<unknown>[] = [];
      const block = (priority: "high" | "normal") =>
        blocked.push(
          passwordHashSlots(() => new Promise<void>((resolve) => releases.push(resolve)), {
            priority,
          }),
        );
      block("normal");
      for (let i = 0; i < PASSWORD_QUEUE.waitingPerLane; i++) {
        block("high");
        block("normal");
      }
      return {
        release: async () => {
          // Waiting blockers start one after another: release each as it starts.
          while (releases.length > 0 || passwordHashSlots.stats.running > 0) {
            releases.shift()?.();
            await new Promise((resolve) => setImmediate(resolve));
          }
          await Promise.all(blocked);
        },
      };
    };

    it("refuses at once as busy, without waiting for any hash and without counting the attempt", async () => {
      const start = 100_000_000;
      const queue = fillQueue();
      expect(passwordHashSlots.stats.waiting).toEqual({
        high: PASSWORD_QUEUE.waitingPerLane,
        normal: PASSWORD_QUEUE.waitingPerLane,
      });
      const result = await attempt({ clientKey: "busy-client" }, start);
      // A clean client's refusal is not held.
      expect(result).toEqual({
        ok: false,
        reason: "busy",
        retryAfterMs: PASSWORD_QUEUE.retryAfterMs,
        holdMs: 0,
      });
      expect(
        db.select().from(rateLimits).where(eq(rateLimits.key, "signin:client:busy-client")).get()
          ?.count ?? 0,
      ).toBe(0);
      expect(
        db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, "signin:merchant:MRC-TEST22:owner:from:busy-client"))
          .get()?.count ?? 0,
      ).toBe(0);
      await queue.release();
      expect((await attempt({ clientKey: "busy-client" }, start + 1)).ok).toBe(true);
    });

    it("refuses a throttled client before the queue: it costs no hash", async () => {
      const start = 110_000_000;
      for (let i = 0; i < SIGN_IN_LIMITS.client.limit; i++)
        await recordFailure("flooder", start + i);
      const queue = fillQueue();
      // With no place in the queue, a client that got past the limit check would be "busy".
      expect(await attempt({ clientKey: "flooder" }, start + 100)).toMatchObject({
        ok: false,
        reason: "throttled",
      });
      await queue.release();
    });
  });

  it("a client refused as busy waits in the normal lane on its next tries: one high-lane try per fresh address", async () => {
    const start = 130_000_000;
    const releases: (() => void)[] = [];
    const blocked: Promise<unknown>[] = [];
    blocked.push(passwordHashSlots(() => new Promise<void>((resolve) => releases.push(resolve))));
    for (let i = 0; i < PASSWORD_QUEUE.waitingPerLane; i++) {
      blocked.push(
        passwordHashSlots(() => new Promise<void>((resolve) => releases.push(resolve)), {
          priority: "high",
        }),
      );
    }
    expect(
      await attempt({ username: "fresh-ghost", clientKey: "fresh-flooder" }, start),
    ).toMatchObject({ ok: false, reason: "busy" });
    // Its next try is not refused (the normal lane has room) but queued behind the high lane.
    const next = attempt({ username: "fresh-ghost", clientKey: "fresh-flooder" }, start + 1);
    await expect
      .poll(() => passwordHashSlots.stats.waiting)
      .toEqual({
        high: PASSWORD_QUEUE.waitingPerLane,
        normal: 1,
      });
    while (releases.length > 0 || passwordHashSlots.stats.running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(blocked);
    expect(await next).toEqual({ ok: false, reason: "invalid" });
  });

  it("a client refused as busy stays in the normal lane for the failure window, not just 30 s", async () => {
    const start = 140_000_000;
    const releases: (() => void)[] = [];
    const blocked: Promise<unknown>[] = [];
    const hold = (priority: "high" | "normal") =>
      blocked.push(
        passwordHashSlots(() => new Promise<void>((resolve) => releases.push(resolve)), {
          priority,
        }),
      );
    const drain = async () => {
      while (releases.length > 0 || passwordHashSlots.stats.running > 0) {
        releases.shift()?.();
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(blocked);
    };
    hold("normal");
    for (let i = 0; i < PASSWORD_QUEUE.waitingPerLane; i++) hold("high");
    expect(
      await attempt({ username: "rotating", clientKey: "rotating-flooder" }, start),
    ).toMatchObject({ ok: false, reason: "busy" });
    await drain();
    // Ten minutes later it has still not earned a high-lane place.
    hold("normal");
    const later = attempt(
      { username: "rotating", clientKey: "rotating-flooder" },
      start + 10 * 60_000,
    );
    await expect.poll(() => passwordHashSlots.stats.waiting).toEqual({ high: 0, normal: 1 });
    await drain();
    expect(await later).toEqual({ ok: false, reason: "invalid" });
  });

  it("a flood's refusals write nothing: a throttled client, a second attempt from a client already queued, a failing client finding its lane full", async () => {
    const start = 150_000_000;
    // Any write moves the store's change counter (on either engine).
    const changes = () => testStore(db).changeCounter();
    for (let i = 0; i < SIGN_IN_LIMITS.client.limit; i++)
      await recordFailure("throttled-flooder", start);
    await recordFailure("failing-flooder", start);
    const releases: (() => void)[] = [];
    const blocked: Promise<unknown>[] = [];
    blocked.push(passwordHashSlots(() => new Promise<void>((resolve) => releases.push(resolve))));
    const queued = attempt({ username: "ghost", clientKey: "queued-flooder" }, start);
    for (let i = 0; i < PASSWORD_QUEUE.waitingPerLane; i++)
      blocked.push(passwordHashSlots(() => new Promise<void>((resolve) => releases.push(resolve))));
    await expect
      .poll(() => passwordHashSlots.stats.waiting)
      .toEqual({
        high: 1,
        normal: PASSWORD_QUEUE.waitingPerLane,
      });

    const before = await changes();
    // Refusals to clients that have been failing are to be held before they are sent; a second
    // attempt of a client already in the queue is refused at once.
    expect(await attempt({ clientKey: "throttled-flooder" }, start + 1)).toMatchObject({
      reason: "throttled",
      holdMs: FAILING_CLIENT_HOLD_MS,
    });
    expect(await attempt({ clientKey: "queued-flooder" }, start + 1)).toMatchObject({
      reason: "busy",
      holdMs: 0,
    });
    expect(await attempt({ clientKey: "failing-flooder" }, start + 1)).toMatchObject({
      reason: "busy",
      holdMs: FAILING_CLIENT_HOLD_MS,
    });
    expect(await changes()).toBe(before);

    while (releases.length > 0 || passwordHashSlots.stats.running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(blocked);
    expect(await queued).toEqual({ ok: false, reason: "invalid" });
  });

  it("a client without failures goes ahead of clients that have been failing", async () => {
    const start = 120_000_000;
    await verifyAgainstDummy("warm the dummy hash");
    // Each failing client has one failure on record, so its next try waits in the normal lane.
    for (let i = 0; i < PASSWORD_QUEUE.waitingPerLane; i++)
      await recordFailure(`failing-${i}`, start);
    await recordFailure("failing-extra", start);
    let release!: () => void;
    const holding = passwordHashSlots(() => new Promise<void>((resolve) => (release = resolve)));
    const finished: string[] = [];
    const failing = Array.from({ length: PASSWORD_QUEUE.waitingPerLane }, (_, i) =>
      attempt({ username: `ghost${i}`, clientKey: `failing-${i}` }, start + 1).then((r) =>
        finished.push(`failing-${i}:${r.ok ? "ok" : r.reason}`),
      ),
    );
    await expect
      .poll(() => passwordHashSlots.stats.waiting.normal)
      .toBe(PASSWORD_QUEUE.waitingPerLane);
    // The normal lane is full: the next failing client is refused at once ...
    expect(
      await attempt({ username: "ghost-extra", clientKey: "failing-extra" }, start + 1),
    ).toMatchObject({ ok: false, reason: "busy" });
    // ... but a client with a clean record still gets a place, and is served first.
    const clean = attempt({ clientKey: "clean-client" }, start + 1).then((r) =>
      finished.push(`clean:${r.ok ? "ok" : r.reason}`),
    );
    await expect.poll(() => passwordHashSlots.stats.waiting.high).toBe(1);
    release();
    await Promise.all([holding, clean, ...failing]);
    expect(finished[0]).toBe("clean:ok");
    expect(finished.slice(1).every((entry) => entry.endsWith(":invalid"))).toBe(true);
  });
});

/** One failed sign-in on record for a client (what a wrong password leaves), without hashing. */
async function recordFailure(clientKey: string, now: number) {
  await testStore(db).write((q) =>
    hitLimit(q, `signin:client:${clientKey}`, SIGN_IN_LIMITS.client, now),
  );
}
