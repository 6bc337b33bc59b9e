import { afterAll, describe, expect, it } from "vitest";
import { merchantInvitations, payments, securityEvents } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { insertApiKey } from "../../../tests/setup/api-keys";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMember } from "../../../tests/setup/members";
import { addMerchant } from "../../../tests/setup/payments";
import { firstRunReads } from "./first-run.server";

const NOW = Date.UTC(2026, 10, 15, 9);
const { db, close } = createTestDb();
afterAll(close);

let counter = 0;
const SHOPS = ["MRC-FRST22", "MRC-FRST33", "MRC-FRST44", "MRC-FRST55"];
for (const shop of SHOPS) addMerchant(db, shop, null);

function pay(merchantId: string, mode: ApiMode) {
  const id = `pay_first${++counter}`;
  db.insert(payments)
    .values({
      id,
      merchantId,
      mode,
      reference: id,
      asset: "USDT",
      network: "tron",
      amountKesCents: 100_000n,
      feeKesCents: 1_000n,
      quoteRate: "129.50",
      marketRate: "129.00",
      spreadBps: 50,
      rateSource: "coingecko",
      rateFetchedAt: NOW,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: NOW,
      expiresAt: NOW + 15 * 60_000,
      status: "awaiting_payment",
      createdAt: NOW,
      updatedAt: NOW,
    })
    .run();
}

function invite(
  merchantId: string,
  invitedBy: string,
  fields: { expiresAt?: number; revokedAt?: number },
) {
  db.insert(merchantInvitations)
    .values({
      id: `inv_first${++counter}`,
      merchantId,
      email: `someone${counter}@shop.example`,
      role: "cashier",
      tokenHash: `hash-${counter}`,
      invitedBy,
      createdAt: NOW - 1_000,
      expiresAt: fields.expiresAt ?? NOW + 86_400_000,
      revokedAt: fields.revokedAt ?? null,
    })
    .run();
}

function signIn(userId: string) {
  db.insert(securityEvents)
    .values({ subjectType: "merchant_user", subjectId: userId, type: "sign_in", createdAt: NOW })
    .run();
}

const reads = (merchantId: string, userId: string, mode: ApiMode = "live") =>
  testStore(db).read((q) => firstRunReads(q, { merchantId, userId, mode, now: NOW }));

describe("what the first-run checklist reads", () => {
  it("a brand-new merchant: nothing done, never signed in before", async () => {
    const owner = addMember(db, SHOPS[0]!);
    expect(await reads(SHOPS[0]!, owner.id)).toEqual({
      team: false,
      firstPayment: false,
      apiKey: false,
      signedInBefore: false,
    });
  });

  it("the team: another active member or an open invitation; not a removed member, not an expired or revoked invitation", async () => {
    const shop = SHOPS[1]!;
    const owner = addMember(db, shop);
    addMember(db, shop, "cashier", { status: "removed" });
    invite(shop, owner.id, { expiresAt: NOW - 1 });
    invite(shop, owner.id, { revokedAt: NOW - 1 });
    expect((await reads(shop, owner.id)).team).toBe(false);
    invite(shop, owner.id, {});
    expect((await reads(shop, owner.id)).team).toBe(true);

    const other = SHOPS[2]!;
    const otherOwner = addMember(db, other);
    const cashier = addMember(db, other, "cashier");
    expect((await reads(other, otherOwner.id)).team).toBe(true);
    // The cashier sees the owner as "another member".
    expect((await reads(other, cashier.id)).team).toBe(true);
  });

  it("a payment counts in its own mode; an API key unless revoked or expired", async () => {
    const shop = SHOPS[3]!;
    const owner = addMember(db, shop);
    pay(shop, "test");
    expect(await reads(shop, owner.id, "live")).toMatchObject({ firstPayment: false });
    expect(await reads(shop, owner.id, "test")).toMatchObject({ firstPayment: true });

    const key = { merchantId: shop, name: "Till", scopes: [], createdBy: owner.id, now: NOW };
    insertApiKey(db, { ...key, mode: "live", expiresAt: NOW - 1 });
    expect((await reads(shop, owner.id)).apiKey).toBe(false);
    insertApiKey(db, { ...key, mode: "test" });
    expect((await reads(shop, owner.id)).apiKey).toBe(true);
  });

  it("'signed in before': a second recorded sign-in, not only this one", async () => {
    const owner = addMember(db, SHOPS[0]!);
    signIn(owner.id);
    expect((await reads(SHOPS[0]!, owner.id)).signedInBefore).toBe(false);
    signIn(owner.id);
    expect((await reads(SHOPS[0]!, owner.id)).signedInBefore).toBe(true);
  });
});
