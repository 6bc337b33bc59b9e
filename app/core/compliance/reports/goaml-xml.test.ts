/**
 * The goAML writer's details (ADR 0057): amounts from cents with two decimals, Nairobi local
 * times, text escaped and cut to the schema's lengths, nothing empty written.
 */
import { describe, expect, it } from "vitest";
import { parseXml } from "../../../../tests/setup/goaml-xsd";
import { goamlAmount, goamlDate, goamlXml, type GoamlReport } from "./goaml-xml";

const entity = {
  name: "Duka & Sons <Ltd>",
  country: "KE",
  directors: [],
  incorporationNumber: " ",
};
const report: GoamlReport = {
  code: "STR",
  entityReference: "frc_test",
  submittedAt: Date.parse("2026-12-31T22:30:00Z"),
  reason: `Amounts "just under" 50,000 & <repeated>${"x".repeat(9000)}`,
  transactions: [
    {
      number: "pay_1",
      description: "A payment",
      at: Date.parse("2026-12-31T20:59:59Z"),
      transmode: "DAWLT",
      amountKesCents: 5n,
      from: { fundsCode: "CRPTC", party: { entity }, country: "-" },
      to: { fundsCode: "CRPTC", party: { entity }, country: "KE" },
    },
  ],
  indicators: ["UNUSU"],
};

describe("the goAML writer", () => {
  it("writes KES cents with two decimals and Nairobi local times", () => {
    expect(goamlAmount(194_250_000n)).toBe("1942500.00");
    expect(goamlAmount(5n)).toBe("0.05");
    expect(goamlAmount(-1_050n)).toBe("-10.50");
    expect(goamlDate(Date.parse("2026-12-31T22:30:00Z"))).toBe("2027-01-01T01:30:00");
  });

  it("escapes text, cuts it to the schema's length and leaves out empty values", () => {
    const xml = goamlXml(report);
    expect(xml).toContain("<name>Duka &amp; Sons &lt;Ltd&gt;</name>");
    const parsed = parseXml(xml);
    const reason = parsed.children.find((node) => node.name === "reason")!.text;
    expect(reason.startsWith('Amounts "just under" 50,000 & <repeated>')).toBe(true);
    expect(reason).toHaveLength(8000);
    expect(xml).not.toContain("<incorporation_number>");
    expect(xml).not.toContain("<reporting_person>");
    expect(xml).toContain("<submission_date>2027-01-01T01:30:00</submission_date>");
    expect(xml).toContain("<date_transaction>2026-12-31T23:59:59</date_transaction>");
  });
});
