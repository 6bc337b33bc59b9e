/**
 * Members' SMS notifications end to end (issue 30, item 9): a payment confirmed queues one SMS per
 * opted-in member whose role may see payments (none for the others), in the payment's own
 * transition and once; the sender hands it to Africa's Talking (the simulator, over HTTP); the
 * delivery report, POSTed back to our report handler over HTTP, marks it delivered. Numbers the
 * network or the provider refuses end failed with the reason; "retry later" waits and retries. And
 * the daily cap, under concurrent queueing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  disbursementBatches,
  disbursementRows,
  merchants,
  merchantUsers,
  outboundMessages,
  payments,
  smsDeliveryReports,
} from "../../../drizzle/schema";
import { transition } from "~/core/payments/payments.server";
import { answerSmsReport } from "~/route-support/sms-report.server";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  startAfricasTalkingSimulator,
  type AfricasTalkingSimulator,
} from "../../../tests/support/simulators";
import type { TeamRole } from "../accounts/permissions";
import { createAfricasTalkingClient } from "./africastalking-client.server";
import {
  queueBatchCompletedSms,
  queueMemberSms,
  queuePaymentReceivedSms,
  queueSettlementPaidSms,
  smsCountToday,
  smsSubjectKey,
} from "./sms-queue.server";
import { applySmsDeliveryReport } from "./sms-reports.server";
import { retryDelayMs, sendQueuedSms } from "./sms-sender.server";

const { db, close } = createTestDb();
const store = testStore(db);
// 30 Nov 2026, 14:05 EAT
const NOW = Date.parse("2026-11-30T11:05:00Z");
const TOKEN = "report-token-for-tests";

let sim: AfricasTalkingSimulator;
let receiver: ReturnType<typeof createServer>;
let clock = NOW;

beforeAll(async () => {
  // Our delivery-report handler, over HTTP, as the route runs it.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: "POST",
        headers: { "Content-Type": String(req.headers["content-type"]) },
        body: Buffer.concat(chunks),
      });
      void answerSmsReport(request, TOKEN, (report) =>
        applySmsDeliveryReport(store, report, clock),
      ).then(async (response) => {
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  sim = await startAfricasTalkingSimulator({
    username: "sandbox",
    apiKey: "key-1",
    callbackUrl: `http://127.0.0.1:${port}/webhooks/sms/delivery?token=${TOKEN}`,
    seed: 3,
  });
});
afterAll(async () => {
  await sim.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  close();
});

const adapter = () =>
  createAfricasTalkingClient({
    baseUrl: sim.baseUrl,
    username: "sandbox",
    apiKey: "key-1",
    timeoutMs: 2000,
  });

let counter = 0;
function addMerchant() {
  const id = `MRC-S${String(++counter).padStart(5, "0")}`;
  db.insert(merchants)
    .values({
      id,
      businessName: `Duka ${counter}`,
      contactEmail: `d${counter}@shop.test`,
      createdAt: 0,
    })
    .run();
  return id;
}
function addMember(
  merchantId: string,
  role: TeamRole,
  sms: { phone?: string; onPayment?: boolean; onPayout?: boolean } = {},
) {
  const id = `usr_sms_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId,
      username: `${role}${counter}`,
      role,
      email: `${role}${counter}@shop.test`,
      smsPhone: sms.phone ?? null,
      smsOnPayment: sms.onPayment ?? false,
      smsOnPayout: sms.onPayout ?? false,
      createdAt: 0,
    })
    .run();
  return id;
}
function addPayment(merchantId: string, amount: bigint) {
  const id = `pay_sms${String(++counter).padStart(5, "0")}`;
  db.insert(payments)
    .values({
      id,
      merchantId,
      reference: `INV-${counter}`,
      asset: "USDT",
      network: "tron",
      amountKesCents: amount,
      feeKesCents: amount / 100n,
      quoteRate: "129.2",
      marketRate: "129.8",
      spreadBps: 50,
      rateSource: "test",
      rateFetchedAt: NOW - 600_000,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: NOW - 600_000,
      expiresAt: NOW + 300_000,
      status: "confirming",
      createdAt: NOW - 600_000,
      updatedAt: NOW - 600_000,
    })
    .run();
  return id;
}
const confirm = (paymentId: string) =>
  store.write((q) =>
    transition(q, { id: paymentId }, ["confirming"], "confirmed", {
      type: "confirmed",
      cause: "enough confirmations",
      at: NOW,
    }),
  );
const messagesOf = (memberId: string) =>
  db.select().from(outboundMessages).where(eq(outboundMessages.merchantUserId, memberId)).all();

describe("a payment received", () => {
  it("queues one SMS per opted-in member who may see payments, sends it, and the report marks it delivered", async () => {
    const merchantId = addMerchant();
    const owner = addMember(merchantId, "owner", { phone: "+254712345678", onPayment: true });
    const quiet = addMember(merchantId, "cashier", { phone: "+254712345679" });
    const payoutsOnly = addMember(merchantId, "finance", {
      phone: "+254712345670",
      onPayout: true,
    });
    const noNumber = addMember(merchantId, "admin", { onPayment: true });
    const paymentId = addPayment(merchantId, 2_500_00n);

    expect(await confirm(paymentId)).toBe(true);
    expect(messagesOf(quiet)).toHaveLength(0);
    expect(messagesOf(payoutsOnly)).toHaveLength(0);
    expect(messagesOf(noNumber)).toHaveLength(0);
    const [queued, ...more] = messagesOf(owner);
    expect(more).toHaveLength(0);
    expect(queued).toMatchObject({
      channel: "sms",
      toPhone: "+254712345678",
      status: "queued",
      subjectKey: smsSubjectKey("payment_received", paymentId, owner),
      body: `OneHop: KES 2,500.00 received from a customer for INV-${counter} (${paymentId}). 30 Nov 2026, 14:05 EAT.`,
    });
    expect(queued!.body.length).toBeLessThanOrEqual(160);
    // Once: the same change again queues nothing.
    const paid = db.select().from(payments).where(eq(payments.id, paymentId)).get()!;
    expect(await store.write((q) => queuePaymentReceivedSms(q, paid, NOW))).toBe(0);
    expect(messagesOf(owner)).toHaveLength(1);

    expect(await sendQueuedSms(store, adapter(), { now: () => NOW + 5_000 })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    const sent = messagesOf(owner)[0]!;
    expect(sent).toMatchObject({ status: "sent", attempts: 1, cost: "KES 0.8000" });
    expect(sim.message(sent.providerMessageId!)?.message).toBe(queued!.body);

    await sim.flush();
    expect(sim.reports.at(-1)).toMatchObject({ status: 200, messageId: sent.providerMessageId });
    expect(messagesOf(owner)[0]).toMatchObject({ status: "delivered", failureReason: null });
    const reports = db
      .select()
      .from(smsDeliveryReports)
      .where(eq(smsDeliveryReports.providerMessageId, sent.providerMessageId!))
      .all();
    expect(reports).toMatchObject([{ status: "Success", networkCode: "63902", retryCount: 0 }]);
  });

  it("a phone that is off, a number refused, an account out of credit: failed with the reason, or retried later", async () => {
    const merchantId = addMerchant();
    const off = addMember(merchantId, "owner", { phone: "+254712340000", onPayment: true });
    const invalid = addMember(merchantId, "admin", { phone: "+254712340403", onPayment: true });
    const noCredit = addMember(merchantId, "viewer", { phone: "+254712340405", onPayment: true });
    await confirm(addPayment(merchantId, 100_00n));

    clock = NOW + 10_000;
    expect(await sendQueuedSms(store, adapter(), { now: () => clock })).toEqual({
      sent: 1,
      retrying: 1,
      failed: 1,
    });
    expect(messagesOf(invalid)[0]).toMatchObject({
      status: "failed",
      failureReason: "InvalidPhoneNumber",
    });
    expect(messagesOf(noCredit)[0]).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "InsufficientBalance",
    });
    await sim.flush();
    expect(messagesOf(off)[0]).toMatchObject({
      status: "failed",
      failureReason: "AbsentSubscriber",
    });

    // Not retried before its delay; retried after it.
    expect(await sendQueuedSms(store, adapter(), { now: () => clock + 1_000 })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(
      await sendQueuedSms(store, adapter(), { now: () => clock + retryDelayMs(1) }),
    ).toMatchObject({ retrying: 1 });
    expect(messagesOf(noCredit)[0]).toMatchObject({ status: "queued", attempts: 2 });
  });
});

describe("payouts", () => {
  it("a settlement paid and a payout batch done text the members who chose payouts and may see balances", async () => {
    const merchantId = addMerchant();
    const finance = addMember(merchantId, "finance", { phone: "+254712345601", onPayout: true });
    // A role without balances:read is never texted about payouts, even with the flag set.
    const cashier = addMember(merchantId, "cashier", { phone: "+254712345602", onPayout: true });
    const paymentsOnly = addMember(merchantId, "owner", {
      phone: "+254712345603",
      onPayment: true,
    });
    const queued = await store.write((q) =>
      queueSettlementPaidSms(
        q,
        {
          id: "trf_sms_1",
          merchantId,
          paymentId: null,
          amountKesCents: 2_466_00n,
          railName: "M-Pesa",
        },
        "QK12AB34CD",
        NOW,
      ),
    );
    expect(queued).toBe(1);
    expect(messagesOf(cashier)).toHaveLength(0);
    expect(messagesOf(paymentsOnly)).toHaveLength(0);
    expect(messagesOf(finance)[0]!.body).toBe(
      "OneHop: KES 2,466.00 paid out to your M-Pesa. Receipt QK12AB34CD. 30 Nov 2026, 14:05 EAT.",
    );

    db.insert(disbursementBatches)
      .values({
        id: "dsb_sms_1",
        merchantId,
        mode: "test",
        kind: "bulk",
        status: "completed",
        title: "November salaries",
        createdBy: finance,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .run();
    const row = (line: number, status: "paid" | "failed", amount: bigint) =>
      db
        .insert(disbursementRows)
        .values({
          id: `dsr_sms_${line}`,
          batchId: "dsb_sms_1",
          line,
          rawRecipient: "0712345678",
          rawRail: "mpesa",
          rawAmount: String(amount / 100n),
          rawReference: "",
          rawName: "",
          rawBankCode: "",
          status,
          amountKesCents: amount,
          updatedAt: NOW,
        })
        .run();
    row(1, "paid", 1_000_00n);
    row(2, "paid", 2_500_00n);
    row(3, "failed", 700_00n);
    expect(await store.write((q) => queueBatchCompletedSms(q, "dsb_sms_1", NOW))).toBe(1);
    expect(await store.write((q) => queueBatchCompletedSms(q, "dsb_sms_1", NOW))).toBe(0);
    expect(messagesOf(finance).map((m) => m.body)).toContain(
      'OneHop (test): payout "November salaries" done: 2 of 3 paid, KES 3,500.00. 30 Nov 2026, 14:05 EAT.',
    );
    expect(messagesOf(cashier)).toHaveLength(0);
  });
});

describe("the daily cap", () => {
  it("concurrent queueing never passes the cap: the rest are stored as capped, and a new EAT day starts again", async () => {
    const merchantId = addMerchant();
    const member = addMember(merchantId, "owner", { phone: "+254712345600", onPayment: true });
    const queue = (n: number, at: number) =>
      store.write((q) =>
        queueMemberSms(
          q,
          {
            memberId: member,
            toPhone: "+254712345600",
            body: `SMS ${n}`,
            subjectKey: `cap:${member}:${n}`,
            now: at,
          },
          3,
        ),
      );
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map((n) => queue(n, NOW)));
    expect(outcomes.filter((o) => o === "queued")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "capped")).toHaveLength(2);
    const rows = messagesOf(member);
    expect(rows.filter((r) => r.status === "capped")).toHaveLength(2);
    expect(rows.find((r) => r.status === "capped")?.failureReason).toBe(
      "Over the daily limit of 3 SMS",
    );
    expect(await store.read((q) => smsCountToday(q, member, NOW))).toBe(3);
    // A repeat of a subject queues nothing.
    expect(await queue(1, NOW)).toBe("duplicate");
    // Capped rows are never sent: only the three queued ones reach the provider.
    const sentTo: string[] = [];
    const fake = {
      send: (_to: string, message: string) => {
        sentTo.push(message);
        return Promise.resolve({
          kind: "sent" as const,
          providerMessageId: `ATXid_${message}`,
          cost: null,
        });
      },
    };
    await sendQueuedSms(store, fake, { now: () => NOW });
    expect(sentTo.filter((body) => body.startsWith("SMS ")).sort()).toEqual(
      rows
        .filter((r) => r.status === "queued")
        .map((r) => r.body)
        .sort(),
    );
    expect(messagesOf(member).filter((r) => r.status === "capped")).toHaveLength(2);
    // 00:00 EAT the next day: 30 Nov 21:00 UTC.
    const nextDay = Date.parse("2026-11-30T21:00:00Z");
    expect(await queue(6, nextDay - 1)).toBe("capped");
    expect(await queue(7, nextDay)).toBe("queued");
  });
});
