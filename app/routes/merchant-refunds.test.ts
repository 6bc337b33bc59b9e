/**
 * The refund pages through their loaders and actions (issue 15, item 5): who may refund (owner,
 * admin, finance; 403 for the others, 404 for another merchant's payment); the form (what remains,
 * both rates priced, the payer's address as a hint); Review showing the plan; a refusal at its
 * field; Send asking for a fresh confirmation first, then making one refund per request key and
 * going back to the payment page, which lists it; refunding the crypto held for an overpaying
 * customer. The payments runtime runs on the custody and M-Pesa simulators over HTTP.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { fxSnapshots, merchantUsers, refunds, sessions } from "../../drizzle/schema";
import { parseTravelRule } from "~/core/compliance/travel-rule/ivms101";
import type { TeamRole } from "~/core/accounts/permissions";
import { resolveException } from "~/core/payments/exceptions.server";
import { createPayment, getPayment, type Payment } from "~/core/payments/payments.server";
import { formatCryptoUnits } from "~/core/payments/quote";
import { balancesOf } from "~/core/payments/reads.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  confirmedPayment,
  creditAvailable,
  liveRates,
  setUpPaymentsHarness,
  testConfig,
} from "../../tests/setup/payments";
import { storeLiveRates } from "../../tests/setup/rates";
import { cookiesFrom, formPost, get, ORIGIN, respond, toastOf } from "../../tests/setup/requests";
import * as merchantLayout from "./merchant";
import * as paymentPage from "./merchant.payments.$id";
import * as refundPage from "./merchant.payments.$id_.refund";

const test = installTestDatabase();
const { db } = test;
const h = setUpPaymentsHarness(test, { install: true });

const MERCHANT = "MRC-RFND22";
const OTHER = "MRC-RFND33";
addMerchant(db, MERCHANT, null);
addMerchant(db, OTHER, null);
// Enough to refund a whole payment (the payment itself brought in its amount less our fee).
await creditAvailable(db, MERCHANT, 100_000);
await storeLiveRates(db, { USDT: "130" });

/** A valid Ethereum address (the customer's: USDT payments are on Ethereum by default). */
const CUSTOMER = "0x52908400098527886E0F7030069857D2E4169EE7";
/** A Tron address: another network's. */
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

let counter = 0;
async function signedIn(
  role: TeamRole,
  options: { merchantId?: string; steppedUp?: boolean } = {},
) {
  const id = `usr_refunds_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId: options.merchantId ?? MERCHANT,
      username: `${role}${counter}`,
      role,
      createdAt: counter,
    })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  if (options.steppedUp === false)
    db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.merchantUserId, id)).run();
  return { id, cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

interface PageModule {
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  action?: (args: ActionFunctionArgs) => Promise<unknown>;
  default: ComponentType;
}

const args = (request: Request, id: string) => ({ request, params: { id }, context: {} });

/** The page's HTML for `request` (its action first for a post), with its status; or a Response. */
async function renderPage(
  page: PageModule,
  request: Request,
  id: string,
): Promise<{ status: number; html: string } | { response: Response }> {
  // Under the merchant layout's loader (no component: an outlet), where pages read what the
  // member's role may do (useMemberCan).
  const handler = createStaticHandler([
    {
      id: "routes/merchant",
      path: "/merchant",
      loader: ({ request: routeRequest }) => merchantLayout.loader(args(routeRequest, id)),
      children: [
        {
          id: "page",
          path: new URL(request.url).pathname,
          loader: ({ request: routeRequest }) => page.loader(args(routeRequest, id)),
          action: ({ request: routeRequest }) => page.action!(args(routeRequest, id)),
          Component: page.default,
        },
      ],
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) return { response: context };
  const routeError = context.errors?.page ?? context.errors?.["routes/merchant"];
  if (routeError) {
    const error = routeError as { status?: number };
    return { response: new Response(null, { status: error.status ?? 500 }) };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
  return { status: context.statusCode, html };
}

async function html(page: PageModule, request: Request, id: string, status = 200) {
  const rendered = await renderPage(page, request, id);
  if ("response" in rendered) throw new Error(`expected a page, got ${rendered.response.status}`);
  expect(rendered.status).toBe(status);
  return rendered.html.replaceAll("<!-- -->", "");
}

/** The text of the element with `id`, tags removed. */
function textOfId(page: string, id: string): string {
  const match = new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>([\\s\\S]*?)</[a-z]+>`).exec(page);
  return (match?.[1] ?? "").replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
}

const refundsOf = (paymentId: string) =>
  db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).all();

const available = async () =>
  (await testStore(db).read((q) => balancesOf(q, MERCHANT, "live"))).available;

const refundUrl = (payment: Payment, query = "") =>
  `/merchant/payments/${payment.id}/refund${query}`;

/** The request key the review put in its Send form. */
function requestKeyOf(page: string): string {
  const key = /<input type="hidden" name="requestKey" value="([^"]+)"\/>/.exec(page)?.[1];
  expect(key, "the review carries a request key").toBeTruthy();
  return key!;
}

let references = 0;
async function paidPayment(amountKes = 2_000) {
  const { payment } = await confirmedPayment(db, h, {
    network: "ethereum",
    merchantId: MERCHANT,
    amountKes,
    reference: `RFD-${++references}`,
  });
  return payment;
}

describe("who may refund", () => {
  for (const role of ["viewer", "cashier", "developer"] as const) {
    it(`a ${role} is refused (403) on the form and on Send; nothing is made`, async () => {
      const payment = await paidPayment();
      const member = await signedIn(role);
      const statuses = [
        await respond(() => refundPage.loader(args(get(refundUrl(payment), member), payment.id))),
        await respond(() =>
          refundPage.action(
            args(
              formPost(
                refundUrl(payment),
                { intent: "send", amount: "100", address: CUSTOMER, requestKey: "rfk_abcdefgh" },
                member,
              ),
              payment.id,
            ),
          ),
        ),
      ].map((response) => response.status);
      expect(statuses).toEqual([403, 403]);
      expect(refundsOf(payment.id)).toEqual([]);
      // The payment page offers no refund to them.
      const page = await html(
        paymentPage,
        get(`/merchant/payments/${payment.id}`, member),
        payment.id,
      );
      expect(page).toContain("No refunds for this payment.");
      expect(page).not.toContain("Refund this payment");
    });
  }

  it("another merchant's member gets 404 for this merchant's payment", async () => {
    const payment = await paidPayment();
    const stranger = await signedIn("owner", { merchantId: OTHER });
    const statuses = [
      await respond(() => refundPage.loader(args(get(refundUrl(payment), stranger), payment.id))),
      await respond(() =>
        refundPage.action(
          args(
            formPost(
              refundUrl(payment),
              { intent: "send", amount: "100", address: CUSTOMER, requestKey: "rfk_abcdefgh" },
              stranger,
            ),
            payment.id,
          ),
        ),
      ),
    ].map((response) => response.status);
    expect(statuses).toEqual([404, 404]);
    expect(refundsOf(payment.id)).toEqual([]);
  });
});

describe("refunding a crypto payment", () => {
  it("the payment page says what remains and links to the form, which prices both rates", async () => {
    const payment = await paidPayment(2_000);
    const finance = await signedIn("finance");
    const detail = await html(
      paymentPage,
      get(`/merchant/payments/${payment.id}`, finance),
      payment.id,
    );
    expect(detail).toMatch(
      new RegExp(
        `<a[^>]*href="/merchant/payments/${payment.id}/refund"[^>]*>Refund this payment</a>`,
      ),
    );
    expect(detail).toContain("Up to KES 2,000.00 can be refunded");
    expect(detail).not.toContain("Refund the overpaid");

    const form = await html(refundPage, get(refundUrl(payment), finance), payment.id);
    expect(form).toContain("Refund this payment");
    // What remains by default; both rates with what the customer gets for it.
    expect(form).toMatch(/name="amount"[^>]*value="2000"/);
    expect(form).toContain("The rate locked at payment");
    expect(form).toContain(
      `the customer gets ${formatCryptoUnits(payment.cryptoAmountUnits, "USDT")} USDT`,
    );
    expect(form).toContain("Today&#x27;s rate");
    expect(form).toContain("KES 130.00 per USDT");
    // 2,000 KES at 130 KES/USDT, rounded down to the unit.
    expect(form).toContain("the customer gets 15.384615 USDT");
    expect(form).toMatch(/type="radio"[^>]*value="current"/);
    expect(form).toContain("Ethereum (ERC-20)");
  });

  it("Review shows the plan: what the customer receives, the rate, the fee OneHop pays, the total", async () => {
    const payment = await paidPayment(2_000);
    const owner = await signedIn("owner");
    const before = await available();
    const page = await html(
      refundPage,
      formPost(
        refundUrl(payment),
        {
          intent: "review",
          amount: "1,300.50",
          rate: "current",
          address: CUSTOMER,
          reason: "Order cancelled",
        },
        owner,
      ),
      payment.id,
    );
    const review = page.split("Review the refund")[1]!;
    expect(review).toContain("10.003846 USDT"); // 1,300.50 / 130, rounded down
    expect(review).toContain("KES 130.00 per USDT, today&#x27;s rate");
    expect(review).toContain(CUSTOMER);
    expect(review).toContain("paid by OneHop");
    expect(review).toContain("KES 1,300.50"); // total from the balance
    expect(review).toContain(`Available balance`);
    expect(review).toMatch(/<button[^>]*name="intent"[^>]*value="send"[^>]*>Send refund<\/button>/);
    expect(review).toContain('<input type="hidden" name="amount" value="1,300.50"/>');
    expect(review).toContain('<input type="hidden" name="rate" value="current"/>');
    expect(review).toContain('<input type="hidden" name="reason" value="Order cancelled"/>');
    requestKeyOf(page);
    // The form is priced for the reviewed amount now.
    expect(page.split("Review the refund")[0]).toContain("What the customer gets for KES 1,300.50");
    expect(refundsOf(payment.id)).toEqual([]);
    expect(await available()).toBe(before);
  });

  it("an amount above what remains is refused at the amount field (422)", async () => {
    const payment = await paidPayment(2_000);
    const owner = await signedIn("owner");
    const page = await html(
      refundPage,
      formPost(
        refundUrl(payment),
        { intent: "review", amount: "2000.01", address: CUSTOMER },
        owner,
      ),
      payment.id,
      422,
    );
    expect(textOfId(page, "refund-amount-error")).toBe(
      "A refund cannot be more than the payment: at most KES 2,000.00",
    );
    expect(page).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="amount"|name="amount"[^>]*aria-invalid="true"/,
    );
    expect(page).not.toContain("Review the refund");
  });

  it("an address on another network is refused at the address field; bad input at its field", async () => {
    const payment = await paidPayment(2_000);
    const owner = await signedIn("owner");
    const wrong = await html(
      refundPage,
      formPost(refundUrl(payment), { intent: "review", amount: "100", address: TRON }, owner),
      payment.id,
      400,
    );
    expect(textOfId(wrong, "refund-address-error")).toContain("That is not an address on Ethereum");
    const bad = await html(
      refundPage,
      formPost(
        refundUrl(payment),
        { intent: "review", amount: "12abc", address: CUSTOMER, reason: "x".repeat(201) },
        owner,
      ),
      payment.id,
      400,
    );
    expect(textOfId(bad, "refund-amount-error")).toContain("Enter the amount in shillings");
    expect(textOfId(bad, "refund-reason-error")).toContain("200 characters");
  });

  it("Send asks for a fresh confirmation first and comes back to the form filled in", async () => {
    const payment = await paidPayment(2_000);
    const owner = await signedIn("owner", { steppedUp: false });
    const before = await available();
    const response = await respond(() =>
      refundPage.action(
        args(
          formPost(
            refundUrl(payment),
            {
              intent: "send",
              amount: "500",
              rate: "locked",
              address: CUSTOMER,
              reason: "Late",
              requestKey: "rfk_stepupfirst",
            },
            owner,
          ),
          payment.id,
        ),
      ),
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/merchant/confirm");
    const back = location.searchParams.get("redirectTo")!;
    expect(back.startsWith(`/merchant/payments/${payment.id}/refund?`)).toBe(true);
    expect(refundsOf(payment.id)).toEqual([]);
    expect(await available()).toBe(before);

    const form = await html(refundPage, get(back, owner), payment.id);
    expect(form).toMatch(/name="amount"[^>]*value="500"/);
    expect(form).toContain(`value="${CUSTOMER}"`);
    expect(form).toContain('value="Late"');
    expect(form).toMatch(/value="locked"[^>]*checked=""|checked=""[^>]*value="locked"/);
  });

  it("Send makes one refund per request key and goes back to the payment page, which lists it", async () => {
    const payment = await paidPayment(2_000);
    const owner = await signedIn("owner");
    const review = await html(
      refundPage,
      formPost(
        refundUrl(payment),
        { intent: "review", amount: "2000", rate: "locked", address: CUSTOMER },
        owner,
      ),
      payment.id,
    );
    const requestKey = requestKeyOf(review);
    const before = await available();
    const send = () =>
      respond(() =>
        refundPage.action(
          args(
            formPost(
              refundUrl(payment),
              { intent: "send", amount: "2000", rate: "locked", address: CUSTOMER, requestKey },
              owner,
            ),
            payment.id,
          ),
        ),
      );
    const [first, second] = [await send(), await send()];
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/merchant/payments/${payment.id}`);
    }
    const crypto = `${formatCryptoUnits(payment.cryptoAmountUnits, "USDT")} USDT`;
    expect(await toastOf(first)).toMatchObject({
      type: "success",
      message: "Refund sent",
      description: `KES 2,000.00 (${crypto}) to 0x529084…169EE7 is on its way.`,
    });
    expect((await toastOf(second))?.description).toContain("was already sent");
    // One refund: the whole payment at the locked rate gives back what the customer sent.
    const made = refundsOf(payment.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      method: "crypto",
      source: "balance",
      amountKesCents: 200_000n,
      cryptoUnits: payment.cryptoAmountUnits,
      rateChoice: "locked",
      destination: CUSTOMER,
      createdBy: owner.id,
      requestKey,
    });
    expect(before - (await available())).toBe(200_000n);

    const detail = await html(
      paymentPage,
      get(`/merchant/payments/${payment.id}`, owner),
      payment.id,
    );
    const section = detail.split('id="refunds-title"')[1]!;
    expect(section).toContain(`KES 2,000.00 (${crypto})`);
    expect(section).toContain("the rate locked at payment");
    expect(section).toContain("0x529084…169EE7");
    expect(section).toContain(CUSTOMER);
    expect(section).toMatch(/Being sent|Sent, awaiting confirmation|Refunded|Failed/);
    expect(section).toContain("This payment has been refunded in full.");
    expect(section).not.toContain("Refund this payment");
    // Nothing remains: the form says so and offers nothing.
    const form = await html(refundPage, get(refundUrl(payment), owner), payment.id);
    expect(form).toContain("This payment has been refunded in full already.");
    expect(form).not.toContain("Review refund");
  });

  it("a partial refund sent twice with its request key is made once, at today's rate", async () => {
    const payment = await paidPayment(2_000);
    const admin = await signedIn("admin");
    const fields = { amount: "650", rate: "current", address: CUSTOMER };
    const review = await html(
      refundPage,
      formPost(refundUrl(payment), { ...fields, intent: "review" }, admin),
      payment.id,
    );
    const requestKey = requestKeyOf(review);
    const before = await available();
    const send = () =>
      respond(() =>
        refundPage.action(
          args(
            formPost(refundUrl(payment), { ...fields, intent: "send", requestKey }, admin),
            payment.id,
          ),
        ),
      );
    const [first, second] = [await send(), await send()];
    expect([first.status, second.status]).toEqual([302, 302]);
    expect((await toastOf(first))?.description).toBe(
      "KES 650.00 (5 USDT) to 0x529084…169EE7 is on its way.",
    );
    expect((await toastOf(second))?.description).toContain("was already sent");
    const made = refundsOf(payment.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ rateChoice: "current", rate: "130", cryptoUnits: 5_000_000n });
    expect(before - (await available())).toBe(65_000n);
    // What remains is offered next.
    const form = await html(refundPage, get(refundUrl(payment), admin), payment.id);
    expect(form).toMatch(/name="amount"[^>]*value="1350"/);
  });

  it("Send without a reviewed request key is refused; nothing is made", async () => {
    const payment = await paidPayment(2_000);
    const owner = await signedIn("owner");
    const page = await html(
      refundPage,
      formPost(refundUrl(payment), { intent: "send", amount: "100", address: CUSTOMER }, owner),
      payment.id,
      400,
    );
    expect(page).toContain("Review the refund first, then send it.");
    expect(refundsOf(payment.id)).toEqual([]);
  });
});

describe("refunding what is held for an overpaying customer", () => {
  it("the page offers it, the form refunds the held crypto only, and Send makes it", async () => {
    const payment = await createPayment(
      testStore(db),
      {
        custody: h.runtime.custody,
        rates: liveRates(h.clock.now),
        config: testConfig,
        now: h.clock.now,
      },
      {
        merchantId: MERCHANT,
        amountKes: 1_000,
        asset: "USDT",
        reference: "RFD-OVER",
        network: "ethereum",
      },
    );
    const excess = 2_000_000n; // 2 USDT more than asked
    const tx = await h.custodySim.sendPayment({
      address: payment.depositAddress!,
      amount: formatCryptoUnits(payment.cryptoAmountUnits + excess, "USDT"),
    });
    // Ethereum: its own count (the configured one is for USDT's default network, Tron).
    await h.custodySim.confirm(tx.id, 12);
    expect((await testStore(db).read((q) => getPayment(q, payment.id)))?.status).toBe("overpaid");
    await resolveException(testStore(db), {
      paymentId: payment.id,
      operatorId: "op_refunds",
      resolution: "accept",
      config: testConfig,
      now: h.clock.now,
    });

    const finance = await signedIn("finance");
    const detail = await html(
      paymentPage,
      get(`/merchant/payments/${payment.id}`, finance),
      payment.id,
    );
    expect(detail).toMatch(
      new RegExp(
        `<a[^>]*href="/merchant/payments/${payment.id}/refund\\?held=1"[^>]*>Refund the overpaid 2 USDT</a>`,
      ),
    );

    const form = await html(refundPage, get(refundUrl(payment, "?held=1"), finance), payment.id);
    expect(form).toContain("Refund the overpaid amount");
    expect(form).toContain("The customer gets back the 2 USDT held for them");
    expect(form).not.toContain('name="amount"');
    // No rate to choose (the travel rule's wallet radios may be there).
    expect(form).not.toContain('name="rate"');

    const before = await available();
    const review = await html(
      refundPage,
      formPost(
        refundUrl(payment, "?held=1"),
        { intent: "review", held: "1", address: CUSTOMER },
        finance,
      ),
      payment.id,
    );
    expect(review.split("Review the refund")[1]).toContain("Nothing: this money is already held");
    const requestKey = requestKeyOf(review);
    const sent = await respond(() =>
      refundPage.action(
        args(
          formPost(
            refundUrl(payment, "?held=1"),
            { intent: "send", held: "1", address: CUSTOMER, requestKey },
            finance,
          ),
          payment.id,
        ),
      ),
    );
    expect(sent.status).toBe(302);
    expect(await toastOf(sent)).toMatchObject({
      message: "Refund sent",
      description: "2 USDT to 0x529084…169EE7 is on its way.",
    });
    const made = refundsOf(payment.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ source: "held", cryptoUnits: excess, amountKesCents: 0n });
    expect(await available()).toBe(before);

    // Nothing is held any more: the link is gone and the form says so.
    const after = await html(
      paymentPage,
      get(`/merchant/payments/${payment.id}`, finance),
      payment.id,
    );
    expect(after).not.toContain("Refund the overpaid");
    expect(after.split('id="refunds-title"')[1]).toContain("2 USDT held for the customer");
    const again = await html(refundPage, get(refundUrl(payment, "?held=1"), finance), payment.id);
    expect(again).toContain("Nothing is held for this payment&#x27;s customer.");
  });
});

describe("the travel rule (issue 31, item 8)", () => {
  it("at USD 1,000 or more the form asks for the customer, the review names them, Send stores them", async () => {
    // USD/KES 130: USD 1,000 is KES 130,000.
    db.insert(fxSnapshots)
      .values({ pair: "USD/KES", rate: "130", source: "open-er-api", asOf: 0, fetchedAt: 0 })
      .run();
    await creditAvailable(db, MERCHANT, 150_000);
    const payment = await paidPayment(140_000);
    const owner = await signedIn("owner");

    // The fields are in the server's HTML, and the server says this refund needs them.
    const form = await html(refundPage, get(refundUrl(payment), owner), payment.id);
    expect(form).toContain("The customer receiving the refund");
    expect(form).toContain("Required for this refund: it is worth USD 1,000 or more");
    expect(form).toContain('name="beneficiaryFamilyName"');

    const refused = await html(
      refundPage,
      formPost(
        refundUrl(payment),
        { intent: "review", amount: "140000", address: CUSTOMER },
        owner,
      ),
      payment.id,
      400,
    );
    expect(textOfId(refused, "refund-beneficiaryFamilyName-error")).toContain(
      "worth about USD 1,076.92",
    );
    expect(refused).not.toContain("Review the refund");

    const beneficiary = {
      beneficiaryFamilyName: "Otieno",
      beneficiaryGivenNames: "Jane",
      beneficiaryCountry: "KE",
      beneficiaryWallet: "unhosted",
    };
    const fields = { amount: "140000", address: CUSTOMER, ...beneficiary };
    const reviewed = await html(
      refundPage,
      formPost(refundUrl(payment), { intent: "review", ...fields }, owner),
      payment.id,
    );
    const review = reviewed.split("Review the refund")[1]!;
    expect(review).toContain("Sent with it (travel rule)");
    expect(review).toContain("to Jane Otieno, in their own wallet");
    expect(review).toContain('<input type="hidden" name="beneficiaryFamilyName" value="Otieno"/>');

    const sent = await respond(() =>
      refundPage.action(
        args(
          formPost(
            refundUrl(payment),
            { intent: "send", requestKey: requestKeyOf(reviewed), ...fields },
            owner,
          ),
          payment.id,
        ),
      ),
    );
    expect(sent.status).toBe(302);
    const [made] = refundsOf(payment.id);
    const record = parseTravelRule(made!.travelRule)!;
    expect(record.beneficiaryWallet).toBe("unhosted");
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
  });
});
