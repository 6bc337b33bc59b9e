/**
 * The merchant's way in, in Kiswahili (issue 33): with the language switch's cookie (or the
 * browser's Accept-Language) the sign-in and password pages' actions answer in Kiswahili: the
 * forms' messages, the refusals and the toasts. Without either, English as before.
 */
import { renderPage } from "../../tests/setup/render-page";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchants, merchantUsers, rateLimits } from "../../drizzle/schema";
import { checkNewPassword, policyMessageIn } from "~/core/accounts/password-policy.server";
import { hashPassword } from "~/core/passwords.server";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { installTestDatabase } from "../../tests/setup/db";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import { action as forgot } from "./merchant-signin_.forgot";
import MerchantSignIn, {
  action as signIn,
  loader as signInLoader,
  meta as signInMeta,
} from "./merchant-signin";
import { action as setPassword } from "./merchant_.set-password";

const { db, close } = installTestDatabase();
afterAll(close);
db.insert(merchants)
  .values({ id: "MRC-SWAH22", businessName: "Duka", contactEmail: "d@duka.example", createdAt: 0 })
  .run();
db.insert(merchantUsers)
  .values({
    id: "usr_sw",
    merchantId: "MRC-SWAH22",
    username: "mwenye",
    passwordHash: await hashPassword("a long enough secret"),
    createdAt: 0,
  })
  .run();

const SW = "onehop_lang=sw";
const credentials = {
  merchantId: "MRC-SWAH22",
  username: "mwenye",
  password: "a long enough secret",
};
const post = (fields: Record<string, string>, cookie?: string, userAgent = "vitest-sw") =>
  respond(() =>
    signIn({
      request: formPost("/merchant-signin", fields, { cookie, userAgent }),
      params: {},
      context: {},
    }),
  );
const errorsOf = async (response: Response) =>
  ((await response.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult.error;

describe("merchant sign-in in Kiswahili", () => {
  it("brings a member's chosen language to the browser they sign in on", async () => {
    const none = await post(credentials, undefined, "vitest-chosen-1");
    expect(none.status).toBe(302);
    expect(none.headers.get("Set-Cookie")).not.toContain("onehop_lang=");
    db.update(merchantUsers).set({ locale: "sw" }).where(eq(merchantUsers.id, "usr_sw")).run();
    try {
      const chosen = await post(credentials, "onehop_lang=en", "vitest-chosen-2");
      expect(chosen.status).toBe(302);
      expect(chosen.headers.get("Set-Cookie")).toMatch(/onehop_lang=sw; Path=\//);
    } finally {
      db.update(merchantUsers).set({ locale: null }).where(eq(merchantUsers.id, "usr_sw")).run();
    }
  });

  it("a wrong password: the Kiswahili toast with the cookie, the English one without", async () => {
    const response = await post({ ...credentials, password: "si nenosiri hili" }, SW, "sw-wrong");
    expect(response.status).toBe(401);
    expect(await toastOf(response)).toEqual({
      type: "error",
      message: "Imeshindikana kuingia",
      description:
        "Maelezo ya kuingia si sahihi. Kagua kitambulisho cha mfanyabiashara, jina la mtumiaji na nenosiri.",
    });
    const english = await post({ ...credentials, password: "still not it" }, undefined, "en-wrong");
    expect((await toastOf(english))?.message).toBe("Sign In Failed");
  });

  it("Accept-Language: sw is enough; the cookie wins over it", async () => {
    const request = (headers: Record<string, string>) => {
      const base = formPost("/merchant-signin", { merchantId: "", username: "", password: "" });
      const merged = new Headers(base.headers);
      for (const [name, value] of Object.entries(headers)) merged.set(name, value);
      return new Request(base.url, { method: "POST", headers: merged, body: "merchantId=" });
    };
    const sw = await respond(() =>
      signIn({
        request: request({ "Accept-Language": "sw-KE,sw;q=0.9" }),
        params: {},
        context: {},
      }),
    );
    expect((await errorsOf(sw)).merchantId).toEqual(["Weka kitambulisho cha mfanyabiashara"]);
    const chosen = await respond(() =>
      signIn({
        request: request({ "Accept-Language": "sw", Cookie: "onehop_lang=en" }),
        params: {},
        context: {},
      }),
    );
    expect((await errorsOf(chosen)).merchantId).toEqual(["Merchant ID is required"]);
  });

  it("missing fields: Kiswahili field errors", async () => {
    const response = await post({ merchantId: "", username: "", password: "" }, SW);
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({
      merchantId: ["Weka kitambulisho cha mfanyabiashara"],
      username: ["Weka jina la mtumiaji"],
      password: ["Weka nenosiri"],
    });
  });

  it("a throttled client is told how long to wait, in Kiswahili", async () => {
    db.delete(rateLimits).run();
    for (let i = 0; i < 5; i++)
      await post({ ...credentials, password: `kosa ${i}` }, SW, "sw-throttled");
    const response = await post(credentials, SW, "sw-throttled");
    expect(response.status).toBe(429);
    expect((await toastOf(response))?.description).toMatch(
      /^Umejaribu kuingia mara nyingi bila mafanikio\. Subiri dakika \d+ kisha ujaribu tena\.$/,
    );
    db.delete(rateLimits).run();
  });

  it("the page's labels in Kiswahili (the root's locale), English without it", async () => {
    const render = async (locale: "en" | "sw") =>
      await renderPage(
        { path: "merchant-signin", loader: signInLoader, Component: MerchantSignIn },
        get("/merchant-signin"),
        locale,
      );
    const sw = await render("sw");
    expect(sw).toContain("Ingia kama mfanyabiashara");
    expect(sw).toContain("Kitambulisho cha mfanyabiashara");
    expect(sw).toContain("Jina la mtumiaji");
    expect(sw).toContain("Umesahau nenosiri?");
    expect(sw).not.toContain("Merchant Sign In");
    const en = await render("en");
    expect(en).toContain("Merchant Sign In");
    expect(en).toContain("Forgot password?");
  });
});

describe("password pages in Kiswahili", () => {
  it("Forgot password: Kiswahili field errors", async () => {
    const response = await respond(() =>
      forgot({
        request: formPost(
          "/merchant-signin/forgot",
          { merchantId: "", username: "" },
          { cookie: SW },
        ),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).username).toEqual(["Weka jina la mtumiaji"]);
  });

  it("set-password: the new-password rules in Kiswahili", async () => {
    const response = await respond(() =>
      setPassword({
        request: formPost(
          "/merchant/set-password",
          { token: "x", password: "short", confirmPassword: "other" },
          { cookie: SW },
        ),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual({
      password: ["Tumia angalau herufi 12."],
      confirmPassword: ["Manenosiri mawili hayalingani"],
    });
  });

  it("the page's title in the page's language", () => {
    const titleIn = (locale: string) =>
      (signInMeta({ matches: [{ id: "root", data: { locale } }] } as never) as { title?: string }[])
        .map((tag) => tag.title)
        .find(Boolean);
    expect(titleIn("sw")).toBe("Ingia kama mfanyabiashara | OneHop");
    expect(titleIn("en")).toBe("Merchant Sign In | OneHop");
  });

  it("the password policy's refusals in Kiswahili (and English unchanged)", () => {
    const refusal = checkNewPassword("mwenye duka la kahawa", { username: "mwenye duka" });
    const message = refusal.ok ? "" : refusal.message;
    expect(message).toBe("Don't use your username in your password.");
    expect(policyMessageIn(message, signInMessages.sw.newPassword)).toBe(
      "Usitumie jina lako la mtumiaji kwenye nenosiri.",
    );
    expect(policyMessageIn(message, signInMessages.en.newPassword)).toBe(message);
  });
});
