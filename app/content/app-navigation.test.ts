import { describe, expect, it } from "vitest";
import { consoleNav, merchantNav, merchantNavFor } from "./app-navigation";

/** The labels of the items marked current at an address. */
function currentAt(items: typeof merchantNav, address: string): string[] {
  const url = new URL(address, "http://localhost");
  return items
    .filter((item) => item.current({ pathname: url.pathname, search: url.search }))
    .map((item) => item.label);
}

describe("merchant navigation", () => {
  it("marks exactly the section the page belongs to", () => {
    expect(currentAt(merchantNav, "/merchant/dashboard")).toEqual(["Dashboard"]);
    expect(currentAt(merchantNav, "/merchant/payments?status=settled")).toEqual(["Payments"]);
    expect(currentAt(merchantNav, "/merchant/payments/pay_abc")).toEqual(["Payments"]);
    expect(currentAt(merchantNav, "/merchant/payments/new")).toEqual(["Payments"]);
    expect(currentAt(merchantNav, "/merchant/settings")).toEqual(["Settings"]);
    expect(currentAt(merchantNav, "/merchant/till?sale=pay_abc")).toEqual(["Till"]);
    expect(currentAt(merchantNav, "/merchant/dashboardx")).toEqual([]);
  });
});

describe("the till (issue 32, item 5)", () => {
  it("is shown to the roles that may create payments, and to no other", () => {
    const till = merchantNavFor(["payments:read", "payments:create"]).map((item) => item.label);
    expect(till).toContain("Till");
    const viewer = merchantNavFor(["payments:read", "payments:export", "balances:read"]);
    expect(viewer.map((item) => item.label)).not.toContain("Till");
  });
});

describe("operator console navigation", () => {
  it("tells the payment queues apart from the payments list", () => {
    expect(currentAt(consoleNav, "/admin/applications?status=approved")).toEqual(["Applications"]);
    expect(currentAt(consoleNav, "/admin/applications/app_1")).toEqual(["Applications"]);
    expect(currentAt(consoleNav, "/admin/payments")).toEqual(["Payments"]);
    expect(currentAt(consoleNav, "/admin/payments?status=settled&q=INV")).toEqual(["Payments"]);
    expect(currentAt(consoleNav, "/admin/payments/pay_1")).toEqual(["Payments"]);
    expect(currentAt(consoleNav, "/admin/payments?status=exceptions&page=2")).toEqual([
      "Exceptions",
    ]);
    expect(currentAt(consoleNav, "/admin/payments?status=review")).toEqual(["Review"]);
    expect(currentAt(consoleNav, "/admin/payments?status=in_review")).toEqual(["Review"]);
    expect(currentAt(consoleNav, "/admin/ingest")).toEqual(["News"]);
  });

  it("every item names the role that opens it", () => {
    expect(consoleNav.filter((item) => item.role === "curator").map((i) => i.label)).toEqual([
      "News",
    ]);
  });
});
