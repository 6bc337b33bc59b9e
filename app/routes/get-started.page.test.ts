/**
 * The application page as the server renders it (what a browser without JavaScript shows): one
 * summary of every problem at the top, linked to the fields; after a submit, the confirmation in
 * place of the form.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { merchantApplications, rateLimits } from "../../drizzle/schema";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase } from "../../tests/setup/db";
import { formPost, get, ORIGIN } from "../../tests/setup/requests";
import GetStarted, { action, headers, loader } from "./get-started";

const { db, close } = installTestDatabase();
afterAll(close);
beforeEach(() => {
  db.delete(merchantApplications).run();
  db.delete(rateLimits).run();
});

/** The page's HTML for a request (a GET, or a POST the action answers without redirecting). */
async function render(request: Request) {
  const handler = createStaticHandler([
    {
      id: "page",
      path: "/get-started",
      loader: (args) => loader({ request: args.request, params: {}, context: {} }),
      action: (args) => action({ request: args.request, params: {}, context: {} }),
      Component: GetStarted,
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) return { response: context, html: "" };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
  return { context, html: html.replaceAll("<!-- -->", "") };
}

const summaryOf = (html: string) =>
  html.match(/<div role="alert" aria-labelledby="error-summary-title".*?<\/ul><\/div>/s)?.[0] ?? "";
const decode = (text: string) => text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'");

describe("GET/POST /get-started, rendered", () => {
  it("an empty submit: one summary listing every problem, each linked to its field", async () => {
    const { html } = await render(formPost("/get-started", { intent: "submit" }));
    const summary = summaryOf(html);
    expect(summary).toContain("There are 11 problems with your application");
    const links = [...summary.matchAll(/<a href="#([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[1]!,
      decode(m[2]!),
    ]);
    expect(links.map(([, text]) => text)).toEqual([
      "Business name is required",
      "Choose your business type",
      "Registration number is required",
      "Contact name is required",
      "Email address is required",
      "Choose a dialling code",
      "Phone number is required",
      "Add at least one director",
      "Country of operation is required",
      "Choose a city or town",
      "Please agree to the terms and conditions to continue.",
    ]);
    // Every link's target is a field on the page, which also shows its own message.
    for (const [id] of links) expect(html).toContain(`id="${id}"`);
    expect(links.at(-1)?.[0]).toBe("merchant-application-agreedToTerms");
    // No second message at the top: the Terms Required toast is the browser's (with JavaScript).
    expect(html).not.toContain("Terms Required");
    // The summary comes before the first field.
    expect(html.indexOf("There are 11 problems")).toBeLessThan(html.indexOf("Business Name"));
  });

  it("one problem: 'There is a problem', naming it; Other without its town is one", async () => {
    const { html } = await render(
      formPost("/get-started", { ...validApplication, city: "other", intent: "submit" }),
    );
    const summary = summaryOf(html);
    expect(summary).toContain("There is a problem with your application");
    expect(summary).toMatch(
      /<a href="#[^"]*otherCity"[^>]*>Type the name of your town or city<\/a>/,
    );
  });

  it("a fresh form has no summary, and Kenya's towns come grouped by county with Other", async () => {
    const { html } = await render(get("/get-started"));
    expect(summaryOf(html)).toBe("");
    expect(html).toContain("Merchant Application");
    expect(html).toContain("Monthly Volume (KES)");
    expect(html).toContain("Under KES 100,000");
    // Without JavaScript, "Show cities" fills the list for the chosen country.
    const { html: shown } = await render(
      formPost("/get-started", { country: "KE", intent: "show-cities" }),
    );
    expect(shown).toContain('<optgroup label="Kiambu County">');
    expect(shown).toMatch(
      /<optgroup label="Kiambu County">.*?<option value="Thika">Thika<\/option>/s,
    );
    expect(shown).toContain('<optgroup label="Nyeri County">');
    expect(shown).toContain('<option value="other">Other (not listed)</option>');
    expect(summaryOf(shown)).toBe("");
  });

  it("after a submit: the confirmation in place of the form, not cached; unknown references get the form", async () => {
    const submitted = await render(
      formPost("/get-started", { ...validApplication, city: "Thika" }),
    );
    const location = submitted.response?.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/get-started\?submitted=APP-[A-Z0-9]{8}$/);
    const reference = location.split("=")[1]!;

    const { html, context } = await render(get(location));
    expect(html).toContain("Application Submitted!");
    expect(html).toContain(`Your application reference is <strong>${reference}</strong>`);
    expect(html).toContain("get back to you within 24 hours");
    expect(html).toContain("a••••••@savannah.example");
    expect(html).not.toContain("achieng@savannah.example");
    expect(html).toContain("Submit another application");
    // No blank form inviting a second application.
    expect(html).not.toContain("Submit Application");
    expect(html).not.toContain('name="businessName"');
    const loaderHeaders = context!.loaderHeaders.page ?? new Headers();
    const cacheControl = new Headers(
      headers({
        loaderHeaders,
        parentHeaders: new Headers(),
        actionHeaders: new Headers(),
        errorHeaders: undefined,
      }) as HeadersInit,
    ).get("Cache-Control");
    expect(cacheControl).toBe("private, no-store");

    const unknown = await render(new Request(`${ORIGIN}/get-started?submitted=APP-ZZZZZZZZ`));
    expect(unknown.html).toContain("Submit Application");
    expect(unknown.html).not.toContain("Application Submitted!");
  });
});
