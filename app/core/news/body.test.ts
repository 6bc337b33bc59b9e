/**
 * A curated article's body does not repeat its tl;dr: the text the tl;dr box shows is taken out of
 * the body, at compose time (ingest) and when an older row is rendered.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleContent } from "~/components/blog/ArticleContent";
import { builtInArticles } from "~/content/articles";
import type { Article } from "~/content/articles/types";
import { withoutRepeatedTldr } from "./body";
import { excerpt } from "./text";

// The Block, 2025-12-12: description and content:encoded carry the same paragraph.
const TETHER =
  'Tether, already a minority shareholder in Juventus, is "prepared to invest 1 billion Euros in the support and development of the club."';

const LEAD =
  "The central bank has published rules for payment processors that settle merchant transactions in stablecoins. Processors must hold reserves and redeem within one business day.";
const REST =
  "Large transfers must be reported to the Financial Reporting Centre within 24 hours.\n\n## What changes for merchants\n\n- Prices stay in shillings\n- Settlement to M-Pesa is unchanged";

describe("a body without its tl;dr", () => {
  it("is empty when the feed's text was only the tl;dr", () => {
    expect(withoutRepeatedTldr(TETHER, excerpt(TETHER))).toBe("");
  });

  it("starts after the tl;dr when the story opens with it", () => {
    const body = `${LEAD}\n\n${REST}`;
    expect(withoutRepeatedTldr(body, excerpt(LEAD))).toBe(REST);
  });

  it("drops a tl;dr that spans paragraphs, spacing aside", () => {
    const body = `The central bank has published rules   for payment processors\nthat settle merchant transactions in stablecoins.\n\nProcessors must hold reserves and redeem within one business day.\n\n${REST}`;
    expect(withoutRepeatedTldr(body, LEAD)).toBe(REST);
  });

  it("keeps the rest of a paragraph the tl;dr ends in", () => {
    const body = `${LEAD} ${REST}`;
    expect(
      withoutRepeatedTldr(
        body,
        "The central bank has published rules for payment processors that settle merchant transactions in stablecoins.",
      ),
    ).toBe(`Processors must hold reserves and redeem within one business day. ${REST}`);
  });

  it("carries on with an ellipsis after a tl;dr cut mid-sentence", () => {
    const long =
      "Merchants in Nairobi, Mombasa, Kisumu, Nakuru and Eldoret who accept USDT and USDC from customers abroad, including tourists, freelancers' clients and wholesale buyers in Kampala and Dar es Salaam, now settle to M-Pesa in minutes.";
    const tldr = excerpt(long, 120);
    expect(tldr.endsWith("…")).toBe(true);
    const result = withoutRepeatedTldr(long, tldr);
    expect(result.startsWith("…")).toBe(true);
    expect(result.endsWith("now settle to M-Pesa in minutes.")).toBe(true);
    expect(result).not.toContain(tldr.slice(0, -1));
  });

  it("removes the tl;dr repeated as whole paragraphs further down", () => {
    const body = `A short dateline.\n\n${LEAD}\n\n${REST}`;
    expect(withoutRepeatedTldr(body, LEAD)).toBe(`A short dateline.\n\n${REST}`);
  });

  it("leaves a body that does not repeat the tl;dr as it was", () => {
    const body = `${REST}\n\nThe rules take effect in January.`;
    expect(withoutRepeatedTldr(body, LEAD)).toBe(body);
    // A tl;dr that only matches the start of a word is not a repeat.
    expect(withoutRepeatedTldr("Stablecoins settle in minutes.", "Stable")).toBe(
      "Stablecoins settle in minutes.",
    );
  });

  it("changes none of the built-in articles", () => {
    for (const article of builtInArticles)
      expect(withoutRepeatedTldr(article.body, article.tldr), article.slug).toBe(article.body);
  });
});

describe("an article page for a row stored with the tl;dr in its body", () => {
  const article: Article = {
    id: "art_old_row",
    slug: "central-bank-stablecoin-rules-abc1234",
    title: "Central bank sets stablecoin settlement rules for payment processors",
    tldr: LEAD,
    body: `${LEAD}\n\n${REST}`,
    tags: ["stablecoins", "regulation"],
    category: "News",
    publishedAt: "2025-12-12T06:00:00.000Z",
    sourceName: "Payments Desk",
    sourceUrl: "https://payments-desk.example.net/2025/12/rules",
    author: { name: "Payments Desk Staff", bio: "Reports.", avatar: "/favicon.svg" },
    status: "published",
    readingTime: 1,
  };

  it("shows the tl;dr once, then the rest of the story", () => {
    const html = renderToStaticMarkup(
      ArticleContent({ article, siteUrl: "https://onehop.example" }),
    );
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const occurrences = text.split("Processors must hold reserves and redeem").length - 1;
    expect(occurrences).toBe(1);
    expect(text).toContain("Large transfers must be reported");
    expect(html).toContain("What changes for merchants</h2>");
  });

  it("shows no empty body when the row's body was only the tl;dr", () => {
    const html = renderToStaticMarkup(
      ArticleContent({
        article: { ...article, tldr: TETHER, body: TETHER },
        siteUrl: "https://onehop.example",
      }),
    );
    expect(html.split("prepared to invest 1 billion Euros").length - 1).toBe(1);
  });
});
