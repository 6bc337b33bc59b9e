/**
 * An API key's life as an API client sees it (issue 13, item 1): a malformed, unknown, revoked or
 * expired key is refused with its reason; a good one names its merchant, mode and scopes; the key
 * is stored only as its hash; last-used time is written at most once a minute; revoking is for the
 * key's own merchant only and is recorded (audit row and security event).
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { apiKeys, auditLog, merchantUsers, securityEvents } from "../../../drizzle/schema";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMember } from "../../../tests/setup/members";
import { addMerchant } from "../../../tests/setup/payments";
import { apiKeyListItems, createKeyForMember, revokeKeyForMember } from "./key-management.server";
import { authenticateApiKey, createApiKey } from "./keys.server";
import { CURRENT_API_VERSION } from "./versions";

const { db, close } = createTestDb();
const store = testStore(db);
afterAll(close);

const SHOP = "MRC-KEYS22";
const OTHER = "MRC-KEYS33";
addMerchant(db, SHOP);
addMerchant(db, OTHER);
db.insert(merchantUsers)
  .values({
    id: "usr_keys_admin",
    merchantId: SHOP,
    username: "admin",
    role: "admin",
    createdAt: 0,
  })
  .run();
const actor = { merchantId: SHOP, userId: "usr_keys_admin" };
const theirOwner = addMember(db, OTHER, "owner");

/** A key made as `createKeyForMember` would, which must succeed. */
function made(result: Awaited<ReturnType<typeof createKeyForMember>>) {
  if (!result.ok) throw new Error(`key refused: ${result.reason}`);
  return result;
}
const T0 = Date.UTC(2026, 10, 24, 9);
/** A key made directly, in a write of its own. */
const newKeyIn = (input: Parameters<typeof createApiKey>[1]) =>
  store.write((q) => createApiKey(q, input));

const lastUsed = (id: string) =>
  db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)).get()?.at;

describe("authenticating an API key", () => {
  it("refuses malformed keys before any lookup", async () => {
    for (const secret of [
      "",
      "oh_test_",
      "oh_test_short",
      "oh_prod_0123456789abcdefghijABCDEFGHIJ01",
      "oh_test_0123456789abcdefghijABCDEFGHIJ0!",
      `oh_test_${"a".repeat(33)}`,
      ` oh_test_${"a".repeat(32)}`,
    ])
      expect(await authenticateApiKey(store, secret, T0), secret).toEqual({
        ok: false,
        reason: "malformed",
      });
  });

  it("refuses a well-formed key nobody made", async () => {
    expect(await authenticateApiKey(store, `oh_live_${"Z".repeat(32)}`, T0)).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("accepts a new key with its merchant, mode and scopes; only its hash is stored", async () => {
    const { key, secret } = made(
      await createKeyForMember(
        store,
        actor,
        { name: "Till", mode: "live", scopes: ["payments:read", "balances:read"], expiresAt: null },
        T0,
      ),
    );
    expect(secret).toMatch(/^oh_live_[0-9A-Za-z]{32}$/);
    expect(await authenticateApiKey(store, secret, T0)).toEqual({
      ok: true,
      key: {
        keyId: key.id,
        merchantId: SHOP,
        mode: "live",
        scopes: ["payments:read", "balances:read"],
        withheldScopes: [],
        memberId: actor.userId,
        role: "admin",
        apiVersion: CURRENT_API_VERSION,
      },
    });
    const row = db.select().from(apiKeys).where(eq(apiKeys.id, key.id)).get()!;
    expect(row.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    expect(row.prefix).toBe(secret.slice(0, 12));
    // A test key for the same merchant is another key, in test mode.
    const test = made(
      await createKeyForMember(
        store,
        actor,
        { name: "Sandbox", mode: "test", scopes: ["payments:write"], expiresAt: null },
        T0,
      ),
    );
    expect(test.secret).toMatch(/^oh_test_/);
    const auth = await authenticateApiKey(store, test.secret, T0);
    expect(auth.ok && auth.key.mode).toBe("test");
  });

  it("refuses a key from the moment it expires, and lists it as Expired", async () => {
    const { key, secret } = await newKeyIn({
      merchantId: SHOP,
      mode: "test",
      name: "Short-lived",
      scopes: ["payments:read"],
      createdBy: actor.userId,
      expiresAt: T0 + 1_000,
      now: T0,
    });
    expect((await authenticateApiKey(store, secret, T0 + 999)).ok).toBe(true);
    expect(await authenticateApiKey(store, secret, T0 + 1_000)).toEqual({
      ok: false,
      reason: "expired",
    });
    const listed = (await apiKeyListItems(store, SHOP, T0 + 1_000)).find(
      (item) => item.id === key.id,
    );
    expect(listed?.status).toBe("expired");
  });

  it("writes the last-used time at most once a minute", async () => {
    const { key, secret } = await newKeyIn({
      merchantId: SHOP,
      mode: "live",
      name: "Busy",
      scopes: ["payments:read"],
      createdBy: actor.userId,
      now: T0,
    });
    expect(lastUsed(key.id)).toBeNull();
    await authenticateApiKey(store, secret, T0 + 10_000);
    expect(lastUsed(key.id)).toBe(T0 + 10_000);
    await authenticateApiKey(store, secret, T0 + 69_999);
    expect(lastUsed(key.id)).toBe(T0 + 10_000);
    await authenticateApiKey(store, secret, T0 + 70_000);
    expect(lastUsed(key.id)).toBe(T0 + 70_000);
    expect(
      (await apiKeyListItems(store, SHOP, T0 + 70_000)).find((k) => k.id === key.id)?.lastUsedAt,
    ).toBe(T0 + 70_000);
  });
});

describe("revoking an API key", () => {
  it("takes effect at once, once, and is recorded", async () => {
    const { key, secret } = made(
      await createKeyForMember(
        store,
        actor,
        { name: "Old shop", mode: "live", scopes: ["payments:write"], expiresAt: null },
        T0,
      ),
    );
    expect(await revokeKeyForMember(store, actor, key.id, T0 + 5)).toEqual({
      ok: true,
      name: "Old shop",
    });
    expect(await authenticateApiKey(store, secret, T0 + 5)).toEqual({
      ok: false,
      reason: "revoked",
    });
    expect(await revokeKeyForMember(store, actor, key.id, T0 + 6)).toEqual({ ok: false });
    expect((await apiKeyListItems(store, SHOP, T0 + 6)).find((k) => k.id === key.id)?.status).toBe(
      "revoked",
    );

    const events = db
      .select({ type: securityEvents.type, details: securityEvents.details })
      .from(securityEvents)
      .where(eq(securityEvents.subjectId, actor.userId))
      .all()
      .filter((event) => JSON.parse(event.details ?? "{}").keyId === key.id);
    expect(events.map((event) => event.type)).toEqual(["api_key_created", "api_key_revoked"]);
    const audit = db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "api_key"), eq(auditLog.targetId, key.id)))
      .all();
    expect(audit.map((row) => row.action)).toEqual(["api_key.created", "api_key.revoked"]);
  });

  it("cannot revoke another merchant's key", async () => {
    const theirs = await newKeyIn({
      merchantId: OTHER,
      mode: "live",
      name: "Theirs",
      scopes: ["payments:read"],
      createdBy: theirOwner.id,
      now: T0,
    });
    expect(await revokeKeyForMember(store, actor, theirs.key.id, T0 + 1)).toEqual({ ok: false });
    expect((await authenticateApiKey(store, theirs.secret, T0 + 1)).ok).toBe(true);
    expect((await apiKeyListItems(store, SHOP, T0 + 1)).map((k) => k.id)).not.toContain(
      theirs.key.id,
    );
  });
});
