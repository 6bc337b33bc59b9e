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

export const partyRoleLabels: Record<PartyRole, string> = {
  director: "Director",
  owner: "Beneficial owner (25% or more)",
};

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
export function dateOfBirthProblem(value: string, today = new Date()): string | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return "Enter the date of birth as a full date";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return "Enter a real date of birth";
  const adult = Date.UTC(
    today.getUTCFullYear() - MIN_PARTY_AGE,
    today.getUTCMonth(),
    today.getUTCDate(),
  );
  if (date.getTime() > adult) return `A director or owner must be at least ${MIN_PARTY_AGE}`;
  if (year < today.getUTCFullYear() - 120) return "Enter a real date of birth";
  return undefined;
}

function required(label: string, max: number) {
  return z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** One director or owner as typed. */
export const partySchema = z
  .object({
    role: z.enum(partyRoles, { errorMap: () => ({ message: "Choose director or owner" }) }),
    fullName: required("Full name", partyLimits.fullName)
      .min(2, "Enter the full name as on the ID or passport")
      .regex(NAME_CHARACTERS, "Full name can only contain letters, spaces and . ' -"),
    nationality: z
      .string({ required_error: "Choose a nationality" })
      .refine((value) => findCountry(value) !== undefined, "Choose a nationality from the list"),
    idNumber: required("ID or passport number", partyLimits.idNumber)
      .min(3, "ID or passport number must be at least 3 characters")
      .regex(
        ID_CHARACTERS,
        "ID or passport number can only contain letters, digits, spaces, / and -",
      )
      .transform((value) => value.toUpperCase()),
    dateOfBirth: z
      .string({ required_error: "Date of birth is required" })
      .superRefine((value, context) => {
        const problem = dateOfBirthProblem(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    sharePercent: z
      .string()
      .trim()
      .max(partyLimits.sharePercent, "Enter the share as a percentage, such as 40")
      .optional(),
    pep: z.boolean().optional(),
    pepDetails: z
      .string()
      .trim()
      .max(partyLimits.pepDetails, `Details must be at most ${partyLimits.pepDetails} characters`)
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.role === "owner") {
      const bps = value.sharePercent ? percentToBps(value.sharePercent) : undefined;
      if (!value.sharePercent)
        context.addIssue({
          code: "custom",
          path: ["sharePercent"],
          message: "Enter the owner's share, 25% or more",
        });
      else if (bps === undefined || bps < OWNER_MIN_BPS || bps > FULL_BPS)
        context.addIssue({
          code: "custom",
          path: ["sharePercent"],
          message: "An owner's share is between 25% and 100%",
        });
    }
    if (value.pep && !value.pepDetails)
      context.addIssue({
        code: "custom",
        path: ["pepDetails"],
        message: "Say which public position is held, by whom, and when",
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

export type PartyInput = z.output<typeof partySchema>;

/** Why a set of parties is refused as a whole (at least one director, shares up to 100%). */
export function partiesProblem(
  parties: readonly Pick<PartyInput, "role" | "ownershipBps">[],
): string | undefined {
  const total = parties.reduce((sum, party) => sum + (party.ownershipBps ?? 0), 0);
  if (total > FULL_BPS) return "The owners' shares add up to more than 100%";
  if (!parties.some((party) => party.role === "director")) return "Add at least one director";
  return undefined;
}

/** The application's people, each checked on its own (the list as a whole: partiesListSchema). */
export const partiesSchema = z
  .array(partySchema)
  .max(MAX_PARTIES, `List at most ${MAX_PARTIES} people`);

/**
 * The list as a whole (at least one director, the owners' shares at most 100%), checked on the raw
 * strings beside the people (a zod intersection), so that these problems are listed with every
 * other one even while a person's own fields are still wrong. Adds no value of its own.
 */
export const partiesListSchema = z
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
    );
    if (problem) context.addIssue({ code: "custom", path: ["parties"], message: problem });
  })
  .transform(() => ({}));
