/**
 * "When you are paid" on the settings page (issue 30, item 1): an owner with a recent step-up
 * chooses a daily payout and a kept float; the page says what the policy is; bad amounts get the
 * schema's words and change nothing; an old session is sent to confirm first; a finance member
 * sees the policy but may not change it. Against a real database, with the payments runtime on the
 * simulators.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, merchants, merchantUsers, sessions } from "../../drizzle/schema";
import { storedPolicyOn } from "~/core/funding/policy.server";
import { hashPassword } from "~/core/passwords.server";
import { installPaymentsRuntime } from "~/wiring/payments.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import {
  addMerchant,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./merchant.settings";

const { db, close } = installTestDatabase();
let h: PaymentsHarness;
let passwordHash: string;

beforeAll(async () => {
  h = await startPaymentsHarness(db);
  installPaymentsRuntime(h.runtime);
  passwordHash = await hashPassword("correct horse battery 1");
});
afterAll(async () => {
  installPaymentsRuntime(null);
  await h.close();
  close();
});

let members = 0;
async function member(merchantId: string, role: "owner" | "finance", steppedUp = true) {
  const id = `mu_policy_${++members}`;
  db.insert(merchantUsers)
    .values({ id, merchantId, username: id, role, passwordHash, createdAt: 0 })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  if (!steppedUp)
    db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.merchantUserId, id)).run();
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

const URL_ = "/merchant/settings?intent=settlement-policy";
const save = (cookie: string, fields: Record<string, string>) =>
  respond(() => action({ request: formPost(URL_, fields, { cookie }), params: {}, context: {} }));

interface PageData {
  canChange: boolean;
  policy: { summary: string; values: Record<string, string> };
}
const page = async (cookie: string) =>
  (await (
    await respond(() =>
      loader({ request: get("/merchant/settings", { cookie }), params: {}, context: {} }),
    )
  ).json()) as PageData;

const policyOf = (merchantId: string) => testStore(db).read((q) => storedPolicyOn(q, merchantId));

describe("the payout schedule", () => {
  it("an owner chooses a daily payout at 18:30 keeping a KES 20,000 float; the page says so and the change is audited", async () => {
    addMerchant(db, "MRC-PLCY22");
    const cookie = await member("MRC-PLCY22", "owner");
    expect((await page(cookie)).policy.summary).toBe(
      "Each payment is paid out as soon as it is confirmed.",
    );
    const response = await save(cookie, {
      schedule: "daily",
      dailyTime: "18:30",
      keep: "float",
      keepPercent: "",
      keepFloatKes: "20,000",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/merchant/settings");
    expect(await toastOf(response)).toMatchObject({ message: "Payout schedule saved" });
    const data = await page(cookie);
    expect(data.policy.summary).toBe(
      "Your payments are paid out once a day at 18:30 (Nairobi time), in one transfer; KES 20,000.00 stays in your OneHop balance for payouts.",
    );
    expect(data.policy.values).toEqual({
      schedule: "daily",
      dailyTime: "18:30",
      keep: "float",
      keepPercent: "",
      keepFloatKes: "20000",
    });
    const audits = db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, "MRC-PLCY22"), eq(auditLog.action, "settlement.policy_changed")),
      )
      .all();
    expect(audits).toHaveLength(1);
  });

  it("a percentage out of range is refused with the field's message, and nothing changes", async () => {
    addMerchant(db, "MRC-PBAD22");
    const cookie = await member("MRC-PBAD22", "owner");
    const response = await save(cookie, {
      schedule: "instant",
      keep: "percent",
      keepPercent: "150",
    });
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { policyResult: { error: Record<string, string[]> } })
        .policyResult.error,
    ).toEqual({ keepPercent: ["Enter a whole percentage from 1 to 100"] });
    expect((await policyOf("MRC-PBAD22")).updatedAt).toBeNull();
  });

  it("a session without a recent confirmation is sent to confirm first, and nothing changes", async () => {
    addMerchant(db, "MRC-PSTP22");
    const cookie = await member("MRC-PSTP22", "owner", false);
    const response = await save(cookie, { schedule: "daily", dailyTime: "17:00", keep: "none" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/merchant\/confirm\?/);
    expect((await policyOf("MRC-PSTP22")).policy.schedule).toBe("instant");
  });

  it("a finance member sees the schedule but may not change it (403)", async () => {
    addMerchant(db, "MRC-PFNC22");
    const cookie = await member("MRC-PFNC22", "finance");
    const data = await page(cookie);
    expect(data.canChange).toBe(false);
    expect(data.policy.summary).toBe("Each payment is paid out as soon as it is confirmed.");
    const response = await save(cookie, { schedule: "daily", dailyTime: "17:00", keep: "none" });
    expect(response.status).toBe(403);
    expect((await policyOf("MRC-PFNC22")).policy.schedule).toBe("instant");
  });
});

describe("the KRA PIN on statements", () => {
  const savePin = (cookie: string, kraPin: string) =>
    respond(() =>
      action({
        request: formPost("/merchant/settings?intent=kra-pin", { kraPin }, { cookie }),
        params: {},
        context: {},
      }),
    );
  const pinOf = (merchantId: string) =>
    db
      .select({ kraPin: merchants.kraPin })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .get()?.kraPin;

  it("an owner saves it as typed, normalised; the page shows it; clearing removes it", async () => {
    addMerchant(db, "MRC-KRAP22");
    const cookie = await member("MRC-KRAP22", "owner");
    const saved = await savePin(cookie, " p051-234 567x ");
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ message: "KRA PIN saved" });
    expect(pinOf("MRC-KRAP22")).toBe("P051234567X");
    expect(
      ((await page(cookie)) as unknown as { business: { kraPin: string } }).business.kraPin,
    ).toBe("P051234567X");
    await savePin(cookie, "");
    expect(pinOf("MRC-KRAP22")).toBeNull();
  });

  it("a PIN of the wrong shape is refused with the certificate's example, and nothing changes", async () => {
    addMerchant(db, "MRC-KRAB22");
    const cookie = await member("MRC-KRAB22", "owner");
    const response = await savePin(cookie, "12345");
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { kraPinResult: { error: Record<string, string[]> } })
        .kraPinResult.error,
    ).toEqual({
      kraPin: ["Enter the 11-character PIN from your KRA PIN certificate, such as P051234567X"],
    });
    expect(pinOf("MRC-KRAB22")).toBeNull();
  });

  it("a finance member may not change it (403)", async () => {
    addMerchant(db, "MRC-KRAF22");
    const cookie = await member("MRC-KRAF22", "finance");
    expect((await savePin(cookie, "P051234567X")).status).toBe(403);
    expect(pinOf("MRC-KRAF22")).toBeNull();
  });
});
