/**
 * Settings and the team page in Kiswahili (issue 33): with the language switch's cookie the pages
 * (settlement settings, directors and owners, your data, the team) are drawn in Kiswahili and
 * their actions answer in Kiswahili (validation messages and toasts); without it, English as
 * before. Against a real database, with the payments runtime on the simulators.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPaymentsRuntime } from "~/wiring/payments.server";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase } from "../../tests/setup/db";
import {
  addMerchant,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../../tests/setup/payments";
import { renderPage } from "../../tests/setup/render-page";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import MerchantSettings, {
  action as settingsAction,
  loader as settingsLoader,
} from "./merchant.settings";
import BusinessOwners, {
  action as ownersAction,
  loader as ownersLoader,
} from "./merchant.settings_.business-owners";
import YourData, { loader as dataLoader } from "./merchant.settings_.data";
import MerchantTeam, { action as teamAction, loader as teamLoader } from "./merchant.team";

const { db, close } = installTestDatabase();
let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness(db);
  installPaymentsRuntime(h.runtime);
});
afterAll(async () => {
  installPaymentsRuntime(null);
  await h.close();
  close();
});

const SW = "; onehop_lang=sw";
const merchantId = "MRC-SWSET1";
addMerchant(db, merchantId);

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("settings in Kiswahili", () => {
  it("the settlement settings page: Kiswahili with the cookie, English without", async () => {
    const { cookie } = await signedInMember(db, merchantId, "owner");
    const page = { path: "merchant/settings", loader: settingsLoader, Component: MerchantSettings };
    const sw = await renderPage(page, get("/merchant/settings", { cookie: cookie + SW }), "sw");
    expect(sw).toContain("Mipangilio ya ulipaji");
    expect(sw).toContain("Unapolipwa");
    expect(sw).toContain("Ongeza mahali pa kupokea malipo");
    expect(sw).toContain("Nilipe kwa");
    expect(sw).toContain("Tuma kila malipo mara moja");
    expect(sw).toContain("Kila malipo hutumwa kwako mara tu yanapothibitishwa.");
    expect(sw).toContain("Hifadhi KRA PIN");
    // The verified default destination: its state in words.
    expect(sw).toContain("Imethibitishwa");
    expect(sw).toContain("Msingi");
    expect(sw).not.toContain("When you are paid");
    const en = await renderPage(page, get("/merchant/settings", { cookie }), "en");
    expect(en).toContain("Settlement settings");
    expect(en).toContain("When you are paid");
    expect(en).toContain("Each payment is paid out as soon as it is confirmed.");
    expect(en).toContain("Save KRA PIN");
    expect(en).toContain("Verified");
    expect(en).not.toContain("Mipangilio ya ulipaji");
  });

  it("a bad KRA PIN is refused in Kiswahili; a saved one says so in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, merchantId, "owner");
    const post = (fields: Record<string, string>, withCookie: string) =>
      respond(() =>
        settingsAction(
          args(formPost("/merchant/settings?intent=kra-pin", fields, { cookie: withCookie })),
        ),
      );
    const bad = await post({ kraPin: "XYZ" }, cookie + SW);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      kraPinResult: { error: Record<string, string[]> };
    };
    expect(body.kraPinResult.error.kraPin).toEqual([
      "Weka PIN ya herufi 11 kutoka kwenye cheti chako cha KRA PIN, kama P051234567X",
    ]);
    const english = await post({ kraPin: "XYZ" }, cookie);
    expect(
      ((await english.json()) as { kraPinResult: { error: Record<string, string[]> } }).kraPinResult
        .error.kraPin,
    ).toEqual(["Enter the 11-character PIN from your KRA PIN certificate, such as P051234567X"]);

    const saved = await post({ kraPin: "P051234567X" }, cookie + SW);
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toEqual({
      type: "success",
      message: "KRA PIN imehifadhiwa",
      description: "Taarifa zako za akaunti sasa zinaonyesha KRA PIN P051234567X.",
    });
  });

  it("a bad destination is refused in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, merchantId, "owner");
    const add = async (fields: Record<string, string>) => {
      const response = await respond(() =>
        settingsAction(args(formPost("/merchant/settings", fields, { cookie: cookie + SW }))),
      );
      expect(response.status).toBe(400);
      return ((await response.json()) as { lastResult: { error: Record<string, string[]> } })
        .lastResult.error;
    };
    expect((await add({ intent: "add", rail: "mpesa", phone: "0712345678" })).password).toEqual([
      "Weka nenosiri lako ili kubadilisha mahali unapolipwa",
    ]);
    expect((await add({ intent: "add", rail: "mpesa", password: "x" })).phone).toEqual([
      "Weka nambari ya M-Pesa ya kulipwa",
    ]);
  });

  it("directors and owners and the data page in Kiswahili; a bad person in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, merchantId, "owner");
    const owners = {
      path: "merchant/settings/business-owners",
      loader: ownersLoader,
      action: ownersAction,
      Component: BusinessOwners,
    };
    const sw = await renderPage(
      owners,
      get("/merchant/settings/business-owners", { cookie: cookie + SW }),
      "sw",
    );
    expect(sw).toContain("Wakurugenzi na wamiliki");
    expect(sw).toContain("Ongeza mkurugenzi au mmiliki");
    expect(sw).toContain("Jina kamili");
    const en = await renderPage(
      owners,
      get("/merchant/settings/business-owners", { cookie }),
      "en",
    );
    expect(en).toContain("Add a director or owner");

    const refused = await respond(() =>
      ownersAction(
        args(
          formPost(
            "/merchant/settings/business-owners",
            { intent: "add", role: "director", fullName: "", nationality: "KE" },
            { cookie: cookie + SW },
          ),
        ),
      ),
    );
    expect(refused.status).toBe(400);
    const { lastResult } = (await refused.json()) as {
      lastResult: { error: Record<string, string[]> };
    };
    expect(lastResult.error.dateOfBirth).toEqual(["Weka tarehe ya kuzaliwa"]);

    const data = { path: "merchant/settings/data", loader: dataLoader, Component: YourData };
    const dataSw = await renderPage(
      data,
      get("/merchant/settings/data", { cookie: cookie + SW }),
      "sw",
    );
    expect(dataSw).toContain("Data yako");
    expect(dataSw).toContain("Pakua kila kitu (JSON)");
    expect(dataSw).toContain("hadi miaka 7 baada ya akaunti yako kufungwa");
    const dataEn = await renderPage(data, get("/merchant/settings/data", { cookie }), "en");
    expect(dataEn).toContain("Download everything (JSON)");
    expect(dataEn).toContain("until 7 years after your account closes");
  });
});

describe("the team page in Kiswahili", () => {
  it("members, roles and the invite form in Kiswahili with the cookie, English without", async () => {
    const { cookie } = await signedInMember(db, merchantId, "owner");
    const page = { path: "merchant/team", loader: teamLoader, Component: MerchantTeam };
    const sw = await renderPage(page, get("/merchant/team", { cookie: cookie + SW }), "sw");
    expect(sw).toContain("Wanachama");
    expect(sw).toContain("Alika mtu");
    expect(sw).toContain("Mmiliki");
    expect(sw).toContain("Keshia: Huunda malipo na huona hali yake.");
    expect(sw).toContain("Tuma Mwaliko");
    expect(sw).not.toContain("Send Invitation");
    const en = await renderPage(page, get("/merchant/team", { cookie }), "en");
    expect(en).toContain("Invite someone");
    expect(en).toContain("Cashier: Creates payments and sees their status.");
    expect(en).not.toContain("Alika mtu");
  });

  it("a bad invitation answers in Kiswahili; a change's toast is in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, merchantId, "owner");
    const post = (fields: Record<string, string>, withCookie: string) =>
      respond(() => teamAction(args(formPost("/merchant/team", fields, { cookie: withCookie }))));
    const bad = await post({ intent: "invite", email: "si-barua-pepe", role: "" }, cookie + SW);
    expect(bad.status).toBe(400);
    const { lastResult } = (await bad.json()) as {
      lastResult: { error: Record<string, string[]> };
    };
    expect(lastResult.error.email).toEqual(["Weka barua pepe kama jina@mfano.co.ke"]);
    expect(lastResult.error.role).toEqual(["Chagua jukumu"]);

    const english = await post({ intent: "invite", email: "not-an-email", role: "" }, cookie);
    expect(
      ((await english.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult
        .error.email,
    ).toEqual(["Enter an e-mail address like name@example.co.ke"]);

    const incomplete = await post({ intent: "suspend" }, cookie + SW);
    expect(await toastOf(incomplete)).toEqual({
      type: "error",
      message: "Hakuna kilichobadilika",
      description: "Ombi hilo halikukamilika. Jaribu tena.",
    });
  });
});
