/**
 * A key never does more than its member (issue 27, items 1 and 2; ADR 0038 and 0039), over real
 * HTTP: a Developer cannot make a key that refunds or pays out; a key made before a demotion loses
 * what the new role lacks (403 scope_beyond_role) and keeps the rest; a suspended or removed
 * member's keys stop at once (401 api_key_revoked) and list as revoked; what a key makes is its
 * member's, so the member who made a key cannot approve the batch it made, another member can, and
 * an account with one approver approves its own only in person with a second factor.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, disbursementBatches } from "../../drizzle/schema";
import { changeMemberRole, removeMember, suspendMember } from "~/core/accounts/team.server";
import { apiKeyListItems, createKeyForMember } from "~/core/api/key-management.server";
import type { NewApiKey } from "~/core/api/keys.server";
import { approveBatch } from "~/core/disbursements/batches.server";
import { insertApiKey } from "../../tests/setup/api-keys";
import { addMember } from "../../tests/setup/members";
import { creditAvailable } from "../../tests/setup/payments";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import { testStore } from "../../tests/setup/db";

const SHOP = "MRC-AKMB22";
const SOLO = "MRC-AKMS22";
const f = setUpApi([SHOP, SOLO]);
const owner = { merchantId: SHOP, userId: f.owners[SHOP]! };

const CSV =
  "recipient,rail,amount,reference,name,bank_code\r\n0712345678,mpesa,250000,Rent,Wanjiku Kamau,\r\n";
const newBatch = (key: string) =>
  f.call("POST", "/api/v1/payout_batches", { key, body: { title: "Supplier", csv: CSV } });

/** A key of `memberId` with these scopes, made directly (as one made before the rule was). */
function keyOf(memberId: string, scopes: NewApiKey["scopes"]) {
  return insertApiKey(f.db, {
    merchantId: SHOP,
    mode: "test",
    name: "Integration",
    scopes,
    createdBy: memberId,
    now: f.h.clock.now,
  }).secret;
}

describe("a key never does more than its member", () => {
  it("a Developer cannot make a key that refunds, pays out or reads balances; the rest is made", async () => {
    const developer = addMember(f.db, SHOP, "developer");
    const actor = { merchantId: SHOP, userId: developer.id };
    for (const mode of ["test", "live"] as const)
      expect(
        await createKeyForMember(testStore(f.db), actor, {
          name: "Shop",
          mode,
          scopes: ["payments:read", "refunds:write", "payouts:write", "balances:read"],
          expiresAt: null,
        }),
      ).toEqual({
        ok: false,
        reason: "beyond_role",
        role: "developer",
        scopes: ["refunds:write", "payouts:write", "balances:read"],
      });
    const made = await createKeyForMember(testStore(f.db), actor, {
      name: "Shop",
      mode: "live",
      scopes: ["payments:read", "payments:write", "webhooks:manage"],
      expiresAt: null,
    });
    expect(made.ok).toBe(true);
  });

  it("a Developer's key given refunds:write anyway is refused it on every request, and keeps the rest", async () => {
    const developer = addMember(f.db, SHOP, "developer");
    const key = keyOf(developer.id, ["payments:read", "refunds:write", "payouts:write"]);
    expectOk(await f.call("GET", "/api/v1/payments", { key }));
    expectApiError(
      await f.call("POST", "/api/v1/refunds", {
        key,
        body: {
          payment_id: "pay_none",
          source: "held",
          address: "0x1111111111111111111111111111111111111111",
        },
      }),
      { status: 403, type: "permission_error", code: "scope_beyond_role" },
    );
    expectApiError(await newBatch(key), {
      status: 403,
      type: "permission_error",
      code: "scope_beyond_role",
    });
    expect(f.db.select().from(disbursementBatches).all()).toEqual([]);
  });

  it("a demoted member's key loses what the new role lacks at once, and the list says so", async () => {
    const finance = addMember(f.db, SHOP, "finance");
    const key = keyOf(finance.id, ["payments:read", "payouts:write"]);
    const before = expectOk(await newBatch(key), 201);
    expect(before.status).toBe("draft");
    expect(await changeMemberRole(testStore(f.db), owner, finance.id, "viewer")).toMatchObject({
      ok: true,
    });
    const answer = await newBatch(key);
    expectApiError(answer, { status: 403, type: "permission_error", code: "scope_beyond_role" });
    expect(answer.json.error.message).toContain("(Viewer)");
    expectOk(await f.call("GET", "/api/v1/payments", { key }));
    const listed = (await apiKeyListItems(testStore(f.db), SHOP, f.h.clock.now)).find(
      (item) => item.member === finance.username,
    );
    expect(listed).toMatchObject({ status: "active", withheldScopes: ["payouts:write"] });
  });

  it.each([
    ["suspended", suspendMember],
    ["removed", removeMember],
  ] as const)(
    "a %s member's keys stop at once (401 api_key_revoked) and list as revoked",
    async (_, change) => {
      const admin = addMember(f.db, SHOP, "admin");
      const key = keyOf(admin.id, ["payments:read"]);
      expectOk(await f.call("GET", "/api/v1/payments", { key }));
      expect(await change(testStore(f.db), owner, admin.id)).toMatchObject({ ok: true });
      expectApiError(await f.call("GET", "/api/v1/payments", { key }), {
        status: 401,
        type: "authentication_error",
        code: "api_key_revoked",
      });
      const listed = (await apiKeyListItems(testStore(f.db), SHOP, f.h.clock.now)).find(
        (item) => item.member === admin.username,
      );
      expect(listed?.status).toBe("revoked");
      const audit = f.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, admin.id), eq(auditLog.actorId, owner.userId)))
        .all();
      expect(audit.map((row) => JSON.parse(row.details!))).toContainEqual(
        expect.objectContaining({ apiKeysRevoked: 1 }),
      );
    },
  );
});

describe("maker-checker through the API", () => {
  it("an owner's API batch waits for another member: the owner cannot approve it, Finance can", async () => {
    await creditAvailable(f.db, SHOP, 300_000, "test");
    const { secret, id: keyId } = f.newKey(SHOP, "test");
    const batch = expectOk(await newBatch(secret), 201);
    expectOk(await f.call("POST", `/api/v1/payout_batches/${batch.id}/submit`, { key: secret }));
    const approve = async (memberId: string, secondFactor = true) => {
      try {
        return await approveBatch(
          testStore(f.db),
          { merchantId: SHOP, memberId, secondFactor },
          batch.id as string,
          f.h.clock.now,
        );
      } catch (error) {
        return error;
      }
    };
    const checker = addMember(f.db, SHOP, "finance");
    // With a second person who can approve, the key's member never approves it, in any way.
    expect(await approve(owner.userId)).toMatchObject({ code: "maker_cannot_approve" });
    expect(await approve(checker.id)).toMatchObject({ rows: 1 });
    const made = f.db
      .select({
        details: auditLog.details,
        actorId: auditLog.actorId,
        actorType: auditLog.actorType,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, batch.id as string),
          eq(auditLog.action, "disbursement.batch_created"),
        ),
      )
      .get();
    expect(made).toMatchObject({ actorType: "merchant_user", actorId: owner.userId });
    expect(JSON.parse(made!.details!)).toMatchObject({ viaApiKey: keyId });
  });

  it("an account with one approver: its own batch only in person, with a second factor", async () => {
    await creditAvailable(f.db, SOLO, 300_000, "test");
    const soleOwner = f.owners[SOLO]!;
    const { secret } = f.newKey(SOLO, "test");
    const batch = expectOk(
      await f.call("POST", "/api/v1/payout_batches", {
        key: secret,
        body: { title: "Rent", csv: CSV },
      }),
      201,
    );
    expectOk(await f.call("POST", `/api/v1/payout_batches/${batch.id}/submit`, { key: secret }));
    const attempt = async (actor: { secondFactor?: boolean; keyId?: string }) => {
      try {
        return await approveBatch(
          testStore(f.db),
          { merchantId: SOLO, memberId: soleOwner, ...actor },
          batch.id as string,
          f.h.clock.now,
        );
      } catch (error) {
        return error;
      }
    };
    expect(await attempt({})).toMatchObject({ code: "second_factor_required" });
    expect(await attempt({ secondFactor: true, keyId: "key_x" })).toMatchObject({
      code: "second_factor_required",
    });
    expect(await attempt({ secondFactor: true })).toMatchObject({ rows: 1 });
  });
});
