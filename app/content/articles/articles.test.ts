import { describe, expect, it } from "vitest";
import { authors, initialsAvatar } from "./authors";
import { builtInArticles } from "./index";
import { countWords, readingTime, wordsPerMinute } from "./reading-time";

const allowedTags = new Set([
  "kenya",
  "stablecoins",
  "usdt",
  "usdc",
  "regulation",
  "vasp-act",
  "tax",
  "merchants",
  "m-pesa",
  "settlement",
  "cross-border",
  "remittances",
  "product",
  "airtel-money",
  "t-kash",
  "pesalink",
  "payments",
  "compliance",
]);
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const now = Date.parse("2026-11-21T23:59:59.999Z");

/** WCAG contrast ratio of a #rrggbb colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

describe("reading time", () => {
  it("counts words, not markup", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("One two three.")).toBe(3);
    expect(
      countWords(
        "## A heading\n\n### Sub heading\n\n- bullet one\n1. numbered item\n\nA paragraph, with  spaces.",
      ),
    ).toBe(12);
    expect(countWords("KES 250,000 per transaction - and 1.5% — fee")).toBe(7);
  });

  it("is ceil(words / 200)", () => {
    expect(wordsPerMinute).toBe(200);
    expect(readingTime("")).toBe(0);
    expect(readingTime("word ".repeat(1))).toBe(1);
    expect(readingTime("word ".repeat(200))).toBe(1);
    expect(readingTime("word ".repeat(201))).toBe(2);
    expect(readingTime("word\n".repeat(401))).toBe(3);
  });
});

describe("authors", () => {
  it("has 3 to 4 staff authors with SVG initials avatars in AA contrast", () => {
    const list = Object.values(authors);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.length).toBeLessThanOrEqual(4);
    for (const author of list) {
      expect(author.name.length).toBeGreaterThan(3);
      expect(author.bio).toMatch(/OneHop/);
      expect(author.avatar).toMatch(/^data:image\/svg\+xml,/);
      const svg = decodeURIComponent(author.avatar.slice("data:image/svg+xml,".length));
      const fill = /<circle[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
      expect(fill, author.name).toBeDefined();
      expect(contrastWithWhite(fill ?? "#ffffff"), author.name).toBeGreaterThanOrEqual(4.5);
      const initials = author.name
        .split(" ")
        .map((part) => part[0])
        .join("");
      expect(svg).toContain(`>${initials}</text>`);
    }
  });

  it("encodes the SVG so the data URI is safe in an img src", () => {
    const avatar = initialsAvatar("AB", "#1d4ed8");
    expect(avatar).not.toMatch(/[<>"#\s]/);
  });
});

describe("built-in articles", () => {
  it("has 11 articles with unique ids and slugs", () => {
    expect(builtInArticles).toHaveLength(11);
    expect(new Set(builtInArticles.map((article) => article.id)).size).toBe(11);
    expect(new Set(builtInArticles.map((article) => article.slug)).size).toBe(11);
    for (const article of builtInArticles) expect(article.slug).toMatch(slugPattern);
  });

  it("uses only the News and Product Updates categories, at least 3 of each", () => {
    const categories = builtInArticles.map((article) => article.category);
    for (const category of categories) expect(["News", "Product Updates"]).toContain(category);
    expect(categories.filter((category) => category === "News").length).toBeGreaterThanOrEqual(3);
    expect(
      categories.filter((category) => category === "Product Updates").length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("is all published, on distinct valid dates not after 2026-11-21, newest first", () => {
    const dates = builtInArticles.map((article) => article.publishedAt);
    for (const article of builtInArticles) {
      expect(article.status, article.slug).toBe("published");
      const time = Date.parse(article.publishedAt);
      expect(Number.isNaN(time), article.slug).toBe(false);
      expect(new Date(time).toISOString(), article.slug).toBe(article.publishedAt);
      expect(time, article.slug).toBeLessThanOrEqual(now);
      expect(time, article.slug).toBeGreaterThanOrEqual(Date.parse("2025-01-01T00:00:00.000Z"));
    }
    expect(new Set(dates.map((date) => date.slice(0, 10))).size).toBe(11);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("writes bodies in the plain-text format with headings, bullets and numbered lines", () => {
    for (const article of builtInArticles) {
      const lines = article.body.split("\n");
      expect(
        lines.some((line) => line.startsWith("## ")),
        article.slug,
      ).toBe(true);
      expect(
        lines.some((line) => line.startsWith("### ")),
        article.slug,
      ).toBe(true);
      expect(
        lines.some((line) => line.startsWith("- ")),
        article.slug,
      ).toBe(true);
      expect(
        lines.some((line) => /^\d+\. /.test(line)),
        article.slug,
      ).toBe(true);
      expect(article.body.includes("<"), article.slug).toBe(false);
      expect(article.body.includes(">"), article.slug).toBe(false);
      expect(article.body, article.slug).not.toMatch(
        /\*\*|__|\]\(|https?:\/\/|`|\{|\}|TODO|lorem/i,
      );
      expect(article.body, article.slug).not.toMatch(/\n{3,}/);
      expect(article.body, article.slug).not.toMatch(/[ \t]+$/m);
      const words = countWords(article.body);
      expect(words, article.slug).toBeGreaterThanOrEqual(400);
      expect(words, article.slug).toBeLessThanOrEqual(900);
    }
  });

  it("computes readingTime as ceil(words / 200) of the body", () => {
    for (const article of builtInArticles) {
      expect(article.readingTime, article.slug).toBe(Math.ceil(countWords(article.body) / 200));
      expect(article.readingTime, article.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it("has no Kenya Impact or Merchant Takeaways boxes", () => {
    for (const article of builtInArticles) {
      expect(article.kenyaImpact, article.slug).toBeUndefined();
      expect(article.merchantTakeaways, article.slug).toBeUndefined();
      expect(Object.keys(article), article.slug).not.toContain("kenyaImpact");
      expect(Object.keys(article), article.slug).not.toContain("merchantTakeaways");
    }
  });

  it("has 2 to 6 unique lowercase tags from the blog vocabulary", () => {
    for (const article of builtInArticles) {
      expect(article.tags.length, article.slug).toBeGreaterThanOrEqual(2);
      expect(article.tags.length, article.slug).toBeLessThanOrEqual(6);
      expect(new Set(article.tags).size, article.slug).toBe(article.tags.length);
      for (const tag of article.tags) {
        expect(tag, article.slug).toBe(tag.toLowerCase());
        expect(allowedTags.has(tag), `${article.slug}: ${tag}`).toBe(true);
      }
    }
  });

  it("cites a source: OneHop for product updates, an outside outlet for news", () => {
    for (const article of builtInArticles) {
      expect(() => new URL(article.sourceUrl), article.slug).not.toThrow();
      expect(article.sourceUrl, article.slug).toMatch(/^https:\/\//);
      if (article.category === "Product Updates") {
        expect(article.sourceName, article.slug).toBe("OneHop");
        expect(article.sourceUrl, article.slug).toMatch(/^https:\/\/onehop\.co\.ke\//);
      } else {
        expect(article.sourceName, article.slug).not.toBe("OneHop");
        expect(article.sourceUrl, article.slug).not.toMatch(/onehop\.co\.ke/);
      }
    }
  });

  it("has a title, a short tl;dr and a staff author", () => {
    const staff = new Set<string>(Object.values(authors).map((author) => author.name));
    for (const article of builtInArticles) {
      expect(article.title.length, article.slug).toBeGreaterThan(10);
      expect(article.tldr.length, article.slug).toBeGreaterThan(40);
      expect(article.tldr.length, article.slug).toBeLessThanOrEqual(300);
      expect(article.tldr.includes("<"), article.slug).toBe(false);
      expect(staff.has(article.author.name), article.slug).toBe(true);
    }
  });
});
