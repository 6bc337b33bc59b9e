/**
 * Changing where a merchant is paid (issue 10, item 14): the settings form needs the password again
 * (throttled per account), e-mails the merchant with the old and new numbers masked, is audited,
 * and payouts to a changed number wait out the cooling-off period, then resume by themselves. The
 * first number ever set is not held. Against a real database, with the payments runtime on the
 * simulators.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, merchants, merchantUsers, outboundEmails } from "../../drizzle/schema";
import { formatKesCents, payoutSentence } from "~/components/payments/PaymentBits";
import { listSecurityEvents } from "~/core/accounts/security-events.server";
import { changeSettlementDestination } from "~/core/merchants/settlement-destination.server";
import { hashPassword } from "~/core/passwords.server";
import { createPayment, getPayment, listPaymentEvents } from "~/core/payments/payments.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { installPaymentsRuntime } from "~/wiring/payments.server";
import {
  listTransfersForPayment,
  planSettlement,
  sendPendingTransfers,
} from "~/core/payments/settlement.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { loader as paymentLoader } from "./merchant.payments.$id";
import { action, loader } from "./merchant.settings";

const { db, close } = installTestDatabase();
let h: PaymentsHarness;
const PASSWORD = "correct horse battery 1";
let passwordHash: string;

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  installPaymentsRuntime(h.runtime);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  installPaymentsRuntime(null);
  await h.close();
  close();
});

let userCounter = 0;
async function signedIn(merchantId: string, phone: string | null) {
  if (!db.select().from(merchants).where(eq(merchants.id, merchantId)).get())
    addMerchant(db, merchantId, phone);
  const id = `mu_settings_${++userCounter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: id, role: "owner", passwordHash, createdAt: 0 })
    .run();
  const setCookie = await startSession(db, "merchant", { merchantUserId: id }, get("/"));
  return {
    userId: id,
    cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })),
  };
}

const post = (cookie: string, fields: Record<string, string>) =>
  respond(() =>
    action({
      request: formPost("/merchant/settings", fields, { cookie }),
      params: {},
      context: {},
    }),
  );
const merchantRow = (id: string) => db.select().from(merchants).where(eq(merchants.id, id)).get()!;
const emailsTo = (address: string) =>
  db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, address)).all();
const audits = (merchantId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "merchant"), eq(auditLog.targetId, merchantId)))
    .all();

describe("changing the payout number", () => {
  it("refuses a wrong or missing password with a field error and changes nothing", async () => {
    const { cookie } = await signedIn("MRC-STPW22", "254712345678");
    for (const password of ["not my password", ""]) {
      const response = await post(cookie, { phone: "0722 000 111", password });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { lastResult: { error: Record<string, string[]> } };
      expect(body.lastResult.error.password?.[0]).toMatch(
        password ? /password is not right/ : /Enter your password/,
      );
    }
    expect(merchantRow("MRC-STPW22")).toMatchObject({
      settlementPhone: "254712345678",
      settlementPhoneChangedAt: null,
      settlementPhoneHeldUntil: null,
    });
    expect(emailsTo("mrc-stpw22@shop.example")).toEqual([]);
    expect(audits("MRC-STPW22")).toEqual([]);
  });

  it("throttles wrong passwords per account: after five, even the right one waits", async () => {
    const { cookie } = await signedIn("MRC-STTH22", "254712345678");
    for (let i = 0; i < 5; i++)
      expect((await post(cookie, { phone: "0722 000 111", password: `wrong ${i}` })).status).toBe(
        400,
      );
    const refused = await post(cookie, { phone: "0722 000 111", password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(body.lastResult.error.password?.[0]).toMatch(
      /^Too many wrong passwords\. Try again in \d+ minutes?\.$/,
    );
    expect(merchantRow("MRC-STTH22").settlementPhone).toBe("254712345678");
  });

  it("counts each guess before checking it: twelve wrong passwords at once, only five are checked", async () => {
    const { cookie } = await signedIn("MRC-STCC22", "254712345678");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(cookie, { phone: "0722 000 111", password: `guess ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(merchantRow("MRC-STCC22").settlementPhone).toBe("254712345678");
  });

  it("with the password: saves, e-mails the masked old and new numbers, audits, and holds payouts to the new number", async () => {
    const { cookie, userId } = await signedIn("MRC-STQK22", "254712345678");
    const before = Date.now();
    const response = await post(cookie, { phone: "0722 000 111", password: PASSWORD });
    expect(response.status).toBe(302);
    const row = merchantRow("MRC-STQK22");
    expect(row.settlementPhone).toBe("+254722000111");
    expect(row.settlementPhoneHeldUntil! - row.settlementPhoneChangedAt!).toBe(24 * 3_600_000);
    expect(row.settlementPhoneChangedAt).toBeGreaterThanOrEqual(before);
    const toast = await toastOf(response);
    expect(toast?.description).toMatch(
      /^Payouts to \+254 7•• ••• 111 start after \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d EAT\. We e-mailed you about the change\.$/,
    );

    const [email, ...more] = emailsTo("mrc-stqk22@shop.example");
    expect(more).toEqual([]);
    expect(email?.subject).toBe("Your OneHop payout number was changed");
    expect(email?.bodyText).toContain("from +254 7•• ••• 678 to +254 7•• ••• 111");
    for (const full of [
      "254712345678",
      "712345678",
      "0712345678",
      "254722000111",
      "722000111",
      "0722000111",
    ])
      expect(email?.bodyText).not.toContain(full);
    expect(email?.bodyText).toMatch(
      /payouts to the new number start after \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d EAT/,
    );

    const [audit] = audits("MRC-STQK22");
    expect(audit).toMatchObject({
      actorType: "merchant_user",
      actorId: userId,
      action: "settlement.phone_changed",
    });
    expect(JSON.parse(audit!.details!)).toMatchObject({
      from: "254712345678",
      to: "+254722000111",
      heldUntil: row.settlementPhoneHeldUntil,
    });

    const page = (await (
      await respond(() =>
        loader({ request: get("/merchant/settings", { cookie }), params: {}, context: {} }),
      )
    ).json()) as { hold: string | null; display: string };
    expect(page.display).toBe("+254 722 000 111");
    expect(page.hold).toMatch(
      /^Payouts to \+254 7•• ••• 111 start after \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d EAT$/,
    );
  });

  it("records the change on the member's security page and tells the other owners, the contact once", async () => {
    const { cookie, userId } = await signedIn("MRC-STQK33", "254712345678");
    db.insert(merchantUsers)
      .values({
        id: "mu_settings_co_owner",
        merchantId: "MRC-STQK33",
        username: "co-owner",
        role: "owner",
        email: "co-owner@shop.example",
        createdAt: 0,
      })
      .run();
    db.update(merchantUsers)
      .set({ email: "mrc-stqk33@shop.example" })
      .where(eq(merchantUsers.id, userId))
      .run();
    await post(cookie, { phone: "0722 000 333", password: PASSWORD });
    expect(emailsTo("mrc-stqk33@shop.example")).toHaveLength(1);
    const [notice, ...others] = emailsTo("co-owner@shop.example");
    expect(others).toEqual([]);
    expect(notice?.bodyText).toContain("+254 7•• ••• 333");
    const events = listSecurityEvents(db, { type: "merchant_user", id: userId });
    expect(events.map((event) => event.type)).toContain("payout_destination_changed");
  });

  it("the first number ever set is not held (nothing to redirect yet)", async () => {
    const { cookie } = await signedIn("MRC-STFS22", null);
    const response = await post(cookie, { phone: "0733 111 222", password: PASSWORD });
    expect(response.status).toBe(302);
    expect(merchantRow("MRC-STFS22")).toMatchObject({
      settlementPhone: "+254733111222",
      settlementPhoneHeldUntil: null,
    });
    expect((await toastOf(response))?.description).toBe(
      "We will pay you to +254 733 111 222 on M-Pesa.",
    );
    expect(emailsTo("mrc-stfs22@shop.example").map((e) => e.subject)).toEqual([
      "Your OneHop payout number was set",
    ]);
  });

  // Issue 11 item 10: numbers stored before E.164 ("2547…") are the same number as "+2547…".
  it("saving the stored number in another form is not a change (no hold, no e-mail)", async () => {
    const { cookie } = await signedIn("MRC-STSM22", "254712345678");
    const response = await post(cookie, { phone: "+254 712-345-678", password: PASSWORD });
    expect(response.status).toBe(302);
    expect(merchantRow("MRC-STSM22")).toMatchObject({
      settlementPhone: "254712345678",
      settlementPhoneHeldUntil: null,
    });
    expect(emailsTo("mrc-stsm22@shop.example")).toEqual([]);
    expect((await toastOf(response))?.description).toBe(
      "We will pay you to +254 712 345 678 on M-Pesa.",
    );
  });
});

describe("payouts during the cooling-off period", () => {
  it("a payment confirmed during the period is not sent until it ends, then is", async () => {
    const { userId } = await signedIn("MRC-STCQ22", "254712345678");
    const changedAt = h.clock.now;
    const changed = await changeSettlementDestination(
      db,
      {
        merchantId: "MRC-STCQ22",
        userId,
        password: PASSWORD,
        phone: "254722333444",
        clientKey: "ip:127.0.0.1",
      },
      { coolingOffHours: 24, now: changedAt },
    );
    expect(changed).toMatchObject({
      ok: true,
      changed: true,
      heldUntil: changedAt + 24 * 3_600_000,
    });

    h.clock.now = changedAt + 3_600_000;
    const payment = await createPayment(
      db,
      {
        custody: h.runtime.custody,
        rates: liveRates(h.clock.now),
        config: testConfig,
        now: h.clock.now,
      },
      { merchantId: "MRC-STCQ22", amountKes: 2_500, asset: "USDT", reference: "HELD-1" },
    );
    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
    });
    await h.custodySim.confirm(tx.id, 2);
    expect(getPayment(db, payment.id)?.status).toBe("confirmed");

    const run = async () => {
      const outcome = planSettlement(db, payment.id, testConfig, h.clock.now);
      await sendPendingTransfers(db, h.rails, () => h.clock.now);
      await h.darajaSim.flush();
      return outcome;
    };
    expect(await run()).toBe("destination_held");
    h.clock.now = changedAt + 24 * 3_600_000 - 60_000; // a minute before the end
    expect(await run()).toBe("destination_held");
    expect(listTransfersForPayment(db, payment.id)).toEqual([]);
    expect(getPayment(db, payment.id)?.status).toBe("confirmed");
    const held = listPaymentEvents(db, payment.id).filter(
      (e) => e.type === "waiting_for_destination_cooling_off",
    );
    expect(held).toHaveLength(1);
    // The harness clock starts at 20 Nov 2026, 10:00 in Nairobi: the hold ends 24 hours later.
    expect(changedAt).toBe(Date.UTC(2026, 10, 20, 7, 0));
    expect(held[0]?.cause).toMatch(
      /^Payouts to \+254 7•• ••• 444 start after 21 Nov 2026, 10:00 EAT: /,
    );

    // The merchant's payment page says why it waits (its timeline).
    const { cookie } = await signedIn("MRC-STCQ22", null);
    const waiting = (await (
      await respond(() =>
        paymentLoader({
          request: get(`/merchant/payments/${payment.id}`, { cookie }),
          params: { id: payment.id },
          context: {},
        }),
      )
    ).json()) as { events: { type: string; cause: string }[] };
    expect(
      waiting.events
        .filter((e) => e.type === "waiting_for_destination_cooling_off")
        .map((e) => e.cause),
    ).toEqual([held[0]!.cause]);

    h.clock.now = changedAt + 24 * 3_600_000;
    expect(await run()).toBe("planned");
    expect(
      listTransfersForPayment(db, payment.id).map((t) => [
        t.phone,
        t.status,
        formatKesCents(t.amountKesCents),
      ]),
    ).toEqual([["254722333444", "succeeded", "KES 2,466.00"]]);
    expect(getPayment(db, payment.id)?.status).toBe("settled");
  });
});

describe("the payment page shows the M-Pesa charge", () => {
  it("before settlement as an estimate, after it as the transfers made", async () => {
    const { cookie } = await signedIn("MRC-STPG22", "254712345678");
    const payment = await createPayment(
      db,
      {
        custody: h.runtime.custody,
        rates: liveRates(h.clock.now),
        config: testConfig,
        now: h.clock.now,
      },
      { merchantId: "MRC-STPG22", amountKes: 2_500, asset: "USDT", reference: "PAGE-1" },
    );
    const read = async () =>
      (await (
        await respond(() =>
          paymentLoader({
            request: get(`/merchant/payments/${payment.id}`, { cookie }),
            params: { id: payment.id },
            context: {},
          }),
        )
      ).json()) as {
        feeBps: number;
        estimate: { payoutKesCents: string; railChargeKesCents: string };
        actual: { payoutKesCents: string; railChargeKesCents: string } | null;
        transfers: { railChargeKesCents: string }[];
      };
    const before = await read();
    expect(before.actual).toBeNull();
    expect(
      payoutSentence(
        before.estimate.payoutKesCents,
        before.feeBps,
        before.estimate.railChargeKesCents,
      ),
    ).toBe("KES 2,466 after the 1% fee and the M-Pesa charge of KES 9");

    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits, "USDT"),
    });
    await h.custodySim.confirm(tx.id, 2);
    planSettlement(db, payment.id, testConfig, h.clock.now);
    await sendPendingTransfers(db, h.rails, () => h.clock.now);
    await h.darajaSim.flush();
    const after = await read();
    expect(after.actual).toEqual({ payoutKesCents: "246600", railChargeKesCents: "900" });
    expect(after.transfers.map((t) => t.railChargeKesCents)).toEqual(["900"]);
  });
});
