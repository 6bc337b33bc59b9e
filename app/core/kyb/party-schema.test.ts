/**
 * Directors and owners as typed (issue 31, item 6; ADR 0058): what the application and Settings
 * accept and refuse, with the messages the applicant sees.
 */
import { describe, expect, it } from "vitest";
import {
  bpsToPercent,
  dateOfBirthProblem,
  partiesListSchema,
  partiesSchema,
  partySchema,
  percentToBps,
} from "./party-schema";

const director = {
  role: "director",
  fullName: "Achieng Otieno",
  nationality: "KE",
  idNumber: "23456789",
  dateOfBirth: "1986-04-12",
};
const owner = { ...director, role: "owner", fullName: "Baraka Mwangi", sharePercent: "60" };

function problems(value: unknown): Record<string, string> {
  const result = partySchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("a party", () => {
  it("is kept with its share in basis points and its ID in capitals", () => {
    expect(
      partySchema.parse({ ...owner, sharePercent: "33.5", idNumber: "ak123456" }),
    ).toMatchObject({
      role: "owner",
      ownershipBps: 3350,
      idNumber: "AK123456",
      pep: false,
      pepDetails: null,
    });
    expect(partySchema.parse(director).ownershipBps).toBeNull();
  });

  it("as an owner needs a share between 25% and 100%", () => {
    expect(problems({ ...owner, sharePercent: undefined })).toEqual({
      sharePercent: "Enter the owner's share, 25% or more",
    });
    expect(problems({ ...owner, sharePercent: "24.99" })).toEqual({
      sharePercent: "An owner's share is between 25% and 100%",
    });
    expect(problems({ ...owner, sharePercent: "100.01" })).toEqual({
      sharePercent: "An owner's share is between 25% and 100%",
    });
    expect(problems({ ...owner, sharePercent: "forty" })).toEqual({
      sharePercent: "An owner's share is between 25% and 100%",
    });
    expect(problems({ ...owner, sharePercent: "25" })).toEqual({});
  });

  it("declared a PEP needs the details", () => {
    expect(problems({ ...director, pep: true })).toEqual({
      pepDetails: "Say which public position is held, by whom, and when",
    });
    expect(
      partySchema.parse({
        ...director,
        pep: true,
        pepDetails: "Member of County Assembly, 2017-2022",
      }),
    ).toMatchObject({ pep: true, pepDetails: "Member of County Assembly, 2017-2022" });
  });

  it("refuses a minor, an impossible date, a made-up nationality and odd characters", () => {
    const year = new Date().getUTCFullYear();
    expect(dateOfBirthProblem(`${year - 10}-01-01`)).toBe(
      "A director or owner must be at least 18",
    );
    expect(dateOfBirthProblem("1990-02-30")).toBe("Enter a real date of birth");
    expect(problems({ ...director, nationality: "XX" })).toEqual({
      nationality: "Choose a nationality from the list",
    });
    expect(problems({ ...director, fullName: "<script>" })).toEqual({
      fullName: "Full name can only contain letters, spaces and . ' -",
    });
  });
});

describe("the application's list", () => {
  /** The people's own problems and the list's (the application checks both). */
  const listProblem = (value: unknown) => {
    const issues = [
      ...(partiesSchema.safeParse(value).error?.issues ?? []),
      ...(partiesListSchema.safeParse({ parties: value }).error?.issues ?? []),
    ];
    return issues.length === 0 ? undefined : issues.map((issue) => issue.message);
  };

  it("needs at least one director", () => {
    expect(listProblem([owner])).toEqual(["Add at least one director"]);
    expect(partiesListSchema.safeParse({}).error?.issues[0]?.message).toBe(
      "Add at least one director",
    );
    // An owner with a wrong share and no director: both problems at once.
    expect(listProblem([{ ...owner, sharePercent: "10" }])).toEqual([
      "An owner's share is between 25% and 100%",
      "Add at least one director",
    ]);
    expect(listProblem([director, owner])).toBeUndefined();
  });

  it("keeps the owners' shares at 100% or less, and at most eight people", () => {
    expect(listProblem([director, owner, { ...owner, sharePercent: "41" }])).toEqual([
      "The owners' shares add up to more than 100%",
    ]);
    expect(listProblem([director, owner, { ...owner, sharePercent: "40" }])).toBeUndefined();
    expect(
      partiesSchema
        .safeParse(Array.from({ length: 9 }, () => director))
        .error?.issues.map((issue) => issue.message),
    ).toEqual(["List at most 8 people"]);
  });

  it("percentages round-trip through basis points", () => {
    expect(percentToBps("25%")).toBe(2500);
    expect(percentToBps("12.345")).toBeUndefined();
    expect(bpsToPercent(3350)).toBe("33.5");
    expect(bpsToPercent(2505)).toBe("25.05");
    expect(bpsToPercent(10_000)).toBe("100");
  });
});
