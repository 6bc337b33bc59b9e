/**
 * Developers in Kiswahili (issue 33): with the language switch's cookie the API keys and webhook
 * pages (the section's heading, the key list and form with its scopes and the member's role, an
 * endpoint's details and delivery log, the test-data switch) are drawn in Kiswahili, and the
 * actions answer in Kiswahili (form messages, core's refusals, toasts). Without it, English as
 * before; scopes, event types and header names stay as written.
 */
import { createElement } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { createWebhookEndpoint } from "~/core/api/webhooks/endpoints.server";
import { DataModeSwitch } from "~/components/developers/DataModeSwitch";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { renderPage } from "../../tests/setup/render-page";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import MerchantDevelopers, { loader as sectionLoader } from "./merchant.developers";
import DeveloperApiKeys, {
  action as keysAction,
  loader as keysLoader,
} from "./merchant.developers._index";
import DeveloperWebhookEndpoint, {
  action as endpointAction,
  loader as endpointLoader,
} from "./merchant.developers.webhooks.$id";
import DeveloperWebhooks, {
  action as webhooksAction,
  loader as webhooksLoader,
} from "./merchant.developers.webhooks._index";

const { db, close } = installTestDatabase();
afterAll(close);

const SHOP = "MRC-DEVSW2";
addMerchant(db, SHOP);
const SW = "; onehop_lang=sw";

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: {},
});
const errorsOf = async (response: Response) =>
  ((await response.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult.error;

const KEYS = "/merchant/developers";
const HOOKS = "/merchant/developers/webhooks";

describe("Developers in Kiswahili", () => {
  it("the section and the API keys page: Kiswahili with the cookie, English without", async () => {
    const { cookie } = await signedInMember(db, SHOP, "developer");
    const section = (c: string, locale: "en" | "sw") =>
      renderPage(
        { path: "merchant/developers", loader: sectionLoader, Component: MerchantDevelopers },
        get(KEYS, { cookie: c }),
        locale,
      );
    const keys = (c: string, locale: "en" | "sw") =>
      renderPage(
        { path: "merchant/developers", loader: keysLoader, Component: DeveloperApiKeys },
        get(KEYS, { cookie: c }),
        locale,
      );

    const swSection = await section(cookie + SW, "sw");
    expect(swSection).toContain("Wasanidi programu");
    expect(swSection).toContain("Funguo za API");
    expect(swSection).toContain("nyaraka za API");
    const enSection = await section(cookie, "en");
    expect(enSection).toContain(">Developers</h1>");
    expect(enSection).toContain("API documentation");

    const sw = await keys(cookie + SW, "sw");
    expect(sw).toContain("Bado hakuna funguo za API.");
    expect(sw).toContain("Unda ufunguo wa API");
    expect(sw).toContain("Kusoma malipo, matukio na viwango");
    expect(sw).toContain("(payments:read)");
    expect(sw).toContain("ukiwa Msanidi programu unaweza kuupa ruhusa hizi");
    expect(sw).toContain("Siku 90");
    expect(sw).toContain("Majaribio au halisi");
    expect(sw).not.toContain("Create API key");

    const en = await keys(cookie, "en");
    expect(en).toContain("No API keys yet.");
    expect(en).toContain("Create API key");
    expect(en).toContain("Read payments, events and rates");
    expect(en).toContain("as Developer you");
    expect(en).toContain("90 days");
    expect(en).not.toContain("Unda ufunguo");
  });

  it("a bad key form and a refused revoke answer in Kiswahili with the cookie", async () => {
    const { cookie } = await signedInMember(db, SHOP, "developer");
    const fields = { intent: "create", name: "", mode: "test", expires: "never" };
    const sw = await respond(() =>
      keysAction(args(formPost(KEYS, fields, { cookie: cookie + SW }))),
    );
    expect(sw.status).toBe(400);
    const errors = await errorsOf(sw);
    expect(errors.name).toEqual(["Weka jina la ufunguo, kama duka au seva itakayoutumia."]);
    expect(errors.scopes).toEqual([
      "Chagua angalau jambo moja ambalo ufunguo unaruhusiwa kufanya.",
    ]);
    const en = await respond(() => keysAction(args(formPost(KEYS, fields, { cookie }))));
    expect((await errorsOf(en)).name).toEqual([
      "Enter a name for the key, such as the shop or server using it.",
    ]);

    const revoke = { intent: "revoke", keyId: "key_not_mine" };
    const refused = await respond(() =>
      keysAction(args(formPost(KEYS, revoke, { cookie: cookie + SW }))),
    );
    expect(await toastOf(refused)).toEqual({
      type: "error",
      message: "Hakuna kilichobadilika",
      description: "Ufunguo huo umeshabatilishwa au si mojawapo ya funguo zako.",
    });
    const english = await respond(() => keysAction(args(formPost(KEYS, revoke, { cookie }))));
    expect((await toastOf(english))?.message).toBe("Nothing changed");
  });

  it("the webhook forms: Kiswahili messages and core's refusal with the cookie", async () => {
    const { cookie } = await signedInMember(db, SHOP, "developer");
    const post = (fields: Record<string, string | string[]>, c: string) =>
      respond(() => webhooksAction(args(formPost(HOOKS, fields, { cookie: c }))));
    const empty = { intent: "create", url: "", mode: "test", events: ["*"] };
    expect((await errorsOf(await post(empty, cookie + SW))).url).toEqual([
      "Weka anwani ambako tutatuma matukio.",
    ]);
    expect((await errorsOf(await post(empty, cookie))).url).toEqual([
      "Enter the address where we should send events.",
    ]);
    const liveHttp = { ...empty, url: "http://127.0.0.1:4010/hooks", mode: "live" };
    expect((await errorsOf(await post(liveHttp, cookie + SW))).url).toEqual([
      "Anwani za hali halisi lazima zitumie https:// ili matukio yasafiri yakiwa yamesimbwa.",
    ]);
    expect((await errorsOf(await post(liveHttp, cookie))).url).toEqual([
      "Live endpoints must use https:// so events travel encrypted.",
    ]);
  });

  it("the webhook pages and an endpoint's toasts in Kiswahili, English without", async () => {
    const { cookie } = await signedInMember(db, SHOP, "developer");
    const made = await createWebhookEndpoint(
      testStore(db),
      {
        merchantId: SHOP,
        mode: "test",
        url: "http://127.0.0.1:4010/hooks",
        events: ["*"],
        now: Date.now(),
      },
      { policy: { allowLoopback: true } },
    );
    if (!made.ok) throw new Error(made.message);
    const id = made.endpoint.id;
    const list = (c: string, locale: "en" | "sw") =>
      renderPage(
        {
          path: "merchant/developers/webhooks",
          loader: webhooksLoader,
          action: webhooksAction,
          Component: DeveloperWebhooks,
        },
        get(HOOKS, { cookie: c }),
        locale,
      );
    const page = (c: string, locale: "en" | "sw") =>
      renderPage(
        {
          path: "merchant/developers/webhooks/:id",
          loader: endpointLoader,
          action: endpointAction,
          Component: DeveloperWebhookEndpoint,
        },
        get(`${HOOKS}/${id}`, { cookie: c }),
        locale,
      );

    const swList = await list(cookie + SW, "sw");
    expect(swList).toContain("Anwani za webhook");
    expect(swList).toContain("Matukio yote");
    expect(swList).toContain("Imewashwa");
    expect(swList).toContain("Ongeza anwani");
    expect(swList).toContain("payment.settled");
    const enList = await list(cookie, "en");
    expect(enList).toContain("Webhook endpoints");
    expect(enList).toContain("All events");
    expect(enList).toContain("Enabled");

    const swPage = await page(cookie + SW, "sw");
    expect(swPage).toContain("Anwani zote za webhook");
    expect(swPage).toContain("Tuma tukio la majaribio");
    expect(swPage).toContain("Badilisha siri ya kusaini");
    expect(swPage).toContain("Historia ya uwasilishaji");
    expect(swPage).toContain("Tangu (saa za Nairobi)");
    expect(swPage).not.toContain("Delivery log");
    const enPage = await page(cookie, "en");
    expect(enPage).toContain("Send test event");
    expect(enPage).toContain("Delivery log");
    expect(enPage).toContain("Since (Nairobi time)");

    const act = (fields: Record<string, string>, c: string) =>
      respond(() =>
        endpointAction(args(formPost(`${HOOKS}/${id}`, fields, { cookie: c }), { id })),
      );
    const ping = await act({ intent: "ping" }, cookie + SW);
    expect((await toastOf(ping))?.message).toBe("Tukio la majaribio limetumwa");
    const replay = await act({ intent: "replay", since: "2020-01-01T00:00" }, cookie + SW);
    expect(await toastOf(replay)).toMatchObject({ message: "Kutuma tena kumewekwa kwenye foleni" });
    expect((await toastOf(replay))?.description).toMatch(
      /^Tukio 1 tangu 1 Jan 2020, 00:00 EAT litatumwa tena\.$/,
    );
    const bad = await act({ intent: "replay", since: "jana" }, cookie + SW);
    expect(bad.status).toBe(400);
    const badErrors = ((await bad.json()) as { replay: { error: Record<string, string[]> } }).replay
      .error;
    expect(badErrors.since).toEqual([
      "Chagua tarehe na saa ya kuanzia kutuma tena (saa za Nairobi).",
    ]);
    const off = await act({ intent: "disable" }, cookie + SW);
    expect((await toastOf(off))?.message).toBe("Anwani imezimwa");
    const refused = await act({ intent: "ping" }, cookie + SW);
    expect(await toastOf(refused)).toMatchObject({
      message: "Haijatumwa",
      description: "Anwani hii imezimwa: iwashe kwanza.",
    });
    const english = await act({ intent: "ping" }, cookie);
    expect(await toastOf(english)).toMatchObject({
      message: "Not sent",
      description: "This endpoint is disabled: enable it first.",
    });
  });

  it("the test-data switch and banner follow the page's language", async () => {
    const Switch = () =>
      createElement(DataModeSwitch, { mode: "test", path: "/merchant/payments" });
    const sw = await renderPage({ path: "x", Component: Switch }, get("/x"), "sw");
    expect(sw).toContain("Data ya majaribio.");
    expect(sw).toContain("Data halisi");
    expect(sw).toContain("hakuna pesa halisi zilizohamishwa");
    const en = await renderPage({ path: "x", Component: Switch }, get("/x"), "en");
    expect(en).toContain("Test data.");
    expect(en).toContain("no real money moved");
  });
});
