import { describe, expect, it } from "vitest";
import { cityChoices, cityProblem, OTHER_CITY, storedCity } from "./application-location";

describe("the application's city or town", () => {
  it("groups Kenya's towns by county (A to Z), with Other last", () => {
    const groups = cityChoices("KE");
    expect(groups).toHaveLength(48);
    expect(groups[0]?.label).toBe("Baringo County");
    const kiambu = groups.find((group) => group.label === "Kiambu County");
    expect(kiambu?.options.map((option) => option.value)).toContain("Thika");
    expect(groups.at(-1)).toEqual({
      label: "",
      options: [{ value: OTHER_CITY, label: "Other (not listed)" }],
    });
  });

  it("lists another country's cities ungrouped, with Other; nothing without a country", () => {
    const groups = cityChoices("UG");
    expect(groups[0]).toMatchObject({ label: "" });
    expect(groups[0]?.options.map((option) => option.value)).toEqual([
      "Kampala",
      "Gulu",
      "Mbarara",
      "Jinja",
      "Mbale",
    ]);
    expect(groups[1]?.options[0]?.value).toBe(OTHER_CITY);
    expect(cityChoices("")).toEqual([]);
    expect(cityChoices("XX")).toEqual([]);
  });

  it("says clearly when the city is not in the chosen country", () => {
    expect(cityProblem("KE", "Thika")).toBeUndefined();
    expect(cityProblem("KE", OTHER_CITY)).toBeUndefined();
    expect(cityProblem("UG", "Thika")).toBe(
      'Thika is in Kenya, not Uganda: choose a city in Uganda, or choose "Other (not listed)" and type it',
    );
    expect(cityProblem("KE", "Lagos")).toMatch(
      /^Lagos is in Nigeria, not Kenya: choose a town in Kenya/,
    );
    // An unknown value is not repeated back.
    expect(cityProblem("KE", "<b>Atlantis</b>")).toBe(
      'That town is not on the list for Kenya: choose a town in Kenya, or choose "Other (not listed)" and type it',
    );
  });

  it("stores a Kenyan town with its county, other places as given", () => {
    expect(storedCity("KE", "Thika")).toBe("Thika, Kiambu County");
    expect(storedCity("KE", "Nairobi")).toBe("Nairobi, Nairobi City County");
    expect(storedCity("UG", "Mbale")).toBe("Mbale");
    expect(storedCity("KE", OTHER_CITY, "  Kangari   Town ")).toBe("Kangari Town");
  });
});
