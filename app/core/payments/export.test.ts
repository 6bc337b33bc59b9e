import { describe, expect, it } from "vitest";
import { kesDecimal, paymentsCsv, paymentsCsvColumns, type ExportRow } from "./export";

// 24 Nov 2026, 14:05 in Nairobi (11:05 UTC).
const AT = Date.UTC(2026, 10, 24, 11, 5);

function settledRow(overrides: Partial<ExportRow["payment"]> = {}): ExportRow {
  return {
    payment: {
      id: "pay_7K2M9Q",
      reference: "INV-1042",
      description: "Two bags of coffee",
      status: "settled",
      paidWith: "crypto",
      asset: "USDT",
      network: "Ethereum (ERC-20)",
      amountKesCents: 250_000n,
      feeKesCents: 2_500n,
      exciseKesCents: 250n,
      quoteRate: "129.45",
      cryptoAmountUnits: 19_312_476n,
      receivedUnits: 19_312_476n,
      createdAt: AT,
      confirmedAt: AT + 60_000,
      settledAt: AT + 120_000,
      ...overrides,
    },
    transfers: [
      {
        status: "succeeded",
        amountKesCents: 246_300n,
        railChargeKesCents: 900n,
        receipt: "SKN4XYZ123",
        completedAt: AT + 120_000,
      },
    ],
  };
}

/** The file's rows as arrays of cells (simple: none of these cells holds a comma or quote). */
function parse(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));
}

function record(csv: string, index = 0): Record<string, string> {
  const [header, ...rows] = parse(csv);
  return Object.fromEntries(header!.map((name, i) => [name, rows[index]![i]!]));
}

describe("payments CSV", () => {
  it("starts with a UTF-8 byte-order mark and ends lines with CRLF, so Excel opens it", () => {
    const csv = paymentsCsv([settledRow()]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.split("\r\n")[0]).toBe(`\uFEFF${paymentsCsvColumns.join(",")}`);
  });

  it("has the columns a bookkeeper needs, money as decimals and times in EAT with +03:00", () => {
    expect(record(paymentsCsv([settledRow()]))).toEqual({
      "Payment ID": "pay_7K2M9Q",
      Reference: "INV-1042",
      Description: "Two bags of coffee",
      Status: "settled",
      "Paid with": "Crypto",
      "Customer M-Pesa receipt": "",
      "Created (EAT)": "2026-11-24T14:05:00+03:00",
      Asset: "USDT",
      Network: "Ethereum (ERC-20)",
      "Crypto amount": "19.312476",
      "Crypto received": "19.312476",
      "Rate (KES per coin)": "129.45",
      "Gross KES": "2500.00",
      "Collection fee KES": "25.00",
      "Excise duty KES": "2.50",
      "Network fee KES": "9.00",
      "Net KES": "2463.50",
      "Settled KES": "2463.00",
      "M-Pesa receipts": "SKN4XYZ123",
      "Confirmed (EAT)": "2026-11-24T14:06:00+03:00",
      "Settled (EAT)": "2026-11-24T14:07:00+03:00",
    });
  });

  it("a payment paid with M-Pesa says so, with the customer's receipt, and no crypto", () => {
    const row = settledRow({ paidWith: "mpesa", receivedUnits: 0n });
    row.collectionReceipt = "QKT4ABCD12";
    const cells = record(paymentsCsv([row]));
    expect(cells["Paid with"]).toBe("M-Pesa");
    expect(cells["Customer M-Pesa receipt"]).toBe("QKT4ABCD12");
    for (const column of [
      "Asset",
      "Network",
      "Crypto amount",
      "Crypto received",
      "Rate (KES per coin)",
    ])
      expect(cells[column]).toBe("");
    expect(cells["Gross KES"]).toBe("2500.00");
    expect(cells["M-Pesa receipts"]).toBe("SKN4XYZ123");
  });

  it("adds up a split settlement and lists every receipt, failed transfers left out", () => {
    const row = settledRow({
      amountKesCents: 90_000_000n,
      feeKesCents: 900_000n,
      exciseKesCents: 90_000n,
    });
    row.transfers = [
      {
        status: "succeeded",
        amountKesCents: 25_000_000n,
        railChargeKesCents: 10_800n,
        receipt: "SKA1",
        completedAt: AT + 1,
      },
      {
        status: "failed",
        amountKesCents: 25_000_000n,
        railChargeKesCents: 10_800n,
        receipt: null,
        completedAt: AT + 2,
      },
      {
        status: "succeeded",
        amountKesCents: 25_000_000n,
        railChargeKesCents: 10_800n,
        receipt: "SKA2",
        completedAt: AT + 3,
      },
    ];
    const cells = record(paymentsCsv([row]));
    expect(cells["Network fee KES"]).toBe("216.00");
    expect(cells["Settled KES"]).toBe("500000.00");
    // 900,000 less the 9,000 fee, its 900 excise and the 216 of M-Pesa charges.
    expect(cells["Net KES"]).toBe("889884.00");
    expect(cells["M-Pesa receipts"]).toBe("SKA1 SKA2");
  });

  it("shows what was asked but nothing charged for a payment that was never paid", () => {
    const row = settledRow({
      status: "expired",
      receivedUnits: 0n,
      confirmedAt: null,
      settledAt: null,
    });
    row.transfers = [];
    const cells = record(paymentsCsv([row]));
    expect(cells["Gross KES"]).toBe("2500.00");
    expect(cells["Crypto received"]).toBe("0");
    for (const column of [
      "Collection fee KES",
      "Excise duty KES",
      "Network fee KES",
      "Net KES",
      "Settled KES",
    ])
      expect(cells[column]).toBe("");
    expect(cells["Confirmed (EAT)"]).toBe("");
    expect(cells["Settled (EAT)"]).toBe("");
  });

  it("never shows crypto in base units", () => {
    const btc = settledRow({ asset: "BTC", cryptoAmountUnits: 21_460n, receivedUnits: 21_460n });
    expect(record(paymentsCsv([btc]))["Crypto amount"]).toBe("0.0002146");
  });

  it("defuses formula-looking text and quotes commas, quotes and line breaks", () => {
    const row = settledRow({
      reference: '=HYPERLINK("http://x")',
      description: '+1, "two"\nthree',
    });
    const csv = paymentsCsv([row]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(`"'+1, ""two""\nthree"`);
    for (const start of ["-", "@"]) {
      const line = paymentsCsv([settledRow({ reference: `${start}cmd` })]);
      expect(record(line).Reference).toBe(`'${start}cmd`);
    }
  });

  it("writes KES cents as plain decimals", () => {
    expect(kesDecimal(123_450n)).toBe("1234.50");
    expect(kesDecimal(5n)).toBe("0.05");
    expect(kesDecimal(-5n)).toBe("-0.05");
  });
});
