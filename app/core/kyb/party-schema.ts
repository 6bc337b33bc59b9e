/**
 * The people behind a business (issue 31, item 6; ADR 0058): one zod schema for a director or a
 * beneficial owner, used by the application form (a list of them) and by Settings (one at a time),
 * in the browser and on the server. Isomorphic: no server imports.
 *
 * An owner holds 25% to 100% (entered as a percentage with up to two decimals, kept in basis
 * points); the owners' shares together are at most 100%. A director's share is not asked (a
 * director who also owns 25% or more is added again as an owner).
 */
import { z } from "zod";
import { findCountry } from "~/content/countries";
import { applicationMessages } from "~/i18n/catalogs/application";
import type { Translation } from "~/i18n/messages";
import { partyRoles, type PartyRole } from "./vocabulary";

export const partyLimits = {
  fullName: 100,
  idNumber: 30,
  sharePercent: 6,
  pepDetails: 300,
} as const;

/** How many people one application lists at most (directors and owners together). */
export const MAX_PARTIES = 8;
/** The smallest share that makes a beneficial owner, basis points (25%). */
export const OWNER_MIN_BPS = 2500;
export const FULL_BPS = 10_000;
/** Age a director or owner must have reached. */
export const MIN_PARTY_AGE = 18;

/** A person's messages in one language (`inLocale(applicationMessages, locale).party.errors`). */
export type PartyMessages = Translation<(typeof applicationMessages)["en"]["party"]["errors"]>;
/** The English: what Settings and existing callers say. */
const english = applicationMessages.en.party.errors;

export const partyRoleLabels: Record<PartyRole, string> = applicationMessages.en.party.roles;

const NAME_CHARACTERS = /^[\p{L}\p{M} .'’-]+$/u;
const ID_CHARACTERS = /^[A-Za-z0-9 /-]+$/;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "33.5" -> 3350 basis points; undefined when not a percentage with up to two decimals. */
export function percentToBps(value: string): number | undefined {
  const match = PERCENT.exec(value.trim().replace(/\s*%$/, ""));
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** 3350 -> "33.5". */
export function bpsToPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const fraction = bps % 100;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
}

/** Why a date of birth (YYYY-MM-DD) is refused on `today`, or undefined when it is fine. */
export function dateOfBirthProblem(
  value: string,
  today = new Date(),
  m: PartyMessages = english,
): string | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return m.dateOfBirthFull;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return m.dateOfBirthReal;
  const adult = Date.UTC(
    today.getUTCFullYear() - MIN_PARTY_AGE,
    today.getUTCMonth(),
    today.getUTCDate(),
  );
  if (date.getTime() > adult) return m.tooYoung(MIN_PARTY_AGE);
  if (year < today.getUTCFullYear() - 120) return m.dateOfBirthReal;
  return undefined;
}

/** The application's messages in one language (`inLocale(applicationMessages, locale)`). */
export type ApplicationText = Translation<(typeof applicationMessages)["en"]>;

function required(t: ApplicationText, label: string, max: number) {
  return z
    .string({ required_error: t.errors.required(label) })
    .trim()
    .min(1, t.errors.required(label))
    .max(max, t.errors.tooLong(label, max));
}

/**
 * One director or owner as typed, saying `t`'s messages; `partySchema` below is the English one
 * (Settings).
 */
export const partySchemaFor = (t: ApplicationText) => {
  const m = t.party.errors;
  return z
    .object({
      role: z.enum(partyRoles, { errorMap: () => ({ message: m.role }) }),
      fullName: required(t, t.party.fieldNames.fullName, partyLimits.fullName)
        .min(2, m.fullNameMin)
        .regex(NAME_CHARACTERS, m.fullNameCharacters),
      nationality: z
        .string({ required_error: m.nationalityRequired })
        .refine((value) => findCountry(value) !== undefined, m.nationalityList),
      idNumber: required(t, t.party.fieldNames.idNumber, partyLimits.idNumber)
        .min(3, m.idNumberMin)
        .regex(ID_CHARACTERS, m.idNumberCharacters)
        .transform((value) => value.toUpperCase()),
      dateOfBirth: z
        .string({ required_error: m.dateOfBirthRequired })
        .superRefine((value, context) => {
          const problem = dateOfBirthProblem(value, new Date(), m);
          if (problem) context.addIssue({ code: "custom", message: problem });
        }),
      sharePercent: z.string().trim().max(partyLimits.sharePercent, m.shareFormat).optional(),
      pep: z.boolean().optional(),
      pepDetails: z
        .string()
        .trim()
        .max(partyLimits.pepDetails, m.pepDetailsTooLong(partyLimits.pepDetails))
        .optional(),
    })
    .superRefine((value, context) => {
      if (value.role === "owner") {
        const bps = value.sharePercent ? percentToBps(value.sharePercent) : undefined;
        if (!value.sharePercent)
          context.addIssue({
            code: "custom",
            path: ["sharePercent"],
            message: m.shareRequired,
          });
        else if (bps === undefined || bps < OWNER_MIN_BPS || bps > FULL_BPS)
          context.addIssue({
            code: "custom",
            path: ["sharePercent"],
            message: m.shareRange,
          });
      }
      if (value.pep && !value.pepDetails)
        context.addIssue({
          code: "custom",
          path: ["pepDetails"],
          message: m.pepDetailsRequired,
        });
    })
    .transform((value) => ({
      role: value.role,
      fullName: value.fullName,
      nationality: value.nationality,
      idNumber: value.idNumber,
      dateOfBirth: value.dateOfBirth,
      ownershipBps:
        value.role === "owner" && value.sharePercent
          ? (percentToBps(value.sharePercent) ?? null)
          : null,
      pep: value.pep === true,
      pepDetails: value.pep ? (value.pepDetails ?? null) : null,
    }));
};

/** One director or owner as typed, in English. */
export const partySchema = partySchemaFor(applicationMessages.en);

export type PartyInput = z.output<typeof partySchema>;

/** Why a set of parties is refused as a whole (at least one director, shares up to 100%). */
export function partiesProblem(
  parties: readonly Pick<PartyInput, "role" | "ownershipBps">[],
  m: PartyMessages = english,
): string | undefined {
  const total = parties.reduce((sum, party) => sum + (party.ownershipBps ?? 0), 0);
  if (total > FULL_BPS) return m.sharesOver;
  if (!parties.some((party) => party.role === "director")) return m.noDirector;
  return undefined;
}

/** The application's people, each checked on its own (the list as a whole: partiesListSchema). */
export const partiesSchemaFor = (t: ApplicationText) =>
  z.array(partySchemaFor(t)).max(MAX_PARTIES, t.party.errors.tooMany(MAX_PARTIES));

export const partiesSchema = partiesSchemaFor(applicationMessages.en);

/**
 * The list as a whole (at least one director, the owners' shares at most 100%), checked on the raw
 * strings beside the people (a zod intersection), so that these problems are listed with every
 * other one even while a person's own fields are still wrong. Adds no value of its own.
 */
export const partiesListSchemaFor = (m: PartyMessages) =>
  z
    // Unknown (not a second shape of the people): the form's types stay the people's own.
    .object({ parties: z.unknown() })
    .superRefine((value, context) => {
      const raw: unknown[] = Array.isArray(value.parties) ? value.parties : [];
      const field = (party: unknown, name: string) => {
        const item =
          party && typeof party === "object" ? (party as Record<string, unknown>)[name] : "";
        return typeof item === "string" ? item : "";
      };
      const problem = partiesProblem(
        raw.map((party) => {
          const role = field(party, "role");
          const share = field(party, "sharePercent");
          return {
            // Anything but a director counts as not one (an unchosen role is its own problem).
            role: role === "director" ? ("director" as const) : ("owner" as const),
            ownershipBps: role === "owner" && share ? (percentToBps(share) ?? 0) : null,
          };
        }),
        m,
      );
      if (problem) context.addIssue({ code: "custom", path: ["parties"], message: problem });
    })
    .transform(() => ({}));

export const partiesListSchema = partiesListSchemaFor(english);
