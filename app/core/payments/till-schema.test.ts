import { describe, expect, it } from "vitest";
import { paidStatuses, paymentStatuses } from "./statuses";
import { TILL_DEFAULT_REFERENCE, tillPaymentInput, tillState, tillWaiting } from "./till-schema";

describe("the till's sale", () => {
  it("is made as Create Payment makes a payment the customer chooses the coin of", () => {
    expect(tillPaymentInput({ amountKes: 2500 })).toEqual({
      amountKes: 2500,
      asset: "USDT",
      customerChoosesCoin: true,
      reference: TILL_DEFAULT_REFERENCE,
      network: undefined,
    });
    expect(tillPaymentInput({ amountKes: 900, note: "Table 4" }).reference).toBe("Table 4");
  });

  it("reads Paid for every paid status, and waits only while money may still come", () => {
    for (const status of paidStatuses) expect(tillState(status), status).toBe("paid");
    const waiting = paymentStatuses.filter((status) => tillWaiting(tillState(status)));
    expect(waiting).toEqual(["awaiting_payment", "confirming"]);
    expect(tillState("expired")).toBe("expired");
    expect(tillState("canceled")).toBe("canceled");
    expect(tillState("underpaid")).toBe("underpaid");
    expect(tillState("overpaid")).toBe("attention");
  });
});
