import { describe, expect, it } from "vitest";
import { checkHoneypot, HONEYPOT_FIELD } from "./honeypot";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe("checkHoneypot", () => {
  it("a post without the hidden field, or with it empty, comes from a person", () => {
    expect(checkHoneypot(form({ email: "owner@shop.example" }))).toBe("person");
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: "" }))).toBe("person");
  });

  it("any value in the hidden field marks a bot", () => {
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: "+1 555 0100" }))).toBe("bot");
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: " " }))).toBe("bot");
  });

  it("checks another field name when a form uses one", () => {
    expect(checkHoneypot(form({ website: "x" }), "website")).toBe("bot");
    expect(checkHoneypot(form({ [HONEYPOT_FIELD]: "x" }), "website")).toBe("person");
  });
});
