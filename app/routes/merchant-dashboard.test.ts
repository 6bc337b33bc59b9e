/**
 * The first dashboard (issue 30, item 6) as the server renders it: a brand-new merchant's
 * checklist and empty state, with no "Welcome back", no "+0%" and no "coming soon"; and a Cashier
 * ("creates payments and sees their status") is never sent revenue, balances, totals, fees or
 * settlement, on the dashboard, the payments list or a payment's page, while an owner sees them.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { payments, securityEvents } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { DEFAULT_POLICY } from "~/core/funding/policy";
import { savePolicy } from "~/core/funding/policy.server";
import { formatKes, formatKesCents } from "~/utils/format";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMember } from "../../tests/setup/members";
import { addMerchant, creditAvailable } from "../../tests/setup/payments";
import { cookiesFrom, get, respond } from "../../tests/setup/requests";
import * as dashboardPage from "./merchant.dashboard";
import * as paymentPage from "./merchant.payments.$id";
import { loader as checkoutLoader } from "./pay.$id";
import * as listPage from "./merchant.payments._index";
import { loader as layoutLoader } from "./merchant";

const { db, close } = installTestDatabase();
afterAll(close);

/** A merchant with a month of takings and money waiting to be paid out. */
const BUSY = "MRC-DSHB22";
/** A merchant approved a moment ago: nothing done yet. */
const NEW = "MRC-DSHB33";
addMerchant(db, BUSY);
addMerchant(db, NEW, null);
await creditAvailable(db, BUSY, 1_234);

const PAYMENT_ID = "pay_dashboard222";
const now = Date.now();
db.insert(payments)
  .values({
    id: PAYMENT_ID,
    merchantId: BUSY,
    reference: "ORDER-77",
    asset: "USDT",
    network: "tron",
    amountKesCents: 567_800n,
    feeKesCents: 5_678n,
    quoteRate: "129.50",
    marketRate: "129.00",
    spreadBps: 50,
    rateSource: "coingecko",
    rateFetchedAt: now - 60_000,
    cryptoAmountUnits: 43_845_560n,
    quotedAt: now - 60_000,
    expiresAt: now + 14 * 60_000,
    status: "settled",
    payerAddress: "TPayer1",
    createdAt: now - 60_000,
    updatedAt: now - 60_000,
  })
  .run();
/** This month's revenue (KES 5,678 less the 1% fee) and the balance, as the owner sees them. */
const REVENUE = formatKes(5_621);
const AVAILABLE = formatKesCents(123_400n);

async function signedIn(merchantId: string, role: TeamRole, signIns = 0) {
  const member = addMember(db, merchantId, role);
  for (let i = 0; i < signIns; i++)
    db.insert(securityEvents)
      .values({
        subjectType: "merchant_user",
        subjectId: member.id,
        type: "sign_in",
        createdAt: now - i,
      })
      .run();
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: member.id },
    get("/"),
  );
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

interface PageModule {
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  default: ComponentType;
}

/**
 * The page's HTML inside the merchant layout's data (which tells the page what the member's role
 * may do), rendered as the server renders it.
 */
async function html(page: PageModule, path: string, cookie: string): Promise<string> {
  const pathname = new URL(path, "http://localhost").pathname;
  const handler = createStaticHandler([
    {
      id: "routes/merchant",
      path: "/merchant",
      loader: ({ request }) => layoutLoader({ request, params: {}, context: {} }),
      Component: Outlet,
      children: [
        {
          id: "page",
          path: pathname.replace("/merchant/", ""),
          loader: ({ request, params }) => page.loader({ request, params, context: {} }),
          Component: page.default,
        },
      ],
    },
  ]);
  const context = await handler.query(get(path, { cookie }));
  if (context instanceof Response) throw new Error(`expected a page, got ${context.status}`);
  expect(context.errors).toBeNull();
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  ).replaceAll("<!-- -->", "");
}

/** The loader's data as JSON, as the browser receives it on a client navigation. */
async function data(page: PageModule, path: string, cookie: string): Promise<string> {
  const response = await respond(() =>
    page.loader({ request: get(path, { cookie }), params: { id: PAYMENT_ID }, context: {} }),
  );
  expect(response.status).toBe(200);
  return response.text();
}

describe("a brand-new merchant's dashboard", () => {
  it("shows the checklist and an empty state, and nothing untrue", async () => {
    const page = await html(dashboardPage, "/merchant/dashboard", await signedIn(NEW, "owner", 1));
    expect(page).toContain("Welcome, Shop MRC-DSHB33");
    expect(page).not.toContain("Welcome back");
    expect(page).toContain("Get started");
    expect(page).toContain("0 of 5 done");
    for (const step of [
      "Add your settlement number",
      "Invite your team",
      "Turn on two-factor sign-in",
      "Take your first payment",
      "Create an API key",
    ])
      expect(page).toContain(step);
    expect(page).toContain('href="/merchant/settings"');
    expect(page).toContain("No payments yet");
    expect(page).toContain("Create Payment");
    for (const untrue of ["+0%", "Success Rate", "coming soon", "View Analytics", "Quick Actions"])
      expect(page).not.toContain(untrue);
  });

  it("welcomes back a member who has signed in before", async () => {
    const page = await html(dashboardPage, "/merchant/dashboard", await signedIn(NEW, "owner", 2));
    expect(page).toContain("Welcome back, Shop MRC-DSHB33");
    // Another member now exists: the team step is done.
    expect(page).toContain("1 of 5 done");
  });
});

describe("money on the merchant's pages, by role", () => {
  it("an owner's dashboard shows revenue and balances", async () => {
    const page = await html(dashboardPage, "/merchant/dashboard", await signedIn(BUSY, "owner"));
    expect(page).toContain("Total Revenue");
    expect(page).toContain(REVENUE);
    expect(page).toContain("Balances and settlement");
    expect(page).toContain(AVAILABLE);
  });

  it("a cashier's dashboard has no revenue nor balances, in its HTML or its data", async () => {
    const cookie = await signedIn(BUSY, "cashier");
    const page = await html(dashboardPage, "/merchant/dashboard", cookie);
    expect(page).toContain("Transactions");
    // Only the steps a cashier may do.
    expect(page).toContain("Turn on two-factor sign-in");
    expect(page).not.toContain("Invite your team");
    expect(page).not.toContain("Create an API key");
    for (const money of [
      "Total Revenue",
      REVENUE,
      "Balances and settlement",
      "Available",
      AVAILABLE,
    ])
      expect(page).not.toContain(money);
    const json = await data(dashboardPage, "/merchant/dashboard", cookie);
    expect(JSON.parse(json)).toMatchObject({
      balances: null,
      stats: { totalRevenueKesCents: null },
    });
    expect(json).not.toContain("123400");
    expect(json).not.toContain("562122");
  });

  it("an owner's payments list shows the totals and balances", async () => {
    const page = await html(listPage, "/merchant/payments", await signedIn(BUSY, "owner"));
    expect(page).toContain("Gross paid");
    expect(page).toContain("Collection fees");
    expect(page).toContain(AVAILABLE);
  });

  it("a cashier's payments list shows each payment's own amount and status, no totals nor balances", async () => {
    const cookie = await signedIn(BUSY, "cashier");
    const page = await html(listPage, "/merchant/payments", cookie);
    expect(page).toContain("ORDER-77");
    expect(page).toContain(formatKesCents(567_800n));
    for (const money of ["Totals", "Gross paid", "Collection fees", "Net", "Available", AVAILABLE])
      expect(page).not.toContain(money);
    expect(JSON.parse(await data(listPage, "/merchant/payments", cookie))).toMatchObject({
      totals: null,
      balances: null,
    });
  });

  it("a payment's page gives a cashier its amount and status, not its fee nor settlement", async () => {
    const path = `/merchant/payments/${PAYMENT_ID}`;
    const owner = JSON.parse(await data(paymentPage, path, await signedIn(BUSY, "owner")));
    expect(owner.settlement).toMatchObject({ feeKesCents: "5678" });
    const json = await data(paymentPage, path, await signedIn(BUSY, "cashier"));
    const cashier = JSON.parse(json);
    expect(cashier.settlement).toBeNull();
    expect(cashier.payment).toMatchObject({ status: "settled" });
    expect(json).not.toContain('"5678"');
    expect(json).not.toContain("feeKesCents");
  });

  it("the checkout tells a signed-in owner what they receive, not a cashier showing it to the customer", async () => {
    const checkout = async (cookie: string) =>
      (await checkoutLoader({
        request: get(`/pay/${PAYMENT_ID}`, { cookie }),
        params: { id: PAYMENT_ID },
        context: {},
      })) as { merchantView: string | null };
    expect((await checkout(await signedIn(BUSY, "owner"))).merchantView).toMatch(/^You receive /);
    expect((await checkout(await signedIn(BUSY, "cashier"))).merchantView).toBeNull();
    // In the page's language (issue 33).
    const kiswahili = `${await signedIn(BUSY, "owner")}; onehop_lang=sw`;
    expect((await checkout(kiswahili)).merchantView).toMatch(/^Unapokea KES [\d,]+\.\d\d /);
    // Under a daily payout schedule, what the schedule does, not the at-once estimate.
    const owner = { merchantId: BUSY, userId: "usr_schedule" };
    const daily = { ...DEFAULT_POLICY, schedule: "daily" as const, dailyTime: "17:00" };
    await savePolicy(testStore(db), owner, daily, Date.now());
    try {
      expect((await checkout(await signedIn(BUSY, "owner"))).merchantView).toMatch(
        /^You receive KES [\d,]+\.\d\d after the 1% fee plus 10% excise duty\. Your payments are paid out once a day at 17:00 \(Nairobi time\), in one transfer\.$/,
      );
      expect((await checkout(kiswahili)).merchantView).toMatch(
        /^Unapokea KES [\d,]+\.\d\d .*\. Malipo yako hutumwa kwako mara moja kwa siku saa 17:00 \(saa za Nairobi\), kwa utumaji mmoja\.$/,
      );
    } finally {
      await savePolicy(testStore(db), owner, DEFAULT_POLICY, Date.now());
    }
  });
});
