/// <reference types="vite/client" />
/**
 * Every message has its Kiswahili (issue 33): each catalog (`defineMessages`) in `catalogs/` or
 * `app/content/` has the same keys in both languages (tsc checks that too), no Kiswahili message
 * is empty, none is left in English by mistake (equal to the English, or with English words in
 * it), and a message with values keeps every value the English shows.
 */
import { describe, expect, it } from "vitest";
import { ENGLISH_GIVEAWAYS, SAME_IN_BOTH } from "./same-in-both";

/** Catalogs in `catalogs/`, and copy that travels as loader data, in `app/content/`. */
const modules = import.meta.glob<Record<string, unknown>>(
  ["./catalogs/*.ts", "../content/**/*.ts", "!**/*.test.ts"],
  { eager: true },
);

interface Leaf {
  path: string;
  en: unknown;
  sw: unknown;
}

/** Sample values for a message's parameters: markers that must come through. */
const sampleArgs = (count: number) => Array.from({ length: count }, (_, i) => `⟦${i}⟧`);

function leaves(path: string, en: unknown, sw: unknown, out: Leaf[]): Leaf[] {
  if (typeof en === "string" || typeof en === "function") {
    out.push({ path, en, sw });
    return out;
  }
  if (en && typeof en === "object") {
    for (const key of Object.keys(en)) {
      const swValue =
        sw && typeof sw === "object" ? (sw as Record<string, unknown>)[key] : undefined;
      leaves(`${path}.${key}`, (en as Record<string, unknown>)[key], swValue, out);
    }
  }
  return out;
}

/** What a message says: a string as it is, a function called with markers (and with 1). */
function rendered(value: unknown, arity: number): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "function") return [];
  const call = value as (...args: unknown[]) => string;
  return [call(...sampleArgs(arity)), call(...Array.from({ length: arity }, () => 1))];
}

const giveaway = new RegExp(`(^|[^\\p{L}])(${ENGLISH_GIVEAWAYS.join("|")})(?![\\p{L}])`, "iu");

const catalogs = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => value && typeof value === "object" && "en" in value && "sw" in value)
    .map(([name, value]) => ({
      name: `${file}:${name}`,
      catalog: value as { en: unknown; sw: unknown },
    })),
);

describe("the Kiswahili catalogs", () => {
  it("finds the catalogs", () => {
    expect(catalogs.length).toBeGreaterThan(0);
  });

  for (const { name, catalog } of catalogs) {
    it(`${name}: every message is translated`, () => {
      const problems: string[] = [];
      for (const leaf of leaves("", catalog.en, catalog.sw, [])) {
        if (typeof leaf.sw !== typeof leaf.en) {
          problems.push(`${leaf.path}: missing in Kiswahili`);
          continue;
        }
        const arity = typeof leaf.en === "function" ? leaf.en.length : 0;
        const [enText = "", enOne = ""] = rendered(leaf.en, arity);
        const [swText = "", swOne = ""] = rendered(leaf.sw, arity);
        if (swText.trim() === "") problems.push(`${leaf.path}: empty`);
        if (swText === enText && !SAME_IN_BOTH.has(enText))
          problems.push(`${leaf.path}: the same as the English ("${enText}")`);
        else if (enOne && swOne === enOne && !SAME_IN_BOTH.has(enOne))
          problems.push(`${leaf.path}: the same as the English for 1 ("${enOne}")`);
        for (const marker of sampleArgs(arity))
          if (enText.includes(marker) && !swText.includes(marker))
            problems.push(`${leaf.path}: drops the value ${marker}`);
        const words = [...SAME_IN_BOTH].reduce((text, same) => text.split(same).join(" "), swText);
        const english = giveaway.exec(words);
        if (english) problems.push(`${leaf.path}: English word "${english[2]}" in "${swText}"`);
      }
      expect(problems).toEqual([]);
    });
  }
});
