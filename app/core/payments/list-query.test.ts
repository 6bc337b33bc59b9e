/** The payments list's filters from the address (issue 30, item 7), shared by the list and CSV. */
import { describe, expect, it } from "vitest";
import { parsePaymentListQuery, paymentListParams, paymentListQueryMessages } from "./list-query";

const parse = (query: string) => parsePaymentListQuery(new URLSearchParams(query));
// 1 Nov 2026 00:00 EAT and 1 Dec 2026 00:00 EAT (UTC+3).
const NOV_1 = Date.UTC(2026, 9, 31, 21);
const DEC_1 = Date.UTC(2026, 10, 30, 21);

describe("the payments list's filters", () => {
  it("a period of Nairobi days, both included: from its first midnight to the midnight after", () => {
    const { filter, errors, query } = parse("from=2026-11-01&to=2026-11-30&status=settled&q=INV");
    expect(errors).toEqual({});
    expect(filter).toEqual({
      statuses: ["settled"],
      search: "INV",
      createdFrom: NOV_1,
      createdBefore: DEC_1,
    });
    expect(paymentListParams(query)).toEqual({
      status: "settled",
      q: "INV",
      from: "2026-11-01",
      to: "2026-11-30",
    });
  });

  it("either end may be left open; nothing given filters nothing", () => {
    expect(parse("from=2026-11-01").filter).toEqual({ search: "", createdFrom: NOV_1 });
    expect(parse("to=2026-11-30").filter).toEqual({ search: "", createdBefore: DEC_1 });
    expect(parse("").filter).toEqual({ search: "" });
    expect(paymentListParams(parse("").query)).toEqual({});
  });

  it("a date that is not one is named and not used; the rest still filters", () => {
    const typed = parse("from=01/11/2026&to=2026-02-30&q=INV");
    expect(typed.errors).toEqual({
      from: paymentListQueryMessages.from,
      to: paymentListQueryMessages.to,
    });
    expect(typed.filter).toEqual({ search: "INV" });
    // Shown again as typed, so the merchant can correct it.
    expect(typed.query.from).toBe("01/11/2026");
  });

  it("a start after the end is refused and neither end is used", () => {
    const backwards = parse("from=2026-11-30&to=2026-11-01");
    expect(backwards.errors).toEqual({ from: paymentListQueryMessages.order });
    expect(backwards.filter).toEqual({ search: "" });
  });

  it("an unknown status is ignored, and long values are cut before use", () => {
    const odd = parse(`status=paid&q=${"x".repeat(500)}&from=${"9".repeat(500)}`);
    expect(odd.filter.statuses).toBeUndefined();
    expect(odd.query.q).toHaveLength(64);
    expect(odd.query.from).toHaveLength(32);
  });
});
