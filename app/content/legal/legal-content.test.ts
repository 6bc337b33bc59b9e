import { describe, expect, it } from "vitest";
import { company } from "../company";
import { compliance } from "./compliance";
import { disclaimer } from "./disclaimer";
import { privacy } from "./privacy";
import { terms } from "./terms";
import type { Block, LegalDocument } from "./types";

function blockText(block: Block): string {
  switch (block.kind) {
    case "p":
    case "h3":
      return block.text;
    case "ul":
    case "ol":
      return block.items.join("\n");
    case "table":
      return [
        block.caption,
        block.head.join(" | "),
        ...block.rows.map((row) => row.join(" | ")),
      ].join("\n");
  }
}

function documentText(document: LegalDocument): string {
  return [
    document.title,
    ...document.intro.map(blockText),
    ...document.sections.flatMap((section) => [section.title, ...section.blocks.map(blockText)]),
  ].join("\n");
}

const documents = { terms, privacy, compliance, disclaimer };

describe("legal documents", () => {
  it("terms has 16 sections and is effective 1 May 2021", () => {
    expect(terms.sections).toHaveLength(16);
    expect(terms.effective).toBe("2021-05-01");
    expect(terms.path).toBe("/terms");
  });

  it("privacy has 10 sections and is effective 1 May 2021", () => {
    expect(privacy.sections).toHaveLength(10);
    expect(privacy.effective).toBe("2021-05-01");
    expect(privacy.path).toBe("/privacy");
  });

  it("disclaimer was last updated March 2024", () => {
    expect(disclaimer.lastUpdated).toBe("March 2024");
    expect(disclaimer.effective).toBeUndefined();
  });

  it("compliance has no effective date", () => {
    expect(compliance.effective).toBeUndefined();
    expect(compliance.lastUpdated).toBe("November 2025");
  });

  it("terms state the fees, limits and liability cap", () => {
    const text = documentText(terms);
    for (const expected of [
      "KES 500",
      "KES 1,000,000",
      "KES 5,000,000",
      "KES 10,000,000",
      "KES 250,000",
      "2.5%",
      "1.2%",
      "3 months",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("privacy refers to the ODPC, 72-hour breach notice and the privacy e-mail", () => {
    const text = documentText(privacy);
    expect(text).toContain("72 hours");
    expect(text).toContain("Office of the Data Protection Commissioner");
    expect(text).toContain(company.privacyEmail);
  });

  for (const [name, document] of Object.entries(documents)) {
    it(`${name}: section ids are unique kebab-case anchors`, () => {
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    });

    it(`${name}: every section has 1 to 6 blocks and no placeholders`, () => {
      for (const section of document.sections) {
        expect(section.blocks.length).toBeGreaterThanOrEqual(1);
        expect(section.blocks.length).toBeLessThanOrEqual(6);
        expect(section.title).not.toMatch(/^\d/);
      }
      expect(documentText(document)).not.toMatch(/\[[^\]]*\]|\{[^}]*\}|lorem ipsum|undefined/i);
    });
  }
});
