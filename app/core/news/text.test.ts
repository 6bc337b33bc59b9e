import { describe, expect, it } from "vitest";
import { parseBody, safeExternalUrl } from "./body";
import {
  excerpt,
  htmlToPlainText,
  stripInvalidCharacters,
  toArticleBody,
  toSingleLine,
} from "./text";

describe("feed HTML to plain text", () => {
  it("keeps the words and drops markup, images and link targets", () => {
    expect(
      htmlToPlainText(
        '<p>Paid in <strong>USDT</strong>, <a href="https://x.example">settled</a> in KES.<img src="a.png"></p>',
      ),
    ).toBe("Paid in USDT, settled in KES.");
  });

  it("never lets scripts, event handlers or javascript: URLs through", () => {
    const text = htmlToPlainText(
      '<p onclick="alert(1)">Hi</p><script>alert("x")</script><a href="javascript:alert(2)">javascript:alert(3)</a><iframe src="javascript:alert(4)"></iframe><style>p{}</style>',
    );
    expect(text).toBe("Hi\n\nalert(3)");
    expect(text).not.toMatch(/script|javascript:|onclick|<|>/i);
  });

  it("decodes entity-encoded and double-encoded markup before removing it", () => {
    expect(htmlToPlainText("&lt;p&gt;Settlement &amp;amp; payouts&lt;/p&gt;")).toBe(
      "Settlement & payouts",
    );
    expect(
      htmlToPlainText(
        '&amp;lt;script&amp;gt;alert("x")&amp;lt;/script&amp;gt; Merchants keep prices in KES.',
      ),
    ).toBe("Merchants keep prices in KES.");
    expect(toSingleLine("What&amp;#039;s new in crypto")).toBe("What's new in crypto");
  });

  it("drops WordPress and aggregator boilerplate", () => {
    expect(
      htmlToPlainText(
        "<p>Story text.</p><p>The post <a href='x'>Story</a> appeared first on Outlet.</p>",
      ),
    ).toBe("Story text.");
    expect(htmlToPlainText("Story text that goes on [&#8230;]")).toBe("Story text that goes on");
  });

  it("turns lists and headings into our body format", () => {
    const text = htmlToPlainText(
      "<h2>Why</h2><p>Because.</p><ul><li>One</li><li>Two</li></ul><ol><li>First</li></ol>",
    );
    expect(toArticleBody(text)).toBe("Why\n\nBecause.\n\n- One\n- Two\n\n1. First");
  });

  it("removes a BOM and the characters XML 1.0 forbids, keeping emojis and accents", () => {
    expect(stripInvalidCharacters("\uFEFFCaf\u00e9\u000B \u001F\u0002ok 🇰🇪 \uD800x")).toBe(
      "Café ok 🇰🇪 x",
    );
  });

  it("makes titles one line", () => {
    expect(toSingleLine("<h1>Distributed Digest:\n Thursday</h1>")).toBe(
      "Distributed Digest: Thursday",
    );
  });

  it("shortens to whole sentences for the tl;dr", () => {
    const text = "First sentence here. Second sentence is a bit longer than the first. Third one.";
    expect(excerpt(text, 70)).toBe(
      "First sentence here. Second sentence is a bit longer than the first.",
    );
    expect(excerpt("word ".repeat(100), 50).endsWith("…")).toBe(true);
    expect(excerpt("Short.", 50)).toBe("Short.");
  });
});

describe("the body format", () => {
  it("parses headings, paragraphs, bullet and numbered lists", () => {
    const body =
      "Intro line one\nline two.\n\n## The short version\n\n1. Quote\n2. Pay\n\n### Details\n- A\n- B\n\nEnd.";
    expect(parseBody(body)).toEqual([
      { kind: "paragraph", text: "Intro line one line two." },
      { kind: "heading", level: 2, text: "The short version" },
      { kind: "numbered", start: 1, items: ["Quote", "Pay"] },
      { kind: "heading", level: 3, text: "Details" },
      { kind: "bullets", items: ["A", "B"] },
      { kind: "paragraph", text: "End." },
    ]);
  });

  it("treats markup as text, and other # lines as paragraphs", () => {
    expect(parseBody("<script>alert(1)</script>\n\n# Not a heading\n\n#### Nor this")).toEqual([
      { kind: "paragraph", text: "<script>alert(1)</script>" },
      { kind: "paragraph", text: "# Not a heading" },
      { kind: "paragraph", text: "#### Nor this" },
    ]);
  });

  it("lets only http(s) links out", () => {
    expect(safeExternalUrl("https://cointelegraph.com/news/x")).toBe(
      "https://cointelegraph.com/news/x",
    );
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeExternalUrl("data:text/html,hi")).toBeNull();
    expect(safeExternalUrl("/relative")).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
