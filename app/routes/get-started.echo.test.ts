/** Issue 10 item 5: a form's reply never echoes more than a field's maximum length. */
import { afterAll, describe, expect, it } from "vitest";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase } from "../../tests/setup/db";
import { formPost, respond } from "../../tests/setup/requests";
import { limits } from "~/core/merchants/application-schema";
import { OTHER_FIELD_MAX } from "~/utils/form-reply";
import { action } from "./get-started";

const { close } = installTestDatabase();
afterAll(close);

const submit = (fields: Record<string, string>) =>
  respond(() =>
    action({
      request: formPost("/get-started", fields, { userAgent: "vitest-echo" }),
      params: {},
      context: {},
    }),
  );

type Reply = { lastResult: { initialValue: Record<string, string> } };

describe("POST /get-started echoes typed values only up to each field's maximum", () => {
  it("an over-long business name and an over-long unknown field come back cut, with the error", async () => {
    const huge = "A".repeat(50_000);
    const response = await submit({
      ...validApplication,
      businessName: huge,
      city: huge,
      junk: huge,
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(5_000);
    const { lastResult } = JSON.parse(text) as Reply;
    expect(lastResult.initialValue.businessName).toBe("A".repeat(limits.businessName));
    expect(lastResult.initialValue.city).toBe("A".repeat(OTHER_FIELD_MAX));
    expect(lastResult.initialValue.junk).toBe("A".repeat(OTHER_FIELD_MAX));
  });

  it("the no-JavaScript 'Show cities' reply is cut the same way", async () => {
    const response = await submit({
      ...validApplication,
      intent: "show-cities",
      currentPaymentMethods: "x".repeat(20_000),
    });
    const { lastResult } = (await response.json()) as Reply;
    expect(lastResult.initialValue.currentPaymentMethods).toBe(
      "x".repeat(limits.currentPaymentMethods),
    );
    expect(lastResult.initialValue.businessName).toBe(validApplication.businessName);
  });
});
