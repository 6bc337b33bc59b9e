import { describe, expect, it } from "vitest";
import { countries, dialCodes, findCountry } from "./countries";
import { kenyaTowns } from "./kenya-counties";

const flagFor = (code: string) =>
  String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
  );

describe("country reference data", () => {
  it("lists about 50 countries, Afghanistan through Vietnam, sorted by name", () => {
    expect(countries.length).toBeGreaterThanOrEqual(45);
    expect(countries.length).toBeLessThanOrEqual(55);
    expect(countries[0]?.name).toBe("Afghanistan");
    expect(countries.at(-1)?.name).toBe("Vietnam");
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("has unique ISO codes that findCountry resolves", () => {
    const codes = countries.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(findCountry(code)?.code).toBe(code);
    }
    expect(findCountry("ke")?.name).toBe("Kenya");
    expect(findCountry("XX")).toBeUndefined();
  });

  it("has Kenya with +254 and the main towns of all 47 counties", () => {
    const kenya = findCountry("KE");
    expect(kenya?.dialCode).toBe("+254");
    expect(kenya?.phoneDigits).toEqual({ min: 9, max: 9 });
    expect(kenya?.cities).toEqual(kenyaTowns);
    for (const town of ["Nairobi", "Mombasa", "Kisumu", "Nakuru", "Eldoret", "Thika", "Nyeri"])
      expect(kenya?.cities, town).toContain(town);
  });

  it("gives Singapore one city and the US and Canada +1", () => {
    expect(findCountry("SG")?.cities).toEqual(["Singapore"]);
    expect(findCountry("US")?.dialCode).toBe("+1");
    expect(findCountry("CA")?.dialCode).toBe("+1");
  });

  it("gives every other country exactly five distinct cities", () => {
    for (const country of countries) {
      if (country.code === "SG" || country.code === "KE") continue;
      expect(country.cities, country.name).toHaveLength(5);
      expect(new Set(country.cities).size, country.name).toBe(5);
    }
  });

  it("has well-formed dial codes, flags and phone lengths", () => {
    for (const country of countries) {
      expect(country.dialCode, country.name).toMatch(/^\+\d{1,4}$/);
      expect(country.flag, country.name).toBe(flagFor(country.code));
      expect([...country.flag], country.name).toHaveLength(2);
      expect(country.phoneDigits.min, country.name).toBeGreaterThan(0);
      expect(country.phoneDigits.min, country.name).toBeLessThanOrEqual(country.phoneDigits.max);
      expect(country.phoneDigits.max, country.name).toBeLessThanOrEqual(
        15 - (country.dialCode.length - 1),
      );
    }
  });

  it("builds distinct, numerically sorted dial codes for the phone-code select", () => {
    const values = dialCodes.map((entry) => entry.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values.filter((value) => value === "+1")).toHaveLength(1);
    expect(values).toContain("+254");
    expect(values).toEqual([...values].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))));
    expect(new Set(values)).toEqual(new Set(countries.map((country) => country.dialCode)));

    const plusOne = dialCodes.find((entry) => entry.value === "+1");
    expect(plusOne?.label).toBe(`${flagFor("US")} +1 / ${flagFor("CA")}`);
    expect(plusOne?.countries).toEqual(["US", "CA"]);
    const kenya = dialCodes.find((entry) => entry.value === "+254");
    expect(kenya?.label).toBe(`${flagFor("KE")} +254`);
    expect(kenya?.countries).toEqual(["KE"]);
  });
});
