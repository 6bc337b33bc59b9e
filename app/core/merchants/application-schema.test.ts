import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { validApplication } from "../../../tests/fixtures/application";
import { applicationSchema, e164 } from "./application-schema";

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  return parseWithZod(formData, { schema: applicationSchema });
}

function errorsOf(fields: Record<string, string>) {
  const result = parse(fields);
  return result.status === "success" ? {} : (result.reply().error ?? {});
}

describe("application schema", () => {
  it("accepts a complete application and normalises the phone", () => {
    const result = parse(validApplication);
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(e164(result.value.countryCode, result.value.phone)).toBe("+254712345678");
  });

  it("names every missing required field", () => {
    const errors = errorsOf({});
    expect(errors.businessName).toEqual(["Business name is required"]);
    expect(errors.businessType).toEqual(["Choose your business type"]);
    expect(errors.contactName).toEqual(["Contact name is required"]);
    expect(errors.email).toEqual(["Email address is required"]);
    expect(errors.phone).toEqual(["Phone number is required"]);
    expect(errors.country).toEqual(["Country of operation is required"]);
    expect(errors.city).toEqual(["Choose a city or town"]);
    // The terms are one of the problems, not only a toast.
    expect(errors.agreedToTerms).toEqual(["Please agree to the terms and conditions to continue."]);
  });

  it("rejects over-long fields", () => {
    const errors = errorsOf({
      ...validApplication,
      businessName: "x".repeat(121),
      currentPaymentMethods: "y".repeat(501),
    });
    expect(errors.businessName).toEqual(["Business name must be at most 120 characters"]);
    expect(errors.currentPaymentMethods).toEqual([
      "Current payment methods must be at most 500 characters",
    ]);
  });

  it("rejects a city that is not in the chosen country, even while other fields are missing", () => {
    const message =
      'Mombasa is in Kenya, not Uganda: choose a city in Uganda, or choose "Other (not listed)" and type it';
    expect(errorsOf({ ...validApplication, country: "UG", city: "Mombasa" }).city).toEqual([
      message,
    ]);
    const partial = errorsOf({ country: "UG", city: "Mombasa" });
    expect(partial.city).toEqual([message]);
    expect(partial.businessName).toEqual(["Business name is required"]);
  });

  it("takes any Kenyan county's town: Thika, Nyeri", () => {
    expect(parse({ ...validApplication, city: "Thika" }).status).toBe("success");
    expect(parse({ ...validApplication, city: "Nyeri" }).status).toBe("success");
  });

  it("'Other (not listed)' needs the town typed, at most 80 characters of a place name", () => {
    expect(errorsOf({ ...validApplication, city: "other" }).otherCity).toEqual([
      "Type the name of your town or city",
    ]);
    expect(errorsOf({ city: "other" }).otherCity).toEqual(["Type the name of your town or city"]);
    expect(errorsOf({ ...validApplication, city: "other", otherCity: "x".repeat(81) })).toEqual({
      otherCity: ["Town or city must be at most 80 characters"],
    });
    expect(
      errorsOf({ ...validApplication, city: "other", otherCity: "<b>Kangari</b>" }).otherCity,
    ).toEqual(["Town or city can only contain letters, digits, spaces and . , ' ( ) / -"]);
    const result = parse({ ...validApplication, city: "other", otherCity: "Kang'ari Mjini" });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.otherCity).toBe("Kang'ari Mjini");
    // Typed under another choice, it is ignored.
    expect(parse({ ...validApplication, city: "Thika", otherCity: "<b>" }).status).toBe("success");
  });

  it("rejects option values that are not in the lists", () => {
    const errors = errorsOf({
      ...validApplication,
      businessType: "casino",
      monthlyVolume: "a-lot",
      timeline: "never",
      integrationType: "fax",
      country: "XX",
    });
    expect(errors.businessType).toEqual(["Choose your business type"]);
    expect(errors.monthlyVolume).toEqual(["Choose a monthly volume from the list"]);
    expect(errors.timeline).toEqual(["Choose a timeline from the list"]);
    expect(errors.integrationType).toEqual(["Choose an integration type from the list"]);
    expect(errors.country).toEqual(["Choose a country from the list"]);
  });

  it("rejects a phone with letters, and one of the wrong length for its dialling code", () => {
    expect(errorsOf({ ...validApplication, phone: "07I2 345 678" }).phone).toEqual([
      "Phone number can only contain digits, spaces, brackets and dashes",
    ]);
    expect(errorsOf({ ...validApplication, phone: "712 345" }).phone).toEqual([
      "Enter a Kenyan mobile number, such as 0712 345 678",
    ]);
    expect(errorsOf({ ...validApplication, countryCode: "+256", phone: "712 345" }).phone).toEqual([
      "Enter a valid phone number for +256 (9 digits after the code)",
    ]);
    expect(
      errorsOf({ ...validApplication, countryCode: "+1", phone: "415 555 0100" }).phone,
    ).toBeUndefined();
    expect(errorsOf({ ...validApplication, countryCode: "+999" }).countryCode).toEqual([
      "Choose a dialling code from the list",
    ]);
  });

  // Issue 11 item 10: with +254 selected the form takes every form Settings takes (one parser).
  it.each([
    "0712345678",
    "0712 345 678",
    "712-345-678",
    "254712345678",
    "+254712345678",
    "+254 712 345 678",
    "254 712-345-678",
  ])("accepts the Kenyan number %j with +254 selected and stores E.164", (phone) => {
    const result = parse({ ...validApplication, countryCode: "+254", phone });
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(e164(result.value.countryCode, result.value.phone)).toBe("+254712345678");
  });

  it("accepts 01XX numbers and rejects bad Kenyan numbers with one message", () => {
    const result = parse({ ...validApplication, phone: "0112 345 678" });
    expect(result.status === "success" && e164("+254", result.value.phone)).toBe("+254112345678");
    for (const phone of ["0712 345 6789", "+1 415 555 0100", "255712345678", "0712"]) {
      expect(errorsOf({ ...validApplication, phone }).phone).toEqual([
        "Enter a Kenyan mobile number, such as 0712 345 678",
      ]);
    }
  });

  it("takes another country's number with or without its code typed", () => {
    for (const phone of ["415 555 0100", "+1 415 555 0100", "001-415-555-0100"]) {
      const result = parse({ ...validApplication, countryCode: "+1", phone });
      expect(result.status === "success" && e164("+1", result.value.phone)).toBe("+14155550100");
    }
  });

  it("rejects e-mails and websites that are not real addresses", () => {
    expect(errorsOf({ ...validApplication, email: "not-an-email" }).email).toEqual([
      "Enter a valid email address",
    ]);
    expect(errorsOf({ ...validApplication, website: "javascript:alert(1)" }).website).toBeDefined();
    expect(errorsOf({ ...validApplication, website: "savannah.example" }).website).toEqual([
      "Enter a full web address, such as https://example.co.ke",
    ]);
  });

  it("requires agreement to the terms", () => {
    const { agreedToTerms: _omit, ...rest } = validApplication;
    expect(errorsOf(rest).agreedToTerms).toEqual([
      "Please agree to the terms and conditions to continue.",
    ]);
  });
});

describe("registration number", () => {
  function registration(value: string | undefined) {
    const fields: Record<string, string> = { ...validApplication };
    if (value === undefined) delete fields.registrationNumber;
    else fields.registrationNumber = value;
    const result = parse(fields);
    return result.status === "success"
      ? { value: result.value.registrationNumber }
      : { errors: result.reply().error?.registrationNumber };
  }

  it("accepts the Kenyan forms and stores them upper case", () => {
    expect(registration("PVT-AB1234CD")).toEqual({ value: "PVT-AB1234CD" });
    expect(registration("bn-ab1234cd")).toEqual({ value: "BN-AB1234CD" });
    expect(registration(" CPR/2015/123456 ")).toEqual({ value: "CPR/2015/123456" });
    expect(registration("c.123456")).toEqual({ value: "C.123456" });
    expect(registration("PVT  AB1234CD")).toEqual({ value: "PVT AB1234CD" });
  });

  it("is required", () => {
    expect(registration(undefined)).toEqual({ errors: ["Registration number is required"] });
    expect(registration("   ")).toEqual({ errors: ["Registration number is required"] });
  });

  it("refuses too short, too long, other characters and numbers without digits", () => {
    expect(registration("C1")).toEqual({
      errors: ["Registration number must be at least 3 characters"],
    });
    expect(registration(`PVT-${"1".repeat(37)}`)).toEqual({
      errors: ["Registration number must be at most 40 characters"],
    });
    expect(registration("PVT_AB1234<CD>")).toEqual({
      errors: ["Registration number can only contain letters, digits, spaces and / - ."],
    });
    expect(registration("none")).toEqual({
      errors: ["Enter the registration number from your certificate, such as PVT-AB1234CD"],
    });
  });
});
