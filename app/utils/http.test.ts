import { describe, expect, it } from "vitest";
import { invariantResponse, notFound } from "./http";

const thrown = (fn: () => void): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("notFound and invariantResponse", () => {
  it("notFound answers 404 with the message and any headers given", async () => {
    const response = notFound("Not Found", { headers: { "Cache-Control": "no-store" } });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not Found");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("invariantResponse throws a 404 with the message when the value is missing", async () => {
    const error = thrown(() => invariantResponse(undefined, "Payment not found"));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(404);
    expect(await (error as Response).text()).toBe("Payment not found");
  });

  it("invariantResponse throws nothing when the value is there, and takes another status", () => {
    expect(thrown(() => invariantResponse({ id: "pay_1" }, "Payment not found"))).toBeUndefined();
    expect(
      (thrown(() => invariantResponse(false, "Refused", { status: 409 })) as Response).status,
    ).toBe(409);
  });
});
