/**
 * The top-up page through its loader and action (issue 30): who may see it and who may top up;
 * the Pay Bill and bank instructions; an STK prompt sent, refused at its field, and throttled per
 * member.
 */
import { describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { listTopUps } from "~/core/funding/top-ups.server";
import { createStkClient } from "~/core/providers/daraja/stk.server";
import { SANDBOX_STK_PASSKEY, SANDBOX_STK_SHORTCODE } from "~/core/providers/daraja/wire";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, setUpPaymentsHarness, TEST_DARAJA_KEYS } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./merchant.payouts.top-up";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });

const MERCHANT = "MRC-TPPG22";
addMerchant(db, MERCHANT);
const PATH = "/merchant/payouts/top-up";

let counter = 0;
async function signedIn(role: TeamRole) {
  const id = `usr_topup_${++counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: MERCHANT, username: `${role}${counter}`, role, createdAt: counter })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

const args = (request: Request) => ({ request, params: {}, context: {} });
const installStk = () => {
  h.runtime.stk = createStkClient({
    baseUrl: h.darajaSim.baseUrl,
    ...TEST_DARAJA_KEYS,
    timeoutMs: 5_000,
    now: () => h.clock.now,
    businessShortCode: SANDBOX_STK_SHORTCODE,
    passkey: SANDBOX_STK_PASSKEY,
    callbackUrl: "http://127.0.0.1:9/not-used",
  });
};

describe("the top-up page", () => {
  it("shows a viewer the instructions but lets only payout makers top up", async () => {
    installStk();
    const viewer = await signedIn("viewer");
    const response = await respond(() => loader(args(get(PATH, { cookie: viewer }))));
    expect(response.status).toBe(200);
    const page = (await response.json()) as Record<string, unknown>;
    expect(page).toMatchObject({
      merchantId: MERCHANT,
      canTopUp: false,
      bankReference: "OHTPPG22",
      available: "0",
      phone: "+254 712 345 678",
      stkOffered: true,
    });
    const refused = await respond(() =>
      action(
        args(
          formPost(PATH, { intent: "stk", amount: "500", phone: "0712345678" }, { cookie: viewer }),
        ),
      ),
    );
    expect(refused.status).toBe(403);

    const developer = await signedIn("developer");
    expect((await respond(() => loader(args(get(PATH, { cookie: developer }))))).status).toBe(403);
  });

  it("sends a finance member's prompt and says so; refuses a bad number at its field", async () => {
    installStk();
    const finance = await signedIn("finance");
    const sent = await respond(() =>
      action(
        args(
          formPost(
            PATH,
            { intent: "stk", amount: "500", phone: "0712 345 678" },
            { cookie: finance },
          ),
        ),
      ),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(PATH);
    expect(await toastOf(sent)).toMatchObject({
      type: "success",
      message: "Check the phone: enter the M-Pesa PIN to top up KES 500.00.",
    });
    const [topUp] = await listTopUps(testStore(db), MERCHANT);
    expect(topUp).toMatchObject({
      method: "mpesa_stk",
      status: "requested",
      amountKesCents: 500_00n,
    });

    const refused = await respond(() =>
      action(
        args(
          formPost(
            PATH,
            { intent: "stk", amount: "500", phone: "0733 123 456" },
            { cookie: finance },
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    const body = JSON.stringify(await refused.json());
    expect(body).toContain("Enter a Safaricom (M-Pesa) number");
  });

  it("throttles a member's prompts: five in fifteen minutes", async () => {
    installStk();
    const owner = await signedIn("owner");
    const post = (phone: string) =>
      respond(() =>
        action(args(formPost(PATH, { intent: "stk", amount: "10", phone }, { cookie: owner }))),
      );
    for (let n = 0; n < 5; n++) expect((await post(`071234567${n}`)).status).toBe(302);
    const sixth = await post("0712345679");
    expect(sixth.status).toBe(429);
    expect(JSON.stringify(await sixth.json())).toContain("Try again in a few minutes");
  });
});
