import { describe, expect, it } from "vitest";
import { jaroWinkler, nameTokens, normalizeName, toAscii } from "./names-normalize";
import { blockingKeys, splitBrackets } from "./names-index";

describe("nameTokens", () => {
  it.each([
    // Diacritics and other scripts, through any-ascii.
    ["Müller", ["muller"]],
    ["José Ñúñez Peña", ["jose", "nunez", "pena"]],
    ["Абдуллах", ["abdullakh"]],
    ["Дмитрий Хорошев", ["dmitriy", "khoroshev"]],
    // Punctuation and hyphens are spaces; apostrophes (and the ayn) join.
    ["LOGAN MOREY, Elvis Angus", ["logan", "morey", "elvis", "angus"]],
    ["al-Rahman", ["al", "rahman"]],
    ["Ibrahim Hasan Tali'A 'Asiri", ["ibrahim", "hasan", "talia", "asiri"]],
    ["Chang Myo’ng-Ho", ["chang", "myong", "ho"]],
    // Honorifics and legal forms go, dotted or not, multi-word too.
    ["Dr. Wanjiru Kamau", ["wanjiru", "kamau"]],
    ["Hon. Eng. John Mwangi", ["john", "mwangi"]],
    ["MORENO JR., Daniel Gonzalo", ["moreno", "daniel", "gonzalo"]],
    ["Col Abdel Hamid Mahmoud", ["abdel", "hamid", "mahmoud"]],
    ["SUEX OTC, S.R.O.", ["suex", "otc"]],
    ["Kamau Traders Ltd", ["kamau", "traders"]],
    ["BEL-KAP-STEEL LLC", ["bel", "kap", "steel"]],
    ["KAVIAN PETROCHEMICAL PRIVATE JOINT STOCK COMPANY", ["kavian", "petrochemical"]],
    ["Acme Limited Liability Company", ["acme"]],
    // ...unless nothing else is left.
    ["Limited", ["limited"]],
    ["Mr", ["mr"]],
    // CJK and Hangul syllables stay apart (any-ascii romanises Korean its own way: "la", not
    // the lists' "Ra").
    ["라경수", ["la", "gyeong", "su"]],
    ["张小平", ["zhang", "xiao", "ping"]],
    ["", []],
    ["  -- ", []],
  ])("%s", (raw, tokens) => {
    expect(nameTokens(raw)).toEqual(tokens);
  });

  it("transliterates Arabic script the same way every time (original-script names match)", () => {
    expect(toAscii("عابد حامد محمود التكريتي")).toBe("`bd hmd mhmwd ltkryty");
    expect(nameTokens("عابد حامد محمود التكريتي")).toEqual(["bd", "hmd", "mhmwd", "ltkryty"]);
  });
});

describe("normalizeName", () => {
  it("weighs particles, initials and generic business words less", () => {
    expect(normalizeName("Ibrahim al-Asiri")).toEqual({
      tokens: ["ibrahim", "al", "asiri"],
      weights: [1, 0.2, 1],
      strong: 2,
      total: 2.2,
    });
    expect(normalizeName("J. Kamau Trading").weights).toEqual([0.3, 1, 0.5]);
  });
});

describe("jaroWinkler", () => {
  it("gives Winkler's published values", () => {
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.961, 3);
    expect(jaroWinkler("dwayne", "duane")).toBeCloseTo(0.84, 3);
    expect(jaroWinkler("dixon", "dicksonx")).toBeCloseTo(0.813, 3);
    expect(jaroWinkler("same", "same")).toBe(1);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
    expect(jaroWinkler("", "abc")).toBe(0);
  });

  it("counts a common prefix of at most four letters (Winkler's formula)", () => {
    // Jaro 0.889; Winkler adds 4 x 0.1 x (1 - 0.889), not 5 x (a library we tried did).
    expect(jaroWinkler("abcdef", "abcdex")).toBeCloseTo(0.9333, 4);
  });
});

describe("blocking", () => {
  it("files a token under its sounds, its first letters and its one-letter deletions", () => {
    const keys = blockingKeys("oscar");
    expect(keys).toContain("p:osc");
    expect(keys).toContain("m:ASKR");
    expect(keys).toContain("d:ocar");
    // So a one-letter misspelling always shares a key.
    expect(blockingKeys("ocar")).toContain("d:ocar");
    expect(blockingKeys("al")).toEqual([]);
    expect(blockingKeys("532")).toEqual([]);
  });

  it("reads a name in brackets as a name of its own", () => {
    expect(splitBrackets("Ibrahim Hassan Tali Asiri (إبراهيم حسن طالع عسيري)")).toEqual([
      "Ibrahim Hassan Tali Asiri",
      "إبراهيم حسن طالع عسيري",
    ]);
    expect(splitBrackets('"The Base"')).toEqual(['"The Base"']);
  });
});
