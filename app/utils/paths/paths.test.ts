import { describe, expect, it } from "vitest";
import * as paths from "~/utils/paths";

describe("paths", () => {
  it("builds the parametrised addresses", () => {
    expect(paths.merchantPayment("pay_7K2Q9D")).toBe("/merchant/payments/pay_7K2Q9D");
    expect(paths.adminPayment("pay_7K2Q9D")).toBe("/admin/payments/pay_7K2Q9D");
    expect(paths.adminApplication("app_1")).toBe("/admin/applications/app_1");
    expect(paths.checkout("pay_7K2Q9D")).toBe("/pay/pay_7K2Q9D");
    expect(paths.blogArticle("kes-outlook")).toBe("/blog/kes-outlook");
  });

  it("encodes query values and leaves out the ones not given", () => {
    expect(paths.merchantSignInWith({ redirectTo: "/merchant/payments?page=2" })).toBe(
      "/merchant-signin?redirectTo=%2Fmerchant%2Fpayments%3Fpage%3D2",
    );
    expect(paths.merchantSignInWith({ merchantId: "MRC-7K2Q9D" })).toBe(
      "/merchant-signin?merchantId=MRC-7K2Q9D",
    );
    expect(paths.merchantSignInWith({})).toBe("/merchant-signin");
    expect(paths.blogTag("Stable Coins")).toBe("/blog?tag=stable%20coins");
    expect(paths.applicationSubmitted("APP-2345ABCD")).toBe("/get-started?submitted=APP-2345ABCD");
  });
});
