/**
 * Payment links through their routes (issue 13, item 6), with real Requests on a real database and
 * the custody simulator: the merchant's page (create, list, deactivate; by role and mode), the
 * public link page (a fresh payment per POST, 303 to its checkout; errors next to the field;
 * honeypot; per-client limit), and the checkout's way back to the merchant's site.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { merchantUsers, payments } from "../../drizzle/schema";
import { ReturnLink } from "~/components/payments/links/ReturnLink";
import type { TeamRole } from "~/core/accounts/permissions";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, setUpPaymentsHarness } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action as linksAction, loader as linksLoader } from "./merchant.payment-links";
import { loader as checkoutLoader } from "./pay.$id";
import {
  action as openAction,
  loader as openLoader,
  PAYMENT_LINK_OPEN_LIMIT,
} from "./pay.link.$id";
import { storeLiveRates, TEST_PRICES_KES } from "../../tests/setup/rates";

const test = installTestDatabase();
const { db } = test;
setUpPaymentsHarness(test, { install: true });

const SHOP = "MRC-PLR2A3";
addMerchant(db, SHOP);

let members = 0;
async function signedIn(role: TeamRole) {
  const id = `mu_plr_${++members}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: SHOP, username: `${role}${members}`, role, createdAt: members })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return { cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});

type LinksPage = {
  links: { id: string; url: string; title: string; active: boolean; mode: string }[];
  canManage: boolean;
};

async function listLinks(cookie: string, query = "") {
  const response = await respond(() =>
    linksLoader(args(get(`/merchant/payment-links${query}`, { cookie }))),
  );
  return { status: response.status, page: (await response.json()) as LinksPage };
}

async function createLink(cookie: string, fields: Record<string, string>, query = "") {
  return respond(() =>
    linksAction(
      args(
        formPost(`/merchant/payment-links${query}`, { intent: "create", ...fields }, { cookie }),
      ),
    ),
  );
}

let visitors = 0;
/** Each call a new client address, unless one is given. */
const openLink = (
  id: string,
  fields: Record<string, string>,
  remoteAddress?: string,
  cookie?: string,
) =>
  respond(() =>
    openAction(
      args(
        formPost(`/pay/link/${id}`, fields, {
          remoteAddress: remoteAddress ?? `198.51.100.${++visitors}`,
          cookie,
        }),
        { id },
      ),
    ),
  );

const paymentsOf = (linkId: string) =>
  db.select().from(payments).where(eq(payments.paymentLinkId, linkId)).all();

async function ownerLink(fields: Record<string, string>, query = "") {
  const owner = await signedIn("owner");
  const created = await createLink(owner.cookie, fields, query);
  expect(created.status).toBe(302);
  const { page } = await listLinks(owner.cookie, query);
  const link = page.links.find((item) => item.title === fields.title)!;
  return { owner, link };
}

describe("the merchant's payment links page", () => {
  it("creates a link in the page's mode and lists it with its public address", async () => {
    const owner = await signedIn("owner");
    const created = await createLink(
      owner.cookie,
      {
        title: "Coffee subscription",
        amountKes: "",
        asset: "",
        successUrl: "http://localhost:8080/thanks",
      },
      "?mode=test",
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/merchant/payment-links?mode=test");
    expect(await toastOf(created)).toMatchObject({ message: "Payment link created" });
    const test = await listLinks(owner.cookie, "?mode=test");
    const link = test.page.links.find((item) => item.title === "Coffee subscription");
    expect(link).toMatchObject({ mode: "test", active: true });
    expect(link?.url).toBe(`http://localhost:3000/pay/link/${link?.id}`);
    const live = await listLinks(owner.cookie);
    expect(live.page.links.map((item) => item.title)).not.toContain("Coffee subscription");
  });

  it("refuses an http return address for a live link, next to the field, keeping the input", async () => {
    const owner = await signedIn("owner");
    const response = await createLink(owner.cookie, {
      title: "Beans",
      amountKes: "499",
      successUrl: "http://shop.example.co.ke/thanks",
    });
    expect(response.status).toBe(400);
    const { lastResult } = (await response.json()) as {
      lastResult: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(lastResult.error.successUrl).toEqual([
      "Live payment links must return to an https:// address.",
    ]);
    expect(lastResult.error.amountKes).toEqual(["The minimum payment is KES 500."]);
    expect(lastResult.initialValue).toMatchObject({ title: "Beans", amountKes: "499" });
  });

  it("a viewer sees the links but may not create or deactivate one", async () => {
    const { link } = await ownerLink({ title: "Viewer sees this" });
    const viewer = await signedIn("viewer");
    const listed = await listLinks(viewer.cookie);
    expect(listed.status).toBe(200);
    expect(listed.page.canManage).toBe(false);
    expect(listed.page.links.map((item) => item.id)).toContain(link.id);
    expect((await createLink(viewer.cookie, { title: "Nope" })).status).toBe(403);
    const deactivate = await respond(() =>
      linksAction(
        args(
          formPost(
            "/merchant/payment-links",
            { intent: "deactivate", linkId: link.id },
            { cookie: viewer.cookie },
          ),
        ),
      ),
    );
    expect(deactivate.status).toBe(403);
  });

  it("deactivating a link makes its public page a 404; activating brings it back", async () => {
    const { owner, link } = await ownerLink({ title: "Seasonal blend" });
    const post = (intent: string) =>
      respond(() =>
        linksAction(
          args(
            formPost(
              "/merchant/payment-links",
              { intent, linkId: link.id },
              { cookie: owner.cookie },
            ),
          ),
        ),
      );
    expect((await post("deactivate")).status).toBe(302);
    const page = await respond(() =>
      openLoader(args(get(`/pay/link/${link.id}`), { id: link.id })),
    );
    expect(page.status).toBe(404);
    expect((await openLink(link.id, { amountKes: "800", asset: "USDT" })).status).toBe(404);
    expect((await post("activate")).status).toBe(302);
    const again = await respond(() =>
      openLoader(args(get(`/pay/link/${link.id}`), { id: link.id })),
    );
    expect(again.status).toBe(200);
  });
});

describe("the public link page", () => {
  it("shows the business, the title and what the visitor chooses", async () => {
    const { link } = await ownerLink({ title: "Tip jar", description: "Thank you!" });
    const response = await respond(() =>
      openLoader(args(get(`/pay/link/${link.id}`), { id: link.id })),
    );
    expect(await response.json()).toEqual({
      link: {
        id: link.id,
        businessName: `Shop ${SHOP}`,
        title: "Tip jar",
        description: "Thank you!",
        mode: "live",
        amountKesCents: null,
        asset: null,
      },
    });
  });

  it("is a 404 for an unknown link", async () => {
    const response = await respond(() =>
      openLoader(args(get("/pay/link/lnk_zzzzzzzzzzzz"), { id: "lnk_zzzzzzzzzzzz" })),
    );
    expect(response.status).toBe(404);
  });

  it("opens a fresh payment per POST and sends the visitor to its checkout (303)", async () => {
    await storeLiveRates(db, TEST_PRICES_KES);
    const { link } = await ownerLink({ title: "Open twice" });
    const first = await openLink(link.id, { amountKes: "1500", asset: "USDT" });
    const second = await openLink(link.id, { amountKes: "1500", asset: "USDT" });
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    const made = paymentsOf(link.id);
    expect(made).toHaveLength(2);
    expect(made.map((p) => `/pay/${p.id}`).sort()).toEqual(
      [first.headers.get("Location"), second.headers.get("Location")].sort(),
    );
    expect(made[0]).toMatchObject({ amountKesCents: 150_000n, asset: "USDT", mode: "live" });
  });

  it("answers a bad amount with the error next to the field and what was typed", async () => {
    await storeLiveRates(db, TEST_PRICES_KES);
    const { link } = await ownerLink({ title: "Bad amounts" });
    for (const [amountKes, message] of [
      ["12.50", "Enter a whole number of shillings, without commas or decimals"],
      ["-600", "Enter a whole number of shillings, without commas or decimals"],
      ["400", "The minimum payment is KES 500."],
      ["6000000", "The maximum payment is KES 5,000,000."],
    ]) {
      const response = await openLink(link.id, { amountKes: amountKes!, asset: "BTC" });
      expect(response.status).toBe(400);
      const { lastResult } = (await response.json()) as {
        lastResult: { error: Record<string, string[]>; initialValue: Record<string, string> };
      };
      expect(lastResult.error.amountKes).toEqual([message]);
      expect(lastResult.initialValue).toEqual({ amountKes, asset: "BTC" });
    }
    expect(paymentsOf(link.id)).toEqual([]);
  });

  it("answers a Kiswahili visitor's bad amount and missing coin in Kiswahili (issue 33)", async () => {
    await storeLiveRates(db, TEST_PRICES_KES);
    const { link } = await ownerLink({ title: "Kiasi kibaya" });
    const response = await openLink(link.id, { amountKes: "400" }, undefined, "onehop_lang=sw");
    expect(response.status).toBe(400);
    const { lastResult } = (await response.json()) as {
      lastResult: { error: Record<string, string[]> };
    };
    expect(lastResult.error).toEqual({
      amountKes: ["Malipo ya chini kabisa ni KES 500."],
      asset: ["Chagua unacholipa nacho"],
    });
    expect(paymentsOf(link.id)).toEqual([]);
  });

  it("creates nothing for a bot that fills in the honeypot", async () => {
    const { link } = await ownerLink({ title: "Honeypot" });
    const response = await openLink(link.id, {
      amountKes: "900",
      asset: "USDT",
      company_fax: "spam",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/pay/link/${link.id}`);
    expect(paymentsOf(link.id)).toEqual([]);
  });

  it("answers 429 with Retry-After once one client has opened too many payments", async () => {
    await storeLiveRates(db, TEST_PRICES_KES);
    const { link } = await ownerLink({ title: "Limited", amountKes: "600", asset: "USDT" });
    const address = "203.0.113.77";
    for (let i = 0; i < PAYMENT_LINK_OPEN_LIMIT.limit; i++)
      expect((await openLink(link.id, {}, address)).status).toBe(303);
    const refused = await openLink(link.id, {}, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const { lastResult } = (await refused.json()) as {
      lastResult: { error: Record<string, string[]> };
    };
    expect(lastResult.error[""]?.[0]).toMatch(/^Too many payments opened from your network/);
    expect(paymentsOf(link.id)).toHaveLength(PAYMENT_LINK_OPEN_LIMIT.limit);
    // Another client is not held back.
    expect((await openLink(link.id, {}, "203.0.113.78")).status).toBe(303);
  });
});

describe("the checkout's way back to the merchant's site", () => {
  const render = (returnLink: unknown) =>
    renderToStaticMarkup(
      createElement(ReturnLink, { link: returnLink as Parameters<typeof ReturnLink>[0]["link"] }),
    );

  it("offers Cancel while waiting and Return once paid, showing the host", async () => {
    await storeLiveRates(db, TEST_PRICES_KES);
    const { link } = await ownerLink({
      title: "With return",
      successUrl: "https://shop.example.co.ke/thanks?order=7",
      cancelUrl: "https://shop.example.co.ke/cart",
    });
    const opened = await openLink(link.id, { amountKes: "2000", asset: "USDT" });
    const id = opened.headers.get("Location")!.split("/").pop()!;
    const checkout = () => checkoutLoader(args(get(`/pay/${id}`), { id }));

    const waiting = await checkout();
    expect(waiting.returnLink).toEqual({
      kind: "cancel",
      href: "https://shop.example.co.ke/cart",
      host: "shop.example.co.ke",
    });
    expect(render(waiting.returnLink)).toContain(
      '<a href="https://shop.example.co.ke/cart" rel="noopener"',
    );
    expect(render(waiting.returnLink)).toContain("Cancel and return to shop.example.co.ke</a>");

    for (const status of ["confirmed", "in_review", "settling", "settled"] as const) {
      db.update(payments).set({ status }).where(eq(payments.id, id)).run();
      const paid = await checkout();
      expect(paid.returnLink).toMatchObject({
        kind: "success",
        href: "https://shop.example.co.ke/thanks?order=7",
      });
      expect(render(paid.returnLink)).toContain("Return to shop.example.co.ke</a>");
    }
    db.update(payments).set({ status: "expired" }).where(eq(payments.id, id)).run();
    expect((await checkout()).returnLink).toBeNull();
  });

  it("a test link's checkout is marked as a test payment, a live link's is not", async () => {
    await storeLiveRates(db, TEST_PRICES_KES);
    for (const [query, testPayment] of [
      ["?mode=test", true],
      ["", false],
    ] as const) {
      const { link } = await ownerLink({ title: `Marked ${query || "live"}` }, query);
      const opened = await openLink(link.id, { amountKes: "2000", asset: "USDT" });
      const id = opened.headers.get("Location")!.split("/").pop()!;
      const page = await checkoutLoader(args(get(`/pay/${id}`), { id }));
      expect(page.testPayment).toBe(testPayment);
    }
  });

  it("renders no link for a stored URL that is not http(s)", async () => {
    await storeLiveRates(db, TEST_PRICES_KES);
    const { link } = await ownerLink({ title: "Tampered", cancelUrl: "https://shop.example/c" });
    const opened = await openLink(link.id, { amountKes: "2000", asset: "USDT" });
    const id = opened.headers.get("Location")!.split("/").pop()!;
    db.update(payments).set({ cancelUrl: "javascript:alert(1)" }).where(eq(payments.id, id)).run();
    const page = await checkoutLoader(args(get(`/pay/${id}`), { id }));
    expect(page.returnLink).toBeNull();
    expect(render(page.returnLink)).toBe("");
  });
});
