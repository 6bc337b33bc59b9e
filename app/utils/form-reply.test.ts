import { describe, expect, it } from "vitest";
import { OTHER_FIELD_MAX, replyWithinLimits } from "./form-reply";

describe("replyWithinLimits", () => {
  it("cuts each echoed value to its field's maximum, lists and nested values too", () => {
    const reply = replyWithinLimits(
      {
        status: "error",
        initialValue: {
          name: "x".repeat(1000),
          tags: ["y".repeat(500), "ok"],
          nested: { deep: "z".repeat(300) },
          short: "fine",
        },
        error: { name: ["too long"] },
      },
      { name: 10 },
    );
    expect(reply.initialValue).toEqual({
      name: "x".repeat(10),
      tags: ["y".repeat(OTHER_FIELD_MAX), "ok"],
      nested: { deep: "z".repeat(OTHER_FIELD_MAX) },
      short: "fine",
    });
    expect(reply.error).toEqual({ name: ["too long"] });
    expect(replyWithinLimits({ status: "success" }, {})).toEqual({ status: "success" });
  });
});
