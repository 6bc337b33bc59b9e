/**
 * The merchant app's frame and dashboard in Kiswahili (issue 33): with the language switch's
 * cookie the shell (navigation, role, Sign Out, the "English | Kiswahili" switch), the dashboard,
 * the 404 inside the app and the step-up page are in Kiswahili; without it, English as before.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import type { ComponentType } from "react";
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import { hashPassword } from "~/core/passwords.server";
import { pageLocale } from "~/i18n/negotiate";
import { renderPage } from "../../tests/setup/render-page";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { formPost, get, respond, toastOf } from "../../tests/setup/requests";
import MerchantLayout, {
  ErrorBoundary as MerchantErrorBoundary,
  loader as layoutLoader,
} from "./merchant";
import * as dashboardPage from "./merchant.dashboard";
import * as notFoundPage from "./merchant.$";
import * as paymentPage from "./merchant.payments.$id";
import * as confirmPage from "./merchant.confirm";

const { db, close } = installTestDatabase();
afterAll(close);

const MERCHANT = "MRC-SWDB22";
/** No settlement number: the checklist's first step and "add one" are shown. */
addMerchant(db, MERCHANT, null);

const SW = "onehop_lang=sw";

interface PageModule {
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  default: ComponentType;
}

/** A page of the app as the server draws it, inside the merchant layout with its error boundary. */
function html(page: PageModule, path: string, pattern: string, cookie: string) {
  const request = get(path, { cookie });
  return renderPage(
    { path: pattern, loader: page.loader, Component: page.default },
    request,
    pageLocale(request),
    {
      id: "routes/merchant",
      path: "merchant",
      loader: layoutLoader,
      Component: MerchantLayout,
      ErrorBoundary: MerchantErrorBoundary,
    },
  );
}

const errorsOf = async (response: Response) =>
  ((await response.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult.error;

const dashboard = (cookie: string) =>
  html(dashboardPage, "/merchant/dashboard", "dashboard", cookie);

describe("the merchant app's shell and dashboard in Kiswahili", () => {
  it("an owner's dashboard and shell in Kiswahili with the cookie", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const page = await dashboard(`${cookie}; ${SW}`);
    // The shell: section, navigation, the member's role, Sign Out, the language switch.
    expect(page).toContain("Mfanyabiashara");
    for (const label of [
      "Dashibodi",
      "Malipo yaliyotumwa",
      "Taarifa za akaunti",
      "Viungo vya malipo",
      "Mipangilio",
      "Timu",
      "Wasanidi programu",
      "Usalama",
    ])
      expect(page).toContain(`${label}</a>`);
    expect(page).toContain("(Mmiliki)");
    expect(page).toContain("Kitambulisho cha mfanyabiashara");
    expect(page).toContain(">Toka</button>");
    expect(page).toContain('action="/language"');
    expect(page).toContain(">Kiswahili");
    expect(page).toContain(">English");
    expect(page).toContain("(lugha ya sasa)");
    // The dashboard.
    expect(page).toContain("Dashibodi ya mfanyabiashara");
    expect(page).toContain(`Karibu, Shop ${MERCHANT}`);
    expect(page).toContain("Anza");
    expect(page).toContain("0 kati ya 5 zimekamilika");
    expect(page).toContain("Ongeza nambari yako ya ulipaji");
    expect(page).toContain("Washa uthibitishaji wa hatua mbili");
    expect(page).toContain("Bado hakuna malipo");
    expect(page).toContain("Unda malipo");
    expect(page).toContain("Salio na ulipaji");
    expect(page).toContain("Linapatikana");
    expect(page).toContain("Bado hakuna nambari ya ulipaji: malipo yanasubiri hadi");
    expect(page).toContain("Maelezo ya akaunti");
    expect(page).toContain("Barua pepe ya mawasiliano");
    for (const english of [
      "Merchant Dashboard",
      "Sign Out",
      "Get started",
      "No payments yet",
      "Balances and settlement",
      "Account Information",
      "(Owner)",
      "Add your settlement number",
    ])
      expect(page).not.toContain(english);
  });

  it("a cashier's role is named Keshia", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "cashier");
    const page = await dashboard(`${cookie}; ${SW}`);
    expect(page).toContain("(Keshia)");
    expect(page).toContain("Bado hakuna malipo");
    expect(page).not.toContain("Salio na ulipaji");
  });

  it("English without the cookie, the switch there too", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const page = await dashboard(cookie);
    expect(page).toContain("Merchant Dashboard");
    expect(page).toContain("Merchant ID");
    expect(page).toContain("(Owner)");
    expect(page).toContain(">Sign Out</button>");
    expect(page).toContain("Balances and settlement</a>");
    expect(page).toContain("Get started");
    expect(page).toContain("Add your settlement number");
    expect(page).toContain("Account Information");
    expect(page).toContain('action="/language"');
    expect(page).toContain("(current language)");
    expect(page).not.toContain("Dashibodi");
    expect(page).not.toContain("Toka");
  });

  it("an unknown address inside the app: the 404 in Kiswahili, inside the shell", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const page = await html(notFoundPage, "/merchant/hakuna-kitu", "*", `${cookie}; ${SW}`);
    expect(page).toContain("Hitilafu 404");
    expect(page).toContain("Ukurasa haupatikani");
    expect(page).toContain("Rudi kwenye dashibodi");
    expect(page).toContain(">Toka</button>");
    const english = await html(notFoundPage, "/merchant/nothing-here", "*", cookie);
    expect(english).toContain("Error 404");
    expect(english).toContain("Page not found");
    expect(english).toContain("Back to the dashboard");
  });

  it("a route's own words on its error page are English and marked so on a Kiswahili page", async () => {
    const { cookie } = await signedInMember(db, MERCHANT, "owner");
    const path = "/merchant/payments/pay_nothinghere";
    const page = await html(paymentPage, path, "payments/:id", `${cookie}; ${SW}`);
    expect(page).toContain("Ukurasa haupatikani");
    expect(page).toContain('<p class="mt-2 text-slate-700" lang="en-KE">Payment not found</p>');
    const english = await html(paymentPage, path, "payments/:id", cookie);
    expect(english).toContain('<p class="mt-2 text-slate-700">Payment not found</p>');
  });
});

describe("step-up (Confirm it is you) in Kiswahili", () => {
  const confirm = (cookie: string, fields: Record<string, string>) =>
    respond(() =>
      confirmPage.action({
        request: formPost("/merchant/confirm", fields, { cookie }),
        params: {},
        context: {},
      }),
    );

  it("the page, its refusals and its toast in Kiswahili; English without the cookie", async () => {
    const { id, cookie } = await signedInMember(db, MERCHANT, "owner");
    db.update(merchantUsers)
      .set({ passwordHash: await hashPassword("a long enough secret") })
      .where(eq(merchantUsers.id, id))
      .run();

    const page = await html(confirmPage, "/merchant/confirm", "confirm", `${cookie}; ${SW}`);
    expect(page).toContain("Thibitisha kuwa ni wewe");
    expect(page).toContain("Kitendo hiki kinahitaji nenosiri lako tena.");
    expect(page).toContain(">Nenosiri");

    const missing = await confirm(`${cookie}; ${SW}`, {});
    expect(missing.status).toBe(400);
    expect((await errorsOf(missing)).password).toEqual(["Weka nenosiri lako."]);
    const wrong = await confirm(`${cookie}; ${SW}`, { password: "si nenosiri hili" });
    expect(wrong.status).toBe(401);
    expect((await errorsOf(wrong)).password).toEqual(["Nenosiri hilo si sahihi."]);
    const englishWrong = await confirm(cookie, { password: "still not it" });
    expect((await errorsOf(englishWrong)).password).toEqual(["That password is not right."]);

    const done = await confirm(`${cookie}; ${SW}`, { password: "a long enough secret" });
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({ message: "Imethibitishwa" });
    const english = await confirm(cookie, { password: "a long enough secret" });
    expect(await toastOf(english)).toMatchObject({ message: "Confirmed" });
  });
});
