/** Row ids: a prefix and 128 random bits, drawn from a buffered CSPRNG; never repeated. */
import { describe, expect, it } from "vitest";
import { newId, randomIdBytes } from "./ids.server";

describe("row ids", () => {
  it("are the prefix and 22 base64url characters, all different across pool refills", () => {
    const ids = Array.from({ length: 3000 }, () => newId("evt"));
    for (const id of ids) expect(id).toMatch(/^evt_[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never hand out the same bytes twice, even a slice that straddles a refill", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const bytes = randomIdBytes(9).toString("hex");
      expect(seen.has(bytes)).toBe(false);
      seen.add(bytes);
    }
  });
});
