import { describe, expect, it } from "vitest";
import {
  countyLabel,
  kenyaCounties,
  kenyaCountiesByName,
  kenyaCountyOf,
  kenyaTowns,
} from "./kenya-counties";

describe("Kenya's counties and towns", () => {
  it("lists all 47 counties once, numbered 1 to 47", () => {
    expect(kenyaCounties).toHaveLength(47);
    expect(kenyaCounties.map((county) => county.code)).toEqual(
      Array.from({ length: 47 }, (_, i) => i + 1),
    );
    const names = kenyaCounties.map((county) => county.name);
    expect(new Set(names).size).toBe(47);
    expect(kenyaCounties[0]?.name).toBe("Mombasa");
    expect(kenyaCounties[21]?.name).toBe("Kiambu");
    expect(kenyaCounties[18]?.name).toBe("Nyeri");
    expect(kenyaCounties[46]?.name).toBe("Nairobi");
  });

  it("gives every county at least one town, and no town twice in Kenya", () => {
    for (const county of kenyaCounties) expect(county.towns.length, county.name).toBeGreaterThan(0);
    expect(new Set(kenyaTowns).size).toBe(kenyaTowns.length);
    expect(kenyaTowns.length).toBe(kenyaCounties.reduce((n, c) => n + c.towns.length, 0));
  });

  it("knows the towns the five-city list left out: Thika in Kiambu, Nyeri and Karatina in Nyeri", () => {
    expect(kenyaCountyOf("Thika")?.name).toBe("Kiambu");
    expect(kenyaCountyOf("Ruiru")?.name).toBe("Kiambu");
    expect(kenyaCountyOf("Nyeri")?.name).toBe("Nyeri");
    expect(kenyaCountyOf("Karatina")?.name).toBe("Nyeri");
    expect(kenyaCountyOf("Eldoret")?.name).toBe("Uasin Gishu");
    expect(kenyaCountyOf("Lagos")).toBeUndefined();
  });

  it("sorts the counties A to Z for the select and writes them as Kenyans do", () => {
    const names = kenyaCountiesByName.map((county) => county.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names[0]).toBe("Baringo");
    expect(countyLabel(kenyaCountyOf("Thika")!)).toBe("Kiambu County");
    expect(countyLabel(kenyaCountyOf("Nairobi")!)).toBe("Nairobi City County");
  });
});
