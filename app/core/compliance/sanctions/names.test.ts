import { describe, expect, it } from "vitest";
import { fixtureEntries } from "../../../../tests/fixtures/compliance/listed-names";
import { kenyanNames } from "../../../../tests/fixtures/compliance/kenyan-names";
import {
  buildNameIndex,
  buildNameIndexAsync,
  DEFAULT_NAME_THRESHOLD,
  matchName,
  matchNames,
  matchNamesAsync,
  STRICT_NAME_THRESHOLD,
  type IndexedEntry,
} from "./names";

const index = buildNameIndex(fixtureEntries());

/** The uid of the best hit, if any. */
const best = (query: string) => matchName(index, query)[0]?.uid;

describe("the fixture lists (UN XML sample, OFAC sdn.csv and alt.csv)", () => {
  it("reads every party's names, aliases and original script", () => {
    const entries = fixtureEntries();
    expect(entries.filter((entry) => entry.source === "un")).toHaveLength(9);
    expect(entries.filter((entry) => entry.source === "ofac")).toHaveLength(17);
    expect(index.names.length).toBeGreaterThan(80);
  });
});

describe("a listed name written differently is a hit", () => {
  it("finds an exact name (after normalisation) with score 1, best first", () => {
    const [hit] = matchName(index, "logan morey elvis angus");
    expect(hit).toEqual({
      source: "ofac",
      uid: "10278",
      kind: "individual",
      primaryName: "LOGAN MOREY, Elvis Angus",
      matchedName: "LOGAN MOREY, Elvis Angus",
      quality: "primary",
      score: 1,
    });
  });

  it.each([
    // Reordered: OFAC writes "SURNAME, Given names".
    ["Elvis Angus Logan Morey", "10278"],
    ["Daniel Moreno", "15102"],
    ["Su Ra Kyong", "KPi.008"],
    // Diacritics and other scripts.
    ["Ibrâhîm Hassan Tâli al-Asiri", "QDi.291"],
    ["Дмитрий Юрьевич Хорошев", "48603"],
    ["إبراهيم حسن طالع العسيري", "QDi.291"],
    ["محمد حسن آخوند", "TAi.002"],
    // Another transliteration.
    ["Muhammad Hasan Akhund", "TAi.002"],
    ["Dmitriy Yurevich Khoroshev", "48603"],
    ["Ibrahim Hasan Talea Asiri", "QDi.291"],
    // One letter wrong, missing or doubled.
    ["Erik Badege", "CDi.001"],
    ["Nouredine Adam", "CFi.002"],
    ["Artem Mikhailovich Lifshits", "29702"],
    ["Elvis Angus Logan Morrey", "10278"],
    // A middle name or patronymic missing.
    ["Dmitry Khoroshev", "48603"],
    ["Elvis Logan Morey", "10278"],
    ["Artem Lifshits", "29702"],
    ["Ibrahim Hassan Asiri", "QDi.291"],
    // A particle joined or apart, a title.
    ["Ibrahim Hassan Tali Alasiri", "QDi.291"],
    ["Dr. Abid Hamid Mahmud al Tikriti", "IQi.004"],
    // Entities: legal forms and punctuation.
    ["Suex OTC sro", "33151"],
    ["SUEX OTC LIMITED", "33151"],
    ["Green Pine Associated Corp.", "KPe.010"],
    ["Aircraft Avionics Parts and Support Limited", "19709"],
    ["Iran Aircraft Manufacturing Industries Co", "11195"],
    ["Bel Kap Steel", "44525"],
  ])("%s is %s", (query, uid) => {
    const hits = matchName(index, query);
    expect(hits[0]?.uid).toBe(uid);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(DEFAULT_NAME_THRESHOLD);
  });

  it("says which name matched: the alias, outside the brackets of its original script", () => {
    const [hit] = matchName(index, "Ibrahim Hassan Tali Asiri");
    expect(hit).toMatchObject({ uid: "QDi.291", score: 1, quality: "strong" });
    expect([
      "Ibrahim Hassan Tali Asiri",
      "Ibrahim Hassan Tali Asiri (إبراهيم حسن طالع عسيري)",
    ]).toContain(hit!.matchedName);
  });
});

describe("names written joined or apart", () => {
  const chinese = buildNameIndex([
    person("zh", "ZHANG, Xiaoping", "primary"),
    person("cn", "张小平", "primary"),
    person("ar", "ABDUL RAHMAN, Yusuf Ali", "primary"),
  ]);

  it.each([
    ["张小平", "zh"],
    ["Zhang Xiao Ping", "zh"],
    ["Zhang Xiaoping", "cn"],
    ["Yusuf Ali Abdulrahman", "ar"],
  ])("%s finds %s", (query, uid) => {
    expect(matchName(chinese, query).map((hit) => hit.uid)).toContain(uid);
  });
});

describe("a near miss is not a hit", () => {
  it.each([
    // Two of four parts.
    "Elvis Morey",
    "Abid Mahmud",
    // A brother: the same surname and patronymic, another given name.
    "Sergei Yuryevich Khoroshev",
    // A common given name alone, or with other common parts.
    "Mohamed",
    "Mohamed Ali Hassan",
    "Mohamed Adam",
    "Hassan",
    // Other people and companies sharing a part.
    "Daniel Morales",
    "Artem Sokolov",
    "Green Valley Associated Traders",
    "TNK Motors",
    "Iran Carpets",
  ])("%s", (query) => {
    expect(matchName(index, query)).toEqual([]);
  });

  it("a single token only matches a single-token name, nearly exactly", () => {
    expect(best("Frunze")).toBe("50972");
    expect(best("Frunz")).toBe("50972");
    expect(best("Frunse Trading")).toBeUndefined();
    expect(best("Mohammad")).toBeUndefined();
    expect(best("Akhund")).toBeUndefined();
  });
});

describe("Kenyan names", () => {
  it.each(kenyanNames)("%s is clear against the fixture lists", (name) => {
    expect(matchName(index, name)).toEqual([]);
  });
});

describe("options", () => {
  it("filters by kind", () => {
    expect(matchName(index, "Frunze", { kinds: ["vessel"] })[0]?.uid).toBe("50972");
    expect(matchName(index, "Frunze", { kinds: ["individual", "entity"] })).toEqual([]);
    expect(matchName(index, "Suex OTC", { kinds: ["entity"] })[0]?.uid).toBe("33151");
    expect(matchName(index, "Suex OTC", { kinds: ["individual"] })).toEqual([]);
  });

  it("takes a threshold and a limit", () => {
    const loose = matchName(index, "Elvis Morey", { threshold: 0.7 });
    expect(loose[0]?.uid).toBe("10278");
    expect(matchName(index, "Elvis Logan Morey", { threshold: 0.95 })).toEqual([]);
    const two = buildNameIndex([
      person("a", "Karim Tahir Saleh", "primary"),
      person("b", "Karim Tahir Salih", "primary"),
    ]);
    expect(matchName(two, "Karim Tahir Saleh").map((hit) => hit.uid)).toEqual(["a", "b"]);
    expect(matchName(two, "Karim Tahir Saleh", { limit: 1 }).map((hit) => hit.uid)).toEqual(["a"]);
  });
});

function person(uid: string, name: string, quality: "primary" | "strong" | "weak"): IndexedEntry {
  const names: IndexedEntry["names"] = [{ name: `Listed Person ${uid}`, quality: "primary" }];
  if (quality === "primary") names[0] = { name, quality };
  else names.push({ name, quality });
  return { source: "un", uid, kind: "individual", primaryName: names[0]!.name, names };
}

describe("weak aliases (UN 'Low' quality)", () => {
  it("need a nearly exact match where a strong alias needs the threshold", () => {
    const strong = buildNameIndex([person("s", "Karim Tahir Saleh", "strong")]);
    const weak = buildNameIndex([person("w", "Karim Tahir Saleh", "weak")]);
    const shorter = matchName(strong, "Karim Saleh")[0];
    expect(shorter?.score).toBeGreaterThanOrEqual(DEFAULT_NAME_THRESHOLD);
    expect(shorter!.score).toBeLessThan(STRICT_NAME_THRESHOLD);
    expect(matchName(weak, "Karim Saleh")).toEqual([]);
    expect(matchName(weak, "Karim Tahir Saleh")[0]).toMatchObject({ uid: "w", quality: "weak" });
  });

  it("on the fixture list: 'Abu Saleh' exactly, not written otherwise", () => {
    expect(matchName(index, "Abu Saleh")[0]).toMatchObject({ uid: "QDi.291", quality: "weak" });
    expect(matchName(index, "Abu Salih")).toEqual([]);
  });
});

/** A macrotask queued now, as another request's work would be; `ran` once it has run. */
function otherCallersTurn(): { ran: boolean } {
  const turn = { ran: false };
  setImmediate(() => (turn.ran = true));
  return turn;
}

describe("batches", () => {
  const queries = ["Dmitry Khoroshev", "Wanjiru Kamau", "Suex OTC", "Otieno Odhiambo"];

  it("matchNames answers each name in order", () => {
    const hits = matchNames(index, queries);
    expect(hits.map((list) => list[0]?.uid)).toEqual(["48603", undefined, "33151", undefined]);
  });

  it("matchNamesAsync gives the same answers and lets the event loop run between chunks", async () => {
    const many = Array.from({ length: 40 }, (_, i) => queries[i % queries.length]!);
    const matching = matchNamesAsync(index, many, { chunk: 4 });
    // Another caller's turn, queued now: it runs before the answer only if the work yields the
    // event loop (work done in one go resolves in microtasks, before any other macrotask).
    const other = otherCallersTurn();
    const hits = await matching;
    expect(other.ran, "another caller ran before the answer").toBe(true);
    expect(hits).toEqual(matchNames(index, many));
  });

  it("buildNameIndexAsync builds the same index, letting the event loop run", async () => {
    const building = buildNameIndexAsync(fixtureEntries(), { chunk: 2 });
    const other = otherCallersTurn();
    const built = await building;
    expect(other.ran, "another caller ran before the index was built").toBe(true);
    expect(built.names.length).toBe(index.names.length);
    expect(matchNames(built, queries)).toEqual(matchNames(index, queries));
  });
});
