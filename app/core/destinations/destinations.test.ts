/**
 * Settlement destinations in the core (issue 14, item 5): the owner's answer about a registered
 * name counts only while one is awaited; the first verified destination becomes the default, and
 * at most one destination of a merchant is ever the default (the partial unique index
 * `settlement_destinations_one_default_idx` as the last line), whatever order answers and
 * make-default calls come in, also from two connections to the same database; removing the default
 * is refused while another verified destination could take its place; a removed split member ends
 * the split; only verified destinations take a share; a verification's outcome is recorded only
 * while the destination is being verified. Against a real migrated database.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { merchants, settlementDestinations } from "../../../drizzle/schema";
import { createTestDb, openTestDatabase, testStore } from "../../../tests/setup/db";
import { insertDestination } from "../../../tests/setup/destinations";
import { addMerchant } from "../../../tests/setup/payments";
import {
  answerRegisteredName,
  defaultDestination,
  failoverAllowed,
  getDestination,
  insertVerifiedDestination,
  makeDefaultDestination,
  removeDestination,
  setSplitRules,
} from "./destinations.server";
import { recordVerificationOutcome, type VerificationOutcome } from "./verification-result.server";
import type { DestinationStatus } from "./vocabulary";

const test = createTestDb();
const { db } = test;
const store = testStore(db);
afterAll(test.close);
const NOW = Date.UTC(2026, 10, 20, 7, 0);

let counter = 0;
let merchantId: string;
let actor: { merchantId: string; userId: string };
beforeEach(() => {
  merchantId = `MRC-DST${String(++counter).padStart(3, "0")}`;
  addMerchant(db, merchantId, null);
  actor = { merchantId, userId: `mu_dst_${counter}` };
});

const row = async (id: string) => (await getDestination(store, merchantId, id))!;
const defaults = (id = merchantId) =>
  db
    .select()
    .from(settlementDestinations)
    .where(
      and(eq(settlementDestinations.merchantId, id), eq(settlementDestinations.isDefault, true)),
    )
    .all()
    .filter((d) => d.status !== "removed");

const mpesa = (phone: string, status: DestinationStatus, extra = {}) =>
  insertDestination(db, merchantId, { rail: "mpesa", phone, status, ...extra }, NOW);
const bank = (accountNumber: string, status: DestinationStatus = "verified", extra = {}) =>
  insertDestination(
    db,
    merchantId,
    {
      rail: "pesalink",
      bankCode: "68",
      accountNumber,
      accountName: "Shop Owner",
      status,
      ...extra,
    },
    NOW,
  );

describe("answerRegisteredName", () => {
  it("counts only while the name awaits the owner's answer (confirm_name)", async () => {
    for (const status of ["verifying", "verified", "failed", "removed"] as const) {
      const destination = mpesa(`+25471200010${status.length}`, status);
      for (const accepted of [true, false])
        expect(await answerRegisteredName(store, actor, destination.id, accepted, NOW)).toEqual({
          ok: false,
          reason: "wrong_state",
        });
      expect((await row(destination.id)).status).toBe(status);
      expect((await row(destination.id)).isDefault).toBe(false);
    }
    expect(await answerRegisteredName(store, actor, "dst_nosuchone1", true, NOW)).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("another merchant's destination is not found", async () => {
    const destination = mpesa("+254712000201", "confirm_name");
    const stranger = { merchantId: "MRC-STRANGER", userId: "mu_x" };
    addMerchant(db, "MRC-STRANGER", null);
    expect(await answerRegisteredName(store, stranger, destination.id, true, NOW)).toMatchObject({
      ok: false,
      reason: "not_found",
    });
    expect((await row(destination.id)).status).toBe("confirm_name");
  });

  it("accepted: verified, and the default when there is none; the next one is verified but not the default", async () => {
    const first = mpesa("+254712000301", "confirm_name", { registeredName: "JOHN DOE" });
    const second = bank("1450160649886", "confirm_name", { registeredName: "SHOP OWNER" });
    expect(await answerRegisteredName(store, actor, first.id, true, NOW)).toMatchObject({
      ok: true,
    });
    expect(await row(first.id)).toMatchObject({
      status: "verified",
      isDefault: true,
      verifiedAt: NOW,
    });
    expect(await answerRegisteredName(store, actor, second.id, true, NOW + 1)).toMatchObject({
      ok: true,
    });
    expect(await row(second.id)).toMatchObject({ status: "verified", isDefault: false });
    expect((await defaultDestination(store, merchantId))?.id).toBe(first.id);
    // Answered once: a second answer is refused and changes nothing.
    expect(await answerRegisteredName(store, actor, first.id, false, NOW + 2)).toMatchObject({
      ok: false,
      reason: "wrong_state",
    });
    expect((await row(first.id)).status).toBe("verified");
  });

  it("rejected: failed with the reason, never the default", async () => {
    const destination = mpesa("+254712000401", "confirm_name", { registeredName: "NOT ME" });
    expect(await answerRegisteredName(store, actor, destination.id, false, NOW)).toMatchObject({
      ok: true,
    });
    expect(await row(destination.id)).toMatchObject({ status: "failed", isDefault: false });
    expect((await row(destination.id)).failureReason).toMatch(
      /did not recognise the registered name/,
    );
    expect(await defaultDestination(store, merchantId)).toBeUndefined();
  });
});

describe("exactly one default", () => {
  it("the partial unique index refuses a second default (a removed one does not count)", async () => {
    mpesa("+254712000501", "verified", { isDefault: true });
    expect(() => mpesa("+254712000502", "verified", { isDefault: true })).toThrow(/UNIQUE|unique/);
    const other = mpesa("+254712000503", "verified");
    expect(() =>
      db
        .update(settlementDestinations)
        .set({ isDefault: true })
        .where(eq(settlementDestinations.id, other.id))
        .run(),
    ).toThrow(/UNIQUE|unique/);
    // A removed default does not hold the place.
    mpesa("+254712000504", "removed", { isDefault: true });
    expect(defaults()).toHaveLength(1);
  });

  it("two answers at once with no default: one becomes the default, the other is verified only", async () => {
    const a = mpesa("+254712000601", "confirm_name");
    const b = mpesa("+254712000602", "confirm_name");
    const results = await Promise.all([
      Promise.resolve().then(() => answerRegisteredName(store, actor, a.id, true, NOW)),
      Promise.resolve().then(() => answerRegisteredName(store, actor, b.id, true, NOW)),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect((await row(a.id)).status).toBe("verified");
    expect((await row(b.id)).status).toBe("verified");
    expect(defaults()).toHaveLength(1);
  });

  it("two answers from two connections to the same database: still one default", async () => {
    const second = openTestDatabase(test.file);
    try {
      const a = mpesa("+254712000701", "confirm_name");
      const b = mpesa("+254712000702", "confirm_name");
      expect((await answerRegisteredName(testStore(second), actor, a.id, true, NOW)).ok).toBe(true);
      expect((await answerRegisteredName(store, actor, b.id, true, NOW)).ok).toBe(true);
      expect(defaults().map((d) => d.id)).toEqual([a.id]);
    } finally {
      second.$client.close();
    }
  });

  it("two make-default calls at once: exactly one default, one of those asked; one after another (on two connections): the last one asked", async () => {
    const a = mpesa("+254712000801", "verified", { isDefault: true });
    const b = mpesa("+254712000802", "verified");
    const c = bank("1450160649801");
    const results = await Promise.all([
      Promise.resolve().then(() => makeDefaultDestination(store, actor, b.id, NOW)),
      Promise.resolve().then(() => makeDefaultDestination(store, actor, c.id, NOW)),
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    // Calls at the same instant have no "last" on PostgreSQL (two connections race for the row).
    const [winner] = defaults().map((d) => d.id);
    expect(defaults()).toHaveLength(1);
    expect([b.id, c.id]).toContain(winner);

    const second = openTestDatabase(test.file);
    try {
      expect((await makeDefaultDestination(testStore(second), actor, a.id, NOW)).ok).toBe(true);
      expect((await makeDefaultDestination(store, actor, b.id, NOW)).ok).toBe(true);
    } finally {
      second.$client.close();
    }
    expect(defaults().map((d) => d.id)).toEqual([b.id]);
  });

  it("make-default: only a verified destination of the merchant's; the default again is a no-op", async () => {
    const current = mpesa("+254712000901", "verified", { isDefault: true });
    for (const status of ["verifying", "confirm_name", "failed"] as const) {
      const d = mpesa(`+25471200091${status.length}`, status);
      expect(await makeDefaultDestination(store, actor, d.id, NOW)).toEqual({
        ok: false,
        reason: "not_verified",
      });
    }
    const removed = mpesa("+254712000920", "removed");
    expect(await makeDefaultDestination(store, actor, removed.id, NOW)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await makeDefaultDestination(store, actor, current.id, NOW)).toMatchObject({ ok: true });
    expect(defaults().map((d) => d.id)).toEqual([current.id]);
  });
});

describe("removeDestination", () => {
  it("refuses the default while another verified destination exists, then removes it once another is the default", async () => {
    const main = mpesa("+254712001001", "verified", { isDefault: true });
    const other = bank("1450160641001");
    expect(await removeDestination(store, actor, main.id, NOW)).toEqual({
      ok: false,
      reason: "is_default",
    });
    expect(await row(main.id)).toMatchObject({ status: "verified", isDefault: true });
    expect((await makeDefaultDestination(store, actor, other.id, NOW)).ok).toBe(true);
    expect(await removeDestination(store, actor, main.id, NOW)).toMatchObject({ ok: true });
    expect(await row(main.id)).toMatchObject({
      status: "removed",
      isDefault: false,
      removedAt: NOW,
    });
    expect(await removeDestination(store, actor, main.id, NOW)).toEqual({
      ok: false,
      reason: "not_found",
    });
  });

  it("the only destination, though the default, can be removed", async () => {
    const only = mpesa("+254712001101", "verified", { isDefault: true });
    mpesa("+254712001102", "verifying");
    expect(await removeDestination(store, actor, only.id, NOW)).toMatchObject({ ok: true });
    expect(defaults()).toEqual([]);
  });

  it("removing a member of the split ends the split", async () => {
    const main = mpesa("+254712001201", "verified", { isDefault: true });
    const account = bank("1450160641201");
    const third = mpesa("+254712001202", "verified");
    expect(
      await setSplitRules(
        store,
        actor,
        new Map([
          [account.id, 80],
          [main.id, 20],
        ]),
        false,
        NOW,
      ),
    ).toEqual({ ok: true });
    expect((await removeDestination(store, actor, account.id, NOW)).ok).toBe(true);
    for (const id of [main.id, account.id, third.id])
      expect((await row(id)).splitPercent).toBeNull();
  });
});

describe("setSplitRules", () => {
  it("only verified destinations take a share; nothing changes when one is not", async () => {
    const main = mpesa("+254712001301", "verified", { isDefault: true });
    const pending = bank("1450160641301", "confirm_name");
    expect(
      await setSplitRules(
        store,
        actor,
        new Map([
          [main.id, 50],
          [pending.id, 50],
        ]),
        true,
        NOW,
      ),
    ).toEqual({ ok: false, reason: "not_verified" });
    expect((await row(main.id)).splitPercent).toBeNull();
    expect(await failoverAllowed(store, merchantId)).toBe(false);
  });

  it("another merchant's verified destination cannot take a share", async () => {
    const main = mpesa("+254712001401", "verified", { isDefault: true });
    addMerchant(db, `${merchantId}-B`, null);
    const theirs = await insertVerifiedDestination(
      store,
      `${merchantId}-B`,
      { rail: "mpesa", phone: "+254712001402" },
      NOW,
    );
    expect(
      await setSplitRules(
        store,
        actor,
        new Map([
          [main.id, 50],
          [theirs.id, 50],
        ]),
        false,
        NOW,
      ),
    ).toEqual({ ok: false, reason: "not_verified" });
  });

  it("saves the shares and failover; an empty split clears them", async () => {
    const main = mpesa("+254712001501", "verified", { isDefault: true });
    const account = bank("1450160641501");
    expect(
      await setSplitRules(
        store,
        actor,
        new Map([
          [account.id, 80],
          [main.id, 20],
        ]),
        true,
        NOW,
      ),
    ).toEqual({ ok: true });
    expect([(await row(account.id)).splitPercent, (await row(main.id)).splitPercent]).toEqual([
      80, 20,
    ]);
    expect(db.select().from(merchants).where(eq(merchants.id, merchantId)).get()).toMatchObject({
      settlementFailover: true,
    });
    expect(await setSplitRules(store, actor, new Map(), false, NOW)).toEqual({ ok: true });
    expect([(await row(account.id)).splitPercent, (await row(main.id)).splitPercent]).toEqual([
      null,
      null,
    ]);
    expect(await failoverAllowed(store, merchantId)).toBe(false);
  });
});

describe("recordVerificationOutcome", () => {
  it("moves a destination being verified only: to confirm_name with the name, or failed with the reason", async () => {
    const named = mpesa("+254712001601", "verifying");
    const refused = mpesa("+254712001602", "verifying");
    const record = (id: string, outcome: VerificationOutcome) =>
      store.write((q) => recordVerificationOutcome(q, id, outcome, NOW));
    expect(await record(named.id, { kind: "succeeded", registeredName: "JOHN DOE" })).toBe(true);
    expect(await row(named.id)).toMatchObject({
      status: "confirm_name",
      registeredName: "JOHN DOE",
    });
    expect(await record(refused.id, { kind: "failed", description: "no wallet" })).toBe(true);
    expect(await row(refused.id)).toMatchObject({
      status: "failed",
      failureReason: "The check payment did not go through: no wallet",
    });
    // A late or repeated result changes nothing (removed, answered, already failed).
    const removed = mpesa("+254712001603", "removed");
    for (const id of [named.id, refused.id, removed.id])
      expect(await record(id, { kind: "succeeded", registeredName: "X" })).toBe(false);
    expect((await row(named.id)).registeredName).toBe("JOHN DOE");
    expect((await row(refused.id)).status).toBe("failed");
    expect((await row(removed.id)).status).toBe("removed");
  });
});
