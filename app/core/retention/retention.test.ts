/**
 * Retention and data requests (issue 31, item 9; ADR 0060): the 7-year rule; offboarding ends the
 * relationship; the export gives the merchant its own data and never a secret (password hashes,
 * TOTP secrets, API key hashes), a page at a time; erasure removes what may go now and keeps the
 * financial and KYC records, says until when, and is recorded and audited.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKeys,
  auditLog,
  dataRequests,
  merchantApplications,
  merchantInvitations,
  merchants,
  merchantUsers,
  payments,
  securityEvents,
} from "../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { decideCase, openCase } from "~/core/compliance/cases.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import {
  claimExportSlot,
  EXPORT_SLOT_MAX_MS,
  exportCsvChunks,
  exportJsonChunks,
  sectionPages,
} from "./export.server";
import { eraseMerchantData, retentionState } from "./requests.server";
import { keptUntilText, mayHardDelete, RETENTION_YEARS, retainedUntil } from "./rule";

describe("the retention rule", () => {
  it("keeps records 7 calendar years from the end of the relationship, none while it lasts", () => {
    const ended = Date.UTC(2026, 11, 1, 9);
    expect(RETENTION_YEARS).toBe(7);
    expect(retainedUntil(null)).toBeNull();
    expect(retainedUntil(ended)).toBe(Date.UTC(2033, 11, 1, 9));
    expect(mayHardDelete(null, Date.UTC(2100, 0, 1))).toBe(false);
    expect(mayHardDelete(ended, Date.UTC(2033, 11, 1, 8))).toBe(false);
    expect(mayHardDelete(ended, Date.UTC(2033, 11, 1, 9))).toBe(true);
    expect(keptUntilText(null)).toBe("until 7 years after your account closes");
    expect(keptUntilText(ended)).toBe("until 1 Dec 2033");
  });
});

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const SHOP = "MRC-RETA22";
const OTHER = "MRC-RETB22";
const PASSWORD_HASH = "scrypt$secret-password-hash-value";
const TOTP_SECRET = "sealed-totp-secret-value";
const KEY_HASH = "f".repeat(64);
const DAY = 86_400_000;
let paymentId = "";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, SHOP);
  addMerchant(db, OTHER);
  db.insert(merchantUsers)
    .values([
      {
        id: "usr_ret_owner",
        merchantId: SHOP,
        username: "owner",
        role: "owner",
        email: "owner@ret.example",
        passwordHash: PASSWORD_HASH,
        totpSecret: TOTP_SECRET,
        smsPhone: "+254712345678",
        smsOnPayment: true,
        createdAt: 0,
      },
      {
        id: "usr_ret_gone",
        merchantId: SHOP,
        username: "gone",
        role: "finance",
        email: "gone@ret.example",
        status: "removed",
        passwordHash: PASSWORD_HASH,
        createdAt: 0,
      },
    ])
    .run();
  db.insert(merchantApplications)
    .values({
      id: "app_ret1",
      reference: "APP-RET00001",
      status: "approved",
      businessName: "Shop MRC-RETA22",
      businessType: "limited_company",
      registrationNumber: "PVT-RET12345",
      contactName: "Owner",
      email: "owner@ret.example",
      emailNormalized: "owner@ret.example",
      countryCode: "+254",
      phone: "712345678",
      country: "KE",
      city: "Nairobi",
      agreedToTerms: true,
      agreedToNewsletter: true,
      createdAt: 0,
      merchantId: SHOP,
    })
    .run();
  db.insert(apiKeys)
    .values({
      id: "key_ret1",
      merchantId: SHOP,
      mode: "live",
      name: "Shop server",
      prefix: "oh_live_AbCd",
      secretHash: KEY_HASH,
      scopes: '["payments:read"]',
      createdAt: 0,
    })
    .run();
  db.insert(merchantInvitations)
    .values({
      id: "inv_ret1",
      merchantId: SHOP,
      email: "invitee@ret.example",
      role: "viewer",
      tokenHash: "a".repeat(64),
      invitedBy: "usr_ret_owner",
      createdAt: 0,
      expiresAt: 1,
    })
    .run();
  db.insert(securityEvents)
    .values({
      subjectType: "merchant_user",
      subjectId: "usr_ret_gone",
      type: "sign_in",
      createdAt: 0,
    })
    .run();
  const { payment } = await confirmedPayment(db, h, {
    merchantId: SHOP,
    amountKes: 1_500,
    reference: "=HYPERLINK(1)",
  });
  paymentId = payment.id;
  db.update(payments)
    .set({ customerEmail: "customer@buyer.example", createdAt: h.clock.now - 200 * DAY })
    .where(eq(payments.id, payment.id))
    .run();
  await confirmedPayment(db, h, { merchantId: OTHER, amountKes: 900 });
  await store.write(async (q) => {
    await recordAudit(q, {
      actorType: "merchant_user",
      actorId: "usr_ret_owner",
      action: "merchant.kra_pin_changed",
      targetType: "merchant",
      targetId: SHOP,
    });
    // Compliance work on the merchant is never shown to it (tipping-off).
    await recordAudit(q, {
      actorType: "operator",
      actorId: "op_1",
      action: "compliance.watchlist",
      targetType: "merchant",
      targetId: SHOP,
    });
  });
});
afterAll(async () => {
  await h.close();
  close();
});

async function collect(chunks: AsyncGenerator<string>) {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe("the data export", () => {
  it("is the merchant's own data in every section, never a secret", async () => {
    const text = await collect(exportJsonChunks(store, SHOP, { merchantId: SHOP }));
    for (const secret of [PASSWORD_HASH, TOTP_SECRET, KEY_HASH, "password_hash", "totp_secret"])
      expect(text).not.toContain(secret);
    const doc = JSON.parse(text) as {
      format: string;
      sections: Record<string, Record<string, unknown>[]>;
    };
    expect(doc.format).toBe("onehop-data-export");
    expect(Object.keys(doc.sections)).toEqual([
      "business",
      "members",
      "api_keys",
      "payments",
      "refunds",
      "payouts",
      "settlement_transfers",
      "ledger_entries",
      "audit",
    ]);
    const { sections } = doc;
    expect(sections.business).toContainEqual({
      field: "registration_number",
      value: "PVT-RET12345",
    });
    expect(sections.members!.map((m) => m.username).sort()).toEqual(["gone", "owner"]);
    expect(sections.members![0]).not.toHaveProperty("password_hash");
    expect(sections.api_keys).toEqual([
      expect.objectContaining({ id: "key_ret1", name: "Shop server", prefix: "oh_live_AbCd" }),
    ]);
    expect(sections.api_keys![0]).not.toHaveProperty("secret_hash");
    expect(sections.payments!.map((p) => p.id)).toEqual([paymentId]);
    expect(sections.payments![0]).toMatchObject({ reference: "=HYPERLINK(1)" });
    // Money exactly, as strings; times in Nairobi.
    expect(typeof sections.payments![0]!.amount_kes_cents).toBe("string");
    expect(sections.payments![0]!.created_at).toMatch(/\+03:00$/);
    expect(sections.ledger_entries!.length).toBeGreaterThan(0);
    expect(sections.ledger_entries!.every((e) => String(e.account).includes(SHOP))).toBe(true);
    expect(sections.audit!.map((a) => a.action)).toContain("merchant.kra_pin_changed");
    expect(sections.audit!.map((a) => a.action)).not.toContain("compliance.watchlist");
  });

  it("reads a page at a time: small pages give the same rows", async () => {
    const whole: unknown[] = [];
    for await (const rows of sectionPages(store, SHOP, "members")) whole.push(...rows);
    const paged: unknown[] = [];
    let pages = 0;
    for await (const rows of sectionPages(store, SHOP, "members", 1)) {
      pages++;
      expect(rows.length).toBe(1);
      paged.push(...rows);
    }
    expect(whole.length).toBeGreaterThan(1);
    expect(paged).toEqual(whole);
    expect(pages).toBe(whole.length);
  });

  it("as CSV: one section, its header, formulas defused", async () => {
    const csv = await collect(exportCsvChunks(store, SHOP, "payments"));
    const lines = csv.split("\r\n");
    expect(lines[0]).toMatch(/^\uFEFFid,mode,reference,/);
    expect(lines[1]).toContain(paymentId);
    expect(lines[1]).toContain("'=HYPERLINK(1)");
    expect(lines).toHaveLength(3);
  });
});

describe("one export at a time per merchant", () => {
  it("refuses a second while one runs; released, or lapsed, it may start again", () => {
    const release = claimExportSlot("MRC-SLOT22", 0)!;
    expect(release).toBeTypeOf("function");
    expect(claimExportSlot("MRC-SLOT22", 1)).toBeNull();
    expect(claimExportSlot("MRC-SLOT33", 1)).not.toBeNull();
    release();
    const again = claimExportSlot("MRC-SLOT22", 2)!;
    expect(again).not.toBeNull();
    // Never read nor cancelled: the slot lapses.
    expect(claimExportSlot("MRC-SLOT22", 2 + EXPORT_SLOT_MAX_MS)).not.toBeNull();
    // The lapsed claim's late release does not free the new one.
    again();
    expect(claimExportSlot("MRC-SLOT22", 3 + EXPORT_SLOT_MAX_MS)).toBeNull();
  });
});

describe("erasure", () => {
  it("removes what may go now, keeps the records, says until when; recorded and audited", async () => {
    const now = h.clock.now;
    const outcome = await eraseMerchantData(
      store,
      { merchantId: SHOP, userId: "usr_ret_owner" },
      now,
    );
    expect(Object.fromEntries(outcome.removed.map((item) => [item.what, item.count]))).toEqual({
      "Marketing consent (newsletter)": 1,
      "Team members' SMS numbers": 1,
      "Removed members' e-mail addresses, passwords and second factors": 1,
      "Removed members' sign-in history": 1,
      "Invitations never accepted": 1,
      "Customers' e-mails on payments older than 90 days": 1,
    });
    expect(outcome.keptUntilText).toBe("until 7 years after your account closes");
    expect(outcome.kept).toContain("Payments and their events");
    expect(outcome.kept).toContain("KYB documents");

    const owner = db
      .select()
      .from(merchantUsers)
      .where(eq(merchantUsers.id, "usr_ret_owner"))
      .get()!;
    expect(owner).toMatchObject({
      smsPhone: null,
      smsOnPayment: false,
      email: "owner@ret.example",
    });
    // The owner still signs in.
    expect(owner.passwordHash).toBe(PASSWORD_HASH);
    const gone = db.select().from(merchantUsers).where(eq(merchantUsers.id, "usr_ret_gone")).get()!;
    expect(gone).toMatchObject({ username: "gone", email: null, passwordHash: null });
    const payment = db.select().from(payments).where(eq(payments.id, paymentId)).get()!;
    expect(payment.customerEmail).toBeNull();
    expect(payment.amountKesCents).toBe(150_000n);
    expect(
      db.select().from(merchantApplications).where(eq(merchantApplications.id, "app_ret1")).get(),
    ).toMatchObject({ agreedToNewsletter: false, registrationNumber: "PVT-RET12345" });
    expect(db.select().from(apiKeys).where(eq(apiKeys.id, "key_ret1")).get()).toBeTruthy();
    expect(db.select().from(merchants).where(eq(merchants.id, SHOP)).get()!.erasedAt).toBe(now);
    expect(db.select().from(dataRequests).where(eq(dataRequests.merchantId, SHOP)).all()).toEqual([
      expect.objectContaining({
        id: outcome.requestId,
        kind: "erasure",
        status: "completed",
        requestedBy: "usr_ret_owner",
      }),
    ]);
    expect(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "merchant.data_erased"), eq(auditLog.targetId, SHOP)))
        .all(),
    ).toHaveLength(1);
    // The other merchant is untouched.
    expect(db.select().from(merchants).where(eq(merchants.id, OTHER)).get()!.erasedAt).toBeNull();

    // A second request finds nothing more to remove.
    const again = await eraseMerchantData(
      store,
      { merchantId: SHOP, userId: "usr_ret_owner" },
      now,
    );
    expect(again.removed.every((item) => item.count === 0)).toBe(true);
  });
});

describe("offboarding", () => {
  it("a case decided 'offboard' ends the relationship once: records kept 7 years from then", async () => {
    const now = Date.UTC(2026, 11, 1, 9);
    const open = () =>
      store.write((q) =>
        openCase(q, {
          kind: "manual",
          severity: "high",
          title: "Offboard",
          merchantId: OTHER,
          evidence: {},
          holds: [],
          now,
        }),
      );
    const first = await open();
    await decideCase(
      store,
      {},
      {
        caseId: first,
        operatorId: "op_1",
        decision: "offboard",
        reason: "Exit",
        now,
      },
    );
    expect(await retentionState(store, OTHER)).toMatchObject({
      endedAt: now,
      keptUntil: Date.UTC(2033, 11, 1, 9),
      keptUntilText: "until 1 Dec 2033",
    });
    // A later offboarding never moves the end.
    const second = await open();
    await decideCase(
      store,
      {},
      {
        caseId: second,
        operatorId: "op_1",
        decision: "offboard",
        reason: "Again",
        now: now + DAY,
      },
    );
    expect((await retentionState(store, OTHER)).endedAt).toBe(now);
    expect(
      db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "merchant.relationship_ended"), eq(auditLog.targetId, OTHER)),
        )
        .all(),
    ).toHaveLength(1);
  });
});
