import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, negotiateLocale, pageLocale, requestLocale } from "./negotiate";

describe("choosing the page's language", () => {
  it("reads the browser's Accept-Language, best q first", () => {
    expect(localeFromAcceptLanguage("sw-KE,sw;q=0.9,en;q=0.8")).toBe("sw");
    expect(localeFromAcceptLanguage("en-GB,en;q=0.9,sw;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,sw;q=0.5,en;q=0.4")).toBe("sw");
    expect(localeFromAcceptLanguage("en;q=0.2, sw;q=0.7")).toBe("sw");
  });

  it("ignores languages it does not speak, refusals and nonsense", () => {
    expect(localeFromAcceptLanguage("fr-FR,de;q=0.9")).toBeUndefined();
    expect(localeFromAcceptLanguage("sw;q=0, en;q=0.1")).toBe("en");
    expect(localeFromAcceptLanguage("*")).toBeUndefined();
    expect(localeFromAcceptLanguage("sw;q=banana")).toBe("sw");
    expect(localeFromAcceptLanguage(`${"x,".repeat(10_000)}sw`)).toBeUndefined();
    expect(localeFromAcceptLanguage("")).toBeUndefined();
  });

  it("lets the switch's cookie win over the browser, and falls back to English", () => {
    expect(negotiateLocale("a=1; onehop_lang=sw", "en-GB")).toBe("sw");
    expect(negotiateLocale("onehop_lang=en", "sw-KE")).toBe("en");
    expect(negotiateLocale("onehop_lang=fr", "sw-KE")).toBe("sw");
    expect(negotiateLocale("xonehop_lang=sw", null)).toBe("en");
    expect(negotiateLocale(undefined, undefined)).toBe("en");
  });

  it("reads a request's headers", () => {
    const request = new Request("http://localhost/", { headers: { "Accept-Language": "sw" } });
    expect(requestLocale(request)).toBe("sw");
  });
});

describe("sections kept in English", () => {
  it("draws the operator console and the simulators in English whatever the browser asks", () => {
    const sw = { headers: { "Accept-Language": "sw", Cookie: "onehop_lang=sw" } };
    expect(pageLocale(new Request("http://localhost/admin/payments", sw))).toBe("en");
    expect(pageLocale(new Request("http://localhost/simulator/custody/", sw))).toBe("en");
    expect(pageLocale(new Request("http://localhost/administrator", sw))).toBe("sw");
    expect(pageLocale(new Request("http://localhost/merchant/dashboard", sw))).toBe("sw");
  });
});
