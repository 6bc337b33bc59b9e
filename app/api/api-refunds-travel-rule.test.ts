/**
 * The travel rule through the API (issue 31, item 8; ADR 0060): a crypto refund worth USD 1,000 or
 * more without `beneficiary` is a 400 at `beneficiary` and moves nothing; with it, the refund is
 * made and carries the IVMS101 record; a malformed beneficiary is a 400 at its field; below the
 * threshold it is optional.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fxSnapshots, refunds } from "../../drizzle/schema";
import { parseTravelRule } from "~/core/compliance/travel-rule/ivms101";
import { expectApiError, expectOk, setUpApi } from "../../tests/support/api-server";
import { confirmedPayment, creditAvailable } from "../../tests/setup/payments";

const SHOP = "MRC-TRVB22";
const f = setUpApi([SHOP]);
const CUSTOMER = "0x8ba1f109551bd432803012645ac136ddd64dba72";

async function paid(amountKes: number) {
  const { payment } = await confirmedPayment(f.db, f.h, {
    merchantId: SHOP,
    amountKes,
    mode: "test",
    network: "ethereum",
  });
  return payment;
}

const refund = (key: string, body: unknown) => f.call("POST", "/api/v1/refunds", { key, body });
const rowsOf = (paymentId: string) =>
  f.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).all();

describe("POST /refunds and the travel rule", () => {
  it("at USD 1,000 or more: beneficiary required (400), then stored as IVMS101", async () => {
    // USD/KES 129.2: USD 1,000 is KES 129,200.
    f.db
      .insert(fxSnapshots)
      .values({ pair: "USD/KES", rate: "129.2", source: "open-er-api", asOf: 0, fetchedAt: 0 })
      .run();
    await creditAvailable(f.db, SHOP, 400_000, "test");
    const key = f.newKey(SHOP, "test").secret;
    const payment = await paid(200_000);

    const missing = await refund(key, {
      payment_id: payment.id,
      amount: 12_920_000,
      address: CUSTOMER,
    });
    expectApiError(missing, {
      status: 400,
      type: "invalid_request_error",
      code: "beneficiary_required",
      param: "beneficiary",
    });
    expect((missing.json as { error: { message: string } }).error.message).toContain("USD 1,000");
    expect(rowsOf(payment.id)).toEqual([]);

    const noVasp = await refund(key, {
      payment_id: payment.id,
      amount: 12_920_000,
      address: CUSTOMER,
      beneficiary: { family_name: "Otieno", wallet: "vasp" },
    });
    expect(noVasp.status).toBe(400);
    expect((noVasp.json as { error: { param: string } }).error.param).toBe("beneficiary.vasp_name");

    const made = expectOk(
      await refund(key, {
        payment_id: payment.id,
        amount: 12_920_000,
        address: CUSTOMER,
        beneficiary: {
          family_name: "Otieno",
          given_names: "Jane",
          country: "KE",
          wallet: "vasp",
          vasp_name: "Binance",
        },
      }),
      201,
    ) as { id: string };
    const record = parseTravelRule(rowsOf(payment.id)[0]!.travelRule)!;
    expect(rowsOf(payment.id)[0]!.id).toBe(made.id);
    expect(record.ivms101.beneficiary.beneficiaryPersons[0]).toEqual({
      naturalPerson: {
        name: {
          nameIdentifier: [
            {
              primaryIdentifier: "Otieno",
              secondaryIdentifier: "Jane",
              nameIdentifierType: "LEGL",
            },
          ],
        },
        countryOfResidence: "KE",
      },
    });
    expect(record.ivms101.beneficiary.accountNumber).toEqual([CUSTOMER]);
  });

  it("below the threshold the beneficiary is optional and nothing is stored", async () => {
    const key = f.newKey(SHOP, "test").secret;
    const payment = await paid(1_000);
    const made = expectOk(
      await refund(key, { payment_id: payment.id, amount: 50_000, address: CUSTOMER }),
      201,
    ) as { id: string };
    expect(rowsOf(payment.id).find((row) => row.id === made.id)!.travelRule).toBeNull();
  });
});
