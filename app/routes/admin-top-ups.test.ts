/**
 * /admin/top-ups (issue 30): reviewers see money held in suspense for no merchant we know and
 * credit it to one; curators may not.
 */
import { afterAll, describe, expect, it } from "vitest";
import { merchantAvailable, owed } from "~/core/ledger/ledger.server";
import { creditArrivedTopUp } from "~/core/funding/top-ups.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { addMerchant } from "../../tests/setup/payments";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./admin.top-ups";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
const SHOP = "MRC-TPAD22";
addMerchant(db, SHOP);
const store = testStore(db);
const args = (request: Request) => ({ request, params: {}, context: {} });

describe("/admin/top-ups", () => {
  it("lists unmatched money and credits it to the merchant named, once", async () => {
    const { topUp } = await creditArrivedTopUp(store, {
      method: "mpesa_paybill",
      providerReference: "TKADMIN001",
      amountKesCents: 4_200_00n,
      merchantId: null,
      accountReference: "TPAD 22",
      payer: "254708***149 JANE",
      now: Date.now(),
    });
    const { cookie } = await signedInOperator(db, "reviewer");
    const listed = await respond(() => loader(args(get("/admin/top-ups", { cookie }))));
    expect(await listed.json()).toMatchObject({
      rows: [{ id: topUp.id, amount: "420000", accountReference: "TPAD 22" }],
    });

    const wrong = await respond(() =>
      action(
        args(
          formPost("/admin/top-ups", { topUpId: topUp.id, merchantId: "MRC-ZZZZZZ" }, { cookie }),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      topUpId: topUp.id,
      error: "No active merchant has this id.",
    });

    const done = await respond(() =>
      action(
        args(
          formPost("/admin/top-ups", { topUpId: topUp.id, merchantId: "mrc-tpad22" }, { cookie }),
        ),
      ),
    );
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({ message: "KES 4,200.00 credited to MRC-TPAD22." });
    expect(await owed(store, merchantAvailable(SHOP))).toBe(4_200_00n);
    const again = await respond(() =>
      action(args(formPost("/admin/top-ups", { topUpId: topUp.id, merchantId: SHOP }, { cookie }))),
    );
    expect(await again.json()).toMatchObject({ error: "This top-up was credited already." });
    const after = await respond(() => loader(args(get("/admin/top-ups", { cookie }))));
    expect(await after.json()).toEqual({ rows: [] });
  });

  it("is not for curators", async () => {
    const { cookie } = await signedInOperator(db, "curator");
    expect((await respond(() => loader(args(get("/admin/top-ups", { cookie }))))).status).toBe(403);
  });
});
