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
    expect(errors.city).toEqual(["City is required"]);
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

  it("rejects a city that is not in the chosen country", () => {
    expect(errorsOf({ ...validApplication, country: "UG", city: "Mombasa" }).city).toEqual([
      "Choose a city in Uganda",
    ]);
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
      "Enter a valid phone number for +254 (9 digits after the code)",
    ]);
    expect(
      errorsOf({ ...validApplication, countryCode: "+1", phone: "415 555 0100" }).phone,
    ).toBeUndefined();
    expect(errorsOf({ ...validApplication, countryCode: "+999" }).countryCode).toEqual([
      "Choose a dialling code from the list",
    ]);
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
