/**
 * Country names as Kiswahili writes them (issue 33), for the application form's country and
 * nationality lists and its place messages. Only the names that differ: Kenya, Uganda, Tanzania,
 * Ghana and most others are written the same, and fall back to the English name.
 */
import type { Locale } from "./locales";

const SWAHILI_NAMES: Readonly<Record<string, string>> = {
  DZ: "Aljeria",
  BR: "Brazili",
  CM: "Kamerun",
  CA: "Kanada",
  CD: "Jamhuri ya Kidemokrasia ya Kongo",
  DJ: "Jibuti",
  EG: "Misri",
  FR: "Ufaransa",
  DE: "Ujerumani",
  IT: "Italia",
  JP: "Japani",
  MU: "Morisi",
  MA: "Moroko",
  MZ: "Msumbiji",
  NL: "Uholanzi",
  QA: "Katari",
  SA: "Saudia",
  ZA: "Afrika Kusini",
  KR: "Korea Kusini",
  SS: "Sudan Kusini",
  CH: "Uswisi",
  TR: "Uturuki",
  AE: "Falme za Kiarabu",
  GB: "Uingereza",
  US: "Marekani",
};

/** A country's name in `locale` (the English name where Kiswahili writes it the same). */
export function countryNameIn(country: { code: string; name: string }, locale: Locale): string {
  return locale === "sw" ? (SWAHILI_NAMES[country.code] ?? country.name) : country.name;
}

/** Countries in `locale`'s alphabetical order, each with its name in `locale`. */
export function countriesIn<C extends { code: string; name: string }>(
  list: readonly C[],
  locale: Locale,
): (C & { localName: string })[] {
  const named = list.map((country) => ({ ...country, localName: countryNameIn(country, locale) }));
  // English keeps the list's own order; Kiswahili sorts by the Kiswahili names.
  return locale === "en"
    ? named
    : named.sort((a, b) => a.localName.localeCompare(b.localName, "sw"));
}
