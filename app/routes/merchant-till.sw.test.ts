/**
 * The cashier's till and a member's own account pages in Kiswahili (issue 33): with the language
 * switch's cookie the till (amount entry, a sale waiting), the two-factor set-up, the change
 * password page and an invitation link are drawn in Kiswahili, and their actions answer in
 * Kiswahili (validation messages, toasts). Without the cookie, English as before.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase } from "../../tests/setup/db";
import { addMerchant, setUpPaymentsHarness } from "../../tests/setup/payments";
import { storeLiveRates } from "../../tests/setup/rates";
import { renderPage } from "../../tests/setup/render-page";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import ChangePassword, {
  action as passwordAction,
  loader as passwordLoader,
} from "./merchant.security_.password";
import TwoFactor, {
  action as twoFactorAction,
  loader as twoFactorLoader,
} from "./merchant.security_.two-factor";
import Till, { action as tillAction, loader as tillLoader } from "./merchant.till";
import AcceptInvitation, {
  action as acceptAction,
  loader as acceptLoader,
} from "./merchant_.invitations.$token";

const { db, close } = installTestDatabase();
const h = setUpPaymentsHarness({ db, close }, { install: true });

const SHOP = "MRC-TLSW22";
const SW = "; onehop_lang=sw";

beforeAll(async () => {
  h.clock.now = Date.now();
  addMerchant(db, SHOP);
  await storeLiveRates(db);
});

const till = (request: Request, locale: "en" | "sw") =>
  renderPage(
    { path: "merchant/till", loader: tillLoader, action: tillAction, Component: Till },
    request,
    locale,
  );

const postTill = (cookie: string, fields: Record<string, string>, path = "/merchant/till") =>
  respond(() =>
    tillAction({ request: formPost(path, fields, { cookie }), params: {}, context: {} }),
  );

describe("the till in Kiswahili", () => {
  it("draws the counter in Kiswahili with the cookie, in English without", async () => {
    const { cookie } = await signedInMember(db, SHOP, "cashier");
    const sw = await till(get("/merchant/till", { cookie: cookie + SW }), "sw");
    expect(sw).toContain("Kiasi (KES)");
    expect(sw).toContain("Anza mauzo");
    expect(sw).toContain("Mauzo ya leo");
    expect(sw).toContain("Shilingi kamili, kuanzia KES");
    expect(sw).not.toContain("Start sale");

    const en = await till(get("/merchant/till", { cookie }), "en");
    expect(en).toContain("Amount (KES)");
    expect(en).toContain("Start sale");
    expect(en).toContain("Today&#x27;s sales");
    expect(en).not.toContain("Anza mauzo");
  });

  it("a bad amount is refused in Kiswahili with the cookie, in English without", async () => {
    const { cookie } = await signedInMember(db, SHOP, "cashier");
    const sw = await postTill(cookie + SW, { intent: "sell", amountKes: "12,50" });
    expect(sw.status).toBe(400);
    expect(JSON.stringify(await sw.json())).toContain(
      "Weka shilingi kamili, bila koma wala desimali",
    );
    const en = await postTill(cookie, { intent: "sell", amountKes: "12,50" });
    expect(en.status).toBe(400);
    expect(JSON.stringify(await en.json())).toContain(
      "Enter a whole number of shillings, without commas or decimals",
    );
  });

  it("a sale waits in Kiswahili, and canceling it says so in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, SHOP, "cashier");
    const started = await postTill(cookie + SW, { intent: "sell", amountKes: "1500" });
    expect(started.status).toBe(303);
    const path = started.headers.get("Location")!;
    const page = await till(get(path, { cookie: cookie + SW }), "sw");
    expect(page).toContain("Inasubiri malipo");
    expect(page).toContain("Ghairi mauzo");
    expect(page).toContain("KES 1,500.00");

    const bad = await postTill(cookie + SW, { intent: "mpesa", phone: "0733 123 456" }, path);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Weka nambari ya Safaricom (M-Pesa)");

    const canceled = await postTill(cookie + SW, { intent: "cancel" }, path);
    expect(await toastOf(canceled)).toMatchObject({
      message: "Mauzo yameghairiwa",
      description: "Hakuna kilicholipwa. Anza mauzo mengine ukiwa tayari.",
    });
    const again = await postTill(cookie, { intent: "cancel" }, path);
    expect(await toastOf(again)).toMatchObject({ type: "error", message: "Cannot cancel" });
  });
});

describe("two-factor sign-in and the password in Kiswahili", () => {
  it("the two-factor set-up in Kiswahili with the cookie, in English without", async () => {
    const { cookie } = await signedInMember(db, SHOP, "finance");
    const page = (request: Request, locale: "en" | "sw") =>
      renderPage(
        {
          path: "merchant/security/two-factor",
          loader: twoFactorLoader,
          action: twoFactorAction,
          Component: TwoFactor,
        },
        request,
        locale,
      );
    const sw = await page(get("/merchant/security/two-factor", { cookie: cookie + SW }), "sw");
    expect(sw).toContain("Uthibitishaji wa hatua mbili");
    expect(sw).toContain("Weka programu yako ya uthibitishaji");
    expect(sw).toContain("Changanua msimbo huu wa QR kwa programu yako.");
    expect(sw).toContain("Washa");
    const en = await page(get("/merchant/security/two-factor", { cookie }), "en");
    expect(en).toContain("Two-Factor Sign-In");
    expect(en).toContain("Set up your authenticator app");
    expect(en).toContain("Turn On");
  });

  it("a wrong set-up code is refused in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, SHOP, "finance");
    const post = (fields: Record<string, string>, withCookie: string) =>
      respond(() =>
        twoFactorAction({
          request: formPost("/merchant/security/two-factor", fields, { cookie: withCookie }),
          params: {},
          context: {},
        }),
      );
    const sw = await post({ intent: "enable", code: "12ab" }, cookie + SW);
    expect(sw.status).toBe(400);
    expect(JSON.stringify(await sw.json())).toContain(
      "Weka tarakimu 6 zinazoonyeshwa na programu yako ya uthibitishaji.",
    );
    const en = await post({ intent: "enable", code: "12ab" }, cookie);
    expect(JSON.stringify(await en.json())).toContain(
      "Enter the 6 digits your authenticator app shows.",
    );
  });

  it("change password: the page and a wrong current password in Kiswahili", async () => {
    const { cookie } = await signedInMember(db, SHOP, "viewer");
    const page = (request: Request, locale: "en" | "sw") =>
      renderPage(
        {
          path: "merchant/security/password",
          loader: passwordLoader,
          action: passwordAction,
          Component: ChangePassword,
        },
        request,
        locale,
      );
    const sw = await page(get("/merchant/security/password", { cookie: cookie + SW }), "sw");
    expect(sw).toContain("Badilisha nenosiri");
    expect(sw).toContain("Nenosiri la sasa");
    expect(sw).toContain("Rudi kwenye usalama");
    const en = await page(get("/merchant/security/password", { cookie }), "en");
    expect(en).toContain("Current password");
    expect(en).toContain("Back to security");

    const post = (fields: Record<string, string>, withCookie: string) =>
      respond(() =>
        passwordAction({
          request: formPost("/merchant/security/password", fields, { cookie: withCookie }),
          params: {},
          context: {},
        }),
      );
    const mismatch = await post(
      { currentPassword: "x", password: "a long new secret", confirmPassword: "another one!!" },
      cookie + SW,
    );
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(await mismatch.json())).toContain("Manenosiri mawili hayalingani");
    const empty = await post({ password: "a long new secret" }, cookie);
    expect(JSON.stringify(await empty.json())).toContain("Enter your current password");
  });
});

describe("an invitation in Kiswahili", () => {
  it("an unknown link says so in Kiswahili; a bad form is refused in Kiswahili", async () => {
    const page = (locale: "en" | "sw", cookie?: string) =>
      renderPage(
        {
          path: "merchant/invitations/:token",
          loader: acceptLoader,
          action: acceptAction,
          Component: AcceptInvitation,
        },
        get("/merchant/invitations/no-such-token", { cookie }),
        locale,
      );
    const sw = await page("sw", "onehop_lang=sw");
    expect(sw).toContain("Kiungo hiki cha mwaliko si halali");
    expect(sw).toContain("Nenda kwenye kuingia kama mfanyabiashara");
    const en = await page("en");
    expect(en).toContain("This invitation link is not valid");
    expect(en).toContain("Go to Merchant Sign In");

    const post = (cookie?: string) =>
      respond(() =>
        acceptAction({
          request: formPost(
            "/merchant/invitations/no-such-token",
            { fullName: "", username: "A b", password: "x", confirmPassword: "y" },
            { cookie },
          ),
          params: { token: "no-such-token" },
          context: {},
        }),
      );
    const refused = JSON.stringify(await (await post("onehop_lang=sw")).json());
    expect(refused).toContain("Weka jina lako kamili kama lilivyo kwenye kitambulisho");
    expect(refused).toContain("Herufi 3 hadi 32: herufi, tarakimu, nukta");
    const english = JSON.stringify(await (await post()).json());
    expect(english).toContain("Enter your full name as on your ID");
  });
});
