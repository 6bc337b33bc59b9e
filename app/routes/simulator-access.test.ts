/**
 * The simulator routes (issue 10, items 11 and 13): 404 in live mode; in simulator mode operators
 * only, except the checkout's test payment, which pays exactly its own payment's deposit address;
 * and the custody simulator's `returnTo` never leaves the site. Loaders and actions get real
 * Requests; the custody and market simulators run for real over HTTP.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import { createOperator } from "~/core/operators.server";
import { createPayment, getPayment, type Payment } from "~/core/payments/payments.server";
import { safeReturnPath } from "~/simulators/custody/page.server";
import { runningMarketSimulator } from "~/wiring/rates.server";
import { env } from "~/utils/env.server";
import { startSession } from "~/utils/session.server";
import { turnOnTwoFactorForTest } from "../../tests/setup/two-factor";
import { REDIRECT_BYPASSES } from "../../tests/fixtures/redirect-bypasses";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  liveRates,
  testConfig,
  setUpPaymentsHarness,
} from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond } from "../../tests/setup/requests";
import { action as custodyAction, loader as custodyLoader } from "./simulator.custody.$";
import { action as marketAction, loader as marketLoader } from "./simulator.market";

const { db, close } = installTestDatabase();
// The payments runtime and the rates service running, as after boot in simulator mode.
const h = setUpPaymentsHarness({ db, close }, { install: true, rates: true });
let operator = "";
let merchant = "";
let mine: Payment;
let other: Payment;
const MERCHANT = "MRC-SIMACC";

async function newPayment(reference: string) {
  const created = await createPayment(
    testStore(db),
    {
      custody: h.runtime.custody,
      rates: liveRates(h.clock.now),
      config: testConfig,
      now: h.clock.now,
    },
    { merchantId: MERCHANT, amountKes: 2_500, asset: "USDT", reference },
  );
  return (await testStore(db).read((q) => getPayment(q, created.id)))!;
}

beforeAll(async () => {
  addMerchant(db, MERCHANT);
  mine = await newPayment("SIM-MINE");
  other = await newPayment("SIM-OTHER");
  const op = await createOperator(testStore(db), {
    email: "sim-op@onehop.test",
    name: "Sim op",
    role: "reviewer",
    password: "operator password 1",
  });
  turnOnTwoFactorForTest(db, { operatorId: op.id });
  operator = cookiesFrom(
    new Response(null, {
      headers: {
        "Set-Cookie": await startSession(
          testStore(db),
          "operator",
          { operatorId: op.id },
          get("/"),
        ),
      },
    }),
  );
  db.insert(merchantUsers)
    .values({
      id: "mu_simaccess",
      merchantId: MERCHANT,
      username: "simaccess",
      role: "owner",
      createdAt: Date.now(),
    })
    .run();
  merchant = cookiesFrom(
    new Response(null, {
      headers: {
        "Set-Cookie": await startSession(
          testStore(db),
          "merchant",
          { merchantUserId: "mu_simaccess" },
          get("/"),
        ),
      },
    }),
  );
});

const custodyGet = (path: string, cookie?: string) =>
  respond(() => custodyLoader({ request: get(path, { cookie }), params: {}, context: {} }));
const custodyPost = (path: string, fields: Record<string, string>, cookie?: string) =>
  respond(() =>
    custodyAction({ request: formPost(path, fields, { cookie }), params: {}, context: {} }),
  );
const marketGet = (cookie?: string) =>
  respond(() =>
    marketLoader({ request: get("/simulator/market", { cookie }), params: {}, context: {} }),
  );
const marketPost = (fields: Record<string, string>, cookie?: string) =>
  respond(() =>
    marketAction({
      request: formPost("/simulator/market", fields, { cookie }),
      params: {},
      context: {},
    }),
  );
const sentTo = (address: string | null) =>
  h.custodySim.transactions().filter((tx) => tx.destinationAddress === address).length;

describe("in live mode", () => {
  it("every simulator route answers 404, with or without an operator session", async () => {
    env.PROVIDER_MODE = "live";
    try {
      for (const cookie of [undefined, operator]) {
        expect((await custodyGet("/simulator/custody/", cookie)).status).toBe(404);
        expect((await custodyGet(`/simulator/custody/?payment=${mine.id}`, cookie)).status).toBe(
          404,
        );
        expect(
          (
            await custodyPost(
              "/simulator/custody/payments",
              { payment: mine.id, amount: "1" },
              cookie,
            )
          ).status,
        ).toBe(404);
        expect((await marketGet(cookie)).status).toBe(404);
        expect((await marketPost({ mode: "500" }, cookie)).status).toBe(404);
      }
      expect(sentTo(mine.depositAddress)).toBe(0);
      expect(runningMarketSimulator()!.state().mode).toBe("normal");
    } finally {
      env.PROVIDER_MODE = "simulator";
    }
  });
});

describe("in simulator mode without an operator session", () => {
  it("the custody control page sends to sign-in (403 for a merchant's session) and lists nothing", async () => {
    const anonymous = await custodyGet("/simulator/custody/");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(
      "/admin/signin?redirectTo=%2Fsimulator%2Fcustody%2F",
    );
    const asMerchant = await custodyGet("/simulator/custody/", merchant);
    expect(asMerchant.status).toBe(403);
    expect(await asMerchant.text()).not.toContain(mine.depositAddress!);
    expect((await custodyGet("/simulator/custody/addresses")).status).toBe(302);
  });

  it("control posts are refused: no payment to any address, no confirmations", async () => {
    const pay = await custodyPost("/simulator/custody/payments", {
      address: other.depositAddress!,
      amount: "19.5",
    });
    expect(pay.status).toBe(403);
    expect(
      (await custodyPost("/simulator/custody/auto-confirm", { intervalMs: "50" }, merchant)).status,
    ).toBe(403);
    expect(
      (
        await custodyPost("/simulator/custody/transactions/x/confirmations", {
          add: "1",
          payment: mine.id,
        })
      ).status,
    ).toBe(403);
    expect(sentTo(other.depositAddress)).toBe(0);
  });

  it("the market simulator cannot be read or changed", async () => {
    const read = await marketGet();
    expect(read.status).toBe(302);
    expect(read.headers.get("Location")).toMatch(/^\/admin\/signin\?redirectTo=/);
    const change = await marketPost({ mode: "500" });
    expect([302, 403]).toContain(change.status);
    expect((await marketPost({ mode: "500" }, merchant)).status).toBe(403);
    expect(runningMarketSimulator()!.state().mode).toBe("normal");
  });

  it("the checkout's test payment shows only that payment and pays only its deposit address", async () => {
    const pageResponse = await custodyGet(`/simulator/custody/?payment=${mine.id}&amount=19.5`);
    expect(pageResponse.status).toBe(200);
    const html = await pageResponse.text();
    expect(html).toContain("<h1>Custody simulator</h1>");
    expect(html).toContain(mine.depositAddress!);
    expect(html).not.toContain(other.depositAddress!);
    expect(html).toContain(`name="payment" value="${mine.id}"`);
    expect(html).toContain('value="19.5"');

    // Someone else's deposit address with this payment's id: refused.
    const elsewhere = await custodyPost("/simulator/custody/payments", {
      payment: mine.id,
      address: other.depositAddress!,
      amount: "19.5",
    });
    expect(elsewhere.status).toBe(403);
    expect(sentTo(other.depositAddress)).toBe(0);
    // An unknown payment: nothing to pay.
    expect(
      (
        await custodyPost("/simulator/custody/payments", {
          payment: "pay_000000000000",
          amount: "1",
        })
      ).status,
    ).toBe(404);
    // A bad amount: the page again, with the reason.
    const bad = await custodyPost("/simulator/custody/payments", {
      payment: mine.id,
      amount: "1.2.3",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The amount must be a decimal number");

    const paid = await custodyPost("/simulator/custody/payments", {
      payment: mine.id,
      amount: "19.5",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`/pay/${mine.id}`);
    expect(sentTo(mine.depositAddress)).toBe(1);
    expect((await testStore(db).read((q) => getPayment(q, mine.id)))!.status).toBe("confirming");
  });
});

describe("in simulator mode with an operator session", () => {
  it("the control page lists every deposit address, and the market can be changed", async () => {
    const pageResponse = await custodyGet("/simulator/custody/", operator);
    expect(pageResponse.status).toBe(200);
    const html = await pageResponse.text();
    expect(html).toContain(other.depositAddress!);
    expect(html).toContain("Deposit addresses");
    const changed = await marketPost({ mode: "500" }, operator);
    expect(changed.status).toBe(200);
    expect(runningMarketSimulator()!.state().mode).toBe("500");
    expect((await marketPost({ mode: "normal" }, operator)).status).toBe(200);
  });

  it("returnTo stays on the site after normalising (item 13)", async () => {
    const evil = [
      "/\t/evil.com",
      "/\n/evil.com",
      "/.//evil.com",
      "/..//evil.com",
      "/%2e//evil.com",
      "/./\\evil.com",
      "/%2F/evil.com",
      "/%5C/evil.com",
      "//evil.com",
    ];
    for (const returnTo of evil) {
      const pageResponse = await custodyGet(
        `/simulator/custody/?${new URLSearchParams({ returnTo })}`,
        operator,
      );
      expect(await pageResponse.text(), returnTo).not.toContain("Back to the checkout");
      const posted = await custodyPost(
        "/simulator/custody/payments",
        { address: other.depositAddress!, amount: "0.5", returnTo },
        operator,
      );
      expect(posted.status, returnTo).toBe(303);
      expect(posted.headers.get("Location"), returnTo).toMatch(/^\/simulator\/custody\/\?notice=/);
    }
    const home = await custodyPost(
      "/simulator/custody/payments",
      { address: other.depositAddress!, amount: "0.5", returnTo: `/pay/${other.id}` },
      operator,
    );
    expect(home.headers.get("Location")).toBe(`/pay/${other.id}`);
  });
});

describe("safeReturnPath", () => {
  it("refuses the known open-redirect bypasses and keeps our own paths", () => {
    for (const value of [
      "/\t/evil.com",
      "/\r\n/evil.com",
      "/ /evil.com",
      "/.//evil.com",
      "/..//evil.com",
      "/%2e//evil.com",
      "/%2E%2E//evil.com",
      "/./\\evil.com",
      "/\\evil.com",
      "/%5Cevil.com",
      "/%2F/evil.com",
      "/%2f%2fevil.com",
      "//evil.com",
      "///evil.com",
      "https://evil.com",
      "javascript:alert(1)",
      "",
      "pay/x",
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
    // The shared list of known bypasses: refused, or at most a path on our own host.
    for (const value of REDIRECT_BYPASSES) {
      const result = safeReturnPath(value);
      if (result === null) continue;
      expect(result, JSON.stringify(value)).toMatch(/^\/(?!\/)/);
      expect(new URL(result, "https://onehop.example").host, JSON.stringify(value)).toBe(
        "onehop.example",
      );
    }
    expect(safeReturnPath("/pay/pay_abc123def456")).toBe("/pay/pay_abc123def456");
    expect(safeReturnPath("/pay/x?y=1#z")).toBe("/pay/x?y=1#z");
    expect(safeReturnPath("/a/./b/../c")).toBe("/a/c");
  });
});
