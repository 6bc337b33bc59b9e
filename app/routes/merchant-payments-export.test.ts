/**
 * The merchant's CSV export (issue 11, item 12): the route answers a file Excel opens (UTF-8 with a
 * byte-order mark), scoped to the signed-in merchant and the list's filters, with each payment's
 * settlement (receipts, M-Pesa charges, settlement time) and times in EAT.
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  merchantUsers,
  mpesaCollections,
  payments,
  settlementTransfers,
} from "../../drizzle/schema";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, get, respond } from "../../tests/setup/requests";
import { loader } from "./merchant.payments.export[.csv]";
import { loader as listLoader } from "./merchant.payments._index";
import { loader as pageLoader } from "./merchant.payments.$id";

const { db, close } = installTestDatabase();
afterAll(() => close());

// 24 Nov 2026, 14:05 in Nairobi.
const AT = Date.UTC(2026, 10, 24, 11, 5);
const MERCHANT = "MRC-CSVX22";
const OTHER = "MRC-CSVY22";
addMerchant(db, MERCHANT);
addMerchant(db, OTHER);

function addPayment(
  id: string,
  merchantId: string,
  status: "settled" | "expired",
  reference = `REF-${id}`,
  paidWith: "crypto" | "mpesa" = "crypto",
) {
  db.insert(payments)
    .values({
      id,
      merchantId,
      reference,
      asset: "USDT",
      network: "Ethereum (ERC-20)",
      amountKesCents: 250_000n,
      feeKesCents: 2_500n,
      exciseKesCents: 250n,
      quoteRate: "129.45",
      marketRate: "130.1",
      spreadBps: 50,
      rateSource: "test",
      rateFetchedAt: AT,
      cryptoAmountUnits: 19_312_476n,
      quotedAt: AT,
      expiresAt: AT + 900_000,
      status,
      paidWith,
      receivedUnits: status === "settled" && paidWith === "crypto" ? 19_312_476n : 0n,
      createdAt: AT,
      updatedAt: AT,
      confirmedAt: status === "settled" ? AT + 60_000 : null,
      settledAt: status === "settled" ? AT + 120_000 : null,
    })
    .run();
}
addPayment("pay_CSV1", MERCHANT, "settled", "=cmd|' /C calc'!A0");
addPayment("pay_CSV2", MERCHANT, "expired");
addPayment("pay_CSV3", OTHER, "settled");
addPayment("pay_CSV4", MERCHANT, "settled", "REF-MPESA", "mpesa");
db.insert(mpesaCollections)
  .values({
    checkoutRequestId: "ws_CO_csv4",
    paymentId: "pay_CSV4",
    mode: "live",
    phone: "+254712345678",
    amountKesCents: 250_000n,
    status: "succeeded",
    receipt: "QKT4CSV004",
    createdAt: AT,
    completedAt: AT,
    attempt: 1,
  })
  .run();
for (const [sequence, receipt] of [
  [1, "SKA1B2C3D4"],
  [2, "SKE5F6G7H8"],
] as const) {
  db.insert(settlementTransfers)
    .values({
      id: `trf_CSV1_${sequence}`,
      merchantId: MERCHANT,
      paymentId: "pay_CSV1",
      sequence,
      rail: "mpesa",
      phone: "254712345678",
      // KES 2,500 less the fee and its excise is KES 2,472.50: KES 2,463 in two transfers.
      amountKesCents: sequence === 1 ? 123_100n : 123_200n,
      feeKesCents: 0n,
      railChargeKesCents: 450n,
      status: "succeeded",
      settlementDay: "2026-11-24",
      receipt,
      createdAt: AT,
      updatedAt: AT,
      completedAt: AT + 100_000 + sequence,
    })
    .run();
}

async function ownerCookie(): Promise<string> {
  const id = `mu_${Math.random().toString(36).slice(2)}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: MERCHANT, username: id, role: "owner", createdAt: AT })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

async function download(query = "") {
  const request = get(`/merchant/payments/export.csv${query}`, { cookie: await ownerCookie() });
  return respond(() => loader({ request, params: {}, context: {} }));
}

/** The downloaded file's cell of a payment's row, by column name (no cell here holds a comma). */
async function downloadedCells() {
  const lines = (await (await download()).text()).split("\r\n");
  const header = lines[0]!.replace(/^\uFEFF/, "").split(",");
  return (id: string, name: string) =>
    lines.find((line) => line.includes(id))!.split(",")[header.indexOf(name)];
}

describe("the payments CSV export", () => {
  it("is a UTF-8 file with a byte-order mark, the merchant's own payments only", async () => {
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toContain("attachment;");
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await response.text();
    expect(text).toContain("pay_CSV1");
    expect(text).toContain("pay_CSV2");
    expect(text).not.toContain("pay_CSV3");
  });

  it("carries the settlement: receipts, M-Pesa charges, net, settled amount and EAT times", async () => {
    const cellOf = await downloadedCells();
    const cell = (name: string) => cellOf("pay_CSV1", name);
    const settled = (await (await download()).text())
      .split("\r\n")
      .find((l) => l.includes("pay_CSV1"))!;
    expect(cell("Reference")).toBe("'=cmd|' /C calc'!A0");
    expect(cell("Created (EAT)")).toBe("2026-11-24T14:05:00+03:00");
    expect(cell("Crypto amount")).toBe("19.312476");
    expect(cell("Gross KES")).toBe("2500.00");
    expect(cell("Collection fee KES")).toBe("25.00");
    expect(cell("Excise duty KES")).toBe("2.50");
    expect(cell("Network fee KES")).toBe("9.00");
    expect(cell("Net KES")).toBe("2463.50");
    expect(cell("Settled KES")).toBe("2463.00");
    expect(cell("M-Pesa receipts")).toBe("SKA1B2C3D4 SKE5F6G7H8");
    expect(cell("Settled (EAT)")).toBe("2026-11-24T14:07:00+03:00");
    expect(settled).not.toMatch(/Z(,|$)/);
  });

  it("says how each payment was paid: crypto, or M-Pesa with the customer's receipt", async () => {
    const cellOf = await downloadedCells();
    expect(cellOf("pay_CSV1", "Paid with")).toBe("Crypto");
    expect(cellOf("pay_CSV1", "Customer M-Pesa receipt")).toBe("");
    expect(cellOf("pay_CSV4", "Paid with")).toBe("M-Pesa");
    expect(cellOf("pay_CSV4", "Customer M-Pesa receipt")).toBe("QKT4CSV004");
    expect(cellOf("pay_CSV4", "Asset")).toBe("");
    expect(cellOf("pay_CSV4", "Crypto received")).toBe("");
  });

  it("follows the list's status filter", async () => {
    const text = await (await download("?status=expired")).text();
    expect(text).toContain("pay_CSV2");
    expect(text).not.toContain("pay_CSV1");
  });
});

describe("how a payment was paid, on the list and its page (issue 30, item 2)", () => {
  it("the list says M-Pesa for a payment paid with M-Pesa, the crypto amount otherwise", async () => {
    const request = get("/merchant/payments", { cookie: await ownerCookie() });
    const list = (await listLoader({ request, params: {}, context: {} })) as {
      payments: { id: string; method: string }[];
    };
    const methodOf = (id: string) => list.payments.find((p) => p.id === id)?.method;
    expect(methodOf("pay_CSV4")).toBe("M-Pesa");
    expect(methodOf("pay_CSV1")).toBe("19.312476 USDT");
  });

  it("the payment page gives the customer's M-Pesa receipt in place of the crypto quote", async () => {
    const request = get("/merchant/payments/pay_CSV4", { cookie: await ownerCookie() });
    const page = (await pageLoader({ request, params: { id: "pay_CSV4" }, context: {} })) as {
      mpesaReceipt: string | null;
      payment: { paidWith: string };
    };
    expect(page.payment.paidWith).toBe("mpesa");
    expect(page.mpesaReceipt).toBe("QKT4CSV004");
  });
});

describe("a period and the totals of the filtered list (issue 30, item 7)", () => {
  const list = async (query: string) => {
    const request = get(`/merchant/payments${query}`, { cookie: await ownerCookie() });
    return (await listLoader({ request, params: {}, context: {} })) as {
      payments: { id: string }[];
      totals: Record<string, unknown>;
      errors: Record<string, string>;
    };
  };

  it("totals every payment the filters select: the paid ones' gross, fees and net", async () => {
    // 24 Nov: pay_CSV1 and pay_CSV4 settled (KES 2,500 each, KES 25 fee and KES 2.50 excise),
    // pay_CSV2 expired.
    const day = await list("?from=2026-11-24&to=2026-11-24");
    expect(day.payments.map((p) => p.id).sort()).toEqual(["pay_CSV1", "pay_CSV2", "pay_CSV4"]);
    expect(day.totals).toEqual({
      count: 3,
      paidCount: 2,
      grossKesCents: "500000",
      feeKesCents: "5000",
      exciseKesCents: "500",
      netKesCents: "494500",
    });
    expect((await list("?from=2026-11-25")).totals).toMatchObject({ count: 0, paidCount: 0 });
    expect((await list("?to=2026-11-23")).payments).toEqual([]);
  });

  it("a date that cannot be used is named, and the list is not filtered by it", async () => {
    const bad = await list("?from=2026-13-01");
    expect(bad.errors.from).toMatch(/^Enter the start date as YYYY-MM-DD/);
    expect(bad.totals).toMatchObject({ count: 3 });
  });

  it("the CSV follows the period", async () => {
    const text = await (await download("?from=2026-11-25")).text();
    expect(text).not.toContain("pay_CSV1");
    const same = await (await download("?from=2026-11-24&to=2026-11-24")).text();
    expect(same).toContain("pay_CSV1");
    expect(same).toContain("pay_CSV4");
  });
});
