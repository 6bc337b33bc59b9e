/**
 * The merchant application form's schema: one zod schema for the browser (Conform's client
 * validation) and the server (the action). Isomorphic: no server imports.
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
import { messages } from "~/content/messages";
import { partiesListSchema, partiesSchema } from "~/core/kyb/party-schema";
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
export function registrationNumberProblem(value: string): string | undefined {
  if (value.length === 0) return "Registration number is required";
  if (value.length < REGISTRATION_MIN)
    return `Registration number must be at least ${REGISTRATION_MIN} characters`;
  if (value.length > limits.registrationNumber)
    return `Registration number must be at most ${limits.registrationNumber} characters`;
  if (!REGISTRATION_CHARACTERS.test(value))
    return "Registration number can only contain letters, digits, spaces and / - .";
  if (!/\d/.test(value))
    return "Enter the registration number from your certificate, such as PVT-AB1234CD";
  return undefined;
}

const registrationNumber = z
  .string({ required_error: "Registration number is required" })
  .transform(normalizeRegistrationNumber)
  .superRefine((value, context) => {
    const problem = registrationNumberProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

const dialCodeValues = new Set(countries.map((country) => country.dialCode));

function text(label: string, max: number) {
  return z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

function optionalText(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();
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

const fieldsSchema = z
  .object({
    businessName: text("Business name", limits.businessName),
    businessType: choice(businessTypes, "Choose your business type"),
    registrationNumber,
    contactName: text("Contact name", limits.contactName),
    email: text("Email address", limits.email).email("Enter a valid email address"),
    countryCode: z
      .string({ required_error: "Choose a dialling code" })
      .refine((value) => dialCodeValues.has(value), "Choose a dialling code from the list"),
    phone: text("Phone number", limits.phone).regex(
      PHONE_CHARACTERS,
      "Phone number can only contain digits, spaces, brackets and dashes",
    ),
    website: optionalText("Website", limits.website).refine(
      (value) => value === undefined || isWebAddress(value),
      "Enter a full web address, such as https://example.co.ke",
    ),
    businessAddress: optionalText("Business address", limits.businessAddress),
    country: z
      .string({ required_error: "Country of operation is required" })
      .refine((value) => findCountry(value) !== undefined, "Choose a country from the list"),
    city: z
      .string({ required_error: "Choose a city or town" })
      .trim()
      .min(1, "Choose a city or town"),
    /** The town typed when `city` is "Other (not listed)"; ignored otherwise. */
    otherCity: optionalText("Town or city", limits.otherCity),
    monthlyVolume: choice(monthlyVolumes, "Choose a monthly volume from the list").optional(),
    currentPaymentMethods: optionalText("Current payment methods", limits.currentPaymentMethods),
    integrationType: choice(
      integrationTypes,
      "Choose an integration type from the list",
    ).optional(),
    timeline: choice(timelines, "Choose a timeline from the list").optional(),
    /** Directors and beneficial owners (issue 31, item 6; ADR 0058). */
    parties: partiesSchema,
    // A field's own check (not the cross-field refinement below, which zod skips while a field is
    // missing): an empty form lists the terms among its problems.
    agreedToTerms: z
      .boolean({ required_error: messages.termsRequired.description })
      .refine((agreed) => agreed, messages.termsRequired.description),
    agreedToNewsletter: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    const candidates = countriesForDialCode(value.countryCode);
    const digits = nationalDigits(value.phone, value.countryCode);
    if (value.countryCode === KENYA_DIAL_CODE && PHONE_CHARACTERS.test(value.phone)) {
      // Kenya: the one phone parser (utils/phone.ts), as in Settings.
      const parsed = parseKenyanPhone(value.phone);
      if (!parsed.ok) context.addIssue({ code: "custom", path: ["phone"], message: parsed.error });
    } else if (candidates.length > 0 && /^\d+$/.test(digits)) {
      const fits = candidates.some(
        (c) => digits.length >= c.phoneDigits.min && digits.length <= c.phoneDigits.max,
      );
      if (!fits) {
        const { min, max } = candidates[0]!.phoneDigits;
        const expected = min === max ? `${min}` : `${min} to ${max}`;
        context.addIssue({
          code: "custom",
          path: ["phone"],
          message: `Enter a valid phone number for ${value.countryCode} (${expected} digits after the code)`,
        });
      }
    }
  });

/**
 * The place: the city must be in the chosen country, and "Other (not listed)" needs the town typed.
 * Checked on the raw strings beside the fields (a zod intersection), so these problems are listed
 * with every other one even while a required field is still empty.
 */
const placeSchema = z
  .object({
    country: z.string().optional(),
    city: z.string().trim().optional(),
    otherCity: z.string().trim().optional(),
  })
  .superRefine((value, context) => {
    if (value.country && value.city) {
      const cityIssue = cityProblem(value.country, value.city);
      if (cityIssue) context.addIssue({ code: "custom", path: ["city"], message: cityIssue });
    }
    if (value.city === OTHER_CITY) {
      if (!value.otherCity) {
        context.addIssue({
          code: "custom",
          path: ["otherCity"],
          message: "Type the name of your town or city",
        });
      } else if (!PLACE_CHARACTERS.test(value.otherCity)) {
        context.addIssue({
          code: "custom",
          path: ["otherCity"],
          message: "Town or city can only contain letters, digits, spaces and . , ' ( ) / -",
        });
      }
    }
  })
  // Adds no value of its own: the fields' values are `fieldsSchema`'s.
  .transform(() => ({}));

export const applicationSchema = z.intersection(
  z.intersection(fieldsSchema, placeSchema),
  partiesListSchema,
);

export type ApplicationInput = z.infer<typeof applicationSchema>;

/** E.164 form of the phone for storage: "+254712345678". */
export function e164(countryCode: string, phone: string): string {
  if (countryCode === KENYA_DIAL_CODE) {
    const parsed = parseKenyanPhone(phone);
    if (parsed.ok) return parsed.e164;
  }
  return `${countryCode}${nationalDigits(phone, countryCode)}`;
}
