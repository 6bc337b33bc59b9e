/**
 * Settlement across rails (issue 14, items 5 and 6; "Bad input and faults"): with an 80% bank
 * (PesaLink) / 20% M-Pesa split, a confirmed payment's transfers go 80/20 to the two rails, each
 * posted against that rail's float and in-flight accounts, and every account clears when both are
 * paid; a refused bank transfer's money (and its charge) returns to the merchant and to our float;
 * with the merchant's permission, a settlement fails over from a down rail to their other verified
 * destination. A verification check payout is our expense (the rail's charges account), never the
 * merchant's money, before or after its result: its failure reverses it and fails the destination,
 * and leaves the merchant's next settlement whole. Through the real Daraja, custody and PesaLink
 * simulators over HTTP; the ledger stays balanced throughout.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlementTransfers } from "../../../drizzle/schema";
import {
  getDestination,
  listDestinations,
  setSplitRules,
  type Destination,
} from "~/core/destinations/destinations.server";
import { startVerification } from "~/core/destinations/verification.server";
import {
  balance,
  normalBalance,
  owed,
  railCharges,
  railFloat,
  railInFlight,
  merchantAvailable,
  merchantInFlight,
  trialBalance,
  verifyBalances,
  findUnbalancedTransactions,
} from "~/core/ledger/ledger.server";
import { railChargeCents } from "~/core/rails/charges";
import { HEALTH_WINDOW_MS, railHealthOn } from "~/core/rails/health.server";
import type { PayoutRails, RailId } from "~/core/rails/types";
import { createTestDb, testStore } from "../../../tests/setup/db";
import {
  fundRailFloat,
  insertDestination,
  makeRailDown,
  startPesalinkRail,
} from "../../../tests/setup/destinations";
import {
  addMerchant,
  confirmedPayment,
  startPaymentsHarness,
  testConfig,
  type PaymentsHarness,
} from "../../../tests/setup/payments";
import { getPayment, listPaymentEvents } from "./payments.server";
import {
  listTransfersForPayment,
  planSettlement,
  retryTransfer,
  sendPendingTransfers,
} from "./settlement.server";
import { ZERO_TRIAL_BALANCE } from "../../../tests/setup/books";

const test = createTestDb();
const { db } = test;
let h: PaymentsHarness;
let pesalink: Awaited<ReturnType<typeof startPesalinkRail>>;
let rails: PayoutRails;
const now = () => h.clock.now;
const BANK_FLOAT_KES = 5_000_000;
/** An Equity account the PesaLink simulator refuses (unknown account). */
const REFUSED_ACCOUNT = "1450160600001";

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  pesalink = await startPesalinkRail(now, {
    [REFUSED_ACCOUNT]: { outcome: "unknown-account" },
  });
  rails = { ...h.rails, pesalink: pesalink.rail };
  await fundRailFloat(db, "pesalink", BANK_FLOAT_KES);
});
afterAll(async () => {
  await pesalink.close();
  await h.close();
  test.close();
});

const expectLedgerBalanced = async () => {
  expect(await verifyBalances(testStore(db))).toEqual([]);
  expect(await findUnbalancedTransactions(testStore(db))).toEqual([]);
  expect(await trialBalance(testStore(db))).toEqual(ZERO_TRIAL_BALANCE);
};

/** A merchant paid by default to M-Pesa, with a verified Equity account as well. */
function merchantWithBank(id: string, accountNumber = "1450160649886") {
  addMerchant(db, id, "254712345678");
  const bank = insertDestination(db, id, {
    rail: "pesalink",
    bankCode: "68",
    accountNumber,
    accountName: "Shop Owner",
  });
  return bank;
}

/** The merchant's M-Pesa default (addMerchant's). */
const mpesaDefaultOf = async (merchantId: string) =>
  (await listDestinations(testStore(db), merchantId)).find(
    (d) => d.rail === "mpesa" && d.isDefault,
  )!;

let reference = 0;
/** A payment of `amountKes` paid in USDT and confirmed by custody. */
const paidPayment = async (merchantId: string, amountKes: number) => {
  const paid = await confirmedPayment(db, h, {
    merchantId,
    amountKes,
    reference: `MR-${++reference}`,
  });
  return (await testStore(db).read((q) => getPayment(q, paid.payment.id)))!;
};

/** Each rail's transfers of a payment: sum of amounts and of charges. */
async function byRail(paymentId: string) {
  const sums = new Map<RailId, { amount: bigint; charge: bigint; count: number }>();
  for (const t of await testStore(db).read((q) => listTransfersForPayment(q, paymentId))) {
    const sum = sums.get(t.rail) ?? { amount: 0n, charge: 0n, count: 0 };
    sums.set(t.rail, {
      amount: sum.amount + t.amountKesCents,
      charge: sum.charge + t.railChargeKesCents,
      count: sum.count + 1,
    });
  }
  return sums;
}

const railBalances = async (rail: RailId) => ({
  float: await normalBalance(testStore(db), railFloat(rail)),
  inFlight: await normalBalance(testStore(db), railInFlight(rail)),
  charges: await normalBalance(testStore(db), railCharges(rail)),
});

describe("an 80% bank / 20% M-Pesa split", () => {
  it("sends 80/20 to PesaLink and M-Pesa, each against its own rail's float, and clears every account once paid", async () => {
    const merchantId = "MRC-MRSP22";
    const bank = merchantWithBank(merchantId);
    const mpesa = await mpesaDefaultOf(merchantId);
    expect(
      await setSplitRules(
        testStore(db),
        { merchantId, userId: "mu_mr" },
        new Map([
          [bank.id, 80],
          [mpesa.id, 20],
        ]),
        false,
        now(),
      ),
    ).toEqual({ ok: true });
    const before = { mpesa: await railBalances("mpesa"), pesalink: await railBalances("pesalink") };

    const payment = await paidPayment(merchantId, 10_000);
    const net = payment.amountKesCents - payment.feeKesCents - payment.exciseKesCents;
    // KES 10,000 less the 1% fee (KES 100) and its 10% excise duty (KES 10).
    expect(net).toBe(989_000n);
    expect(await planSettlement(testStore(db), payment.id, testConfig, now())).toBe("planned");

    const planned = await byRail(payment.id);
    expect([...planned.keys()].sort()).toEqual(["mpesa", "pesalink"]);
    const bankShare = planned.get("pesalink")!;
    const mpesaShare = planned.get("mpesa")!;
    // Each rail's transfers (and their charges) take its share, less whole-shilling leftovers.
    const leftover =
      net - (bankShare.amount + bankShare.charge) - (mpesaShare.amount + mpesaShare.charge);
    expect(leftover >= 0n && leftover < 200n).toBe(true);
    expect(bankShare.amount + bankShare.charge).toBeLessThanOrEqual(791_200n);
    expect(bankShare.amount + bankShare.charge).toBeGreaterThan(791_200n - 100n);
    expect(mpesaShare.amount + mpesaShare.charge).toBeLessThanOrEqual(197_800n);
    expect(mpesaShare.amount + mpesaShare.charge).toBeGreaterThan(197_800n - 100n);
    expect(mpesaShare.charge).toBe(railChargeCents("mpesa", mpesaShare.amount));
    for (const t of await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))
      expect(t.destinationId).toBe(t.rail === "pesalink" ? bank.id : mpesa.id);

    // Posted: each rail's float pays its amount and charge; its in-flight account holds the amount.
    for (const [rail, share] of [
      ["pesalink", bankShare],
      ["mpesa", mpesaShare],
    ] as const) {
      const after = await railBalances(rail);
      expect(before[rail].float - after.float).toBe(share.amount + share.charge);
      expect(after.inFlight - before[rail].inFlight).toBe(share.amount);
    }
    expect(await owed(testStore(db), merchantInFlight(merchantId))).toBe(
      bankShare.amount + mpesaShare.amount,
    );
    expect(await owed(testStore(db), merchantAvailable(merchantId))).toBe(leftover);
    await expectLedgerBalanced();

    // PesaLink pays at once; M-Pesa when its Result comes.
    await sendPendingTransfers(testStore(db), rails, now);
    await h.darajaSim.flush();
    await pesalink.sim.flush();
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).map(
        (t) => t.status,
      ),
    ).toEqual(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).map(
        () => "succeeded",
      ),
    );
    expect(
      pesalink.sim.transfer(
        (await testStore(db).read((q) => listTransfersForPayment(q, payment.id)))
          .find((t) => t.rail === "pesalink")!
          .id.replace("_", ""),
      ),
    ).toMatchObject({
      accountNumber: "1450160649886",
      amountKes: Number(bankShare.amount / 100n),
    });
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    for (const rail of ["pesalink", "mpesa"] as const)
      expect((await railBalances(rail)).inFlight).toBe(before[rail].inFlight);
    expect(await owed(testStore(db), merchantInFlight(merchantId))).toBe(0n);
    expect(await owed(testStore(db), merchantAvailable(merchantId))).toBe(leftover);
    await expectLedgerBalanced();
  });

  it("a refused bank transfer: its amount and charge return to the merchant and to our bank float; M-Pesa's share is paid", async () => {
    const merchantId = "MRC-MRSP23";
    const bank = merchantWithBank(merchantId, REFUSED_ACCOUNT);
    const mpesa = await mpesaDefaultOf(merchantId);
    await setSplitRules(
      testStore(db),
      { merchantId, userId: "mu_mr" },
      new Map([
        [bank.id, 80],
        [mpesa.id, 20],
      ]),
      false,
      now(),
    );
    const floatBefore = await railBalances("pesalink");
    const payment = await paidPayment(merchantId, 10_000);
    await planSettlement(testStore(db), payment.id, testConfig, now());
    const planned = await byRail(payment.id);
    const leftover = await owed(testStore(db), merchantAvailable(merchantId));

    await sendPendingTransfers(testStore(db), rails, now);
    await h.darajaSim.flush();
    await pesalink.sim.flush();
    const transfers = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    const refused = transfers.find((t) => t.rail === "pesalink")!;
    expect(refused.status).toBe("failed");
    expect(refused.resultDesc).toContain("104101");
    expect(transfers.find((t) => t.rail === "mpesa")?.status).toBe("succeeded");

    // The bank's share is back: available again for the merchant, and our float is whole.
    const bankShare = planned.get("pesalink")!;
    expect(await owed(testStore(db), merchantAvailable(merchantId))).toBe(
      leftover + bankShare.amount + bankShare.charge,
    );
    expect(await owed(testStore(db), merchantInFlight(merchantId))).toBe(0n);
    expect(await railBalances("pesalink")).toEqual(floatBefore);
    expect(
      (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).map((e) => e.type),
    ).toContain("transfer_failed");
    await expectLedgerBalanced();
    // Fails today: settleIfDone (settlement.server.ts) leaves failed transfers out, so the payment
    // is "settled" with 80% of it unpaid and waiting in the merchant's balance for a retry.
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settling");
  });
});

describe("failover", () => {
  it("with the merchant's permission, the settlement goes to their bank while M-Pesa is down", async () => {
    const merchantId = "MRC-MRFV22";
    const bank = merchantWithBank(merchantId, "1450160649890");
    const mpesa = await mpesaDefaultOf(merchantId);
    await setSplitRules(testStore(db), { merchantId, userId: "mu_mr" }, new Map(), true, now());
    // Past the health window of the earlier tests' M-Pesa payouts, then three failures: down.
    h.clock.now += HEALTH_WINDOW_MS + 60_000;
    makeRailDown(db, merchantId, "mpesa", now());
    expect((await testStore(db).read((q) => railHealthOn(q, "mpesa", now()))).status).toBe("down");
    const payment = await paidPayment(merchantId, 5_000);
    expect(await planSettlement(testStore(db), payment.id, testConfig, now())).toBe("planned");
    const transfers = await testStore(db).read((q) => listTransfersForPayment(q, payment.id));
    expect(transfers.map((t) => [t.rail, t.destinationId])).toEqual([["pesalink", bank.id]]);
    const event = (await testStore(db).read((q) => listPaymentEvents(q, payment.id))).find(
      (e) => e.type === "settlement_failed_over",
    );
    expect(JSON.parse(event!.detail!)).toEqual({ from: mpesa.id, to: bank.id });
    await sendPendingTransfers(testStore(db), rails, now);
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).map(
        (t) => t.status,
      ),
    ).toEqual(["succeeded"]);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("settled");
    await expectLedgerBalanced();
    // The trouble transfers stay in the window for the other tests: clear them.
    db.delete(settlementTransfers).where(eq(settlementTransfers.rail, "mpesa")).run();
  });
});

describe("a verification check payout", () => {
  function verifying(merchantId: string, phone: string): Destination {
    return insertDestination(db, merchantId, { rail: "mpesa", phone, status: "verifying" }, now());
  }

  it("is our expense on the rail's charges account, never the merchant's money, and succeeds to confirm_name", async () => {
    const merchantId = "MRC-MRVF22";
    addMerchant(db, merchantId, "254712345678");
    const destination = verifying(merchantId, "+254722600101");
    const before = await railBalances("mpesa");
    const started = await startVerification(testStore(db), rails, destination, now);
    expect(started.kind).toBe("payout_pending");
    const transferId = (started as { transferId: string }).transferId;
    const cost = 1_000n + railChargeCents("mpesa", 1_000n);
    const sentState = await railBalances("mpesa");
    expect(sentState.charges - before.charges).toBe(cost);
    expect(before.float - sentState.float).toBe(cost);
    expect(sentState.inFlight).toBe(before.inFlight);
    expect(await balance(testStore(db), merchantAvailable(merchantId))).toBe(0n);
    expect(await balance(testStore(db), merchantInFlight(merchantId))).toBe(0n);
    await expectLedgerBalanced();

    await sendPendingTransfers(testStore(db), rails, now);
    await h.darajaSim.flush();
    expect(
      db.select().from(settlementTransfers).where(eq(settlementTransfers.id, transferId)).get(),
    ).toMatchObject({ status: "succeeded", purpose: "verification" });
    expect(await getDestination(testStore(db), merchantId, destination.id)).toMatchObject({
      status: "confirm_name",
      registeredName: h.darajaSim.transaction(transferId)!.receiverName,
    });
    expect(await railBalances("mpesa")).toEqual(sentState);
    expect(await balance(testStore(db), merchantAvailable(merchantId))).toBe(0n);
    // Once only: starting again neither posts nor sends a second check.
    expect(
      await startVerification(
        testStore(db),
        rails,
        (await getDestination(testStore(db), merchantId, destination.id))!,
        now,
      ),
    ).toEqual({ kind: "not_verifying" });
    await expectLedgerBalanced();
  });

  it("that fails is reversed (our float and charges are whole again) and fails the destination", async () => {
    const merchantId = "MRC-MRVF23";
    addMerchant(db, merchantId, "254712345678");
    const destination = verifying(merchantId, "+254722600102");
    h.darajaSim.setOutcome("254722600102", "invalid-number");
    const before = await railBalances("mpesa");
    const started = await startVerification(testStore(db), rails, destination, now);
    await sendPendingTransfers(testStore(db), rails, now);
    await h.darajaSim.flush();
    const transferId = (started as { transferId: string }).transferId;
    expect(
      db.select().from(settlementTransfers).where(eq(settlementTransfers.id, transferId)).get()
        ?.status,
    ).toBe("failed");
    expect(await getDestination(testStore(db), merchantId, destination.id)).toMatchObject({
      status: "failed",
    });
    expect(await railBalances("mpesa")).toEqual(before);
    expect(await balance(testStore(db), merchantAvailable(merchantId))).toBe(0n);
    await expectLedgerBalanced();
  });

  /** A merchant whose M-Pesa check payout failed. */
  async function failedCheck(merchantId: string, phone: string) {
    addMerchant(db, merchantId, "254712345678");
    const destination = verifying(merchantId, phone);
    h.darajaSim.setOutcome(phone, "invalid-number");
    const started = await startVerification(testStore(db), rails, destination, now);
    await sendPendingTransfers(testStore(db), rails, now);
    await h.darajaSim.flush();
    expect((await getDestination(testStore(db), merchantId, destination.id))?.status).toBe(
      "failed",
    );
    return (started as { transferId: string }).transferId;
  }

  // Fails today: settleableCents (settlement.server.ts) counts every failed transfer of the
  // merchant not yet retried as the merchant's money still in the available balance, the check
  // payout too, so each settlement after a failed check is short by the check's amount and charge.
  it("that failed does not hold back the merchant's next settlement", async () => {
    const merchantId = "MRC-MRVF24";
    await failedCheck(merchantId, "+254722600103");
    const payment = await paidPayment(merchantId, 2_500);
    expect(await planSettlement(testStore(db), payment.id, testConfig, now())).toBe("planned");
    await sendPendingTransfers(testStore(db), rails, now);
    await h.darajaSim.flush();
    // The whole net goes, as for any merchant: of KES 2,472.50 (after the fee and its excise),
    // KES 2,463 and the M-Pesa charge of 9; the 50 cents wait for the next settlement.
    expect(
      (await testStore(db).read((q) => listTransfersForPayment(q, payment.id))).map((t) => [
        t.status,
        t.amountKesCents + t.railChargeKesCents,
      ]),
    ).toEqual([["succeeded", 247_200n]]);
    expect(await owed(testStore(db), merchantAvailable(merchantId))).toBe(50n);
    await expectLedgerBalanced();
  });

  // Fails today: retryTransfer (settlement.server.ts) retries any failed transfer, a check payout
  // too, as a new transfer posted against the merchant's available balance.
  it("that failed is never retried with the merchant's money", async () => {
    const merchantId = "MRC-MRVF25";
    const transferId = await failedCheck(merchantId, "+254722600104");
    const payment = await paidPayment(merchantId, 2_500);
    // The merchant has money in the balance (not settled yet) that a retry could take.
    expect(await owed(testStore(db), merchantAvailable(merchantId))).toBe(247_250n);
    const charges = (await railBalances("mpesa")).charges;
    let retried: unknown;
    try {
      retried = await retryTransfer(testStore(db), transferId, now());
    } catch (error) {
      retried = error;
    }
    expect(retried).toBeNull();
    expect(await owed(testStore(db), merchantAvailable(merchantId))).toBe(247_250n);
    expect((await railBalances("mpesa")).charges).toBe(charges);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("confirmed");
    await expectLedgerBalanced();
  });
});
