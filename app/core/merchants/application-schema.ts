/**
 * The merchant application form's schema: one zod schema for the browser (Conform's client
 * validation) and the server (the action). Isomorphic: no server imports. Its messages are in the
 * page's language (issue 33): `buildApplicationSchema(inLocale(applicationMessages, locale))` on
 * the server, `buildApplicationSchema(useMessages(applicationMessages))` in the browser;
 * `applicationSchema` is the English one.
 */
import { z } from "zod";
import {
  businessTypes,
  integrationTypes,
  monthlyVolumes,
  optionValues,
  timelines,
} from "~/content/application-options";
import { cityProblem, OTHER_CITY, OTHER_CITY_MAX } from "~/content/application-location";
import { countries, findCountry, type Country } from "~/content/countries";
import {
  partiesListSchemaFor,
  partiesSchemaFor,
  type ApplicationText,
} from "~/core/kyb/party-schema";
import { applicationMessages } from "~/i18n/catalogs/application";
import { countryNameIn } from "~/i18n/country-names";
import type { Locale } from "~/i18n/locales";
import { parseKenyanPhone } from "~/utils/phone";

const KENYA_DIAL_CODE = "+254";
/** What a phone field may hold: digits, spaces, brackets, dashes, dots and a leading "+". */
const PHONE_CHARACTERS = /^\+?[0-9\s().-]+$/;

export const limits = {
  businessName: 120,
  registrationNumber: 40,
  contactName: 100,
  email: 254,
  phone: 20,
  website: 200,
  businessAddress: 300,
  currentPaymentMethods: 500,
  otherCity: OTHER_CITY_MAX,
} as const;

/** What a typed town name may hold: letters (any script), digits, spaces and . , ' ’ ( ) / -. */
const PLACE_CHARACTERS = /^[\p{L}\p{M}0-9 .,'’()/-]+$/u;

/**
 * A Kenyan business registration number as the certificate shows it: "PVT-AB1234CD" (companies),
 * "BN-AB1234CD" (business names), older "CPR/2015/123456" or "C.123456". Letters, digits, "/", "-",
 * "." and spaces, with at least one digit.
 */
const REGISTRATION_CHARACTERS = /^[A-Za-z0-9/.\- ]+$/;
export const REGISTRATION_MIN = 3;

/** Upper case, trimmed, runs of spaces as one: "  pvt-ab1234cd " -> "PVT-AB1234CD". */
export function normalizeRegistrationNumber(value: string): string {
  return value.trim().replace(/\s+/g, " ").toUpperCase();
}

/** Why a (normalised) registration number is refused, or undefined when it is fine. */
export function registrationNumberProblem(
  value: string,
  m: ApplicationText["errors"]["registration"] = applicationMessages.en.errors.registration,
): string | undefined {
  if (value.length === 0) return m.required;
  if (value.length < REGISTRATION_MIN) return m.tooShort(REGISTRATION_MIN);
  if (value.length > limits.registrationNumber) return m.tooLong(limits.registrationNumber);
  if (!REGISTRATION_CHARACTERS.test(value)) return m.characters;
  if (!/\d/.test(value)) return m.noDigit;
  return undefined;
}

const registrationNumberFor = (m: ApplicationText["errors"]["registration"]) =>
  z
    .string({ required_error: m.required })
    .transform(normalizeRegistrationNumber)
    .superRefine((value, context) => {
      const problem = registrationNumberProblem(value, m);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });

const dialCodeValues = new Set(countries.map((country) => country.dialCode));

type Errors = ApplicationText["errors"];

function text(m: Errors, label: string, max: number) {
  return z
    .string({ required_error: m.required(label) })
    .trim()
    .min(1, m.required(label))
    .max(max, m.tooLong(label, max));
}

function optionalText(m: Errors, label: string, max: number) {
  return z.string().trim().max(max, m.tooLong(label, max)).optional();
}

function choice<const T extends readonly { value: string; label: string }[]>(
  options: T,
  message: string,
) {
  return z.enum(optionValues(options), { errorMap: () => ({ message }) });
}

/** An http(s) address with a real-looking host name. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * Digits of a phone number after its dialling code, as typed: spaces, dashes, dots, brackets, one
 * leading trunk 0 and the dialling code itself ("+1 415…", "001 415…") allowed.
 */
export function nationalDigits(phone: string, dialCode = ""): string {
  const compact = phone.replace(/[\s().-]/g, "");
  const code = dialCode.replace(/^\+/, "");
  if (code && compact.startsWith(`+${code}`)) return compact.slice(code.length + 1);
  if (code && compact.startsWith(`00${code}`)) return compact.slice(code.length + 2);
  return compact.replace(/^0/, "");
}

/** The countries sharing a dialling code (+1: United States and Canada). */
export function countriesForDialCode(dialCode: string): Country[] {
  return countries.filter((country) => country.dialCode === dialCode);
}

/** The application's schema saying `t`'s messages in `locale` (the page's language). */
export function buildApplicationSchema(t: ApplicationText, locale: Locale = "en") {
  const m = t.errors;
  const f = m.fields;
  const fieldsSchema = z
    .object({
      businessName: text(m, f.businessName, limits.businessName),
      businessType: choice(businessTypes, m.businessType),
      registrationNumber: registrationNumberFor(m.registration),
      contactName: text(m, f.contactName, limits.contactName),
      email: text(m, f.email, limits.email).email(m.email),
      countryCode: z
        .string({ required_error: m.countryCodeRequired })
        .refine((value) => dialCodeValues.has(value), m.countryCodeList),
      phone: text(m, f.phone, limits.phone).regex(PHONE_CHARACTERS, m.phoneCharacters),
      website: optionalText(m, f.website, limits.website).refine(
        (value) => value === undefined || isWebAddress(value),
        m.website,
      ),
      businessAddress: optionalText(m, f.businessAddress, limits.businessAddress),
      country: z
        .string({ required_error: m.countryRequired })
        .refine((value) => findCountry(value) !== undefined, m.countryList),
      city: z.string({ required_error: m.city }).trim().min(1, m.city),
      /** The town typed when `city` is "Other (not listed)"; ignored otherwise. */
      otherCity: optionalText(m, f.otherCity, limits.otherCity),
      monthlyVolume: choice(monthlyVolumes, m.monthlyVolume).optional(),
      currentPaymentMethods: optionalText(m, f.currentPaymentMethods, limits.currentPaymentMethods),
      integrationType: choice(integrationTypes, m.integrationType).optional(),
      timeline: choice(timelines, m.timeline).optional(),
      /** Directors and beneficial owners (issue 31, item 6; ADR 0058). */
      parties: partiesSchemaFor(t),
      // A field's own check (not the cross-field refinement below, which zod skips while a field is
      // missing): an empty form lists the terms among its problems.
      agreedToTerms: z.boolean({ required_error: m.terms }).refine((agreed) => agreed, m.terms),
      agreedToNewsletter: z.boolean().optional(),
    })
    .superRefine((value, context) => {
      const candidates = countriesForDialCode(value.countryCode);
      const digits = nationalDigits(value.phone, value.countryCode);
      if (value.countryCode === KENYA_DIAL_CODE && PHONE_CHARACTERS.test(value.phone)) {
        // Kenya: the one phone parser (utils/phone.ts), as in Settings.
        const parsed = parseKenyanPhone(value.phone);
        if (!parsed.ok)
          context.addIssue({ code: "custom", path: ["phone"], message: m.kenyanPhone });
      } else if (candidates.length > 0 && /^\d+$/.test(digits)) {
        const fits = candidates.some(
          (c) => digits.length >= c.phoneDigits.min && digits.length <= c.phoneDigits.max,
        );
        if (!fits) {
          const { min, max } = candidates[0]!.phoneDigits;
          const expected = min === max ? `${min}` : m.digitRange(min, max);
          context.addIssue({
            code: "custom",
            path: ["phone"],
            message: m.phoneDigits(value.countryCode, expected),
          });
        }
      }
    });

  /**
   * The place: the city must be in the chosen country, and "Other (not listed)" needs the town
   * typed. Checked on the raw strings beside the fields (a zod intersection), so these problems are
   * listed with every other one even while a required field is still empty.
   */
  const placeSchema = z
    .object({
      country: z.string().optional(),
      city: z.string().trim().optional(),
      otherCity: z.string().trim().optional(),
    })
    .superRefine((value, context) => {
      if (value.country && value.city) {
        const cityIssue = cityProblem(value.country, value.city, t.location, (country) =>
          countryNameIn(country, locale),
        );
        if (cityIssue) context.addIssue({ code: "custom", path: ["city"], message: cityIssue });
      }
      if (value.city === OTHER_CITY) {
        if (!value.otherCity) {
          context.addIssue({
            code: "custom",
            path: ["otherCity"],
            message: m.otherCityRequired,
          });
        } else if (!PLACE_CHARACTERS.test(value.otherCity)) {
          context.addIssue({
            code: "custom",
            path: ["otherCity"],
            message: m.otherCityCharacters,
          });
        }
      }
    })
    // Adds no value of its own: the fields' values are `fieldsSchema`'s.
    .transform(() => ({}));

  return z.intersection(
    z.intersection(fieldsSchema, placeSchema),
    partiesListSchemaFor(t.party.errors),
  );
}

/** The schema in English (tests, tools, anything without a page language). */
export const applicationSchema = buildApplicationSchema(applicationMessages.en);

export type ApplicationInput = z.infer<typeof applicationSchema>;

/** E.164 form of the phone for storage: "+254712345678". */
export function e164(countryCode: string, phone: string): string {
  if (countryCode === KENYA_DIAL_CODE) {
    const parsed = parseKenyanPhone(phone);
    if (parsed.ok) return parsed.e164;
  }
  return `${countryCode}${nationalDigits(phone, countryCode)}`;
}
