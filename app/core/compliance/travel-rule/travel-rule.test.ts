/**
 * The travel rule on crypto refunds (issue 31, item 8; ADR 0060): below USD 1,000 nothing is asked
 * or stored; at USD 1,000 or more (the KES value at the stored USD/KES rate) the refund is refused
 * without the beneficiary, moving nothing, and with it stores the IVMS101 record: the merchant as a
 * legal person (name, registration number, country, address) with OneHop as the originating VASP,
 * the customer as a natural person with their VASP or none (unhosted).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fxSnapshots,
  merchantApplications,
  rateRefreshes,
  rateSnapshots,
  refunds,
} from "../../../../drizzle/schema";
import { company } from "~/content/company";
import { getPayment } from "~/core/payments/payments.server";
import { sendPendingRefunds } from "~/core/refunds/custody-send.server";
import { RefundError } from "~/core/refunds/errors";
import { getRefundOn } from "~/core/refunds/refunds.server";
import { createRefundsService } from "~/core/refunds/service.server";
import { createTestDb, testStore } from "../../../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../../../tests/setup/payments";
import { parseTravelRule, type BeneficiaryInput } from "./ivms101";
import { currentUsdKes, kesCentsOfUnits, thresholdKesCents, usdCentsOf } from "./valuation.server";

describe("valuation", () => {
  it("the threshold in KES cents rounds up, the USD value down", () => {
    expect(thresholdKesCents("129.2")).toBe(12_920_000n);
    expect(thresholdKesCents("129.123456789")).toBe(12_912_346n);
    expect(usdCentsOf(12_920_000n, "129.2")).toBe(100_000n);
    expect(usdCentsOf(12_919_999n, "129.2")).toBe(99_999n);
    expect(kesCentsOfUnits(1_000_000n, "129.2", "USDT")).toBe(12_920n);
  });

  it("reads the stored USD/KES rate, else USDT's KES over USD, else the configured rate", async () => {
    const { db, close } = createTestDb();
    const store = testStore(db);
    try {
      expect(await store.read((q) => currentUsdKes(q))).toEqual({
        rate: "129.20",
        source: "configured",
      });
      db.insert(rateRefreshes)
        .values({ id: 1, trigger: "scheduled", startedAt: 1, outcome: "succeeded" })
        .run();
      db.insert(rateSnapshots)
        .values({
          refreshId: 1,
          asset: "USDT",
          priceKes: "130",
          priceUsd: "1.0004",
          derived: false,
          source: "coingecko",
          asOf: 1,
          fetchedAt: 1,
        })
        .run();
      expect(await store.read((q) => currentUsdKes(q))).toEqual({
        rate: "129.94802079",
        source: "market:coingecko (USDT)",
      });
      db.insert(fxSnapshots)
        .values({ pair: "USD/KES", rate: "128.5", source: "open-er-api", asOf: 2, fetchedAt: 2 })
        .run();
      expect(await store.read((q) => currentUsdKes(q))).toEqual({
        rate: "128.5",
        source: "fx:open-er-api",
      });
    } finally {
      close();
    }
  });
});

const { db, close } = createTestDb();
const store = testStore(db);
let h: PaymentsHarness;
const now = () => h.clock.now;
const SHOP = "MRC-TRVA22";
const CUSTOMER = "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC";
// USD/KES 129.2: USD 1,000 is KES 129,200.00.
const THRESHOLD_CENTS = 12_920_000n;

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  addMerchant(db, SHOP);
  db.insert(merchantApplications)
    .values({
      id: "app_trv1",
      reference: "APP-TRV00001",
      status: "approved",
      businessName: "Shop MRC-TRVA22",
      businessType: "limited_company",
      registrationNumber: "PVT-AB1234CD",
      contactName: "Wanjiku Kamau",
      email: "owner@trv.example",
      emailNormalized: "owner@trv.example",
      countryCode: "+254",
      phone: "712345678",
      businessAddress: "Moi Avenue 10",
      country: "KE",
      city: "Nairobi",
      agreedToTerms: true,
      agreedToNewsletter: false,
      createdAt: 0,
      merchantId: SHOP,
    })
    .run();
  db.insert(fxSnapshots)
    .values({ pair: "USD/KES", rate: "129.2", source: "open-er-api", asOf: 0, fetchedAt: 0 })
    .run();
  await creditAvailable(db, SHOP, 1_000_000);
});
afterAll(async () => {
  await h.close();
  close();
});

const service = () =>
  createRefundsService({
    store,
    now,
    currentRate: () => null,
    runtime: () => ({
      estimateNetworkFee: (assetId) => h.runtime.custody.estimateNetworkFee(assetId),
      runningRails: ["mpesa"],
      async sendNow(refundId) {
        await sendPendingRefunds(store, h.runtime.custody, now);
        return store.read((q) => getRefundOn(q, refundId));
      },
    }),
  });

let keys = 0;
async function paidPayment(amountKes: number) {
  const { payment } = await confirmedPayment(db, h, {
    merchantId: SHOP,
    amountKes,
    reference: `TR-${++keys}`,
  });
  return (await store.read((q) => getPayment(q, payment.id)))!;
}

function refund(paymentId: string, amountKesCents: bigint, beneficiary?: BeneficiaryInput) {
  return service().create(
    { merchantId: SHOP, mode: "live", createdBy: "usr_finance01" },
    { paymentId, source: "balance", amountKesCents, address: CUSTOMER, beneficiary },
    { requestKey: `tr-${++keys}`, reason: null },
  );
}

const jane: BeneficiaryInput = {
  familyName: "Otieno",
  givenNames: "Jane Achieng",
  address: "Kenyatta Avenue 12",
  country: "ke",
  wallet: "vasp",
  vaspName: "Binance",
};

describe("crypto refunds and the travel rule", () => {
  it("below USD 1,000 asks nothing and stores nothing", async () => {
    const payment = await paidPayment(200_000);
    const { refund: made } = await refund(payment.id, THRESHOLD_CENTS - 1n);
    expect(made.travelRule).toBeNull();
    // A beneficiary given below the threshold is not stored either.
    const { refund: other } = await refund(payment.id, 100_000n, jane);
    expect(other.travelRule).toBeNull();
  });

  it("at USD 1,000 without the beneficiary: refused at its field, nothing made", async () => {
    const payment = await paidPayment(200_000);
    const error = await refund(payment.id, THRESHOLD_CENTS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefundError);
    expect(error).toMatchObject({ code: "beneficiary_required", field: "beneficiary" });
    expect((error as RefundError).message).toContain("USD 1,000.00");
    expect(db.select().from(refunds).where(eq(refunds.paymentId, payment.id)).all()).toEqual([]);
  });

  it("at USD 1,000 with the beneficiary stores the IVMS101 record", async () => {
    const payment = await paidPayment(200_000);
    const { refund: made } = await refund(payment.id, THRESHOLD_CENTS, jane);
    const stored = db.select().from(refunds).where(eq(refunds.id, made.id)).get()!;
    const record = parseTravelRule(stored.travelRule)!;
    expect(record.standard).toBe("IVMS101.2020");
    expect(record.beneficiaryWallet).toBe("vasp");
    expect(record.valuation).toMatchObject({
      thresholdUsd: 1000,
      kesCents: "12920000",
      usdCents: "100000",
      usdKes: "129.2",
      usdKesSource: "fx:open-er-api",
    });
    expect(record.ivms101).toEqual({
      originator: {
        originatorPersons: [
          {
            legalPerson: {
              name: {
                nameIdentifier: [
                  { legalPersonName: "Shop MRC-TRVA22", legalPersonNameIdentifierType: "LEGL" },
                ],
              },
              customerIdentification: SHOP,
              geographicAddress: [
                {
                  addressType: "BIZZ",
                  addressLine: ["Moi Avenue 10"],
                  townName: "Nairobi",
                  country: "KE",
                },
              ],
              nationalIdentification: {
                nationalIdentifier: "PVT-AB1234CD",
                nationalIdentifierType: "RAID",
              },
              countryOfRegistration: "KE",
            },
          },
        ],
        accountNumber: [SHOP],
      },
      beneficiary: {
        beneficiaryPersons: [
          {
            naturalPerson: {
              name: {
                nameIdentifier: [
                  {
                    primaryIdentifier: "Otieno",
                    secondaryIdentifier: "Jane Achieng",
                    nameIdentifierType: "LEGL",
                  },
                ],
              },
              geographicAddress: [
                { addressType: "HOME", addressLine: ["Kenyatta Avenue 12"], country: "KE" },
              ],
              countryOfResidence: "KE",
            },
          },
        ],
        accountNumber: [CUSTOMER],
      },
      originatingVASP: {
        originatingVASP: {
          legalPerson: expect.objectContaining({
            name: {
              nameIdentifier: [
                { legalPersonName: company.legalName, legalPersonNameIdentifierType: "LEGL" },
              ],
            },
            countryOfRegistration: "KE",
          }),
        },
      },
      beneficiaryVASP: {
        beneficiaryVASP: {
          legalPerson: {
            name: {
              nameIdentifier: [
                { legalPersonName: "Binance", legalPersonNameIdentifierType: "LEGL" },
              ],
            },
          },
        },
      },
    });
  });

  it("an unhosted wallet has no beneficiary VASP", async () => {
    const payment = await paidPayment(300_000);
    const { refund: made } = await refund(payment.id, 20_000_000n, {
      familyName: "Mwangi",
      givenNames: null,
      address: null,
      country: null,
      wallet: "unhosted",
      vaspName: null,
    });
    const record = parseTravelRule(made.travelRule)!;
    expect(record.beneficiaryWallet).toBe("unhosted");
    expect(record.ivms101.beneficiaryVASP).toBeUndefined();
    expect(record.ivms101.beneficiary.beneficiaryPersons[0]).toEqual({
      naturalPerson: {
        name: { nameIdentifier: [{ primaryIdentifier: "Mwangi", nameIdentifierType: "LEGL" }] },
      },
    });
  });
});
