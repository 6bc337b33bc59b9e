/**
 * Where an applicant's business is: a country, then a city or town from that country's list, or
 * "Other" with the town typed. Kenya's towns come grouped by county (kenya-counties.ts). One
 * module for the form's choices, the schema's checks and what is stored in the `city` column.
 */
import { applicationMessages } from "~/i18n/catalogs/application";
import type { Translation } from "~/i18n/messages";
import { countries, findCountry } from "./countries";
import { countyLabel, kenyaCountiesByName, kenyaCountyOf } from "./kenya-counties";

/** The place's words in one language (`inLocale(applicationMessages, locale).location`). */
export type LocationMessages = Translation<(typeof applicationMessages)["en"]["location"]>;

/** The "City / town" option for a place not in the list: its name goes in `otherCity`. */
export const OTHER_CITY = "other";
export const OTHER_CITY_LABEL = applicationMessages.en.location.otherCity;
/** The most characters a typed town name may have. */
export const OTHER_CITY_MAX = 80;

export type CityOption = { value: string; label: string };
export type CityGroup = { label: string; options: readonly CityOption[] };

/**
 * The "City / town" select's options for a country: Kenya's towns grouped by county (A to Z),
 * another country's cities as one group without a label (not an `<optgroup>`); "Other" last,
 * ungrouped. Empty without a country.
 */
export function cityChoices(
  countryCode: string,
  m: LocationMessages = applicationMessages.en.location,
): readonly CityGroup[] {
  const country = findCountry(countryCode);
  if (!country) return [];
  const other: CityGroup = { label: "", options: [{ value: OTHER_CITY, label: m.otherCity }] };
  if (country.code === "KE") {
    return [
      ...kenyaCountiesByName.map((county) => ({
        // The stored place keeps the English county (storedCity); the list says it in `m`.
        label: county.code === 47 ? m.nairobiCounty : m.county(county.name),
        options: county.towns.map((town) => ({ value: town, label: town })),
      })),
      other,
    ];
  }
  return [
    { label: "", options: country.cities.map((city) => ({ value: city, label: city })) },
    other,
  ];
}

/**
 * Why the city does not fit the country, or undefined when it does. Names the city only when it is
 * on another country's list (what a browser without JavaScript sends after a change of country):
 * never echoes an arbitrary value.
 */
export function cityProblem(
  countryCode: string,
  city: string,
  m: LocationMessages = applicationMessages.en.location,
  nameOf: (country: { code: string; name: string }) => string = (country) => country.name,
): string | undefined {
  const country = findCountry(countryCode);
  if (!country || city === OTHER_CITY || country.cities.includes(city)) return undefined;
  const noun = country.code === "KE" ? m.town : m.city;
  const choose = m.choose(noun, nameOf(country), m.otherCity);
  const elsewhere = countries.find((other) => other.cities.includes(city));
  return elsewhere
    ? m.elsewhere(city, nameOf(elsewhere), nameOf(country), choose)
    : m.notListed(noun, nameOf(country), choose);
}

/**
 * The place as stored in the application's `city` column: a Kenyan town with its county
 * ("Thika, Kiambu County"), another country's city as it is, or the town typed under "Other".
 */
export function storedCity(countryCode: string, city: string, otherCity?: string): string {
  if (city === OTHER_CITY) return (otherCity ?? "").trim().replace(/\s+/g, " ");
  const county = findCountry(countryCode)?.code === "KE" ? kenyaCountyOf(city) : undefined;
  return county ? `${city}, ${countyLabel(county)}` : city;
}
