import { describe, expect, it } from "vitest";
import { buildScriptUrls, hasPageForm } from "./assets";

describe("the bench's page classification", () => {
  it("does not count the language switch as the page's form", () => {
    const languageSwitch =
      '<form method="post" action="/language" aria-label="Language"><button>Kiswahili</button></form>';
    expect(hasPageForm(`<main>Features</main>${languageSwitch}${languageSwitch}`)).toBe(false);
    expect(hasPageForm(`<form method="post" action="/get-started">…</form>${languageSwitch}`)).toBe(
      true,
    );
    expect(hasPageForm('<form method="post">…</form>')).toBe(true);
  });

  it("finds the same-origin scripts a page loads, without their query strings", () => {
    const html =
      '<link rel="modulepreload" href="/build/a.js"/><script type="module">import "/build/b.js?v=1";</script>' +
      '<script src="https://elsewhere.example/c.js"></script>';
    expect(buildScriptUrls(html, "http://127.0.0.1:3000/")).toEqual([
      "http://127.0.0.1:3000/build/a.js",
      "http://127.0.0.1:3000/build/b.js",
    ]);
  });
});
