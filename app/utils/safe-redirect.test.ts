import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../../tests/fixtures/redirect-bypasses";
import { safeRedirectPath } from "./request.server";

const FALLBACK = "/merchant/dashboard";

describe("safeRedirectPath", () => {
  it.each(REDIRECT_BYPASSES.map((value) => [JSON.stringify(value), value]))(
    "refuses %s",
    (_label, value) => {
      expect(safeRedirectPath(value, FALLBACK)).toBe(FALLBACK);
    },
  );

  it("keeps our own paths, with their query and fragment", () => {
    for (const [value, expected] of [
      ["/", "/"],
      ["/merchant/dashboard", "/merchant/dashboard"],
      ["/merchant/payments?status=settled&page=2", "/merchant/payments?status=settled&page=2"],
      ["/merchant/payments#recent", "/merchant/payments#recent"],
      ["/admin/applications?q=%2F%2Fevil.com", "/admin/applications?q=%2F%2Fevil.com"],
      ["/merchant/./dashboard", "/merchant/dashboard"],
      ["/blog/m-pesa-2025", "/blog/m-pesa-2025"],
    ] as const) {
      expect(safeRedirectPath(value, FALLBACK), value).toBe(expected);
    }
  });

  it("refuses what is not a string, and absurdly long values", () => {
    for (const value of [undefined, null, 42, ["/x"], { toString: () => "/x" }])
      expect(safeRedirectPath(value, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath(`/${"a".repeat(3000)}`, FALLBACK)).toBe(FALLBACK);
  });

  it("whatever it returns starts with one slash and resolves to our origin", () => {
    for (const value of REDIRECT_BYPASSES) {
      const result = safeRedirectPath(value, "/");
      expect(result, value).toMatch(/^\/(?![/\\])/);
      expect(new URL(result, "https://onehop.co.ke").origin, value).toBe("https://onehop.co.ke");
    }
  });
});
