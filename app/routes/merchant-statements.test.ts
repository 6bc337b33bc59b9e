/**
 * The statement routes (issue 15, item 6; ADR 0034): the page, the CSV and the printable page
 * answer Finance, Admin and Owner, refuse every other role, scope to the signed-in merchant, and
 * answer a bad period with 400, its reason and the values given.
 */
import { afterAll, describe, expect, it } from "vitest";
import { merchantApplications, merchantUsers } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { capital, merchantAvailable, postTransaction } from "~/core/ledger/ledger.server";
import { defaultStatementRange, statementRangeMessages } from "~/core/statements/range";
import { eatDayKey } from "~/utils/format";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, get, respond } from "../../tests/setup/requests";
import { loader as csvLoader } from "./merchant.statements[.csv]";
import { loader as pageLoader } from "./merchant.statements";
import { loader as printLoader } from "./merchant_.statements.print";

const { db, close } = installTestDatabase();
afterAll(() => close());

const MERCHANT = "MRC-STRT22";
const OTHER = "MRC-STRX22";
addMerchant(db, MERCHANT);
addMerchant(db, OTHER);
db.insert(merchantApplications)
  .values({
    id: "app_stmt",
    reference: "APP-STMT2345",
    status: "approved",
    businessName: `Shop ${MERCHANT}`,
    businessType: "retail",
    registrationNumber: "PVT-AB1234CD",
    contactName: "Wanjiru",
    email: "owner@shop.example",
    emailNormalized: "owner@shop.example",
    countryCode: "+254",
    phone: "712345678",
    businessAddress: "Moi Avenue 12",
    country: "Kenya",
    city: "Nairobi",
    agreedToTerms: true,
    agreedToNewsletter: false,
    createdAt: 0,
    merchantId: MERCHANT,
  })
  .run();

// Today's Nairobi midnight: inside today's date and not in the future, whatever the time of day.
const DAY = eatDayKey(Date.now());
const AT = Date.parse(`${DAY}T00:00:00+03:00`);
async function credit(merchantId: string, key: string, cents: bigint, description: string) {
  await postTransaction(testStore(db), {
    idempotencyKey: key,
    kind: "operator.adjustment",
    description,
    reference: { type: "adjustment", id: key },
    entries: [
      { account: capital("KES"), amount: cents },
      { account: merchantAvailable(merchantId), amount: -cents },
    ],
    now: AT,
  });
}
await credit(MERCHANT, "adj-1", 250_050n, "=SUM(A1:A9)");
await credit(OTHER, "adj-other", 999_900n, "Other merchant's credit");

const cookies = new Map<TeamRole, string>();
async function cookieFor(role: TeamRole) {
  const known = cookies.get(role);
  if (known) return known;
  const id = `mu_${role}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: MERCHANT, username: `${role}-user`, role, createdAt: 0 })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  const cookie = cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
  cookies.set(role, cookie);
  return cookie;
}

type Loader = typeof pageLoader | typeof csvLoader | typeof printLoader;
async function call(loader: Loader, path: string, role: TeamRole) {
  const request = get(path, { cookie: await cookieFor(role) });
  return respond(() => loader({ request, params: {}, context: {} }));
}

interface PageJson {
  values: { from: string; to: string };
  errors: { from?: string; to?: string };
  statement: null | {
    opening: string;
    closing: string;
    lines: { description: string; net: string; type: string }[];
  };
}

const period = `?from=${DAY}&to=${DAY}`;

describe("who may see statements", () => {
  for (const role of ["owner", "admin", "finance"] as const) {
    it(`${role} gets the page, the CSV and the printable page`, async () => {
      const page = await call(pageLoader, `/merchant/statements${period}`, role);
      expect(page.status).toBe(200);
      const csv = await call(csvLoader, `/merchant/statements.csv${period}`, role);
      expect(csv.status).toBe(200);
      const print = await call(printLoader, `/merchant/statements/print${period}`, role);
      expect(print.status).toBe(200);
    });
  }

  for (const role of ["viewer", "cashier", "developer"] as const) {
    it(`${role} is refused (403) everywhere`, async () => {
      for (const [loader, path] of [
        [pageLoader, "/merchant/statements"],
        [csvLoader, "/merchant/statements.csv"],
        [printLoader, "/merchant/statements/print"],
      ] as const) {
        const response = await call(loader, `${path}${period}`, role);
        expect(response.status).toBe(403);
        expect(await response.text()).not.toContain("SUM(A1:A9)");
      }
    });
  }
});

describe("the statement page", () => {
  it("shows the merchant's own lines and balances for the period", async () => {
    const response = await call(pageLoader, `/merchant/statements${period}`, "finance");
    const body = (await response.json()) as PageJson;
    expect(body.values).toEqual({ from: DAY, to: DAY });
    expect(body.statement).toMatchObject({ opening: "0", closing: "250050" });
    expect(body.statement!.lines).toEqual([
      expect.objectContaining({ type: "adjustment", description: "=SUM(A1:A9)", net: "250050" }),
    ]);
  });

  it("defaults to the current month to date", async () => {
    const before = defaultStatementRange(Date.now());
    const body = (await (
      await call(pageLoader, "/merchant/statements", "owner")
    ).json()) as PageJson;
    const after = defaultStatementRange(Date.now());
    expect([before, after]).toContainEqual(body.values);
    expect(body.statement?.closing).toBe("250050");
  });

  it("an empty period opens and closes on the same balance", async () => {
    const body = (await (
      await call(pageLoader, "/merchant/statements?from=2026-01-01&to=2026-01-31", "finance")
    ).json()) as PageJson;
    expect(body.statement).toMatchObject({ opening: "0", closing: "0", lines: [] });
  });

  for (const [query, field, message] of [
    ["from=2026-11-20&to=2026-11-02", "from", statementRangeMessages.order],
    ["from=2024-01-01&to=2025-06-30", "from", statementRangeMessages.tooLong],
    ["from=2026-11-01&to=2999-12-31", "to", statementRangeMessages.future],
    ["from=1%2F11%2F2026&to=2026-11-02", "from", statementRangeMessages.fromFormat],
    ["from=2026-02-30&to=2026-03-02", "from", statementRangeMessages.notADate],
  ] as const) {
    it(`answers 400 for ${query} with the reason, keeping the values`, async () => {
      const response = await call(pageLoader, `/merchant/statements?${query}`, "finance");
      expect(response.status).toBe(400);
      const body = (await response.json()) as PageJson;
      expect(body.errors[field]).toBe(message);
      const given = new URLSearchParams(query);
      expect(body.values).toEqual({ from: given.get("from"), to: given.get("to") });
      expect(body.statement).toBeNull();

      const csv = await call(csvLoader, `/merchant/statements.csv?${query}`, "finance");
      expect(csv.status).toBe(400);
      expect(await csv.text()).toContain(message);
      const print = await call(printLoader, `/merchant/statements/print?${query}`, "finance");
      expect(print.status).toBe(400);
    });
  }
});

describe("the statement CSV", () => {
  it("is an attachment with the merchant's lines only, formulas defused", async () => {
    const response = await call(csvLoader, `/merchant/statements.csv${period}`, "finance");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="onehop-statement-${MERCHANT}-${DAY}-to-${DAY}.csv"`,
    );
    const rows = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(rows[1]).toMatch(/,Opening balance,,,,,,,0\.00,$/);
    expect(rows[2]).toMatch(
      /,Adjustment,'=SUM\(A1:A9\),adj-1,2500\.50,0\.00,0\.00,2500\.50,2500\.50,ltx_/,
    );
    expect(rows[3]).toMatch(/,Closing balance,,,,,,,2500\.50,$/);
    expect(rows.join("\n")).not.toContain("Other merchant");
  });
});

describe("the printable statement", () => {
  it("carries the business's details from its record and application", async () => {
    const response = await call(printLoader, `/merchant/statements/print${period}`, "admin");
    const body = (await response.json()) as {
      holder: Record<string, string | null>;
      statement: { closing: string };
    };
    expect(body.holder).toEqual({
      merchantId: MERCHANT,
      businessName: `Shop ${MERCHANT}`,
      kraPin: null,
      contactEmail: `${MERCHANT.toLowerCase()}@shop.example`,
      registrationNumber: "PVT-AB1234CD",
      address: "Moi Avenue 12",
      city: "Nairobi",
      country: "Kenya",
    });
    expect(body.statement.closing).toBe("250050");
  });
});
