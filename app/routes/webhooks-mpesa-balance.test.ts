/**
 * POST /webhooks/mpesa/balance/result (ADR 0036): only our Daraja's callbacks (the token of the
 * live or the test runtime in the URL); a Result parsed and kept once, by the
 * OriginatorConversationID the query's acknowledgement gave, for the reconciliation run waiting for
 * it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { railBalanceReports } from "../../drizzle/schema";
import { getBalanceReport } from "~/core/reconciliation/mpesa-balance.server";
import { installPaymentsRuntime, type PaymentsRuntime } from "~/wiring/payments.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { action, loader } from "./webhooks.mpesa.balance.result";

const { db, close } = installTestDatabase();
const LIVE_TOKEN = "live-token-0123456789abcdef";
const TEST_TOKEN = "test-token-0123456789abcdef";

beforeAll(() => {
  installPaymentsRuntime(
    { callbackToken: LIVE_TOKEN } as PaymentsRuntime,
    { callbackToken: TEST_TOKEN } as PaymentsRuntime,
  );
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterAll(() => {
  installPaymentsRuntime(null);
  vi.restoreAllMocks();
  close();
});

const URL_BASE = "http://localhost:3000/webhooks/mpesa/balance/result";

function post(body: string, token: string | null) {
  const url = token === null ? URL_BASE : `${URL_BASE}?token=${encodeURIComponent(token)}`;
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  return action({ request, params: {}, context: {} });
}

const result = (originator: string, resultCode = 0) =>
  JSON.stringify({
    Result: {
      ResultType: 0,
      ResultCode: resultCode,
      ResultDesc:
        resultCode === 0
          ? "The service request is processed successfully."
          : "The initiator information is invalid.",
      OriginatorConversationID: originator,
      ConversationID: "AG_20261120_00004e48cf7e3533f581",
      TransactionID: "OKM41HA1ZZ",
      ...(resultCode === 0
        ? {
            ResultParameters: {
              ResultParameter: [
                {
                  Key: "AccountBalance",
                  Value:
                    "Working Account|KES|700000.00|700000.00|0.00|0.00&Utility Account|KES|228037.00|228037.00|0.00|0.00&Charges Paid Account|KES|-1540.00|-1540.00|0.00|0.00&Organization Settlement Account|KES|0.00|0.00|0.00|0.00",
                },
                { Key: "BOCompletedTime", Value: 20261120102115 },
              ],
            },
          }
        : {}),
      ReferenceData: { ReferenceItem: { Key: "QueueTimeoutURL", Value: URL_BASE } },
    },
  });

const report = (id: string) => testStore(db).read((q) => getBalanceReport(q, id));
const stored = () => db.select().from(railBalanceReports).all();

describe("the M-Pesa balance Result route", () => {
  it("takes POSTs only: a GET answers 405 with Allow: POST", async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("refuses a missing or wrong token (403) and keeps nothing", async () => {
    for (const token of [null, "", "not-the-token", `${LIVE_TOKEN}x`]) {
      const response = await post(result("10571-7910404-1"), token);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ ResultCode: 1, ResultDesc: "Forbidden" });
    }
    expect(stored()).toEqual([]);
  });

  it("refuses a body that is not JSON, or not a balance Result (400)", async () => {
    expect((await post("{not json", LIVE_TOKEN)).status).toBe(400);
    expect((await post(JSON.stringify({ Body: {} }), LIVE_TOKEN)).status).toBe(400);
    const withoutBalance = JSON.parse(result("10571-7910404-9")) as {
      Result: { ResultParameters?: unknown };
    };
    delete withoutBalance.Result.ResultParameters;
    expect((await post(JSON.stringify(withoutBalance), LIVE_TOKEN)).status).toBe(400);
    expect(stored()).toEqual([]);
  });

  it("keeps a Result once (the float: Utility Account plus the Charges Paid Account), with either runtime's token", async () => {
    const first = await post(result("10571-7910404-1"), LIVE_TOKEN);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    expect((await post(result("10571-7910404-1"), LIVE_TOKEN)).status).toBe(200);
    const kept = await report("10571-7910404-1");
    expect(kept).toMatchObject({ resultCode: 0, availableCents: 22_649_700n });
    expect(kept?.body).toMatchObject({
      accounts: expect.arrayContaining([
        expect.objectContaining({ name: "Utility Account", availableCents: "22803700" }),
      ]),
    });

    expect((await post(result("20000-1111111-1", 2001), TEST_TOKEN)).status).toBe(200);
    expect(await report("20000-1111111-1")).toMatchObject({
      resultCode: 2001,
      availableCents: null,
    });
    expect(stored()).toHaveLength(2);
  });
});
