/**
 * The monthly excise report (/admin/compliance/excise and its CSV) and a merchant's fee invoices
 * (/merchant/fee-invoices, its print version and CSV): read from the live book, to the cent; a fee
 * given back is a negative line; the due date is the 20th of the next month; each side sees only
 * what it may (issue 31, item 7; ADR 0059).
 */
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { exciseOf } from "~/core/fees/excise";
import {
  balance,
  excisePayable,
  feeRevenue,
  ledgerBook,
  postTransaction,
} from "~/core/ledger/ledger.server";
import { postConversion } from "~/core/payments/deposit-postings.server";
import type { Payment } from "~/core/payments/payments.server";
import { eq } from "drizzle-orm";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, get, respond } from "../../tests/setup/requests";
import { loader as reportCsvLoader } from "./admin.compliance.excise[.csv]";
import { loader as reportLoader } from "./admin.compliance.excise";
import { loader as invoiceCsvLoader } from "./merchant.fee-invoices[.csv]";
import { loader as invoiceLoader } from "./merchant.fee-invoices";
import { loader as invoicePrintLoader } from "./merchant_.fee-invoices.print";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
const store = testStore(db);

const SHOP = "MRC-EXCS22";
const OTHER = "MRC-EXCT22";
addMerchant(db, SHOP);
addMerchant(db, OTHER);
db.update(merchants).set({ kraPin: "P051234567X" }).where(eq(merchants.id, SHOP)).run();

/** 15 October and 3 November 2026, 10:00 in Nairobi; 1 December 00:00 EAT is December's. */
const OCT = Date.parse("2026-10-15T10:00:00+03:00");
const NOV = Date.parse("2026-11-03T10:00:00+03:00");
const DEC = Date.parse("2026-12-01T00:00:00+03:00");

/** A collection of `kes` converted at `at`: the 1% fee and its excise, as a payment's quote has. */
async function collect(merchantId: string, id: string, kes: number, at: number, mode = "live") {
  const gross = BigInt(kes) * 100n;
  const fee = (gross + 50n) / 100n;
  const payment = {
    id,
    reference: id,
    mode,
    merchantId,
    asset: "USDT",
    quoteRate: "129.5",
    requiresReview: false,
  } as Payment;
  await store.write((q) =>
    postConversion(q, payment, {
      units: gross,
      grossKesCents: gross,
      feeKesCents: fee,
      exciseKesCents: exciseOf(fee),
      fromSuspense: false,
      key: `payment:${id}:converted`,
      now: at,
    }),
  );
  return { fee, excise: exciseOf(fee) };
}

const excisesBefore = -(await balance(store, excisePayable()));
const a = await collect(SHOP, "pay_excise0001", 2_500, NOV); // fee 25.00, excise 2.50
const b = await collect(SHOP, "pay_excise0002", 1_005, NOV + 60_000); // fee 10.05, excise 1.01
const c = await collect(OTHER, "pay_excise0003", 10_000, NOV + 120_000); // fee 100, excise 10
await collect(SHOP, "pay_excise0004", 7_000, OCT); // October's
await collect(SHOP, "pay_excise0005", 9_000, DEC); // December's
await collect(SHOP, "pay_excise0006", 4_000, NOV + 180_000, "test"); // test money: never on them
// November: b's fee and excise given back (as a payment rejected in review gives them back).
const book = ledgerBook("live");
await postTransaction(store, {
  idempotencyKey: "test:fee-back:pay_excise0002",
  kind: "payment.review_rejected",
  description: "Payment pay_excise0002 rejected in review",
  reference: { type: "payment", id: "pay_excise0002" },
  entries: [
    { account: book.merchantAvailable(SHOP), amount: -(b.fee + b.excise) },
    { account: feeRevenue(), amount: b.fee },
    { account: excisePayable(), amount: b.excise },
  ],
  now: NOV + 240_000,
});

const cookies = new Map<TeamRole, string>();
async function merchantCookie(role: TeamRole) {
  const known = cookies.get(role);
  if (known) return known;
  const id = `mu_exc_${role}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: SHOP, username: `${role}-exc`, role, createdAt: 0 })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  const cookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
  cookies.set(role, cookie);
  return cookie;
}
const args = (request: Request) => ({ request, params: {}, context: {} });

describe("the monthly excise report", () => {
  it("sums November's fees and excise by kind, to the cent, with the due date, for compliance", async () => {
    const { cookie } = await signedInOperator(db, "compliance");
    const page = await respond(() =>
      reportLoader(args(get("/admin/compliance/excise?month=2026-11", { cookie }))),
    );
    expect(page.status).toBe(200);
    const body = (await page.json()) as {
      dueDate: string;
      rows: { kind: string; count: number; fee: string; excise: string }[];
      totals: { count: number; fee: string; excise: string };
    };
    expect(body.dueDate).toBe("2026-12-20");
    // a, b, c and b given back: 25.00 + 10.05 + 100.00 - 10.05 in fees, 2.50 + 1.01 + 10 - 1.01.
    expect(a).toEqual({ fee: 2_500n, excise: 250n });
    expect(b).toEqual({ fee: 1_005n, excise: 101n });
    const fees = a.fee + c.fee;
    const excise = a.excise + c.excise;
    expect(body.rows.find((row) => row.kind === "collection")).toEqual({
      kind: "collection",
      count: 4,
      fee: fees.toString(),
      excise: excise.toString(),
    });
    expect(body.totals).toEqual({ count: 4, fee: fees.toString(), excise: excise.toString() });
    // What the report says is owed is what the books hold for the month, to the cent.
    const held = -(await balance(store, excisePayable()));
    const october = exciseOf(7_000n);
    const december = exciseOf(9_000n);
    expect(held - excisesBefore).toBe(excise + october + december);

    const csv = await respond(() =>
      reportCsvLoader(args(get("/admin/compliance/excise.csv?month=2026-11", { cookie }))),
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Month,Fee kind,Fee lines,Fees KES,Excise duty KES,Due date");
    expect(lines[1]).toBe("2026-11,Collection fee (C2B),4,125.00,12.50,2026-12-20");
    expect(lines[4]).toBe("2026-11,Total,4,125.00,12.50,2026-12-20");
  });

  it("refuses a month that is not one, and operators without the compliance role", async () => {
    const { cookie } = await signedInOperator(db, "compliance");
    const bad = await respond(() =>
      reportLoader(args(get("/admin/compliance/excise?month=2026-13", { cookie }))),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      "Choose a month, such as 2026-11.",
    );
    const badCsv = await respond(() =>
      reportCsvLoader(args(get("/admin/compliance/excise.csv?month=nov", { cookie }))),
    );
    expect(badCsv.status).toBe(400);
    for (const role of ["reviewer", "curator"] as const) {
      const other = await signedInOperator(db, role);
      for (const loader of [reportLoader, reportCsvLoader]) {
        const refused = await respond(() =>
          loader(args(get("/admin/compliance/excise?month=2026-11", { cookie: other.cookie }))),
        );
        expect(refused.status).toBe(403);
      }
    }
  });
});

describe("a merchant's fee invoice", () => {
  it("lists each of its fees of the month with the excise, both KRA PINs, on the page, paper and CSV", async () => {
    const cookie = await merchantCookie("finance");
    const page = await respond(() =>
      invoiceLoader(args(get("/merchant/fee-invoices?month=2026-11", { cookie }))),
    );
    expect(page.status).toBe(200);
    const { invoice } = (await page.json()) as {
      invoice: {
        kraPin: string | null;
        lines: { reference: string; kind: string; fee: string; excise: string }[];
        totals: { fee: string; excise: string };
      };
    };
    expect(invoice.kraPin).toBe("P051234567X");
    // Its own fees only (not the other merchant's, not October's, not test money), b given back.
    expect(invoice.lines.map((line) => [line.reference, line.kind, line.fee, line.excise])).toEqual(
      [
        ["pay_excise0001", "collection", "2500", "250"],
        ["pay_excise0002", "collection", "1005", "101"],
        ["pay_excise0002", "collection", "-1005", "-101"],
      ],
    );
    expect(invoice.totals).toMatchObject({ fee: "2500", excise: "250" });

    const print = await respond(() =>
      invoicePrintLoader(args(get("/merchant/fee-invoices/print?month=2026-11", { cookie }))),
    );
    expect(print.status).toBe(200);

    const csv = await respond(() =>
      invoiceCsvLoader(args(get("/merchant/fee-invoices.csv?month=2026-11", { cookie }))),
    );
    const rows = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[0]).toBe(
      "Date (EAT),Fee kind,Reference,Description,Fee KES,Excise duty KES,Total KES,Ledger transaction",
    );
    expect(rows[1]).toBe("OneHop KRA PIN,P052183746Q,,,,,,");
    expect(rows[2]).toBe(`Merchant,Shop ${SHOP} (${SHOP}),,,,,,`);
    expect(rows[3]).toBe("Merchant KRA PIN,P051234567X,,,,,,");
    expect(rows[5]).toMatch(
      /^2026-11-03T10:00:00\+03:00,Collection fee \(C2B\),pay_excise0001,.*,25\.00,2\.50,27\.50,ltx_/,
    );
    expect(rows.at(-2)).toBe(",Total,,,25.00,2.50,27.50,");
  });

  it("is refused to roles without statements", async () => {
    for (const role of ["viewer", "cashier", "developer"] as const) {
      const cookie = await merchantCookie(role);
      for (const loader of [invoiceLoader, invoicePrintLoader, invoiceCsvLoader]) {
        const refused = await respond(() =>
          loader(args(get("/merchant/fee-invoices?month=2026-11", { cookie }))),
        );
        expect(refused.status).toBe(403);
      }
    }
  });
});
