import { describe, expect, it } from "vitest";
import { addressLine } from "./address";

describe("a statement's address line", () => {
  it("names each place once", () => {
    expect(addressLine(["Moi Avenue, Nairobi", "Nairobi", "KE"])).toBe("Moi Avenue, Nairobi, KE");
    expect(addressLine(["Moi Avenue\nnairobi ", "Nairobi, Nairobi City County", "KE"])).toBe(
      "Moi Avenue, nairobi, Nairobi City County, KE",
    );
  });

  it("leaves out what is missing", () => {
    expect(addressLine([null, "Thika, Kiambu County", undefined])).toBe("Thika, Kiambu County");
    expect(addressLine([null, null, null])).toBe("");
  });
});
