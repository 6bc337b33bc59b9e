/**
 * The public shell in the page's language (issue 33): the header, the phone menu, the ticker, the
 * footer, the 404 page and the root error page as the server renders them, under a root route that
 * answers with the language the request asks for (as root.tsx's loader does). English unchanged.
 */
import type { MetaArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { LocaleProvider } from "~/i18n/use-messages";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { requestLocale } from "~/i18n/negotiate";
import { ErrorBoundary as RootErrorBoundary, meta as rootMeta } from "~/root";
import { notFoundMeta } from "~/utils/seo";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { AccessDenied, NotFound } from "./StatusPages";
import { Ticker } from "./Ticker";

function Shell() {
  return (
    <>
      <Header signedIn={false} />
      <main id="main">
        <Outlet />
      </main>
      <Ticker />
      <Footer year={2026} />
    </>
  );
}

/** The shell's HTML for a request to `path`: a page with `Page` in it, or the 404 for "/nope". */
async function render(
  path: string,
  headers: Record<string, string> = {},
  Page: ComponentType = () => <p>page</p>,
) {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: ({ request }) => ({ locale: requestLocale(request), signedIn: false, year: 2026 }),
      Component: Shell,
      ErrorBoundary: RootErrorBoundary,
      children: [
        { index: true, Component: Page },
        { path: "denied", Component: AccessDenied },
        {
          path: "*",
          loader: () => {
            throw new Response("Not Found", { status: 404, statusText: "Not Found" });
          },
          Component: () => <p>never</p>,
          ErrorBoundary: NotFound,
        },
        // No boundary of their own: the root's draws them.
        {
          path: "gone",
          Component: () => null,
          loader: () => {
            throw new Response("Not Found", { status: 404, statusText: "Not Found" });
          },
        },
        {
          path: "boom",
          Component: () => null,
          loader: () => {
            throw new Error("database is locked");
          },
        },
      ],
    },
  ]);
  const request = new Request(`http://localhost:3000${path}`, { headers });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(
      LocaleProvider,
      { value: requestLocale(request) },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
  return html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
}

/** Every text of a region (tags dropped), in order. */
const texts = (html: string) =>
  html
    .split(/<[^>]+>/)
    .map((part) => part.trim())
    .filter(Boolean);

const region = (html: string, open: RegExp, close: string) => {
  const start = html.search(open);
  expect(start, String(open)).toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf(close, start) + close.length);
};

const mainNav = (html: string) =>
  texts(region(html, /<nav aria-label="(Main|Menyu kuu)"/, "</nav>"));
const footer = (html: string) => region(html, /<footer/, "</footer>");

describe("the public shell in Kiswahili", () => {
  it("reads the header, the phone menu and the account links in Kiswahili", async () => {
    const html = await render("/", { "Accept-Language": "sw-KE,sw;q=0.9,en;q=0.8" });
    expect(mainNav(html)).toEqual([
      "Kuhusu",
      "Vipengele",
      "Suluhisho",
      "Bei",
      "Viwango vya ubadilishaji",
      "Usalama",
      "Nyaraka za API",
      "Blogu",
    ]);
    expect(html).toContain('aria-label="Ukurasa wa mwanzo wa OneHop"');
    expect(texts(region(html, /<nav aria-label="Menyu ya simu"/, "</nav>"))).toEqual(mainNav(html));
    expect(texts(region(html, /<summary/, "</summary>"))).toEqual(["Menyu"]);
    expect(html).toContain(">Ingia</a>");
    expect(html).toContain(">Anza</a>");
    // The language switch in the phone menu.
    expect(html).toContain('aria-label="Lugha"');
    // The longer labels sit on one line from 1280 px; below that, the menu.
    expect(html).toContain('<nav aria-label="Menyu kuu" class="hidden xl:block">');
    expect(html).toContain('<details class="menu-toggle xl:hidden">');
    expect(html).not.toMatch(/>(Sign In|Get Started|Menu|About|Pricing)</);
  });

  it("reads the ticker and the footer in Kiswahili; names, numbers and addresses as they are", async () => {
    const html = await render("/", { Cookie: "onehop_lang=sw" });
    const ticker = texts(region(html, /<section aria-labelledby="ticker-title"/, "</section>"));
    expect(ticker[0]).toBe("Takwimu za soko");
    expect(ticker).toContain("Chanzo: DefiLlama");
    expect(ticker).toContain("Chanzo: Utafiti wa Yellow Card");
    expect(ticker).toContain("Kiasi cha miamala ya stablecoin mwaka 2025");
    expect(ticker.at(-1)).toBe("Sitisha takwimu");

    const text = texts(footer(html));
    expect(text).toContain(
      "Tunawezesha biashara kwa malipo ya crypto ya papo hapo na ulipaji tangu 2020.",
    );
    for (const heading of ["Kampuni", "Huduma", "Sheria"]) {
      expect(text).toContain(heading);
      expect(footer(html)).toContain(`<nav aria-label="${heading}">`);
    }
    for (const link of ["Jinsi inavyofanya kazi", "Viwango vya ada", "Sera ya faragha"])
      expect(text).toContain(link);
    expect(text).toContain("© 2026 OneHop Payments Limited. Haki zote zimehifadhiwa.");
    expect(text).toContain("Leseni ya Money Services Business C100000762");
    expect(text).toContain("P.O. Box 10472-00100");
    expect(footer(html)).toContain('aria-label="Mitandao ya kijamii"');
    expect(footer(html)).toContain('aria-label="Njia za malipo"');
    expect(text).not.toContain("All rights reserved.");
  });

  it("answers an unknown address with the 404 page in Kiswahili, and its <title>", async () => {
    const html = await render("/nope", { "Accept-Language": "sw" });
    const page = texts(region(html, /<main id="main">/, "</main>"));
    expect(page).toEqual([
      "404",
      "Samahani! Ukurasa haupatikani",
      "Ukurasa unaoutafuta haupo au umehamishwa.",
      "Rudi ukurasa wa mwanzo",
    ]);
    // The shell around it is in Kiswahili too.
    expect(mainNav(html)[0]).toBe("Kuhusu");
    const meta = (locale: string) =>
      notFoundMeta({ matches: [{ id: "root", data: { locale } }] } as unknown as MetaArgs);
    expect(meta("sw")[0]).toEqual({ title: "Ukurasa haupatikani | OneHop" });
    expect(meta("en")[0]).toEqual({ title: "Page not found | OneHop" });
  });

  it("shows Access denied in Kiswahili", async () => {
    const html = await render("/denied", { Cookie: "onehop_lang=sw" });
    expect(texts(region(html, /<main id="main">/, "</main>"))).toEqual([
      "403",
      "Huna ruhusa",
      "Akaunti yako haina ruhusa ya kufungua ukurasa huu.",
      "Rudi ukurasa wa mwanzo",
    ]);
  });
});

describe("the root error page in Kiswahili", () => {
  it("draws a 404 and an unexpected error in Kiswahili, with their <title>s", async () => {
    const gone = texts(await render("/gone", { "Accept-Language": "sw" }));
    expect(gone).toContain("Samahani! Ukurasa haupatikani");
    const html = await render("/boom", { Cookie: "onehop_lang=sw" });
    expect(texts(html)).toEqual([
      "Hitilafu isiyotarajiwa!",
      "database is locked",
      "Tafadhali jaribu tena. Tatizo likiendelea, wasiliana na",
      "support@onehop.co.ke",
      ".",
      "Rudi ukurasa wa mwanzo",
    ]);
    const title = (locale: string | undefined, error: unknown) =>
      rootMeta({ error, data: locale ? { locale } : undefined } as never)?.[0];
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "" };
    expect(title("sw", notFound)).toEqual({ title: "Ukurasa haupatikani | OneHop" });
    expect(title("sw", new Error("x"))).toEqual({ title: "Kuna hitilafu | OneHop" });
    expect(title("en", notFound)).toEqual({ title: "Page not found | OneHop" });
    expect(title(undefined, new Error("x"))).toEqual({ title: "Something went wrong | OneHop" });
  });

  it("keeps the English error page without a Kiswahili request", async () => {
    expect(texts(await render("/boom"))).toEqual([
      "Unexpected Application Error!",
      "database is locked",
      "Please try again. If the problem continues, contact",
      "support@onehop.co.ke",
      ".",
      "Return to Home",
    ]);
    expect(texts(await render("/gone"))).toContain("Oops! Page not found");
  });
});

describe("the public shell in English", () => {
  it("is unchanged without a Kiswahili request, and when English is chosen", async () => {
    const requests: Record<string, string>[] = [
      {},
      { Cookie: "onehop_lang=en" },
      { "Accept-Language": "fr" },
    ];
    for (const headers of requests) {
      const html = await render("/", headers);
      expect(mainNav(html)).toEqual([
        "About",
        "Features",
        "Solutions",
        "Pricing",
        "Exchange Rates",
        "Security",
        "API Docs",
        "Blog",
      ]);
      expect(html).toContain('aria-label="OneHop home"');
      expect(html).toContain('<nav aria-label="Mobile">');
      expect(html).toContain('<nav aria-label="Main" class="hidden lg:block">');
      expect(html).toContain('<details class="menu-toggle lg:hidden">');
      expect(texts(region(html, /<summary/, "</summary>"))).toEqual(["Menu"]);
      expect(html).toContain(">Sign In</a>");
      expect(html).toContain(">Get Started</a>");
      const ticker = texts(region(html, /<section aria-labelledby="ticker-title"/, "</section>"));
      expect(ticker[0]).toBe("Market statistics");
      expect(ticker).toContain("Source: Yellow Card survey");
      expect(ticker).toContain(
        "Of Kenyan respondents adopted stablecoins (remittances 41%, low fees 85.7%)",
      );
      expect(ticker.at(-1)).toBe("Pause ticker");
      const text = texts(footer(html));
      expect(text).toContain(
        "Powering businesses with instant crypto payments and settlement since 2020.",
      );
      for (const heading of ["Company", "Product", "Legal"]) expect(text).toContain(heading);
      expect(text).toContain("Terms and Conditions");
      expect(text).toContain("© 2026 OneHop Payments Limited. All rights reserved.");
      expect(text).toContain("Money Services Business licence C100000762");
      expect(footer(html)).toContain('aria-label="Social media"');
      expect(footer(html)).toContain('aria-label="Payment methods"');
    }
  });

  it("keeps the 404 page's words", async () => {
    const html = await render("/nope");
    expect(texts(region(html, /<main id="main">/, "</main>"))).toEqual([
      "404",
      "Oops! Page not found",
      "The page you are looking for does not exist or has moved.",
      "Return to Home",
    ]);
  });
});
